// engines: pglite, postgres — triggers, roles, the hash chain and a migration, in SQL
/**
 * Tampering with the audit trail in SQL (docs/security.md, "The audit trail"): TRUNCATE, UPDATE and DELETE are refused
 * by the database itself; on PostgreSQL the server runs as a role of its own (the owner migrates and gives it its
 * rights), which can neither disable the triggers nor empty the trail, and the app still works; every entry is
 * hash-chained by the database, and the verification (src/server/db/audit-chain.ts, `npm run audit:verify`) finds each
 * kind of change made by the owner at its place, a chain rewritten whole against a head recorded earlier, and no break
 * after many concurrent writes.
 */
import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import {
  GENESIS_HASH,
  canonicalText,
  parseHead,
  verifyAuditChain,
  type ChainReport,
} from '../../src/server/db/audit-chain.ts';
import { MIGRATIONS_FOLDER, openDatabase, rowsOf, type Db } from '../../src/server/db/client.ts';
import { auditLogs } from '../../src/server/db/schema.ts';
import { declareAuthor } from '../../src/server/services/audit.ts';
import { openEmptyDatabase, pgliteFromTemplate, startTestApp, type TestApp } from '../helpers/app.ts';

const onPostgres = process.env.TEST_DB === 'postgres';

let t: TestApp;
/** The owner of the tables: on PostgreSQL a connection of its own; PGlite has no roles (the app's handle). */
let owner: Db;
let ownerClient: postgres.Sql | undefined;
beforeAll(async () => {
  t = await startTestApp({ limitedRole: true });
  if (onPostgres) {
    ownerClient = postgres(t.ownerUrl!, { max: 1, onnotice: () => {} });
    owner = drizzlePostgres(ownerClient) as unknown as Db;
  } else {
    owner = t.database.db;
  }
}, 60_000);
afterAll(async () => {
  await ownerClient?.end({ timeout: 5 });
  await t?.close();
});

/** The database's own sentence for a refused statement (Drizzle wraps it as the cause of its error). */
async function refusal(db: Db, statement: string): Promise<string> {
  const error = await db.execute(sql.raw(statement)).then(
    () => undefined,
    (failure: unknown) => failure as { cause?: { message?: string }; message?: string },
  );
  return String(error?.cause?.message ?? error?.message ?? 'no error: the statement was carried out');
}

