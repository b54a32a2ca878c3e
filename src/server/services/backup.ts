/**
 * Backups while the server runs (`npm run backup`, services/backup-archive.ts for the format, docs/decisions.md,
 * Backups): one consistent snapshot of every table, the uploaded files its rows name, and a manifest, written as an
 * archive under a temporary name and renamed into place only once it has been read back whole and verified.
 *
 * - PostgreSQL: one connection of its own in a REPEATABLE READ READ ONLY transaction (the snapshot), each table
 *   read through a cursor in it, a thousand rows at a time; the server goes on reading and writing meanwhile.
 * - PGlite: one process holds the data directory, so the running server takes the snapshot itself (asked through
 *   the local socket of services/backup-socket.ts, or by its schedule); with no server running, the command opens
 *   the directory. PGlite is one session: the snapshot is one short transaction that declares every table's cursor
 *   WITH HOLD, which PostgreSQL materialises at its commit; the rows are then fetched between the server's own
 *   statements.
 */
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs';
import { constants as osConstants, setPriority } from 'node:os';
import { link, mkdir, open, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { Readable, type Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import type { Database } from '../db/client.ts';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_FORMAT_VERSION,
  ArchiveError,
  envelopeTransforms,
  encryptionOf,
  HEADER_PART,
  isUploadKey,
  MANIFEST_PART,
  readArchive,
  TAR_END,
  tarHeader,
  tablePart,
  tarPadding,
  type ArchiveHeader,
  type ArchiveKeys,
  type ArchiveManifest,
  type ArchiveSummary,
  type ArchiveTable,
  type PartDigest,
} from './backup-archive.ts';
import { keysOf } from './upload-keys.ts';
import { createHash } from 'node:crypto';

/** A failure of a backup, in a sentence for the person who ran it. */
export class BackupError extends Error {}

type Rows = (string | null)[][];

/** Statements inside the snapshot's transaction. */
export interface SnapshotTx {
  /** Rows as arrays of PostgreSQL's text (every column the statement selects is cast to text). */
  query(text: string): Promise<Rows>;
  /** Declares a cursor over `select`, readable with fetch until the session ends. */
  declare(name: string, select: string): Promise<void>;
}

/** One consistent view of the database, read through cursors. */
export interface SnapshotSession {
  engine: 'pglite' | 'postgres';
  /** Runs `work` in the snapshot's transaction. */
  begin<T>(work: (tx: SnapshotTx) => Promise<T>): Promise<T>;
  fetch(cursor: string, count: number): Promise<Rows>;
  /** Closes the cursors and the transaction (and a connection of its own). */
  end(): Promise<void>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Hosts of a PostgreSQL server on this machine: its address, a name of it, or a socket's directory. */
const LOCAL_HOSTS = new Set(['', 'localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * The snapshot's PostgreSQL backend at the lowest CPU priority, as the backup command's own threads (scripts/backup.ts),
 * so that the server's requests go first: only when the database is on this machine and the pid names a PostgreSQL
 * process here (a server in a container numbers its processes apart; a pid that names another program is left alone),
 * and only where this process may (root, or PostgreSQL's own user); otherwise it runs as it is. The backend is the
 * snapshot's own connection, and ends with it.
 */
async function giveWayOnServer(url: string, query: (text: string) => Promise<Rows>): Promise<void> {
  let host: string;
  try {
    const parsed = new URL(url);
    host = parsed.searchParams.get('host')?.startsWith('/') ? '' : parsed.hostname;
  } catch {
    return;
  }
  if (!LOCAL_HOSTS.has(host)) return;
  try {
    const pid = Number((await query('select pg_backend_pid()'))[0]?.[0]);
    if (!Number.isInteger(pid) || pid <= 0) return;
    if (!readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres')) return;
    setPriority(pid, osConstants.priority.PRIORITY_LOW);
  } catch {
    // Not Linux, not allowed, or not found: the usual priority.
  }
}

/** The snapshot of a PostgreSQL database, on a connection of its own (the URL of the tables' owner when there is one). */
export async function postgresSnapshot(url: string): Promise<SnapshotSession> {
  const client = postgres(url, {
    max: 1,
    onnotice: () => {},
    connection: { application_name: 'trust-school-backup', TimeZone: 'UTC', DateStyle: 'ISO, YMD' },
  });
  let connection: postgres.ReservedSql;
  try {
    connection = await client.reserve();
  } catch (error) {
    await client.end({ timeout: 5 });
    throw error;
  }
  const query = async (text: string) => (await connection.unsafe(text).values()) as unknown as Rows;
  await giveWayOnServer(url, query);
  let ended = false;
  return {
    engine: 'postgres',
    async begin(work) {
      await connection.unsafe('begin isolation level repeatable read read only');
      return work({
        query,
        declare: async (name, select) => {
          await connection.unsafe(`declare ${quote(name)} no scroll cursor for ${select}`);
        },
      });
    },
    fetch: (cursor, count) => query(`fetch forward ${count} from ${quote(cursor)}`),
    async end() {
      if (ended) return;
      ended = true;
      try {
        await connection.unsafe('rollback').catch(() => {});
        connection.release();
      } finally {
        await client.end({ timeout: 5 });
      }
    },
  };
}

/** PGlite's rows of one simple-protocol statement, as arrays of text (its columns must have distinct names). */
async function pgliteRows(
  run: (text: string) => Promise<{ rows: unknown[]; fields: { name: string }[] }[]>,
  text: string,
) {
  const results = await run(text);
  const last = results[results.length - 1];
  if (!last) return [];
  return last.rows.map((row) => last.fields.map((field) => (row as Record<string, string | null>)[field.name] ?? null));
}

/**
 * The snapshot of a PGlite database through its one client (the server's own, or one the command opened): the
 * cursors are declared WITH HOLD in one transaction, during which the server's statements wait.
 */
export function pgliteSnapshot(client: PGlite): SnapshotSession {
  const cursors: string[] = [];
  let ended = false;
  return {
    engine: 'pglite',
    begin(work) {
      return client.transaction(async (tx) => {
        await tx.exec('set transaction isolation level repeatable read, read only');
        await tx.exec(`set local timezone to 'UTC'; set local datestyle to 'ISO, YMD'`);
        return work({
          query: (text) => pgliteRows((t) => tx.exec(t), text),
          declare: async (name, select) => {
            await tx.exec(`declare ${quote(name)} no scroll cursor with hold for ${select}`);
            cursors.push(name);
          },
        });
      });
    },
    async fetch(cursor, count) {
      // PGlite runs in this thread and answers without giving way to timers or sockets: each fetch first lets the
      // server's own requests in, whose statements then take their turn between the backup's.
      await new Promise((resolve) => setImmediate(resolve));
      return pgliteRows((t) => client.exec(t), `fetch forward ${count} from ${quote(cursor)}`);
    },
    async end() {
      if (ended) return;
      ended = true;
      for (const cursor of cursors) await client.exec(`close ${quote(cursor)}`).catch(() => {});
    },
  };
}

/** The snapshot of the server's own database: through PGlite's client, or a connection of its own to PostgreSQL. */
export async function snapshotOf(database: Database): Promise<SnapshotSession> {
  if (database.pglite) return pgliteSnapshot(database.pglite);
  if (!database.backupUrl) throw new BackupError('This database has no address to read a backup from.');
  return postgresSnapshot(database.backupUrl);
}

// ---------------------------------------------------------------------------------------------------------------
// What a snapshot reads

const PRODUCT = (() => {
  const path = resolve(dirname(fileURLToPath(import.meta.url)), '../../../package.json');
  const pkg = JSON.parse(readFileSync(path, 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
})();

export interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations' folder (as db/client.ts's MIGRATIONS_FOLDER, without loading the database drivers). */
const MIGRATIONS_FOLDER = resolve(dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/** The migrations this program has, in order (drizzle/meta/_journal.json). */
export function journal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const text = readFileSync(join(folder, 'meta/_journal.json'), 'utf8');
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries.map(({ tag, when }) => ({ tag, when }));
}

/** Tables in an order that loads each after those its foreign keys name (then by name). */
export function loadingOrder(tables: string[], references: [string, string][]): string[] {
  const needs = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const [from, to] of references) if (from !== to && needs.has(to)) needs.get(from)?.add(to);
  const order: string[] = [];
  const left = new Set([...tables].sort());
  while (left.size > 0) {
    const ready = [...left].find((t) => [...needs.get(t)!].every((n) => !left.has(n))) ?? [...left][0]!;
    order.push(ready);
    left.delete(ready);
  }
  return order;
}

/** Rows a fetch takes, and the size at which a part of rows is closed. */
const FETCH_ROWS = 1000;
const PART_BYTES = 1024 * 1024;

interface Snapshot {
  header: ArchiveHeader;
  /** Emails whose attachments may be waiting (services/mail.ts). */
  mailIds: string[];
}

async function readSnapshot(tx: SnapshotTx, engine: 'pglite' | 'postgres'): Promise<Snapshot> {
  const columns = new Map<string, string[]>();
  for (const [table, column] of await tx.query(
    `select c.relname::text as table_name, a.attname::text as column_name
     from pg_class c join pg_attribute a on a.attrelid = c.oid
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0
       and not a.attisdropped and a.attgenerated = ''
     order by c.relname, a.attnum`,
  )) {
    columns.set(table!, [...(columns.get(table!) ?? []), column!]);
  }
  if (!columns.has('audit_logs') || !columns.has('accounts')) {
    throw new BackupError('The database holds none of this program’s tables: there is nothing to back up.');
  }
  const keys = new Map<string, string[]>();
  for (const [table, column] of await tx.query(
    `select c.relname::text as table_name, a.attname::text as column_name
     from pg_index i join pg_class c on c.oid = i.indrelid
       join pg_attribute a on a.attrelid = c.oid and a.attnum = any (i.indkey)
     where i.indisprimary and c.relnamespace = 'public'::regnamespace
     order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  )) {
    keys.set(table!, [...(keys.get(table!) ?? []), column!]);
  }
  const references = (await tx.query(
    `select c.relname::text as from_table, r.relname::text as to_table from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class r on r.oid = k.confrelid
     where k.contype = 'f' and c.relnamespace = 'public'::regnamespace and r.relnamespace = 'public'::regnamespace`,
  )) as [string, string][];

  const tables: ArchiveTable[] = [];
  for (const [index, name] of loadingOrder([...columns.keys()], references).entries()) {
    const list = columns.get(name)!;
    const [[count]] = (await tx.query(`select count(*)::text from public.${quote(name)}`)) as [[string]];
    tables.push({ name, columns: list, rows: Number(count) });
    const order = name === 'audit_logs' ? 'chain_seq nulls last, id' : (keys.get(name) ?? list).map(quote).join(', ');
    await tx.declare(
      `backup_table_${index}`,
      `select array_to_json(array[${list.map((c) => `${quote(c)}::text`).join(', ')}]::text[])::text
       from public.${quote(name)} order by ${order}`,
    );
  }
  await tx.declare('backup_uploads', `select id::text, kind::text, extension::text from public.uploads order by id`);

  const sequences: ArchiveHeader['sequences'] = [];
  for (const [name] of await tx.query(
    `select c.relname::text from pg_class c where c.relkind = 'S' and c.relnamespace = 'public'::regnamespace order by 1`,
  )) {
    const [[value, called]] = (await tx.query(
      `select last_value::text, is_called::text from public.${quote(name!)}`,
    )) as [[string, string]];
    sequences.push({ name: name!, value, called: called === 'true' });
  }

  const [migration] = (await tx.query(
    `select created_at::text, (select count(*) from drizzle.__drizzle_migrations)::text
     from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  )) as [string, string][];
  if (!migration) throw new BackupError('The database has no migration recorded: it was never opened by the server.');
  const when = Number(migration[0]);
  const tag = journal().find((entry) => entry.when === when)?.tag ?? `unknown-${when}`;

  const [head] = (await tx.query(`select seq::text, hash from public.audit_chain where id = 1`)) as [string, string][];
  if (!head) throw new BackupError('The audit trail has no head row (audit_chain): the database is damaged.');

  const mailIds = columns.has('mail_outbox')
    ? (await tx.query(`select id::text from public.mail_outbox where status <> 'Sent' order by id`)).map((r) => r[0]!)
    : [];

  return {
    header: {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      product: PRODUCT,
      createdAt: new Date().toISOString(),
      engine,
      migration: { tag, when, count: Number(migration[1]) },
      tables,
      sequences,
      auditHead: { seq: Number(head[0]), hash: head[1]! },
    },
    mailIds,
  };
}

/**
 * The archive's tar stream of one snapshot: backup.json, the rows of every table, the files they name, the
 * manifest. The session is ended when the stream ends, fails or is abandoned.
 */
export async function* backupTar(session: SnapshotSession, options: { uploadsDir: string }): AsyncGenerator<Buffer> {
  try {
    const { header, mailIds } = await session.begin((tx) => readSnapshot(tx, session.engine));
    const parts: Record<string, PartDigest> = {};
    const missingFiles: string[] = [];
    function* entry(name: string, content: Buffer): Generator<Buffer> {
      parts[name] = { bytes: content.length, sha256: createHash('sha256').update(content).digest('hex') };
      yield tarHeader(name, content.length);
      yield content;
      yield tarPadding(content.length);
    }

    yield* entry(HEADER_PART, Buffer.from(JSON.stringify(header, null, 2)));

    for (const [index, table] of header.tables.entries()) {
      let lines: string[] = [];
      let bytes = 0;
      let part = 0;
      let rows = 0;
      const flush = () => {
        const content = Buffer.from(lines.join(''), 'utf8');
        lines = [];
        bytes = 0;
        return entry(tablePart(table.name, (part += 1)), content);
      };
      for (;;) {
        const batch = await session.fetch(`backup_table_${index}`, FETCH_ROWS);
        for (const [line] of batch) {
          lines.push(`${line}\n`);
          bytes += line!.length + 1;
          rows += 1;
          if (bytes >= PART_BYTES) yield* flush();
        }
        if (batch.length < FETCH_ROWS) break;
      }
      if (lines.length > 0) yield* flush();
      if (rows !== table.rows) {
        throw new BackupError(`The snapshot of ${table.name} gave ${rows} rows where it counted ${table.rows}.`);
      }
    }

    // The files the rows name: every stored file of each upload (an image's variants too), and the attachments of
    // emails not yet sent.
    const file = async function* (key: string, required: boolean): AsyncGenerator<Buffer> {
      const path = join(options.uploadsDir, key);
      let handle;
      try {
        handle = await open(path, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        if (required) missingFiles.push(key);
        return;
      }
      try {
        const { size } = await handle.stat();
        const hash = createHash('sha256');
        yield tarHeader(`uploads/${key}`, size);
        let read = 0;
        for await (const chunk of handle.createReadStream({ autoClose: false, start: 0 })) {
          read += (chunk as Buffer).length;
          if (read > size) break;
          hash.update(chunk as Buffer);
          yield chunk as Buffer;
        }
        if (read !== size) throw new BackupError(`The uploaded file ${key} changed while it was read.`);
        yield tarPadding(size);
        parts[`uploads/${key}`] = { bytes: size, sha256: hash.digest('hex') };
      } finally {
        await handle.close();
      }
    };
    for (;;) {
      const batch = await session.fetch('backup_uploads', FETCH_ROWS);
      for (const [id, kind, extension] of batch) {
        const [original, ...variants] = keysOf({ id: id!, kind: kind as 'image' | 'file', extension: extension! });
        for (const key of [original!, ...variants]) {
          if (isUploadKey(key)) yield* file(key, key === original);
        }
      }
      if (batch.length < FETCH_ROWS) break;
    }
    for (const id of mailIds) {
      const folder = join(options.uploadsDir, '.mail', id);
      let names: string[] = [];
      try {
        names = (await readdir(folder)).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      for (const name of names) {
        const key = `.mail/${id}/${name}`;
        if (isUploadKey(key)) yield* file(key, true);
      }
    }

    const manifest: ArchiveManifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      parts,
      missingFiles,
    };
    const content = Buffer.from(JSON.stringify(manifest, null, 1));
    yield tarHeader(MANIFEST_PART, content.length);
    yield content;
    yield tarPadding(content.length);
    yield TAR_END;
  } finally {
    await session.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The archive's file

export interface BackupResult {
  path: string;
  bytes: number;
  summary: ArchiveSummary;
}

/** `trust-backup-2026-01-31T093000Z.tar.gz`, `.enc` after it when encrypted. */
export const BACKUP_NAME = /^trust-backup-(\d{4}-\d{2}-\d{2})T(\d{6})Z(?:-\d+)?\.tar\.gz(?:\.enc)?$/;
const PARTIAL = /^\.trust-backup-.*\.partial-(\d+)$/;

function backupName(at: Date, encrypted: boolean, serial = 0): string {
  const iso = at.toISOString();
  const stamp = `${iso.slice(0, 10)}T${iso.slice(11, 19).replaceAll(':', '')}Z`;
  return `trust-backup-${stamp}${serial > 0 ? `-${serial}` : ''}.tar.gz${encrypted ? '.enc' : ''}`;
}

/** Whether a process of that id is running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the temporary files of backups whose process is gone (killed, or the machine stopped). */
export async function removeStalePartials(dir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const pid = Number(PARTIAL.exec(name)?.[1]);
    if (!pid || pid === process.pid || alive(pid)) continue;
    await rm(join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);

/** The error of a failed write, said for a person. */
function writeFailure(error: unknown, dir: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && FULL.has(code)) {
    return new BackupError(
      `The backup could not be written in ${dir}: the disk is full or the file would be larger than allowed (${code}). ` +
        'Nothing of it was kept; earlier archives are untouched. Free some space, or set BACKUP_DIR to another disk.',
    );
  }
  if (code === 'EACCES' || code === 'EROFS' || code === 'EPERM') {
    return new BackupError(`The backup could not be written in ${dir}: no permission to write there (${code}).`);
  }
  return error as Error;
}

/** Flushes a directory's entries (the rename of an archive) to the disk. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try {
    await handle.sync();
  } catch {
    // Some file systems cannot sync a directory.
  } finally {
    await handle.close();
  }
}

/** Reads an archive file back whole and checks it against its manifest (services/backup-archive.ts). */
export async function verifyArchiveFile(path: string, keys: ArchiveKeys): Promise<ArchiveSummary> {
  return readArchive(createReadStream(path, { highWaterMark: 256 * 1024 }), keys);
}

/**
 * Writes an archive of a tar stream into `dir`: gzipped (and encrypted when keys say so) into a hidden temporary
 * file, flushed to the disk, read back and verified, then given its name. On any failure the temporary file is
 * removed and no archive appears; a process killed meanwhile leaves only the temporary file, which the next backup
 * removes. Nothing already in `dir` is touched.
 */
export async function writeBackup(
  dir: string,
  tar: AsyncIterable<Buffer>,
  keys: ArchiveKeys,
  at = new Date(),
): Promise<BackupResult> {
  try {
    await mkdir(dir, { recursive: true });
  } catch (error) {
    throw writeFailure(error, dir);
  }
  await removeStalePartials(dir);
  const encrypted = encryptionOf(keys) !== 'none';
  let name = backupName(at, encrypted);
  for (let serial = 2; existsSync(join(dir, name)); serial++) name = backupName(at, encrypted, serial);
  const partial = join(dir, `.${name}.partial-${process.pid}`);
  let transforms: Transform[];
  let archiveKey: Buffer | undefined;
  try {
    ({ transforms, key: archiveKey } = await envelopeTransforms(keys));
  } catch (error) {
    throw new BackupError(`The backup's encryption key could not be used: ${(error as Error).message}`);
  }
  try {
    // Written, flushed to the disk (flush: fsync before its close), closed; then read back.
    const sink = createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true });
    const streams = [Readable.from(tar), ...transforms, sink];
    await pipeline(streams as unknown as NodeJS.ReadWriteStream[]);
    let summary: ArchiveSummary;
    try {
      summary = await verifyArchiveFile(partial, { ...keys, archiveKey });
    } catch (error) {
      if (error instanceof ArchiveError) {
        throw new BackupError(`The archive written did not read back as written: ${error.message}`);
      }
      throw error;
    }
    const { size } = await stat(partial);
    let final = join(dir, name);
    // A hard link never replaces an archive of the same name; a file system without links takes a rename.
    for (let serial = 2; ; serial++) {
      try {
        await link(partial, final);
        await unlink(partial);
        break;
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') {
          final = join(dir, backupName(at, encrypted, serial));
          continue;
        }
        if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EOPNOTSUPP') {
          await rename(partial, final);
          break;
        }
        throw error;
      }
    }
    await syncDirectory(dir);
    return { path: final, bytes: size, summary };
  } catch (error) {
    await rm(partial, { force: true });
    throw writeFailure(error, dir);
  }
}

/** The keys of the configuration: BACKUP_PASSPHRASE, or the PEM files of BACKUP_PUBLIC_KEY and BACKUP_PRIVATE_KEY. */
export function archiveKeysOf(config: {
  BACKUP_PASSPHRASE?: string | undefined;
  BACKUP_PUBLIC_KEY?: string | undefined;
  BACKUP_PRIVATE_KEY?: string | undefined;
}): ArchiveKeys {
  const read = (variable: string, path: string | undefined) => {
    if (!path) return undefined;
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      throw new BackupError(`${variable} names ${path}, which cannot be read: ${(error as Error).message}`);
    }
  };
  return {
    passphrase: config.BACKUP_PASSPHRASE,
    publicKey: read('BACKUP_PUBLIC_KEY', config.BACKUP_PUBLIC_KEY),
    privateKey: read('BACKUP_PRIVATE_KEY', config.BACKUP_PRIVATE_KEY),
  };
}

/** The size of a file for people: 1.4 MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** A run of `npm run backup` (scripts/backup.ts), recorded when it is done so that the dashboard's card shows it. */
export interface CommandRun {
  status: 'Succeeded' | 'Failed';
  startedAt: Date;
  finishedAt: Date;
  /** The archive's file name, its size and the audit chain's head it holds (`seq:hash`), once it succeeded. */
  file: string | null;
  bytes: number | null;
  auditHead: string | null;
  error: string | null;
  /** `host:pid` of the command. */
  takenBy: string;
}

/** The longest error kept of a failed run. */
export const ERROR_LENGTH = 2000;

/**
 * The statement that records a command's run, with commandRunParams: the command reaches the database through
 * PostgreSQL's client or PGlite's own, not through this module's drizzle handle.
 */
export const RECORD_COMMAND_RUN =
  'insert into backup_runs (kind, status, started_at, finished_at, file, bytes, audit_head, error, taken_by) ' +
  "values ('Command', $1, $2, $3, $4, $5, $6, $7, $8)";

export function commandRunParams(run: CommandRun): (string | number | null)[] {
  return [
    run.status,
    run.startedAt.toISOString(),
    run.finishedAt.toISOString(),
    run.file,
    run.bytes,
    run.auditHead,
    run.error === null ? null : run.error.slice(0, ERROR_LENGTH),
    run.takenBy,
  ];
}
