// engines: pglite, postgres — the audit trigger's author and time, and the server's own role on PostgreSQL
/**
 * Who wrote an audit entry, and when (docs/decisions.md, "The database dates each audit entry and takes it only from
 * the declared author"). The database dates every entry itself and accepts one only from the author the server declared
 * for its transaction (drizzle/0020): on PostgreSQL the server's own role (DATABASE_OWNER_URL set) can neither
 * back-date an entry nor name another author, a chosen id ahead of the trail's sequence is refused, and every
 * legitimate write still finds its author and a time of the database's, on both databases.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/server/db/audit-chain.ts';
import { rowsOf, type Db } from '../../src/server/db/client.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
/** The server's own handle: on PostgreSQL the role of DATABASE_URL, which may only read and append the trail. */
let app: Db;
/** The owner of the tables (PostgreSQL), to verify the chain; PGlite has no roles (the app's handle). */
let owner: Db;
let ownerClient: postgres.Sql | undefined;
let admin: { id: number; name: string };

beforeAll(async () => {
  t = await startTestApp({ limitedRole: true });
  app = t.database.db;
  if (onPostgres) {
    ownerClient = postgres(t.ownerUrl!, { max: 1, onnotice: () => {} });
    owner = drizzlePostgres(ownerClient) as unknown as Db;
  } else {
    owner = app;
  }
  const session = await t.api('GET', '/api/v2/session');
  admin = { id: session.body.id, name: session.body.name };
}, 60_000);
afterAll(async () => {
  await ownerClient?.end({ timeout: 5 });
  await t?.close();
});

interface Entry {
  id: number;
  action_type: string;
  module: string;
  record_id: number | null;
  performed_by_id: number | null;
  performed_by_name: string;
  date_time: string;
  chain_seq: string;
}

const entriesOf = async (module: string, recordId?: number): Promise<Entry[]> =>
  rowsOf<Entry>(
    await owner.execute(sql`select id, action_type, module, record_id, performed_by_id, performed_by_name,
      to_char(date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_time, chain_seq::text
      from audit_logs where module = ${module} ${recordId === undefined ? sql`` : sql`and record_id = ${recordId}`}
      order by audit_logs.chain_seq`),
  );

/** The database's clock, as the entries' times are written (UTC, microseconds). */
const databaseNow = async (): Promise<string> =>
  rowsOf<{ now: string }>(
    await app.execute(
      sql`select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as now`,
    ),
  )[0]!.now;

/** What the database answered to a refused statement (Drizzle wraps it as the cause of its error). */
async function refusal(run: () => Promise<unknown>): Promise<{ code?: string; message: string }> {
  const error = await run().then(
    () => undefined,
    (failure: unknown) => failure as { cause?: { message?: string; code?: string }; message?: string },
  );
  if (!error) return { message: 'no error: the entry was written' };
  return { code: error.cause?.code, message: String(error.cause?.message ?? error.message) };
}

/** As an attacker holding the server's role would: a raw insert, optionally after declaring an author itself. */
const forge = (values: { id?: number; by: number | null; name: string; at?: string; module?: string }) =>
  sql`insert into audit_logs (${sql.raw(values.id === undefined ? '' : 'id, ')}action_type, module, performed_by_id,
    performed_by_name, date_time, details)
    values (${sql.raw(values.id === undefined ? '' : `${values.id}, `)}'Note', ${values.module ?? 'forged'},
      ${values.by}, ${values.name}, ${values.at ?? '2020-01-01T00:00:00Z'}, '{"note": "forged"}'::jsonb)
    returning id, performed_by_id, performed_by_name,
      to_char(date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_time`;

const declare = (by: number | null, name: string) =>
  sql`select set_config('app.audit_author_id', ${by === null ? '' : String(by)}, true),
    set_config('app.audit_author_name', ${name}, true)`;

const REFUSED = 'TA001';