const count = async (db: Db = owner) =>
  Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from audit_logs`))[0]!.n);

let codes = 0;
const firstCode = Math.floor(Math.random() * 17_000);
/** A country code no other test of this file uses (three letters). */
function code(): string {
  codes += 1;
  const n = firstCode + codes;
  return [n / 676, n / 26, n].map((v) => String.fromCharCode(65 + (Math.floor(v) % 26))).join('');
}

async function createCountry(name = `Land ${codes}`): Promise<{ id: number }> {
  const res = await t.api('POST', '/api/v2/countries', { body: { name, code: code() } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

/** Some audited writes: creates, updates and deletes. */
async function someWrites(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const country = await createCountry(`Writes ${i}`);
    expect((await t.api('PUT', `/api/v2/countries/${country.id}`, { body: { status: 'Inactive' } })).status).toBe(200);
    if (i % 2 === 0) expect((await t.api('DELETE', `/api/v2/countries/${country.id}`)).status).toBe(200);
  }
}

function intact(report: ChainReport): { entries: number; head: { seq: number; hash: string } } {
  if (!report.intact) throw new Error(`expected an intact chain: ${report.problem}`);
  return report;
}

function broken(report: ChainReport): string {
  if (report.intact) throw new Error('expected a break, the chain was found intact');
  return report.problem;
}

const REFUSED = /audit log entries cannot be changed or deleted/;

describe('the database refuses to empty or change the trail', () => {
  it('TRUNCATE, UPDATE and DELETE are refused even to the owner', async () => {
    await createCountry();
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await refusal(owner, 'truncate audit_logs')).toMatch(REFUSED);
    expect(await refusal(owner, 'truncate table audit_logs restart identity cascade')).toMatch(REFUSED);
    expect(await refusal(owner, "update audit_logs set module = 'tampered'")).toMatch(REFUSED);
    expect(await refusal(owner, 'delete from audit_logs')).toMatch(REFUSED);
    // The head of the chain moves only when an entry is appended.
    const head = /the head of the audit chain moves only when an entry is appended/;
    expect(await refusal(owner, 'update audit_chain set seq = seq + 1')).toMatch(head);
    expect(await refusal(owner, `update audit_chain set seq = 0, hash = '${GENESIS_HASH}'`)).toMatch(head);
    expect(await refusal(owner, 'delete from audit_chain')).toMatch(head);
    expect(await refusal(owner, 'truncate audit_chain')).toMatch(head);
    expect(await refusal(owner, `insert into audit_chain values (2, 0, '${GENESIS_HASH}')`)).toMatch(head);
    expect(await count()).toBe(before);
    intact(await verifyAuditChain(owner));
  });

  it.runIf(onPostgres)(
    "as the server's role: no ALTER TABLE, TRUNCATE, DELETE or UPDATE of the trail, and no access to its head",
    async () => {
      const app = t.database.db;
      const [role] = rowsOf<{ name: string; superuser: boolean }>(
        await app.execute(
          sql`select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user`,
        ),
      );
      expect(role!.name).toMatch(/_app$/);
      expect(role!.superuser).toBe(false);
      const before = await count();
      const notOwner = /must be owner of (table|relation) audit_logs/;
      expect(await refusal(app, 'alter table audit_logs disable trigger audit_logs_no_update')).toMatch(notOwner);
      expect(await refusal(app, 'alter table audit_logs disable trigger all')).toMatch(notOwner);
      expect(await refusal(app, 'drop trigger audit_logs_no_update on audit_logs')).toMatch(notOwner);
      expect(await refusal(app, 'drop table audit_logs')).toMatch(notOwner);
      expect(await refusal(app, 'set session_replication_role = replica')).toMatch(/permission denied/);
      const denied = /permission denied for table audit_logs/;
      expect(await refusal(app, 'truncate audit_logs')).toMatch(denied);
      expect(await refusal(app, 'delete from audit_logs')).toMatch(denied);
      expect(await refusal(app, "update audit_logs set module = 'tampered'")).toMatch(denied);
      expect(await refusal(app, 'select * from audit_chain')).toMatch(/permission denied for table audit_chain/);
      expect(await refusal(app, 'update audit_chain set seq = 0')).toMatch(/permission denied for table audit_chain/);
      expect(await refusal(app, "select setval(pg_get_serial_sequence('audit_logs', 'id'), 1)")).toMatch(
        /permission denied for sequence audit_logs_id_seq/,
      );
      expect(await count()).toBe(before);

      // The app still works as this role: a write through the API appends its entry, chained.
      const country = await createCountry('Limited role');
      const [entry] = rowsOf<{ action_type: string; chain_seq: string }>(
        await app.execute(
          sql`select action_type, chain_seq::text from audit_logs where module = 'countries' and record_id = ${country.id}`,
        ),
      );
      expect(entry).toEqual({ action_type: 'Create', chain_seq: String(before + 1) });
      // What the role inserts itself (its author declared, drizzle/0020) is chained by the database, whatever it
      // says of its place and hashes.
      await app.transaction(async (tx) => {
        await declareAuthor(tx, { id: null, name: 'Nobody' });
        await tx.execute(sql`insert into audit_logs (action_type, module, performed_by_name, details, chain_seq,
          prev_hash, hash) values ('Note', 'forged', 'Nobody', '{}'::jsonb, 1, ${GENESIS_HASH}, ${GENESIS_HASH})`);
      });
      expect(intact(await verifyAuditChain(owner)).entries).toBe(before + 2);
    },
  );

  it.runIf(onPostgres)(
    'the server does not start as a superuser, an owner of a table or the owner of the database',
    async () => {
      const ownerUrl = t.ownerUrl!;
      const asOwner = openDatabase({ kind: 'postgres', url: ownerUrl, ownerUrl, max: 1 });
      await expect(asOwner).rejects.toBeInstanceOf(ConfigError);
      await expect(asOwner).rejects.toThrow(/^Configuration error: DATABASE_URL connects as "postgres", a superuser;/);

      const role = `owner_${Date.now().toString(36)}`;
      const database = new URL(ownerUrl).pathname.slice(1);
      await ownerClient!.unsafe(`create role "${role}" login`);
      const url = new URL(ownerUrl);
      url.username = role;
      const refusal = () =>
        openDatabase({ kind: 'postgres', url: url.toString(), ownerUrl, max: 1 }).then(
          () => 'started',
          (failure: unknown) => (failure instanceof ConfigError ? failure.message : String(failure)),
        );
      const sentence = (what: string) =>
        `Configuration error: DATABASE_URL connects as "${role}", ${what}; with DATABASE_OWNER_URL set it must ` +
        'connect as a role of its own that owns nothing and is not a superuser (docs/operations.md).';
      try {
        await ownerClient!.unsafe(`create table stray (id integer); alter table stray owner to "${role}"`);
        expect(await refusal()).toBe(sentence('the owner of stray'));
        await ownerClient!.unsafe('drop table stray');
        // The database's owner owns the schema public (through pg_database_owner): it could drop the trail's table.
        await ownerClient!.unsafe(`alter database "${database}" owner to "${role}"`);
        expect(await refusal()).toBe(sentence('the owner of the schema public'));
      } finally {
        await ownerClient!.unsafe(`alter database "${database}" owner to current_user`);
        await ownerClient!.unsafe('drop table if exists stray');
        await ownerClient!.unsafe(`drop owned by "${role}"`);
        await ownerClient!.unsafe(`drop role "${role}"`);
      }
    },
  );
});

describe('the hash chain', () => {
  it('chains every entry: the verification recomputes the same hashes as the database', async () => {
    await someWrites(4);
    const report = intact(await verifyAuditChain(owner, { batchSize: 3 }));
    expect(report.entries).toBe(await count());
    const [last] = rowsOf<{ chain_seq: string; hash: string; prev_hash: string }>(
      await owner.execute(
        sql`select chain_seq::text, hash, prev_hash from audit_logs order by audit_logs.chain_seq desc limit 1`,
      ),
    );
    expect(report.head).toEqual({ seq: Number(last!.chain_seq), hash: last!.hash });
    const [first] = rowsOf<{ prev_hash: string }>(
      await owner.execute(sql`select prev_hash from audit_logs where chain_seq = 1`),
    );
    expect(first!.prev_hash).toBe(GENESIS_HASH);
  });

  it('the hashed text is canonical: awkward characters and an instant in another time zone', async () => {
    const name = 'Ānanda \u2028';
    const [row] = await owner.transaction(async (tx) => {
      await declareAuthor(tx, { id: null, name });
      return tx
        .insert(auditLogs)
        .values({
          action_type: 'Note',
          module: 'quote " backslash \\ tab \t newline \n control \u0001 é अ 😀',
          performed_by_name: name,
          details: { z: [1.5, null, { 'k\u0002': 'v"' }], a: 'हिन्दी', long: 'x'.repeat(3000) },
        })
        .returning();
    });
    const [db] = rowsOf<{ text: string; hash: string }>(
      await owner.execute(sql`select jsonb_build_array(id, action_type, module, record_id, performed_by_id,
        performed_by_name, to_char(date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), details,
        refers_to_id, chain_seq, prev_hash)::text as text, audit_entry_hash(audit_logs) as hash
        from audit_logs where id = ${row!.id}`),
    );
    const [entry] = rowsOf<Parameters<typeof canonicalText>[0]>(
      await owner.execute(sql`select id::text, action_type, module, record_id::text, performed_by_id::text,
        performed_by_name, to_char(date_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as date_time,
        details::text, refers_to_id::text, chain_seq::text, prev_hash, hash from audit_logs where id = ${row!.id}`),
    );
    // The database's own time (drizzle/0020), in UTC with microseconds.
    expect(entry!.date_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    expect(canonicalText(entry!)).toBe(db!.text);
    expect(db!.hash).toBe(row!.hash);
    // The hash does not depend on the session's time zone.
    const hashIn = async (zone: string) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local timezone = '${zone}'`));
        const [found] = rowsOf<{ hash: string }>(
          await tx.execute(sql`select audit_entry_hash(audit_logs) as hash from audit_logs where id = ${row!.id}`),
        );
        return found!.hash;
      });
    expect(await hashIn('Asia/Kolkata')).toBe(row!.hash);
    expect(await hashIn('America/St_Johns')).toBe(row!.hash);
    intact(await verifyAuditChain(owner));
  });

  describe('finds what the owner changed, at its place', () => {
    /** Runs statements as the owner with the trail's triggers off (as someone with the owner's password can). */
    async function tamper(...statements: string[]): Promise<void> {
      await owner.transaction(async (tx) => {
        await tx.execute(sql.raw('alter table audit_logs disable trigger user'));
        await tx.execute(sql.raw('alter table audit_chain disable trigger user'));
        for (const statement of statements) await tx.execute(sql.raw(statement));
        await tx.execute(sql.raw('alter table audit_logs enable trigger user'));
        await tx.execute(sql.raw('alter table audit_chain enable trigger user'));
      });
    }

    type Saved = Record<string, unknown>;
    let saved: Saved[];
    /** Whole entries as JSON, to be put back after a deletion. */
    const rows = new Map<number, unknown>();
    let head: { seq: number; hash: string };
    /** An entry in the middle of the chain, and the next one. */
    let middle: { seq: number; id: number };
    let next: { seq: number; id: number };

    beforeAll(async () => {
      await someWrites(3);
      head = intact(await verifyAuditChain(owner)).head;
      saved = rowsOf<Saved>(
        await owner.execute(sql`select id, details::text as details, module, chain_seq, prev_hash, hash
          from audit_logs order by chain_seq`),
      );
      const at = (seq: number) => {
        const row = saved.find((r) => Number(r.chain_seq) === seq)!;
        return { seq, id: Number(row.id) };
      };
      middle = at(Math.floor(head.seq / 2));
      next = at(middle.seq + 1);
      for (const { row } of rowsOf<{ row: unknown }>(
        await owner.execute(sql`select to_jsonb(a) as row from audit_logs a`),
      )) {
        const value = (typeof row === 'string' ? JSON.parse(row) : row) as { id: number };
        rows.set(Number(value.id), value);
      }
    });
    /** Puts a deleted entry back as it was. */
    const putBack = (id: number) =>
      tamper(`insert into audit_logs select * from json_populate_record(null::audit_logs,
        ${quote(JSON.stringify(rows.get(id)))})`);

    /** Puts every entry back as it was (and the head), then the chain must be intact again. */
    async function restore(): Promise<void> {
      const values = saved
        .map(
          (r) =>
            `(${r.id}, ${quote(String(r.details))}::jsonb, ${quote(String(r.module))}, ${r.chain_seq}, ` +
            `${quote(String(r.prev_hash))}, ${quote(String(r.hash))})`,
        )
        .join(', ');
      await tamper(
        `update audit_logs a set details = v.details, module = v.module, chain_seq = v.seq,
          prev_hash = v.prev_hash, hash = v.hash
        from (values ${values}) as v(id, details, module, seq, prev_hash, hash) where a.id = v.id`,
        `update audit_chain set seq = ${head.seq}, hash = '${head.hash}'`,
      );
      expect(intact(await verifyAuditChain(owner, { expect: [head] })).head).toEqual(head);
    }
    const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

    it('an entry changed in place', async () => {
      await tamper(`update audit_logs set details = '{"note": "nothing happened"}' where id = ${middle.id}`);
      expect(broken(await verifyAuditChain(owner, { batchSize: 2 }))).toBe(
        `Entry #${middle.seq} (id ${middle.id}) was changed after it was written: its contents do not match its hash.`,
      );
      await restore();
    });

    it('an entry changed and its hash recomputed', async () => {
      await tamper(
        `update audit_logs set module = 'elsewhere' where id = ${middle.id}`,
        `update audit_logs set hash = audit_entry_hash(audit_logs) where id = ${middle.id}`,
      );
      expect(broken(await verifyAuditChain(owner))).toMatch(
        new RegExp(
          `^The chain breaks between #${middle.seq} \\(id ${middle.id}\\) and #${next.seq} \\(id ${next.id}\\): ` +
            `#${next.seq} names another entry before it`,
        ),
      );
      await restore();
    });

    it('an entry deleted from the middle, from the end, and an entry slipped in unchained', async () => {
      await tamper(`delete from audit_logs where id = ${middle.id}`);
      expect(broken(await verifyAuditChain(owner))).toBe(
        `Entries #${middle.seq} to #${middle.seq} are missing: the chain goes from #${middle.seq - 1} (id ` +
          `${saved.find((r) => Number(r.chain_seq) === middle.seq - 1)!.id}) to #${next.seq} (id ${next.id}).`,
      );
      await putBack(middle.id);
      await restore();

      const last = saved.at(-1)!;
      await tamper(`delete from audit_logs where id = ${last.id}`);
      expect(broken(await verifyAuditChain(owner))).toBe(
        `Entries #${head.seq} to #${head.seq} are missing: the chain ends at #${head.seq - 1} but its head is at #${head.seq}.`,
      );
      await putBack(Number(last.id));
      await restore();

      await tamper(`insert into audit_logs (action_type, module, performed_by_name, details)
        values ('Note', 'unchained', 'Nobody', '{}')`);
      const problem = broken(await verifyAuditChain(owner));
      expect(problem).toMatch(
        /^1 entry is outside the chain \(the first: id \d+\): written with the chaining trigger off\.$/,
      );
      await owner.transaction(async (tx) => {
        await tx.execute(sql.raw('alter table audit_logs disable trigger audit_logs_no_update'));
        await tx.execute(sql.raw(`delete from audit_logs where module = 'unchained'`));
        await tx.execute(sql.raw('alter table audit_logs enable trigger audit_logs_no_update'));
      });
      await restore();
    });

    it('a chain rewritten whole is found only against a head recorded earlier', async () => {
      // Someone with the owner's password changes an entry and chains everything after it again, head included.
      await tamper(
        `update audit_logs set module = 'rewritten' where id = ${middle.id}`,
        `do $$ declare e audit_logs; previous text;
        begin
          select hash into previous from audit_logs where chain_seq = ${middle.seq - 1};
          for e in select * from audit_logs where chain_seq >= ${middle.seq} order by chain_seq loop
            e.prev_hash := previous;
            e.hash := audit_entry_hash(e);
            update audit_logs set prev_hash = e.prev_hash, hash = e.hash where id = e.id;
            previous := e.hash;
          end loop;
          update audit_chain set hash = previous;
        end $$`,
      );
      const rewritten = intact(await verifyAuditChain(owner));
      expect(rewritten.head.seq).toBe(head.seq);
      expect(rewritten.head.hash).not.toBe(head.hash);
      expect(broken(await verifyAuditChain(owner, { expect: [head] }))).toBe(
        `The recorded head #${head.seq} ${head.hash} is not in the chain (entry #${head.seq} now has ` +
          `${rewritten.head.hash}): the chain was rewritten since it was recorded.`,
      );
      // An earlier head, before the rewritten entry, is still part of the chain.
      const earlier = saved.find((r) => Number(r.chain_seq) === middle.seq - 1)!;
      intact(await verifyAuditChain(owner, { expect: [{ seq: middle.seq - 1, hash: String(earlier.hash) }] }));
      expect(broken(await verifyAuditChain(owner, { expect: [{ seq: head.seq + 5, hash: head.hash }] }))).toBe(
        `The recorded head #${head.seq + 5} is beyond the end of the chain (#${head.seq}): entries were removed and the chain rewritten.`,
      );
      await restore();
    });
  });

  it('many writes at once are chained in turn, without gaps', async () => {
    const before = intact(await verifyAuditChain(owner)).entries;
    const countries = await Promise.all(Array.from({ length: 40 }, (_, i) => createCountry(`Parallel ${i}`)));
    const updates = await Promise.all(
      countries.map((c) => t.api('PUT', `/api/v2/countries/${c.id}`, { body: { status: 'Inactive' } })),
    );
    expect(updates.map((u) => u.status)).toEqual(countries.map(() => 200));
    const report = intact(await verifyAuditChain(owner, { batchSize: 7 }));
    expect(report.entries).toBe(before + 80);
    expect(report.entries).toBe(await count());
  });

  it('entries written before the migration are chained in id order by it', async () => {
    // A database of its own, migrated up to 0005 (an older database), with three entries; then 0006.
    const folder = await mkdtemp(join(tmpdir(), 'trust-migrations-'));
    const scratch = await openEmptyDatabase();
    try {
      await cp(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const full = structuredClone(journal);
      journal.entries = journal.entries.filter((e) => e.tag < '0006');
      await writeFile(journalPath, JSON.stringify(journal));
      await scratch.migrate(folder);
      const db = scratch.db;
      await db.execute(sql`insert into audit_logs (id, action_type, module, performed_by_name, details, date_time)
        values (5, 'Create', 'countries', 'Old', '{"after": {"name": "A"}}', '2020-01-01T00:00:00Z'),
               (3, 'Update', 'countries', 'Old', '{"changes": {}}', '2021-01-01T00:00:00Z'),
               (9, 'Note', 'countries', 'Old', '{"note": "n"}', '2019-01-01T00:00:00Z')`);
      await writeFile(journalPath, JSON.stringify(full));
      await scratch.migrate(folder);
      const chained = rowsOf<{ id: number; chain_seq: string }>(
        await db.execute(sql`select id, chain_seq::text from audit_logs order by audit_logs.chain_seq`),
      );
      expect(chained.map((r) => [r.id, r.chain_seq])).toEqual([
        [3, '1'],
        [5, '2'],
        [9, '3'],
      ]);
      const report = intact(await verifyAuditChain(db));
      expect(report.entries).toBe(3);
      await db.transaction(async (tx) => {
        await declareAuthor(tx, { id: null, name: 'New' });
        await tx.execute(sql`insert into audit_logs (action_type, module, performed_by_name, details)
          values ('Note', 'countries', 'New', '{}')`);
      });
      expect(intact(await verifyAuditChain(db)).head.seq).toBe(4);
    } finally {
      await scratch.close();
      await rm(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('npm run audit:verify', () => {
  const run = (args: string[], env: Record<string, string>) =>
    spawnSync(process.execPath, ['scripts/audit-verify.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', DATABASE_OWNER_URL: '', ...env },
      encoding: 'utf8',
    });

  /** The command on this file's database: PostgreSQL's through its owner; PGlite's test database is in memory. */
  it.runIf(onPostgres)('prints the head, checks a recorded head, and exits 1 on a break', async () => {
    const env = { DATABASE_URL: t.ownerUrl! };
    const { head, entries } = intact(await verifyAuditChain(owner));
    const ok = run([], env);
    expect(ok.stdout, ok.stderr).toBe(`Audit trail intact: ${entries} entries, head ${head.seq} ${head.hash}\n`);
    expect(ok.status).toBe(0);
    expect(run(['--expect', `${head.seq}:${head.hash}`], env).status).toBe(0);
    const wrong = run([`--expect=${head.seq}:${'a'.repeat(64)}`], env);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/^Audit trail broken: The recorded head #\d+ a{64} is not in the chain/);
  });

  it.skipIf(onPostgres)(
    'on PGlite: reads DATA_DIR, refuses while the server holds it, exits 1 on a break',
    async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'trust-audit-'));
      try {
        const empty = run([], { DATA_DIR: dataDir });
        expect(empty.status).toBe(2);
        expect(empty.stderr).toContain('There is no database in');

        // As a first start leaves the directory (tests/helpers/app.ts), without its initdb.
        await (await pgliteFromTemplate(join(dataDir, 'pgdata'))).close();
        const database = await openDatabase({ kind: 'pglite', dataDir });
        let head: { seq: number; hash: string };
        try {
          for (let i = 0; i < 3; i++) {
            await database.db.transaction(async (tx) => {
              await declareAuthor(tx, { id: null, name: 'Test' });
              await tx
                .insert(auditLogs)
                .values({ action_type: 'Note', module: 'script', performed_by_name: 'Test', details: { i } });
            });
          }
          head = intact(await verifyAuditChain(database.db)).head;
          const locked = run([], { DATA_DIR: dataDir });
          expect(locked.status).toBe(2);
          expect(locked.stderr).toMatch(
            /^The audit trail could not be checked: The database in .* is in use by another process/,
          );
        } finally {
          await database.close();
        }
        const ok = run(['--expect', `${head.seq}:${head.hash}`], { DATA_DIR: dataDir });
        expect(ok.stdout, ok.stderr).toBe(`Audit trail intact: 3 entries, head 3 ${head.hash}\n`);
        expect(ok.status).toBe(0);

        const again = await openDatabase({ kind: 'pglite', dataDir });
        try {
          await again.db.execute(sql.raw('alter table audit_logs disable trigger user'));
          await again.db.execute(sql.raw(`update audit_logs set details = '{"i": 7}' where chain_seq = 2`));
        } finally {
          await again.close();
        }
        const bad = run([], { DATA_DIR: dataDir });
        expect(bad.stdout).toBe(
          'Audit trail broken: Entry #2 (id 2) was changed after it was written: its contents do not match its hash.\n',
        );
        expect(bad.status).toBe(1);

        const usage = run(['--expect', '12'], { DATA_DIR: dataDir });
        expect(usage.status).toBe(2);
        expect(usage.stderr).toMatch(/^--expect takes a head as printed before, <seq>:<hash>/);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    // A database migrated from nothing and five runs of the command: 44–62 s on a busy machine.
    180_000,
  );

  it('reads a recorded head as <seq>:<hash>', () => {
    expect(parseHead(`42:${'Ab'.repeat(32)}`)).toEqual({ seq: 42, hash: 'ab'.repeat(32) });
    expect(parseHead('42')).toBeUndefined();
    expect(parseHead(`x:${'0'.repeat(64)}`)).toBeUndefined();
    expect(parseHead(`1:${'0'.repeat(63)}`)).toBeUndefined();
  });
});

describe('DATABASE_OWNER_URL', () => {
  it('is a postgres URL and goes with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_OWNER_URL: 'postgres://owner@db/trust' })).toThrow(
      'Configuration error: DATABASE_OWNER_URL needs DATABASE_URL (the role the server connects as).',
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://app@db/trust', DATABASE_OWNER_URL: 'mysql://owner@db/trust' }),
    ).toThrow('Configuration error: DATABASE_OWNER_URL must be a postgres:// or postgresql:// URL.');
    expect(
      loadConfig({ DATABASE_URL: 'postgres://app@db/trust', DATABASE_OWNER_URL: 'postgres://owner@db/trust' })
        .DATABASE_OWNER_URL,
    ).toBe('postgres://owner@db/trust');
  });
});
