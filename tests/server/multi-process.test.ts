// engines: pglite, postgres — PostgreSQL's change notices between processes
/**
 * Two server processes on one PostgreSQL database, requests alternating between them (docs/decisions.md, "Several
 * processes: change notices through PostgreSQL"): every read sees every earlier write, whichever process took it
 * (totals, deep pages, searches, public pages, sessions, permissions); a sign-out, a password change and a deactivation
 * take effect at once on both; the limits count across both; and a process whose change notices stop keeps nothing
 * until they are back. PostgreSQL only: PGlite's directory belongs to one process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'admin@example.org', password: 'correct-horse-battery' };
const LOGIN_RATE_LIMIT = 12;

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON
  text: string;
}

let admin: postgres.Sql;
let owner: postgres.Sql;
let databaseName: string;
let uploadsDir: string;
let a: Server;
let b: Server;
let token: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
    server.on('error', reject);
  });
}

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      UPLOADS_DIR: uploadsDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOGIN_RATE_LIMIT: String(LOGIN_RATE_LIMIT),
      SIGN_IN_FREE_FAILURES_PER_ADDRESS: '10000',
      PUBLIC_FORM_LIMIT_PER_EMAIL: '3',
      WORKERS: '1',
      // Both answer for one site (its canonical addresses name it, not each process's port).
      PUBLIC_URL: 'http://trust.example',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (let i = 0; i < 600 && !output.includes('Serving the admin'); i++) {
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!output.includes('Serving the admin')) throw new Error(`A server did not start:\n${output}`);
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.on('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

/**
 * A request to `server` (127.0.0.1, or from `from`, another loopback address: another client for the limits by
 * address). Bearer `token` by default.
 */