describe("an entry the server's role writes itself", () => {
  it('is refused without an author declared in its transaction', async () => {
    const forged = await refusal(() => app.execute(forge({ by: admin.id, name: admin.name })));
    expect(forged.message).toMatch(/author/);
    expect(forged.code).toBe(REFUSED);
    // A visitor's entry needs its declaration too.
    expect((await refusal(() => app.execute(forge({ by: null, name: 'Public website' })))).code).toBe(REFUSED);
    expect(await entriesOf('forged')).toEqual([]);
  });

  it('is refused when it names another author than the one declared', async () => {
    const employee = await t.employee();
    const declaredThenForged = (by: number | null, name: string) =>
      refusal(() =>
        app.transaction(async (tx) => {
          await tx.execute(declare(employee.accountId, `Employee ${employee.accountId}`));
          await tx.execute(forge({ by, name }));
        }),
      );
    expect((await declaredThenForged(admin.id, admin.name)).code).toBe(REFUSED);
    expect((await declaredThenForged(employee.accountId, admin.name)).code).toBe(REFUSED);
    expect((await declaredThenForged(null, 'Public website')).code).toBe(REFUSED);
    // A declaration lasts for its own transaction only.
    await app.transaction(async (tx) => {
      await tx.execute(declare(admin.id, admin.name));
    });
    expect((await refusal(() => app.execute(forge({ by: admin.id, name: admin.name })))).code).toBe(REFUSED);
    expect(await entriesOf('forged')).toEqual([]);
  });

  it('is dated by the database, whatever time it gives', async () => {
    const before = await databaseNow();
    const [entry] = await app.transaction(async (tx) => {
      await tx.execute(declare(admin.id, admin.name));
      return rowsOf<{ date_time: string }>(
        await tx.execute(forge({ by: admin.id, name: admin.name, at: '2020-01-01T00:00:00Z', module: 'dated' })),
      );
    });
    const after = await databaseNow();
    expect(entry!.date_time).not.toBe('2020-01-01T00:00:00.000000Z');
    expect(entry!.date_time >= before && entry!.date_time <= after).toBe(true);
    // A time ahead of the clock is replaced as well.
    const [ahead] = await app.transaction(async (tx) => {
      await tx.execute(declare(admin.id, admin.name));
      return rowsOf<{ date_time: string }>(
        await tx.execute(forge({ by: admin.id, name: admin.name, at: '2999-01-01T00:00:00Z', module: 'dated' })),
      );
    });
    expect(ahead!.date_time <= (await databaseNow())).toBe(true);
  });

  it('cannot take an id ahead of the sequence (it would make a later entry fail)', async () => {
    const [{ last }] = rowsOf<{ last: number }>(await app.execute(sql`select max(id) as last from audit_logs`)) as [
      { last: number },
    ];
    const ahead = await refusal(() =>
      app.transaction(async (tx) => {
        await tx.execute(declare(admin.id, admin.name));
        await tx.execute(forge({ id: last + 1, by: admin.id, name: admin.name, module: 'ahead' }));
      }),
    );
    expect(ahead.code).toBe(REFUSED);
    expect(ahead.message).toMatch(/id/);
    // The next write takes that id from the sequence and succeeds.
    const created = await t.api('POST', '/api/v2/countries', { body: { name: 'After the id', code: 'AID' } });
    expect(created.status, created.text).toBe(201);
    expect(intactEntries(await verifyAuditChain(owner))).toBeGreaterThan(0);
  });
});

function intactEntries(report: Awaited<ReturnType<typeof verifyAuditChain>>): number {
  if (!report.intact) throw new Error(`expected an intact chain: ${report.problem}`);
  return report.entries;
}

describe("the server's own writes", () => {
  it('name their author and carry a time of the database: create, update, delete, a sign-in, a public form', async () => {
    const before = await databaseNow();
    const created = await t.api('POST', '/api/v2/countries', { body: { name: 'Authored', code: 'AUW' } });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as number;
    expect((await t.api('PUT', `/api/v2/countries/${id}`, { body: { status: 'Inactive' } })).status).toBe(200);
    expect((await t.api('DELETE', `/api/v2/countries/${id}`)).status).toBe(200);

    // An employee signs in and changes their own password: the entry names the employee.
    const employee = await t.employee();
    const changed = await t.api('PUT', '/api/v2/session/password', {
      token: employee.token,
      body: { currentPassword: employee.password, newPassword: 'another-long-secret-1' },
    });
    expect(changed.status, changed.text).toBe(200);

    // A visitor of the public website writes to the trust: the entry names the website, no account.
    const contact = await t.api('POST', '/api/public/contact', {
      token: null,
      body: {
        name: 'Asha Verma',
        email: 'asha-audit@example.org',
        phone: '9876543210',
        subject: 'Admission',
        message: 'When do admissions for class 6 open?',
      },
    });
    expect(contact.status, contact.text).toBe(201);
    const after = await databaseNow();

    const country = await entriesOf('countries', id);
    expect(country.map((e) => [e.action_type, e.performed_by_id, e.performed_by_name])).toEqual([
      ['Create', admin.id, admin.name],
      ['Update', admin.id, admin.name],
      ['Delete', admin.id, admin.name],
    ]);
    const password = (await entriesOf('accounts', employee.accountId)).at(-1)!;
    expect([password.performed_by_id, password.performed_by_name]).toEqual([
      employee.accountId,
      expect.stringMatching(/^Employee /),
    ]);
    const visitor = (await entriesOf('contact_messages')).at(-1)!;
    expect([visitor.performed_by_id, visitor.performed_by_name]).toEqual([null, 'Public website']);
    for (const entry of [...country, password, visitor]) {
      expect(entry.date_time >= before && entry.date_time <= after, entry.date_time).toBe(true);
    }
  });

  it('in the order of the chain, every time is at or after the one before (even when written at once)', async () => {
    const writes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.api('POST', '/api/v2/countries', {
          body: {
            name: `At once ${i}`,
            code: `Q${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
          },
        }),
      ),
    );
    expect(writes.map((w) => w.status)).toEqual(writes.map(() => 201));
    const times = rowsOf<{ chain_seq: string; date_time: string }>(
      await owner.execute(sql`select chain_seq::text, to_char(date_time at time zone 'UTC',
        'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_time from audit_logs order by audit_logs.chain_seq`),
    );
    const backwards = times.filter((entry, i) => i > 0 && entry.date_time < times[i - 1]!.date_time);
    expect(backwards).toEqual([]);
    expect(intactEntries(await verifyAuditChain(owner))).toBe(times.length);
  });
});
