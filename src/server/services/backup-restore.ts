/**
 * `npm run restore -- <archive> [--replace]` (docs/operations.md, Backups; docs/decisions.md, Backups): loads an
 * archive of services/backup.ts into the configured database, PGlite or PostgreSQL whichever made it, and its files
 * into UPLOADS_DIR. The server must be stopped.
 *
 * One transaction: the migrations this program has, up to the archive's own last one, on an empty schema; every
 * table emptied of what the migrations put there and loaded from the archive, part by part, as the archive is read
 * (the audit trail and its head with their triggers off, so that every entry keeps its place, time, author and
 * hash); the sequences set as they were; every part's checksum and every table's row count checked against the
 * manifest, and the audit chain walked and its head compared with the one recorded at the backup; then the later
 * migrations. Anything wrong, a changed byte or an archive cut short included, rolls it all back: nothing changed.
 * Files are written beside UPLOADS_DIR's own, and moved into place only once the data is in (an uploads directory
 * that holds the archive's files already, and no other, as when moving between engines on one machine, is fine).
 *
 * A target that holds anything a person made (an account, an audit entry, an uploaded file) is refused unless
 * `replace` is given; then the old data is kept aside, never deleted: on PostgreSQL the schemas `public` and
 * `drizzle` renamed `before_restore_<time>` and `before_restore_<time>_drizzle`, on PGlite the directory renamed
 * `DATA_DIR/pgdata.before-restore-<time>`, and the old files moved into `UPLOADS_DIR/.before-restore-<time>/`.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import postgres from 'postgres';
import { CHAIN_STATEMENTS, walkChain, type ChainEntry } from '../db/audit-chain.ts';
import { MIGRATIONS_FOLDER } from '../db/client.ts';
import { acquireLock, DataDirLockedError } from '../db/lock.ts';
import {
  ArchiveError,
  HEADER_PART,
  openArchive,
  readArchive,
  readTar,
  type ArchiveHeader,
  type ArchiveKeys,
  type ArchiveSummary,
  type ArchiveTable,
} from './backup-archive.ts';
import { journal } from './backup.ts';

/** A refusal of a restore, in a sentence for the person who ran it; nothing was changed. */
export class RestoreError extends Error {}

export type RestoreTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

export interface RestoreOptions {
  archive: string;
  keys: ArchiveKeys;
  target: RestoreTarget;
  uploadsDir: string;
  /** Restore over a target that holds data, keeping that data aside. */
  replace?: boolean;
  /** The migrations to run (tests: the program's own by default). */
  migrationsFolder?: string;
  /** How a new PGlite directory is made (tests: from a migrated template, faster than initdb). */
  createPglite?: (dir: string) => Promise<PGlite>;
}

export interface RestoreResult {
  summary: ArchiveSummary;
  /** Where the replaced data was kept: a schema (PostgreSQL) or a directory (PGlite), and the old files' folder. */
  keptAside: { database?: string; uploads?: string };
  /** Migrations run after the archive's own last one (an archive of an older version). */
  laterMigrations: number;
}

type Row = Record<string, unknown>;