async function call(
  server: Server,
  method: string,
  path: string,
  options: { body?: unknown; token?: string | null; form?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  let payload: string | undefined;
  if (options.form) {
    payload = new URLSearchParams(options.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const target = new URL(path, server.url);
  const {
    status,
    headers: answered,
    text,
  } = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
    const req = httpRequest(
      target,
      { method, headers, ...(options.from ? { localAddress: options.from } : {}), agent: false },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => {
          const h = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (typeof value === 'string') h.set(key, value);
            else if (Array.isArray(value)) for (const v of value) h.append(key, v);
          }
          resolve({ status: res.statusCode ?? 0, headers: h, text: data });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status, headers: answered, body, text };
}

/** The total of a list answer's Content-Range (`countries 0-24/317`). */
const totalOf = (answer: Answer) => Number(answer.headers.get('content-range')?.split('/')[1]);

const signIn = async (server: Server, email: string, password: string) => {
  const res = await call(server, 'POST', '/api/v1/login', { body: { email, password }, token: null });
  expect(res.status, res.text).toBe(200);
  return res.body.user.token as string;
};

let serial = 0;
const tag = () => `${Date.now().toString(36)}${++serial}${randomBytes(2).toString('hex')}`;

/** An employee (department and designation of its own) made through `server`, signed in through it. */
async function employee(server: Server, permissions: unknown = {}) {
  const t = tag();
  const department = await call(server, 'POST', '/api/v2/departments', {
    body: { department_name: `Dept ${t}`, description: 'For a test account.' },
  });
  const designation = await call(server, 'POST', '/api/v2/designations', {
    body: { designation: `Desig ${t}`, description: 'For a test account.', department_id: department.body.id },
  });
  const email = `employee-${t}@example.org`;
  const password = 'employee-password-1';
  const created = await call(server, 'POST', '/api/v2/employees', {
    body: {
      full_name: `Employee ${t}`,
      email,
      password,
      mobile: '9876543210',
      gender: 'Female',
      dob: '1990-01-01',
      hire_date: '2024-01-01',
      salary: 50000,
      contract_start_date: '2024-01-01',
      contract_last_date: '2027-01-01',
      role: 'user',
      permissions,
      department_id: department.body.id,
      designation_id: designation.body.id,
    },
  });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id as number, email, password, token: await signIn(server, email, password) };
}

const COUNTRIES = { feature: 'Master Data', subFeature: 'Countries' };
const viewCountries = { [COUNTRIES.feature]: { [COUNTRIES.subFeature]: { Global: { View: true } } } };

/** A country code of three letters not used yet. */
let codes = 0;
const nextCode = () => {
  const n = codes++;
  const letter = (i: number) => String.fromCharCode(65 + i);
  return `${letter(Math.floor(n / 676) % 26)}${letter(Math.floor(n / 26) % 26)}${letter(n % 26)}`;
};

beforeAll(async () => {
  if (!onPostgres) return;
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL.');
  databaseName = `test_multi_${Date.now()}_${randomBytes(3).toString('hex')}`;
  admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${databaseName}"`);
  const target = new URL(url);
  target.pathname = `/${databaseName}`;
  uploadsDir = await mkdtemp(join(tmpdir(), 'trust-multi-'));
  // Both at once: the migrations run once (the advisory lock), the first Admin is made once.
  [a, b] = await Promise.all([startServer(target.toString()), startServer(target.toString())]);
  owner = postgres(target.toString(), { max: 1, onnotice: () => {} });
  token = await signIn(a, ADMIN.email, ADMIN.password);
}, 120_000);

afterAll(async () => {
  if (!onPostgres) return;
  await Promise.all([stopServer(a), stopServer(b)]);
  await owner?.end();
  await admin?.unsafe(`drop database if exists "${databaseName}" with (force)`);
  await admin?.end();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  it('start together: one Admin, the same session on both', async () => {
    const [accounts] = await owner<{ n: number }[]>`select count(*)::int as n from accounts`;
    expect(accounts!.n).toBe(1);
    for (const server of [a, b]) {
      const session = await call(server, 'GET', '/api/v2/session');
      expect(session.status, session.text).toBe(200);
      expect(session.body.email).toBe(ADMIN.email);
    }
  });

  it('answer every list total after every write, whichever process wrote', async () => {
    const path = '/api/v2/countries?sort=["name","ASC"]&range=[0,4]';
    let expected = totalOf(await call(a, 'GET', path));
    expect(totalOf(await call(b, 'GET', path))).toBe(expected);
    for (let i = 0; i < 12; i++) {
      const [writer, reader] = i % 2 === 0 ? [b, a] : [a, b];
      // The reader has the total remembered; the writer adds a country; the reader's next answer counts it.
      expect(totalOf(await call(reader, 'GET', path))).toBe(expected);
      const created = await call(writer, 'POST', '/api/v2/countries', {
        body: { name: `Land ${tag()}`, code: nextCode() },
      });
      expect(created.status, created.text).toBe(201);
      expected += 1;
      expect(totalOf(await call(reader, 'GET', path))).toBe(expected);
      if (i % 3 === 2) {
        expect((await call(reader, 'DELETE', `/api/v2/countries/${created.body.id}`)).status).toBe(200);
        expected -= 1;
        expect(totalOf(await call(writer, 'GET', path))).toBe(expected);
      }
    }
  });

  it('answer the right deep page and search after writes of the other process, and of a script', async () => {
    // 400 countries written by a script straight into the database: heard by both processes as well.
    await owner`insert into countries ${owner(
      Array.from({ length: 400 }, (_, i) => ({ name: `Deep ${String(i).padStart(4, '0')}`, code: nextCode() })),
    )}`;
    const deep = '/api/v2/countries?sort=["name","ASC"]&range=[250,254]&filter={"q":"Deep"}';
    const truth = async () =>
      (
        await owner<{ name: string }[]>`select name from countries where name ilike '%Deep%'
          order by name asc, id asc offset 250 limit 5`
      ).map((row) => row.name);
    const namesOf = (answer: Answer) => (answer.body as { name: string }[]).map((row) => row.name);
    const first = await call(a, 'GET', deep);
    expect(first.status, first.text).toBe(200);
    expect(namesOf(first)).toEqual(await truth());
    expect(totalOf(first)).toBe(400);
    expect(namesOf(await call(b, 'GET', deep))).toEqual(await truth());

    // A write through B moves every row after it: A's checkpoints and matches are forgotten.
    const rows = (await call(b, 'GET', '/api/v2/countries?sort=["name","ASC"]&range=[0,2]&filter={"q":"Deep 00"}'))
      .body as { id: number }[];
    expect((await call(b, 'DELETE', `/api/v2/countries/${rows[0]!.id}`)).status).toBe(200);
    const afterDelete = await call(a, 'GET', deep);
    expect(namesOf(afterDelete)).toEqual(await truth());
    expect(totalOf(afterDelete)).toBe(399);

    // A new match of the search, made through A, is found by B's next search.
    const added = await call(a, 'POST', '/api/v2/countries', { body: { name: 'Deep 0000a', code: nextCode() } });
    expect(added.status, added.text).toBe(201);
    const found = await call(b, 'GET', deep);
    expect(namesOf(found)).toEqual(await truth());
    expect(totalOf(found)).toBe(400);

    // A script's update is heard too.
    await owner`update countries set name = 'Deep 9999 renamed' where id = ${added.body.id}`;
    expect(namesOf(await call(a, 'GET', deep))).toEqual(await truth());
    const renamed = await call(b, 'GET', '/api/v2/countries?range=[0,4]&filter={"q":"9999 renamed"}');
    expect(totalOf(renamed)).toBe(1);
  });

  it('end a session on both at once when it signs out on one', async () => {
    for (let i = 0; i < 4; i++) {
      const [here, there] = i % 2 === 0 ? [a, b] : [b, a];
      const session = await signIn(here, ADMIN.email, ADMIN.password);
      // Both remember the session.
      expect((await call(there, 'GET', '/api/v2/session', { token: session })).status).toBe(200);
      expect((await call(here, 'GET', '/api/v2/session', { token: session })).status).toBe(200);
      const out = await call(here, 'POST', '/api/v1/logout', { token: session });
      expect(out.status, out.text).toBeLessThan(300);
      expect((await call(there, 'GET', '/api/v2/session', { token: session })).status).toBe(401);
      expect((await call(here, 'GET', '/api/v2/session', { token: session })).status).toBe(401);
    }
  });

  it('end every session of an account on both at once after a password change or a deactivation', async () => {
    const person = await employee(a, viewCountries);
    const second = await signIn(b, person.email, person.password);
    for (const [server, session] of [
      [a, person.token],
      [b, person.token],
      [a, second],
      [b, second],
    ] as const) {
      expect((await call(server, 'GET', '/api/v2/countries?range=[0,0]', { token: session })).status).toBe(200);
    }
    const changed = await call(b, 'PUT', '/api/v2/session/password', {
      token: second,
      body: { currentPassword: person.password, newPassword: 'a-new-long-password-2' },
    });
    expect(changed.status, changed.text).toBeLessThan(300);
    for (const server of [a, b]) {
      expect((await call(server, 'GET', '/api/v2/session', { token: person.token })).status).toBe(401);
      expect((await call(server, 'GET', '/api/v2/session', { token: second })).status).toBe(401);
    }

    // A deactivated user: its session, remembered by both, is refused by both at once.
    const user = await call(a, 'POST', '/api/v2/users', {
      body: {
        username: `User ${tag()}`,
        email: `user-${tag()}@example.org`,
        user_type: 'Vendor',
        mobile: '+91 98765 43210',
        is_active: true,
        password: 'vendor-pass-word-1',
      },
    });
    expect(user.status, user.text).toBe(201);
    const userToken = await signIn(b, user.body.email, 'vendor-pass-word-1');
    expect((await call(a, 'GET', '/api/v2/session', { token: userToken })).status).toBe(200);
    expect((await call(b, 'GET', '/api/v2/session', { token: userToken })).status).toBe(200);
    const off = await call(b, 'PUT', `/api/v2/users/${user.body.id}`, { body: { is_active: false } });
    expect(off.status, off.text).toBe(200);
    expect((await call(a, 'GET', '/api/v2/session', { token: userToken })).status).toBe(401);
    expect((await call(b, 'GET', '/api/v2/session', { token: userToken })).status).toBe(401);
  });

  it('apply a change of permissions made on one process to the next request on the other', async () => {
    const person = await employee(a, {});
    const path = '/api/v2/countries?range=[0,0]';
    for (let i = 0; i < 3; i++) {
      const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
      expect((await call(reader, 'GET', path, { token: person.token })).status).toBe(403);
      const given = await call(writer, 'PUT', `/api/v2/employees/${person.id}`, {
        body: { permissions: viewCountries },
      });
      expect(given.status, given.text).toBe(200);
      expect((await call(reader, 'GET', path, { token: person.token })).status).toBe(200);
      const taken = await call(reader, 'PUT', `/api/v2/employees/${person.id}`, { body: { permissions: {} } });
      expect(taken.status, taken.text).toBe(200);
      expect((await call(writer, 'GET', path, { token: person.token })).status).toBe(403);
    }
  });

  it('answer the public website as written, whichever process took the write', async () => {
    const pageOf = async (server: Server) => (await call(server, 'GET', '/web/connect-us', { token: null })).text;
    const before = await pageOf(a);
    expect(await pageOf(b)).toBe(before);
    const phone = `+91 99${String(Date.now()).slice(-8)}`;
    const saved = await call(b, 'PUT', '/api/v2/trust-settings/1', { body: { phone } });
    expect(saved.status, saved.text).toBe(200);
    expect(await pageOf(a)).toContain(phone);
  });

  it('keep what a refused public form post typed for its page on the other process', async () => {
    const refused = await call(a, 'POST', '/api/public/contact', {
      token: null,
      form: {
        name: '',
        email: 'draft@example.org',
        message: 'A message kept for the page, whichever process answers it.',
        redirect: '/web/connect-us',
      },
    });
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get('location')!, 'http://x');
    expect(back.searchParams.get('draft')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const page = await call(b, 'GET', back.pathname + back.search, { token: null });
    expect(page.text).toContain('A message kept for the page, whichever process answers it.');
    // Given once: asked again (on either), it is gone.
    expect((await call(a, 'GET', back.pathname + back.search, { token: null })).text).not.toContain(
      'A message kept for the page',
    );
  });

  it('count the limits across both', async () => {
    // Sign-in attempts a minute from one address (LOGIN_RATE_LIMIT), from an address of their own.
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_RATE_LIMIT + 1; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/v1/login', {
        token: null,
        from: '127.0.0.2',
        body: { email: `nobody-${i}@example.org`, password: 'not-the-password' },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, LOGIN_RATE_LIMIT).every((status) => status === 401)).toBe(true);
    expect(statuses[LOGIN_RATE_LIMIT]).toBe(429);

    // Failed sign-ins of one account: five free, the sixth sets a wait, the seventh waits, whichever process.
    const email = `target-${tag()}@example.org`;
    const failures: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/v1/login', {
        token: null,
        from: '127.0.0.3',
        body: { email, password: 'not-the-password' },
      });
      failures.push(res.status);
    }
    expect(failures).toEqual([401, 401, 401, 401, 401, 401, 429]);

    // Public form posts an hour with one email (PUBLIC_FORM_LIMIT_PER_EMAIL=3).
    const posts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/public/contact', {
        token: null,
        from: '127.0.0.4',
        body: { name: 'Asha Verma', email: 'limit@example.org', message: `Message ${i}` },
      });
      posts.push(res.status);
    }
    expect(posts).toEqual([201, 201, 201, 429]);
  });

  it('keep nothing while a process does not hear the change notices, and catch up when they are back', async () => {
    const path = '/api/v2/countries?sort=["name","ASC"]&range=[0,4]';
    const before = totalOf(await call(a, 'GET', path));
    // Cut A's listening connection: from then on A must not answer from what it remembers.
    await owner`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'trust-school-changes' and datname = current_database()
        and pid = (select min(pid) from pg_stat_activity
                   where application_name = 'trust-school-changes' and datname = current_database())`;
    await owner`insert into countries ${owner([{ name: `Quiet ${tag()}`, code: nextCode() }])}`;
    for (const server of [a, b]) expect(totalOf(await call(server, 'GET', path))).toBe(before + 1);
    // The listeners come back (within a few seconds) and what they remember is right.
    for (let i = 0; i < 100; i++) {
      const [listening] = await owner<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
        where application_name = 'trust-school-changes' and datname = current_database()`;
      if (listening!.n === 2) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(totalOf(await call(a, 'GET', path))).toBe(before + 1);
    const created = await call(b, 'POST', '/api/v2/countries', { body: { name: `Back ${tag()}`, code: nextCode() } });
    expect(created.status, created.text).toBe(201);
    expect(totalOf(await call(a, 'GET', path))).toBe(before + 2);
  });
});

describe('npm start with WORKERS', () => {
  it('refuses several processes on PGlite, whose directory belongs to one', async () => {
    const child = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, DATABASE_URL: '', WORKERS: '2', DATA_DIR: join(tmpdir(), 'never-opened') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(output.trim()).toBe(
      'Configuration error: WORKERS above 1 needs DATABASE_URL (PGlite’s data directory belongs to one process).',
    );
  });

  it.skipIf(!onPostgres)(
    'runs one server process per worker on one port, and closes them all on SIGTERM',
    async () => {
      const name = `test_workers_${Date.now()}_${randomBytes(3).toString('hex')}`;
      await admin.unsafe(`create database "${name}"`);
      const target = new URL(process.env.TEST_DATABASE_URL!);
      target.pathname = `/${name}`;
      const watcher = postgres(target.toString(), { max: 1, onnotice: () => {} });
      const port = await freePort();
      const child = spawn(process.execPath, ['src/server/main.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: target.toString(),
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'info',
          UPLOADS_DIR: uploadsDir,
          WORKERS: '2',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => (output += chunk));
      child.stderr!.on('data', (chunk) => (output += chunk));
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      try {
        for (let i = 0; i < 900 && !output.includes('with 2 server processes'); i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(output, output).toContain(
          `Serving the admin at http://localhost:${port}/ on postgres with 2 server processes.`,
        );
        // The first Admin was made once, by the primary; its generated password said once.
        expect(output.match(/First start: created the Admin account/g)).toHaveLength(1);
        const server: Server = { child, url: `http://127.0.0.1:${port}`, output: () => output };
        for (let i = 0; i < 6; i++)
          expect((await call(server, 'GET', '/api/health', { token: null })).status).toBe(200);
        const listeners = await watcher<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
          where application_name = 'trust-school-changes' and datname = current_database()`;
        expect(listeners[0]!.n).toBe(2);

        child.kill('SIGTERM');
        expect(await exited).toBe(0);
        expect(output).toContain('SIGTERM received: closing 2 server processes.');
        expect(output.match(/"msg":"SIGTERM received: closing\."/g)).toHaveLength(2);
        const left = await watcher<{ n: number }[]>`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()`;
        expect(left[0]!.n).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        await watcher.end();
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
      }
    },
    120_000,
  );
});
