/**
 * `npm run bench:hostile`: the timing target of docs/performance.md, "Hostile input", measured on the real server
 * (src/server/main.ts in a child process of its own, on a fresh PGlite directory, or a fresh PostgreSQL database when
 * BENCH_DATABASE_URL's server answers): every text input of every operation in /api/docs/json
 * (tests/helpers/operations.ts, the walker of the security tests) is sent, one request at a time, as an Admin,
 *   - 1 MB of hostile text (runs that backtracking patterns split many ways),
 *   - as much of it as the route takes (its limit, read from its 413 answer), which reaches validation,
 *   - 4,000 characters of it in a query parameter,
 * while /api/health is asked every 10 ms. Targets: each hostile request answered 4xx within 100 ms; health within
 * 50 ms meanwhile; the server's own event-loop delay (bench/loop-delay.ts, measured inside it) under 50 ms.
 * tests/server/input-timing.test.ts holds the same walk to bounds a busy machine keeps.
 *
 * Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres; PGlite when it does not
 * answer), BENCH_DATABASES=pglite to use PGlite even so.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { running, startChild, type Child } from './child.ts';
import { hostileText, operations, textInputs, type Operation } from '../tests/helpers/operations.ts';
import type { ApiResponse } from '../tests/helpers/app.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ADMIN = { email: 'bench@example.org', password: 'bench-password-0123' };
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MB = 1024 * 1024;
const QUERY_LENGTH = 4000;
const TARGET_MS = 100;
const HEALTH_TARGET_MS = 50;
const ENDS_SESSION = new Set(['POST /api/v1/logout', 'PUT /api/v2/session/password']);
const cleanups: (() => Promise<unknown>)[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function database(): Promise<{ env: Record<string, string>; label: string }> {
  const pglite = async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'bench-hostile-pglite-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return { env: { DATA_DIR: dataDir }, label: 'PGlite' };
  };
  if (process.env.BENCH_DATABASES === 'pglite') return pglite();
  const admin = postgres(PG_URL, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await admin`select 1`;
  } catch {
    await admin.end({ timeout: 1 }).catch(() => {});
    return pglite();
  }
  const name = `bench_hostile_${Date.now()}`;
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return { env: { DATABASE_URL: url.toString() }, label: 'PostgreSQL' };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;

let measuring = false;

async function main(): Promise<void> {
  const db = await database();
  const dir = await mkdtemp(join(tmpdir(), 'bench-hostile-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const loopDelayFile = join(dir, 'loop-delay.json');
  const server: Child = await startChild(
    'server',
    join(ROOT, 'src/server/main.ts'),
    {
      ...db.env,
      UPLOADS_DIR: join(dir, 'uploads'),
      STATIC_DIR: join(ROOT, 'dist/admin'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      NODE_ENV: 'production',
      NODE_OPTIONS: `--import ${join(ROOT, 'bench/loop-delay.ts')}`,
      BENCH_LOOP_DELAY_FILE: loopDelayFile,
    },
    '/api/health',
  );
  cleanups.push(() => server.stop());
  let inFlight = '';
  server.process.once('exit', (code, signal) => {
    if (measuring) console.error(`The server stopped (${signal ?? `code ${code}`}) during ${inFlight}.`);
  });
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const token = ((await login.json()) as { user: { token: string } }).user.token;
  const api = async (
    method: string,
    path: string,
    options: { raw?: string; token?: string | null } = {},
  ): Promise<ApiResponse> => {
    const headers: Record<string, string> = {};
    const bearer = options.token === undefined ? token : options.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (options.raw !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, body: options.raw, redirect: 'manual' });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body, text };
  };

  const ops = await operations({ api });
  const inputs = textInputs(ops);
  const oneMegabyte = hostileText(MB);
  const plain = (op: Operation) => op.path.replace(/:[A-Za-z_]+/g, '1');

  measuring = true;
  const healthTimes: number[] = [];
  const healthFailures: string[] = [];
  const prober = (async () => {
    while (measuring) {
      const started = performance.now();
      await fetch(`${server.url}/api/health`)
        .then((r) => r.arrayBuffer())
        .catch((error: unknown) => {
          healthFailures.push(
            `${String((error as { cause?: { code?: string } }).cause?.code ?? error)} during ${inFlight}`,
          );
        });
      healthTimes.push(performance.now() - started);
      await sleep(10);
    }
  })();
  await sleep(200);
  const pid = server.process.pid!;
  process.kill(pid, 'SIGUSR2');

  const times: { label: string; ms: number; status: number }[] = [];
  let resets = 0;
  const send = async (op: Operation, label: string, path: string, raw?: string) => {
    inFlight = `${op.method} ${op.path} ${label}`;
    const started = performance.now();
    // The server may answer 413 from the Content-Length and close the connection while a client is still writing
    // the body: the client then sees a reset or a broken pipe, not the answer. That is a refusal too, timed the same way.
    const res = await api(op.method, path, raw === undefined ? {} : { raw }).catch((error: unknown) => {
      const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
      if (!['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET'].includes(code)) throw error;
      resets += 1;
      return { status: 413, body: undefined, text: '', headers: new Headers() } satisfies ApiResponse;
    });
    const ms = performance.now() - started;
    times.push({ label: `${op.method} ${op.path} ${label}`, ms, status: res.status });
    return res;
  };
  for (const { op, name, in: where } of inputs) {
    if (where === 'query') {
      await send(op, `?${name}=<hostile>`, `${plain(op)}?${name}=${encodeURIComponent(hostileText(QUERY_LENGTH))}`);
      continue;
    }
    const whole = await send(op, `${name}=<1 MB>`, plain(op), JSON.stringify({ [name]: oneMegabyte }));
    if (ENDS_SESSION.has(`${op.method} ${op.path}`)) continue;
    const said = /at most ([\d,]+) KB/.exec(String((whole.body as { message?: unknown } | undefined)?.message ?? ''));
    const limit = said ? Number(said[1]!.replace(/,/g, '')) * 1024 : MB;
    const fits = Math.min(limit, MB) - name.length - 64;
    await send(op, `${name}=<${fits}>`, plain(op), JSON.stringify({ [name]: hostileText(fits) }));
  }

  measuring = false;
  await prober;
  process.kill(pid, 'SIGUSR2');
  let loop: { maxMs: number; p99Ms: number; stalls: { atMs: number; ms: number }[] } | undefined;
  for (let i = 0; i < 100 && !loop; i++) {
    await sleep(50);
    loop = await readFile(loopDelayFile, 'utf8')
      .then((text) => JSON.parse(text) as NonNullable<typeof loop>)
      .catch(() => undefined);
  }
  if (!loop) throw new Error('The server did not report its event-loop delay.');

  const sorted = times.map((t) => t.ms).sort((a, b) => a - b);
  const slowest = [...times].sort((a, b) => b.ms - a.ms).slice(0, 5);
  const not4xx = times.filter((t) => t.status < 400 || t.status >= 500);
  const over = times.filter((t) => t.ms > TARGET_MS).length;
  healthTimes.sort((a, b) => a - b);
  const healthOver = healthTimes.filter((ms) => ms > HEALTH_TARGET_MS).length;
  const met = (ok: boolean) => (ok ? '(met)' : '(missed)');
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    [
      '',
      `Measured ${date} UTC on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, ${db.label}; ` +
        `${inputs.length} text inputs of ${ops.length} documented operations, ${times.length} hostile requests one at a time.`,
      '',
      '| measure | value | target |',
      '| --- | --- | --- |',
      `| hostile requests answered 4xx | ${times.length - not4xx.length} of ${times.length} (${resets} of them a 1 MB body whose connection the server closed after refusing it) | all ${met(not4xx.length === 0)} |`,
      `| hostile request latency (client) | p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms; ${over} over ${TARGET_MS} ms | ≤ ${TARGET_MS} ms ${met(over === 0)} |`,
      `| /api/health meanwhile (${healthTimes.length} sent, every 10 ms) | p50 ${quantile(healthTimes, 0.5).toFixed(1)} ms, p99 ${quantile(healthTimes, 0.99).toFixed(1)} ms, max ${(healthTimes.at(-1) ?? 0).toFixed(1)} ms; ${healthOver} over ${HEALTH_TARGET_MS} ms | ≤ ${HEALTH_TARGET_MS} ms ${met(healthOver === 0)} |`,
      `| /api/health requests that failed to connect | ${healthFailures.length}${healthFailures.length > 0 ? ` (${healthFailures.slice(0, 3).join('; ')})` : ''} | 0 ${met(healthFailures.length === 0)} |`,
      `| the server's longest event-loop delay, measured inside it | ${loop.maxMs.toFixed(1)} ms (p99 ${loop.p99Ms.toFixed(1)} ms) | ≤ ${HEALTH_TARGET_MS} ms ${met(loop.maxMs <= HEALTH_TARGET_MS)} |`,
      '',
      `Slowest: ${slowest.map((t) => `${t.label} ${t.ms.toFixed(1)} ms (${t.status})`).join('; ')}`,
      ...(not4xx.length > 0 ? [`Not 4xx: ${not4xx.map((t) => `${t.label} → ${t.status}`).join('; ')}`] : []),
      `Event-loop stalls over 30 ms (ms from the start: length): ${loop.stalls.map((s) => `${s.atMs}: ${s.ms}`).join(', ') || 'none'}`,
    ].join('\n'),
  );
}

try {
  await main();
} finally {
  for (const child of [...running]) await child.stop().catch(() => {});
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
}