/** Statements in the restore's one transaction. */
interface RestoreTx {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  /** One or more statements without parameters (a migration's). */
  exec(text: string): Promise<void>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** A moment as a name: 20260131_093000. */
function stampOf(at: Date): string {
  return at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
}

/** backup.json alone, read before anything is touched (a wrong key, another program's file, a newer format). */
async function readHeader(archive: string, keys: ArchiveKeys): Promise<ArchiveHeader> {
  const source = createReadStream(archive, { highWaterMark: 256 * 1024 });
  try {
    for await (const entry of readTar(openArchive(source, keys))) {
      if (entry.name !== HEADER_PART) break;
      const chunks: Buffer[] = [];
      for await (const chunk of entry.body) chunks.push(chunk);
      try {
        return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ArchiveHeader;
      } catch {
        throw new ArchiveError('The archive is damaged: its backup.json is not readable JSON.');
      }
    }
    throw new ArchiveError('This is not a backup archive of this program.');
  } finally {
    source.destroy();
  }
}

interface TargetState {
  tables: number;
  accounts: number;
  auditEntries: number;
}

/** Nothing a person made: no table at all, or this program's with no account and no audit entry. */
const isEmpty = (state: TargetState) => state.tables === 0 || (state.accounts === 0 && state.auditEntries === 0);

async function targetState(tx: Pick<RestoreTx, 'query'>): Promise<TargetState> {
  const [row] = await tx.query(
    `select (select count(*) from pg_class where relnamespace = 'public'::regnamespace and relkind in ('r', 'p'))::text
       as tables, (to_regclass('public.accounts') is not null and to_regclass('public.audit_logs') is not null)::text as ours`,
  );
  const tables = Number(row!.tables);
  if (row!.ours !== 'true') return { tables, accounts: tables === 0 ? 0 : -1, auditEntries: 0 };
  const [counts] = await tx.query(
    `select (select count(*) from public.accounts)::text as accounts, (select count(*) from public.audit_logs)::text as audit`,
  );
  return { tables, accounts: Number(counts!.accounts), auditEntries: Number(counts!.audit) };
}

function describe(state: TargetState): string {
  if (state.accounts < 0) return `${state.tables} tables of another program`;
  return `${state.accounts} account${state.accounts === 1 ? '' : 's'} and ${state.auditEntries} audit entr${state.auditEntries === 1 ? 'y' : 'ies'}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Uploaded files

const UPLOAD_FOLDERS = ['images', 'files', '.mail'];

/** The files under UPLOADS_DIR's folders that a restore fills, as keys (`images/<id>.png`, `.mail/3/0-receipt.pdf`). */
async function filesIn(dir: string): Promise<string[]> {
  const keys: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    const entries = await readdir(join(dir, folder), { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (entry.isFile()) keys.push(relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
    }
  }
  return keys.sort();
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Removes what a restore killed before its end left (its pid gone). */
async function removeStale(dir: string, pattern: RegExp): Promise<void> {
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(name)?.[1]);
    if (!pid || pid === process.pid) continue;
    try {
      process.kill(pid, 0);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH')
        await rm(join(dir, name), { recursive: true, force: true });
    }
  }
}

/**
 * Puts the restored files (staged in `staging`) into UPLOADS_DIR, and answers how to undo it:
 * - an uploads directory without files takes them as they are;
 * - one that holds the archive's files already, the same bytes, and nothing else (a move between engines on one
 *   machine) gets only those it lacks;
 * - any other is refused, unless `replace`: its folders are then moved into `aside` first.
 */
async function placeUploads(
  uploadsDir: string,
  staging: string,
  aside: string,
  replace: boolean,
): Promise<{ undo: () => Promise<void>; keptAside?: string }> {
  const existing = await filesIn(uploadsDir);
  if (existing.length > 0) {
    let extra = 0;
    let differing = 0;
    for (const key of existing) {
      const restored = join(staging, key);
      if (!existsSync(restored)) extra += 1;
      else if (
        (await stat(restored)).size !== (await stat(join(uploadsDir, key))).size ||
        (await sha256Of(restored)) !== (await sha256Of(join(uploadsDir, key)))
      ) {
        differing += 1;
      }
    }
    if (extra === 0 && differing === 0) {
      const added: string[] = [];
      for (const key of await filesIn(staging)) {
        if (existsSync(join(uploadsDir, key))) continue;
        await mkdir(dirname(join(uploadsDir, key)), { recursive: true });
        await rename(join(staging, key), join(uploadsDir, key));
        added.push(key);
      }
      return {
        undo: async () => {
          for (const key of added) await rm(join(uploadsDir, key), { force: true });
        },
      };
    }
    if (!replace) {
      const what = [
        extra > 0 ? `${extra} file${extra === 1 ? '' : 's'} the archive does not have` : '',
        differing > 0 ? `${differing} that differ${differing === 1 ? 's' : ''} from the archive's` : '',
      ].filter(Boolean);
      throw new RestoreError(
        `The uploads directory ${uploadsDir} is not empty: it holds ${what.join(' and ')} (written after the backup, ` +
          `or another installation's). Nothing was changed. To restore over it, run the restore again with ` +
          `--replace; its files are then kept in ${aside}.`,
      );
    }
  }
  const movedAside: string[] = [];
  const movedIn: string[] = [];
  for (const folder of UPLOAD_FOLDERS) {
    const path = join(uploadsDir, folder);
    if (!existsSync(path)) continue;
    if (existing.length === 0) {
      await rm(path, { recursive: true, force: true });
      continue;
    }
    await mkdir(aside, { recursive: true });
    await rename(path, join(aside, folder));
    movedAside.push(folder);
  }
  for (const folder of UPLOAD_FOLDERS) {
    if (!existsSync(join(staging, folder))) continue;
    await rename(join(staging, folder), join(uploadsDir, folder));
    movedIn.push(folder);
  }
  return {
    ...(movedAside.length > 0 ? { keptAside: aside } : {}),
    undo: async () => {
      for (const folder of movedIn) await rm(join(uploadsDir, folder), { recursive: true, force: true });
      for (const folder of movedAside) await rename(join(aside, folder), join(uploadsDir, folder));
      if (movedAside.length > 0) await rm(aside, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Loading, in the one transaction

interface Migration {
  sql: string[];
  folderMillis: number;
  hash: string;
}

/** Runs the migrations not yet recorded, as drizzle's migrator does (same table, same records). */
async function migrate(tx: RestoreTx, migrations: Migration[]): Promise<number> {
  await tx.exec('create schema if not exists drizzle');
  await tx.exec(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  const [last] = await tx.query('select max(created_at)::text as last from drizzle.__drizzle_migrations');
  const done = last?.last === null || last?.last === undefined ? undefined : Number(last.last);
  let ran = 0;
  for (const migration of migrations) {
    if (done !== undefined && done >= migration.folderMillis) continue;
    for (const statement of migration.sql) if (statement.trim()) await tx.exec(statement);
    await tx.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
    ran += 1;
  }
  return ran;
}

const AUDIT_TABLES = ['audit_logs', 'audit_chain'];

/**
 * The load itself: migrations up to the archive's, the tables emptied and filled, the files staged, everything
 * checked; then the later migrations. Throws (and the caller rolls back) at the first thing wrong.
 */
async function load(
  tx: RestoreTx,
  options: RestoreOptions,
  header: ArchiveHeader,
  staging: string,
): Promise<{ summary: ArchiveSummary; laterMigrations: number }> {
  const folder = options.migrationsFolder ?? MIGRATIONS_FOLDER;
  const entries = journal(folder);
  const migrations = readMigrationFiles({ migrationsFolder: folder }) as Migration[];
  const upTo = entries.findIndex((entry) => entry.when === header.migration.when);
  if (upTo < 0) {
    throw new RestoreError(
      `The archive was made by a newer version of this program (its last migration is ${header.migration.tag}); ` +
        'update the program, then restore. Nothing was changed.',
    );
  }
  await tx.exec(`set local timezone to 'UTC'; set local datestyle to 'ISO, YMD'`);
  await migrate(tx, migrations.slice(0, upTo + 1));

  // The target's tables, their columns and types, as the migrations made them.
  const types = new Map<string, Map<string, string>>();
  for (const row of await tx.query(
    `select c.relname::text as t, a.attname::text as c, format_type(a.atttypid, a.atttypmod) as type
     from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0
       and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  )) {
    const table = text(row.t);
    if (!types.has(table)) types.set(table, new Map());
    types.get(table)!.set(text(row.c), text(row.type));
  }
  const inserts = new Map<string, string>();
  for (const table of header.tables) {
    const columns = types.get(table.name);
    const missing = columns ? table.columns.filter((c) => !columns.has(c)) : table.columns;
    const extra = columns ? [...columns.keys()].filter((c) => !table.columns.includes(c)) : [];
    if (!columns || missing.length > 0 || extra.length > 0) {
      throw new RestoreError(
        `The archive's table ${table.name} does not match this program's at migration ${header.migration.tag}` +
          `${columns ? ` (columns ${[...missing, ...extra].join(', ')})` : ' (no such table)'}: the archive is not one ` +
          'this program can restore. Nothing was changed.',
      );
    }
    const values = table.columns.map((c, i) => `(r->>${i})::${columns.get(c)}`).join(', ');
    inserts.set(
      table.name,
      `insert into public.${quote(table.name)} (${table.columns.map(quote).join(', ')}) overriding system value
       select ${values} from json_array_elements($1::text::json) as r`,
    );
  }
  // Everything the migrations put in the tables (the website's first content, the chain's empty head) goes: the
  // archive holds the trust's own. The audit tables' triggers are off for the load, in this transaction only.
  for (const table of AUDIT_TABLES) await tx.exec(`alter table public.${quote(table)} disable trigger user`);
  const all = [...types.keys()];
  if (all.length > 0) await tx.exec(`truncate table ${all.map((t) => `public.${quote(t)}`).join(', ')}`);

  const summary = await readArchive(createReadStream(options.archive, { highWaterMark: 256 * 1024 }), options.keys, {
    rows: async (table: ArchiveTable, lines: string[]) => {
      for (let i = 0; i < lines.length; i += 2000) {
        await tx.query(inserts.get(table.name)!, [`[${lines.slice(i, i + 2000).join(',')}]`]);
      }
    },
    file: async (key, _size, body) => {
      const path = join(staging, key);
      await mkdir(dirname(path), { recursive: true });
      await pipeline(body, createWriteStream(path, { flags: 'wx', mode: 0o644 }));
    },
  });
  if (summary.header.createdAt !== header.createdAt) {
    throw new ArchiveError('The archive changed while it was being restored. Nothing was changed.');
  }

  for (const table of header.tables) {
    const [row] = await tx.query(`select count(*)::text as n from public.${quote(table.name)}`);
    if (Number(row!.n) !== table.rows) {
      throw new ArchiveError(`${table.name} holds ${row!.n} rows after the load, the archive says ${table.rows}.`);
    }
  }
  const sequences = new Set(
    (
      await tx.query(
        `select relname::text as name from pg_class where relkind = 'S' and relnamespace = 'public'::regnamespace`,
      )
    ).map((r) => text(r.name)),
  );
  for (const sequence of header.sequences) {
    if (!sequences.has(sequence.name)) continue;
    await tx.query(`select setval($1, $2::bigint, $3)`, [
      `public.${quote(sequence.name)}`,
      sequence.value,
      sequence.called,
    ]);
  }
  for (const table of AUDIT_TABLES) await tx.exec(`alter table public.${quote(table)} enable trigger user`);

  // The audit chain, recomputed entry by entry, must end at the head recorded at the backup.
  const expected = header.auditHead;
  const report = await walkChain(
    {
      heads: async () => (await tx.query(CHAIN_STATEMENTS.heads)) as { seq: string; hash: string }[],
      entries: async (after, limit) =>
        (await tx.query(CHAIN_STATEMENTS.entries, [after, limit])) as unknown as ChainEntry[],
      unchained: async () => (await tx.query(CHAIN_STATEMENTS.unchained))[0] as { count: string; first: string | null },
    },
    { expect: [expected] },
  );
  if (!report.intact) throw new ArchiveError(`The audit trail in the archive does not verify: ${report.problem}`);
  if (report.head.seq !== expected.seq || report.head.hash !== expected.hash) {
    throw new ArchiveError(
      `The audit trail restored ends at ${report.head.seq}:${report.head.hash}, not at the head recorded at the backup ` +
        `(${expected.seq}:${expected.hash}).`,
    );
  }
  const laterMigrations = await migrate(tx, migrations);
  return { summary, laterMigrations };
}

// ---------------------------------------------------------------------------------------------------------------
// The two engines

/** The database's own sentence of an error (postgres.js and PGlite keep it in `message`). */
function reason(error: unknown): Error {
  if (error instanceof ArchiveError || error instanceof RestoreError) {
    return /nothing was changed/i.test(error.message)
      ? error
      : new RestoreError(`${error.message} Nothing was changed.`);
  }
  return error as Error;
}

async function restorePostgres(
  options: RestoreOptions,
  url: string,
  header: ArchiveHeader,
  staging: string,
  stamp: string,
): Promise<RestoreResult> {
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'trust-school-restore', TimeZone: 'UTC', DateStyle: 'ISO, YMD' },
  });
  try {
    const [busy] = await client<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'trust-school' and pid <> pg_backend_pid()`;
    if (busy!.n > 0) {
      throw new RestoreError(
        `A server is connected to this database (${busy!.n} connection${busy!.n === 1 ? '' : 's'}): stop it, then ` +
          'restore. Nothing was changed.',
      );
    }
    const state = await targetState({ query: (t, p) => client.unsafe(t, p as never[]) as Promise<Row[]> });
    if (!isEmpty(state) && !options.replace) {
      throw new RestoreError(
        `The database is not empty (${describe(state)}): nothing was changed. To restore over it, run the restore ` +
          `again with --replace; its data is then kept in the schema before_restore_${stamp}.`,
      );
    }
    const aside = `before_restore_${stamp}`;
    let swap: Awaited<ReturnType<typeof placeUploads>> | undefined;
    let loaded: Awaited<ReturnType<typeof load>> | undefined;
    try {
      await client.begin(async (sql) => {
        const tx: RestoreTx = {
          query: (t, p) => sql.unsafe(t, (p ?? []) as never[]) as unknown as Promise<Row[]>,
          exec: async (t) => {
            await sql.unsafe(t).simple();
          },
        };
        if (state.tables > 0) {
          // A new schema of our own, the old one kept (or, when it held nothing, dropped at the end).
          await tx.exec(`alter schema public rename to ${quote(aside)}`);
          const [drizzle] = await tx.query(`select to_regnamespace('drizzle') is not null as present`);
          if (drizzle!.present) await tx.exec(`alter schema drizzle rename to ${quote(`${aside}_drizzle`)}`);
          await tx.exec('create schema public');
          // The trigram extension lived in the old schema: it moves to the new one (the old indexes keep using it).
          const [trgm] = await tx.query(
            `select extnamespace::regnamespace::text as schema from pg_extension where extname = 'pg_trgm'`,
          );
          if (trgm?.schema === aside) await tx.exec('alter extension pg_trgm set schema public');
        }
        loaded = await load(tx, options, header, staging);
        if (state.tables > 0 && isEmpty(state)) {
          await tx.exec(`drop schema ${quote(aside)} cascade`);
          await tx.exec(`drop schema if exists ${quote(`${aside}_drizzle`)} cascade`);
        }
        // The files go into place last, just before the commit (and back should the commit fail).
        swap = await placeUploads(
          options.uploadsDir,
          staging,
          join(options.uploadsDir, `.before-restore-${stamp}`),
          options.replace ?? false,
        );
      });
    } catch (error) {
      if (swap) await swap.undo().catch(() => {});
      throw error;
    }
    return {
      summary: loaded!.summary,
      laterMigrations: loaded!.laterMigrations,
      keptAside: {
        ...(state.tables > 0 && !isEmpty(state) ? { database: `schema ${aside} (and ${aside}_drizzle)` } : {}),
        ...(swap?.keptAside ? { uploads: swap.keptAside } : {}),
      },
    };
  } finally {
    await client.end({ timeout: 5 });
  }
}

async function pgliteTx(client: PGlite, work: (tx: RestoreTx) => Promise<void>): Promise<void> {
  await client.transaction(async (t) => {
    await work({
      query: async (q, p) => (await t.query<Row>(q, p ?? [])).rows,
      exec: async (q) => {
        await t.exec(q);
      },
    });
  });
}

async function restorePglite(
  options: RestoreOptions,
  dataDir: string,
  header: ArchiveHeader,
  staging: string,
  stamp: string,
): Promise<RestoreResult> {
  await mkdir(dataDir, { recursive: true });
  let lock;
  try {
    lock = await acquireLock(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreError(`${error.message.split('. ')[0]}: stop the server, then restore. Nothing was changed.`);
    }
    throw error;
  }
  try {
    await removeStale(dataDir, /^pgdata\.restore-(\d+)$/);
    const current = join(dataDir, 'pgdata');
    let state: TargetState = { tables: 0, accounts: 0, auditEntries: 0 };
    if (existsSync(current)) {
      const existing = await PGlite.create(current, { extensions: { pg_trgm } });
      try {
        state = await targetState({ query: async (q) => (await existing.query<Row>(q)).rows });
      } finally {
        await existing.close();
      }
    }
    const aside = join(dataDir, `pgdata.before-restore-${stamp}`);
    if (!isEmpty(state) && !options.replace) {
      throw new RestoreError(
        `The database in ${dataDir} is not empty (${describe(state)}): nothing was changed. To restore over it, run ` +
          `the restore again with --replace; its data is then kept in ${aside}.`,
      );
    }
    const building = join(dataDir, `pgdata.restore-${process.pid}`);
    await rm(building, { recursive: true, force: true });
    let loaded: Awaited<ReturnType<typeof load>> | undefined;
    let swap: Awaited<ReturnType<typeof placeUploads>>;
    try {
      const client = await (options.createPglite ?? ((dir) => PGlite.create(dir, { extensions: { pg_trgm } })))(
        building,
      );
      try {
        await pgliteTx(client, async (tx) => {
          loaded = await load(tx, options, header, staging);
        });
        await client.exec('checkpoint');
      } finally {
        await client.close();
      }
      swap = await placeUploads(
        options.uploadsDir,
        staging,
        join(options.uploadsDir, `.before-restore-${stamp}`),
        options.replace ?? false,
      );
    } catch (error) {
      await rm(building, { recursive: true, force: true });
      throw error;
    }
    try {
      if (existsSync(current)) {
        if (isEmpty(state)) await rm(current, { recursive: true, force: true });
        else await rename(current, aside);
      }
      await rename(building, current);
    } catch (error) {
      await swap.undo().catch(() => {});
      if (!existsSync(current) && existsSync(aside)) await rename(aside, current).catch(() => {});
      throw error;
    }
    return {
      summary: loaded!.summary,
      laterMigrations: loaded!.laterMigrations,
      keptAside: {
        ...(!isEmpty(state) ? { database: aside } : {}),
        ...(swap.keptAside ? { uploads: swap.keptAside } : {}),
      },
    };
  } finally {
    await lock.release();
  }
}

/** Restores an archive into the target and the uploads directory (see the top of this file). */
export async function restoreArchive(options: RestoreOptions): Promise<RestoreResult> {
  try {
    const info = await stat(options.archive).catch(() => undefined);
    if (!info?.isFile()) throw new RestoreError(`There is no archive at ${options.archive}. Nothing was changed.`);
    const header = await readHeader(options.archive, options.keys);
    await mkdir(options.uploadsDir, { recursive: true });
    await removeStale(options.uploadsDir, /^\.restore-(\d+)$/);
    const staging = join(options.uploadsDir, `.restore-${process.pid}`);
    await rm(staging, { recursive: true, force: true });
    await mkdir(staging, { recursive: true });
    const stamp = stampOf(new Date());
    try {
      return options.target.kind === 'postgres'
        ? await restorePostgres(options, options.target.url, header, staging, stamp)
        : await restorePglite(options, options.target.dataDir, header, staging, stamp);
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  } catch (error) {
    throw reason(error);
  }
}
