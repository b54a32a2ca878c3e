// engines: pglite, postgres — backups read and write each engine's databases themselves, and across the two
/**
 * Backups (`npm run backup`, `npm run restore`; src/server/services/backup*.ts): a database with every resource
 * filled (uploads, receipts, emails waiting with their PDF, audit entries and a note) is backed up, restored into
 * empty databases of both engines, and each restored server answers every list, record, file and receipt exactly
 * as the source did; the audit chain verifies up to the head recorded at the backup; receipt numbering goes on
 * without a gap or a duplicate. Faults: a flipped byte and a cut archive are refused with nothing changed, a
 * non-empty target is refused (and with --replace kept aside), a backup killed mid-way leaves no archive that looks
 * complete, a full disk says so and keeps the earlier archives; on PGlite, `npm run backup` reaches the running
 * server through its socket while it goes on answering.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createReadStream, existsSync, watch, writeFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath, resources, SINGLETON_ID } from '../../src/resources/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { verifyAuditChain } from '../../src/server/db/audit-chain.ts';
import { openDatabase, rowsOf, type Database } from '../../src/server/db/client.ts';
import { backupRuns } from '../../src/server/db/schema.ts';
import { readArchive, type ArchiveKeys } from '../../src/server/services/backup-archive.ts';
import {
  BACKUP_NAME,
  backupTar,
  pgliteSnapshot,
  postgresSnapshot,
  writeBackup,
  type BackupResult,
} from '../../src/server/services/backup.ts';
import { restoreArchive, type RestoreTarget } from '../../src/server/services/backup-restore.ts';
import { recordThroughServer } from '../../src/server/services/backup-socket.ts';
import {
  archivesToPrune,
  BackupSchedule,
  backupWriter,
  dueSlot,
  nextMoment,
  type ScheduleOptions,
} from '../../src/server/services/backup-schedule.ts';
import { ADMIN, pgliteFromTemplate, startTestApp, type TestApp } from '../helpers/app.ts';
import { createRecord, fullBody, SAMPLE_FILES } from '../helpers/declared.ts';

const onPostgres = process.env.TEST_DB === 'postgres';
const postgresUrl = process.env.TEST_DATABASE_URL;
const KEYS: ArchiveKeys = { passphrase: 'a passphrase for the tests' };

let t: TestApp;
let work: string;
let archive: BackupResult;
/** The same, unencrypted (gzip alone). */
let plain: BackupResult;
const dropDatabases: string[] = [];

/** A new empty database on the PostgreSQL server of the tests (dropped at the end). */
async function emptyPostgres(): Promise<string> {
  const name = `test_restore_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  dropDatabases.push(name);
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A target of the given engine, empty, and its uploads directory. */
async function emptyTarget(engine: 'pglite' | 'postgres'): Promise<{ target: RestoreTarget; uploadsDir: string }> {
  const dir = await mkdtemp(join(work, `${engine}-`));
  return {
    target: engine === 'postgres' ? { kind: 'postgres', url: await emptyPostgres() } : { kind: 'pglite', dataDir: dir },
    uploadsDir: join(dir, 'uploads'),
  };
}

function openTarget(target: RestoreTarget): Promise<Database> {
  return openDatabase(
    target.kind === 'postgres'
      ? { kind: 'postgres', url: target.url, max: 3 }
      : { kind: 'pglite', dataDir: target.dataDir },
  );
}

/** The source's snapshot session, as `npm run backup` takes it on this engine. */
async function snapshotOfSource() {
  return onPostgres ? postgresSnapshot(t.ownerUrl!) : pgliteSnapshot(t.database.pglite!);
}

interface Served {
  get(path: string): Promise<{ status: number; body: unknown; bytes: Buffer; type: string | null }>;
  send(method: string, path: string, body: unknown): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- JSON
  database: Database;
  close(): Promise<void>;
}

/** A server on a restored database and uploads directory; the source's Admin session goes on working there. */
async function serve(target: RestoreTarget, uploadsDir: string): Promise<Served> {
  const database = await openTarget(target);
  const app = await buildApp({
    config: loadConfig({ LOG_LEVEL: 'silent', UPLOADS_DIR: uploadsDir, SESSION_TTL_HOURS: '1' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return clientOf(url, t.token, database, async () => {
    await app.close();
    await database.close();
  });
}

function clientOf(url: string, token: string, database: Database, close: () => Promise<void>): Served {
  return {
    database,
    close,
    async get(path) {
      const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const bytes = Buffer.from(await response.arrayBuffer());
      const type = response.headers.get('content-type');
      let body: unknown;
      if (type?.includes('json')) body = JSON.parse(bytes.toString('utf8'));
      return { status: response.status, body, bytes, type };
    },
    async send(method, path, body) {
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : undefined };
    },
  };
}

const source = (): Served => clientOf(t.url, t.token, t.database, async () => {});

/** Every address whose answer a restore must keep: every list and record, the trail, the files, the receipts. */
async function addressesOf(served: Served): Promise<string[]> {
  const paths = ['/api/v2/audit-logs?range=[0,999]&sort=["id","ASC"]', '/api/v2/outbox?range=[0,999]'];
  const files = new Set<string>();
  for (const resource of resources.filter((r) => r.provider === 'rest')) {
    const base = `/api/v2/${apiPath(resource)}`;
    if (resource.singleton) {
      paths.push(`${base}/${SINGLETON_ID}`);
      continue;
    }
    const list = await served.get(`${base}?range=[0,999]`);
    expect(list.status, base).toBe(200);
    paths.push(`${base}?range=[0,999]`);
    for (const row of list.body as { id: number }[]) {
      paths.push(`${base}/${row.id}`);
      if (resource.name === 'donations' && (row as { receipt_no?: string }).receipt_no) {
        paths.push(`${base}/${row.id}/receipt`, `${base}/${row.id}/receipt.pdf`);
      }
    }
  }
  for (const path of [...paths]) {
    const answer = await served.get(path);
    for (const match of JSON.stringify(answer.body ?? null).matchAll(
      /\/uploads\/(?:images|files)\/[0-9a-f]{32}[.\w-]*/g,
    )) {
      files.add(match[0]);
    }
  }
  return [...paths, ...[...files].sort()];
}

/** The text of a PDF as pdftotext reads it. */
function pdfText(pdf: Buffer): string {
  const file = join(work, `receipt-${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

/** The answers of both servers, address by address, are the same (a PDF made again: the same bytes). */
async function expectSameAnswers(restored: Served): Promise<number> {
  const paths = await addressesOf(source());
  expect(paths.some((p) => p.endsWith('receipt.pdf'))).toBe(true);
  expect(paths.some((p) => p.startsWith('/uploads/images/'))).toBe(true);
  expect(paths.some((p) => p.startsWith('/uploads/files/'))).toBe(true);
  for (const path of paths) {
    const [before, after] = [await source().get(path), await restored.get(path)];
    expect(after.status, path).toBe(before.status);
    expect(before.status, path).toBe(200);
    if (before.body !== undefined) expect(after.body, path).toEqual(before.body);
    else if (path.endsWith('.pdf')) {
      // Made again on request, stamped with the time it was made: the same text, the same size.
      expect(pdfText(after.bytes), path).toBe(pdfText(before.bytes));
      expect(after.bytes.length, path).toBe(before.bytes.length);
    } else expect(after.bytes.equals(before.bytes), path).toBe(true);
  }
  return paths.length;
}

/** What the source holds at its backup: for the checks after the restore. */
let atBackup: { head: { seq: number; hash: string }; lastReceipt: string; rows: number };

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'trust-backup-test-'));
  t = await startTestApp();
  // Every resource filled through the API, with every optional field and an upload in each file field.
  const skip = new Set(['notifications']);
  for (const resource of resources) {
    if (resource.provider !== 'rest' || skip.has(resource.name) || resource.ownedBy || resource.serverWritten) continue;
    const body = await fullBody(t, resource);
    if (resource.singleton) {
      const updated = await t.api('PUT', `/api/v2/${apiPath(resource)}/${SINGLETON_ID}`, { body });
      expect(updated.status, `${resource.name}: ${updated.text}`).toBe(200);
    } else {
      await createRecord(t, resource, body);
    }
  }
  // Receipts: two donations received (numbers issued in the transaction), each emailed with its PDF, waiting in the
  // outbox with the attachment beside it (UPLOADS_DIR/.mail).
  for (const donor of ['किशोर वर्मा', 'Asha Rao']) {
    const created = await t.api('POST', '/api/v2/donations', {
      body: {
        donor_name: donor,
        email: `donor-${randomBytes(3).toString('hex')}@example.org`,
        amount: 250000,
        date: '2026-06-15T06:30:00.000Z',
        status: 'Pending',
      },
    });
    expect(created.status, created.text).toBe(201);
    const marked = await t.api('PUT', `/api/v2/donations/${created.body.id}`, { body: { status: 'Received' } });
    expect(marked.status, marked.text).toBe(200);
  }
  await t.app.services.records.idle();
  // A note that refers to an earlier entry (the trail's own reference).
  const note = await t.api('POST', '/api/v2/audit-logs', {
    body: { module: 'donations', note: 'Checked the ledger.', refers_to_id: 1 },
  });
  expect(note.status, note.text).toBe(201);

  archive = await writeBackup(
    join(work, 'backups'),
    backupTar(await snapshotOfSource(), { uploadsDir: t.app.services.config.UPLOADS_DIR }),
    KEYS,
  );
  plain = await writeBackup(
    join(work, 'plain'),
    backupTar(await snapshotOfSource(), { uploadsDir: t.app.services.config.UPLOADS_DIR }),
    {},
  );
  const chain = await verifyAuditChain(t.database.db);
  if (!chain.intact) throw new Error(chain.problem);
  const receipts = (await t.api('GET', '/api/v2/donations?range=[0,999]&sort=["receipt_no","DESC"]')).body as {
    receipt_no: string | null;
  }[];
  atBackup = {
    head: chain.head,
    lastReceipt: receipts.find((r) => r.receipt_no)!.receipt_no!,
    rows: archive.summary.rows,
  };
}, 600_000);

afterAll(async () => {
  await t?.close();
  if (postgresUrl && dropDatabases.length > 0) {
    const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
    for (const name of dropDatabases)
      await admin.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
  }
  await rm(work, { recursive: true, force: true });
});

/** Restores the archive into an empty target and checks it through the API, the chain and the next receipt. */
async function restoreAndCompare(engine: 'pglite' | 'postgres', options: { filesThere?: boolean } = {}) {
  const { target, uploadsDir } = await emptyTarget(engine);
  // Moving between engines on one machine: UPLOADS_DIR holds the archive's files already, and nothing else.
  if (options.filesThere) await cp(t.app.services.config.UPLOADS_DIR, uploadsDir, { recursive: true });
  const result = await restoreArchive({ archive: archive.path, keys: KEYS, target, uploadsDir });
  expect(result.summary.rows).toBe(atBackup.rows);
  expect(result.keptAside).toEqual({});
  const restored = await serve(target, uploadsDir);
  try {
    expect(await expectSameAnswers(restored)).toBeGreaterThan(60);
    const chain = await verifyAuditChain(restored.database.db, { expect: [atBackup.head] });
    expect(chain).toMatchObject({ intact: true, head: atBackup.head });
    // The next receipt takes the next number of the year, and a new audit entry chains on after the head.
    const created = await restored.send('POST', '/api/v2/donations', {
      donor_name: 'Next Donor',
      amount: 100000,
      date: '2026-07-01T06:30:00.000Z',
      status: 'Pending',
    });
    expect(created.status).toBe(201);
    const marked = await restored.send('PUT', `/api/v2/donations/${created.body.id}`, { status: 'Received' });
    expect(marked.status).toBe(200);
    const [year, last] = atBackup.lastReceipt.split('/') as [string, string];
    expect(marked.body.receipt_no).toBe(`${year}/${String(Number(last) + 1).padStart(last.length, '0')}`);
    const after = await verifyAuditChain(restored.database.db);
    expect(after.intact && after.head.seq).toBeGreaterThan(atBackup.head.seq);
  } finally {
    await restored.close();
  }
  return { target, uploadsDir };
}

/** The same engine's target once restored (then replaced), which the command-line tests go on with. */
let sameEngine: { target: RestoreTarget; uploadsDir: string } | undefined;

describe('npm run backup, then npm run restore', () => {
  it('backs up a full database into one encrypted archive that reads back against its manifest', async () => {
    expect(archive.path).toMatch(/\.tar\.gz\.enc$/);
    const summary = await readArchive(createReadStream(archive.path), KEYS);
    expect(summary.header.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(summary.header.auditHead).toEqual(atBackup.head);
    expect(summary.files).toBeGreaterThan(5);
    expect(summary.manifest.missingFiles).toEqual([]);
    expect(Object.keys(summary.manifest.parts).some((p) => p.startsWith('uploads/.mail/'))).toBe(true);
    // Nothing in the archive is readable without the passphrase.
    const bytes = await readFile(archive.path);
    expect(bytes.includes(Buffer.from(ADMIN.email))).toBe(false);
    await expect(readArchive(createReadStream(archive.path), {})).rejects.toThrow('set BACKUP_PASSPHRASE');
    await expect(
      readArchive(createReadStream(archive.path), { passphrase: 'another passphrase here' }),
    ).rejects.toThrow('or BACKUP_PASSPHRASE is not the passphrase it was made with');

    // Sealed to a public key: only its private key opens it.
    const pair = () =>
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
    const [ours, theirs] = [pair(), pair()];
    const sealed = await writeBackup(
      join(work, 'sealed'),
      backupTar(await snapshotOfSource(), { uploadsDir: t.app.services.config.UPLOADS_DIR }),
      { publicKey: ours.publicKey },
    );
    expect((await readArchive(createReadStream(sealed.path), { privateKey: ours.privateKey })).rows).toBe(summary.rows);
    await expect(readArchive(createReadStream(sealed.path), { privateKey: theirs.privateKey })).rejects.toThrow(
      'encrypted to another public key',
    );
    await expect(readArchive(createReadStream(sealed.path), { passphrase: KEYS.passphrase })).rejects.toThrow(
      'set BACKUP_PRIVATE_KEY',
    );
  });

  it.runIf(onPostgres)(
    'reads PostgreSQL through a backend at the lowest CPU priority, the server going first',
    async () => {
      const session = await snapshotOfSource();
      try {
        const pid = await session.begin(async (tx) => Number((await tx.query('select pg_backend_pid()'))[0]![0]));
        // /proc/<pid>/stat: the fields after "(comm) ", the 19th of which (the 17th after it) is the nice value.
        const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
        expect(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]).toBe('19');
      } finally {
        await session.end();
      }
    },
  );

  it(
    'restores into an empty database of the same engine: every answer the same, the chain whole, numbering on',
    { timeout: 300_000 },
    async () => {
      sameEngine = await restoreAndCompare(onPostgres ? 'postgres' : 'pglite');
    },
  );

  it.skipIf(!postgresUrl)(
    'restores across engines (PGlite into PostgreSQL, PostgreSQL into PGlite)',
    { timeout: 300_000 },
    async () => {
      await restoreAndCompare(onPostgres ? 'pglite' : 'postgres', { filesThere: true });
    },
  );

  it('refuses a flipped byte or a cut archive, encrypted or not, changing nothing', { timeout: 300_000 }, async () => {
    // Past the rows (the files come last): the load has begun when the fault is met, and is rolled back.
    const faults: [string, RegExp][] = [];
    for (const [made, ext] of [
      [archive, 'enc'],
      [plain, 'tar.gz'],
    ] as const) {
      const bytes = await readFile(made.path);
      const flipped = Buffer.from(bytes);
      flipped[Math.floor(flipped.length * 0.7)]! ^= 0x20;
      await writeFile(join(work, `flipped.${ext}`), flipped);
      await writeFile(join(work, `cut.${ext}`), bytes.subarray(0, Math.floor(bytes.length * 0.8)));
      faults.push(
        [`flipped.${ext}`, /damaged.*Nothing was changed/],
        [`cut.${ext}`, /incomplete.*cut short.*Nothing was changed/],
      );
    }
    // Each is refused by the check of an archive; two of them, one of each kind of fault, by a restore (the others
    // take the same path of the load and would cost a database each).
    for (const [name, message] of faults) {
      await expect(readArchive(createReadStream(join(work, name)), KEYS), name).rejects.toThrow(
        new RegExp(message.source.replace('.*Nothing was changed', '')),
      );
    }
    // And a whole archive into an empty database with an uploads directory holding another installation's file.
    await writeFile(join(work, 'whole.enc'), await readFile(archive.path));
    const foreign = [
      'whole.enc',
      /uploads directory .* is not empty: it holds 1 file the archive does not have .*Nothing was changed/,
    ] as const;
    for (const [name, message] of [faults[0]!, faults[3]!, foreign]) {
      const { target, uploadsDir } = await emptyTarget(onPostgres ? 'postgres' : 'pglite');
      const stranger = join(uploadsDir, 'images', `${'f'.repeat(32)}.png`);
      if (name === 'whole.enc') {
        await mkdir(join(uploadsDir, 'images'), { recursive: true });
        await writeFile(stranger, 'not ours');
      }
      await expect(
        restoreArchive({ archive: join(work, name), keys: KEYS, target, uploadsDir, createPglite: pgliteFromTemplate }),
        name,
      ).rejects.toThrow(message);
      // Nothing changed: no table, no file.
      if (target.kind === 'pglite') expect(existsSync(join(target.dataDir, 'pgdata')), name).toBe(false);
      else {
        const client = postgres(target.url, { max: 1, onnotice: () => {} });
        const [row] = await client`select count(*)::int as n from pg_class where relnamespace = 'public'::regnamespace`;
        await client.end();
        expect(row!.n, name).toBe(0);
      }
      expect(
        (await readdir(uploadsDir, { recursive: true }).catch(() => [])).filter((f) => !f.startsWith('.')),
        name,
      ).toEqual(name === 'whole.enc' ? ['images', `images/${'f'.repeat(32)}.png`] : []);
    }
  });

  it(
    'refuses a target that holds data unless told to replace it, and then keeps the old data aside',
    { timeout: 300_000 },
    async () => {
      const { target, uploadsDir } = sameEngine!;
      const before = await serve(target, uploadsDir);
      const extra = await before.send('POST', '/api/v2/departments', {
        department_name: 'Kept aside',
        description: 'Written after the restore.',
      });
      expect(extra.status).toBe(201);
      // Refused while a server has the database open.
      await expect(
        restoreArchive({ archive: archive.path, keys: KEYS, target, uploadsDir, replace: true }),
      ).rejects.toThrow(
        /(A server is connected to this database|stop the server, then restore).*Nothing was changed\./,
      );
      await before.close();
      const stranger = join(uploadsDir, 'files', `${'e'.repeat(32)}.pdf`);
      await writeFile(stranger, SAMPLE_FILES.pdf);
      await expect(restoreArchive({ archive: archive.path, keys: KEYS, target, uploadsDir })).rejects.toThrow(
        /is not empty \(\d+ accounts and \d+ audit entries\): nothing was changed.*--replace/,
      );
      const department = async () => {
        const database = await openTarget(target);
        try {
          return rowsOf(await database.db.execute(sql`select id from departments where id = ${extra.body.id}`));
        } finally {
          await database.close();
        }
      };
      expect(await department()).toHaveLength(1);

      const replaced = await restoreArchive({
        archive: archive.path,
        keys: KEYS,
        target,
        uploadsDir,
        replace: true,
        createPglite: pgliteFromTemplate,
      });
      expect(replaced.keptAside.uploads).toMatch(/\.before-restore-\d{8}_\d{6}$/);
      expect(replaced.keptAside.database).toMatch(
        target.kind === 'postgres' ? /^schema before_restore_\d{8}_\d{6}/ : /pgdata\.before-restore-\d{8}_\d{6}$/,
      );
      expect(await department()).toHaveLength(0);
      expect(existsSync(stranger)).toBe(false);
      expect(existsSync(join(replaced.keptAside.uploads!, 'files', `${'e'.repeat(32)}.pdf`))).toBe(true);
      // The old data is there to read: the department written after the first restore.
      if (target.kind === 'postgres') {
        const client = postgres(target.url, { max: 1, onnotice: () => {} });
        const schema = replaced.keptAside.database!.split(' ')[1]!;
        const rows = await client.unsafe(
          `select department_name from "${schema}".departments where id = ${Number(extra.body.id)}`,
        );
        await client.end();
        expect(rows[0]?.department_name).toBe('Kept aside');
      } else {
        expect(existsSync(join(replaced.keptAside.database!, 'PG_VERSION'))).toBe(true);
      }
    },
  );
});

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

/** Runs a script of the project as `npm run` does, with the given environment, in a shell line when asked. */
function script(
  env: Record<string, string>,
  line: string,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', line], { env: { ...process.env, ...env, NODE: process.execPath }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

const archivesIn = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((n) => BACKUP_NAME.test(n)).sort();
const partialsIn = async (dir: string) =>
  (await readdir(dir).catch(() => [] as string[])).filter((n) => n.includes('.partial-'));

describe('npm run backup on the command line', () => {
  let env: Record<string, string>;
  let server: ChildProcess | undefined;
  let serverUrl: string;
  /** What the server process has written to its log. */
  let serverLog = '';
  let backupDir: string;

  beforeAll(async () => {
    backupDir = join(work, 'command-backups');
    if (onPostgres) {
      // A server process on this file's database, which the command reads a snapshot of on its own connection.
      env = { DATABASE_URL: t.ownerUrl!, UPLOADS_DIR: t.app.services.config.UPLOADS_DIR, BACKUP_DIR: backupDir };
    } else {
      // A server process on a PGlite directory (the archive restored there), which the command must ask.
      // The one restored and replaced above, or one restored here when those tests did not run.
      let restored = sameEngine;
      if (!restored) {
        restored = await emptyTarget('pglite');
        await restoreArchive({ archive: archive.path, keys: KEYS, ...restored, createPglite: pgliteFromTemplate });
      }
      const { target, uploadsDir } = restored;
      const dataDir = (target as { dataDir: string }).dataDir;
      env = { DATA_DIR: dataDir, UPLOADS_DIR: uploadsDir, BACKUP_DIR: backupDir, DATABASE_URL: '' };
    }
    const port = await freePort();
    server = spawn(process.execPath, ['src/server/main.ts'], {
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout!.on('data', (chunk) => (serverLog += chunk));
    server.stderr!.on('data', (chunk) => (serverLog += chunk));
    // Up to 100 s: a server starting beside the rest of CI has taken over 30 s (database.test.ts).
    for (let i = 0; i < 2000 && !serverLog.includes('Serving the admin'); i++) {
      if (server.exitCode !== null) throw new Error(`The server did not start: ${serverLog}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (!serverLog.includes('Serving the admin')) throw new Error(`The server did not start in 100 s: ${serverLog}`);
    serverUrl = `http://127.0.0.1:${port}`;
    // A large attachment of an email waiting in the outbox, so that a backup takes long enough to be cut.
    const mail = join(env.UPLOADS_DIR!, '.mail');
    const [email] = await readdir(mail);
    await writeFile(join(mail, email!, '9-statement.pdf'), randomBytes(12 * 1024 * 1024));
  }, 300_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  });

  /** The latest backup run the dashboard's card shows the Admin (the server the command backs up). */
  async function lastRun(): Promise<Record<string, unknown>> {
    const response = await fetch(`${serverUrl}/api/v2/backups/status`, {
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { last: Record<string, unknown> }).last;
  }

  /** The server answers within its usual time all along (PGlite: it takes the snapshot itself). */
  async function healthMeanwhile<T>(work: Promise<T>): Promise<{ result: T; slowest: number }> {
    let slowest = 0;
    let done = false;
    const polling = (async () => {
      while (!done) {
        const started = performance.now();
        const response = await fetch(`${serverUrl}/api/health`);
        expect(response.status).toBe(200);
        slowest = Math.max(slowest, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const result = await work.finally(() => (done = true));
    await polling;
    return { result, slowest };
  }

  it(
    'writes a verified archive while the server runs, and one killed mid-way leaves none that looks complete',
    { timeout: 300_000 },
    async () => {
      const { result: first, slowest } = await healthMeanwhile(script(env, '"$NODE" scripts/backup.ts'));
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toMatch(
        onPostgres ? /Backup written: .*\n {2}PostgreSQL;/ : /\n {2}PGlite, taken by the running server;/,
      );
      expect(first.stdout).toContain(`Audit trail head `);
      expect(slowest).toBeLessThan(5_000);
      const [written] = await archivesIn(backupDir);
      expect(written).toBeDefined();
      // The dashboard's card shows the command's backup as the last one.
      const head = /Audit trail head (\d+:[0-9a-f]{64})/.exec(first.stdout)![1];
      expect(await lastRun()).toMatchObject({
        kind: 'Command',
        status: 'Succeeded',
        file: written,
        bytes: (await stat(join(backupDir, written!))).size,
        auditHead: head,
        error: null,
      });

      // Killed as soon as its temporary file appears: no archive is added, the temporary one is left to be removed.
      const child = spawn(process.execPath, ['scripts/backup.ts'], {
        env: { ...process.env, ...env },
        stdio: 'ignore',
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve) => {
        const watcher = watch(backupDir, (_event, name) => {
          if (name?.includes('.partial-')) {
            child.kill('SIGKILL');
            watcher.close();
            resolve();
          }
        });
      });
      await exited;
      expect(await archivesIn(backupDir)).toEqual([written]);
      expect(await partialsIn(backupDir)).toHaveLength(1);
      expect((await fetch(`${serverUrl}/api/health`)).status).toBe(200);

      // The next backup works (the server's snapshot of the killed one ended) and removes the leftover.
      const next = await script(env, '"$NODE" scripts/backup.ts');
      expect(next.status, next.stderr).toBe(0);
      expect(await partialsIn(backupDir)).toEqual([]);
      expect(await archivesIn(backupDir)).toHaveLength(2);
    },
  );

  it.skipIf(onPostgres)('the running server records only a run it understands, sent on its socket', async () => {
    const before = await lastRun();
    const dataDir = env.DATA_DIR!;
    const refused = 'The run was not understood: are the command and the server of one version?';
    expect(await recordThroughServer(dataDir, { status: 'Done' })).toBe(refused);
    const run = {
      status: 'Succeeded',
      startedAt: new Date().toISOString(),
      finishedAt: new Date().toISOString(),
      file: '../../etc/passwd',
      bytes: 1,
      auditHead: null,
      error: null,
      takenBy: 'here:1',
    };
    expect(await recordThroughServer(dataDir, run)).toBe(refused);
    expect(await recordThroughServer(dataDir, { ...run, file: null, error: 'x'.repeat(20_000) })).toMatch(
      /^the server did not answer/,
    );
    expect(await lastRun()).toEqual(before);
    expect((await fetch(`${serverUrl}/api/health`)).status).toBe(200);
  });

  it(
    'says the disk is full and keeps the earlier archives when the archive cannot be written',
    { timeout: 300_000 },
    async () => {
      const before = await archivesIn(backupDir);
      const sizes = await Promise.all(before.map(async (name) => (await stat(join(backupDir, name))).size));
      // A limit on the size of the files the command writes (RLIMIT_FSIZE), its signal ignored: writes past it fail
      // with EFBIG as they do with ENOSPC on a full disk.
      const full = await script(env, `trap '' XFSZ; ulimit -f ${4 * 1024}; exec "$NODE" scripts/backup.ts`);
      expect(full.status).toBe(1);
      expect(full.stderr).toMatch(
        /The backup failed: The backup could not be written in .*: the disk is full or the file would be larger than allowed \(EFBIG\)\. Nothing of it was kept; earlier archives are untouched\./,
      );
      expect(await archivesIn(backupDir)).toEqual(before);
      expect(await Promise.all(before.map(async (name) => (await stat(join(backupDir, name))).size))).toEqual(sizes);
      // The card says the last backup failed, and why.
      const last = await lastRun();
      expect(last).toMatchObject({ kind: 'Command', status: 'Failed', file: null });
      expect(last.error).toMatch(/^The backup failed: The backup could not be written in .*\(EFBIG\)/);
      expect(await partialsIn(backupDir)).toEqual([]);
      expect((await fetch(`${serverUrl}/api/health`)).status).toBe(200);
    },
  );

  it(
    "writes the server's own backups by the backup command, in a process of its own",
    { timeout: 300_000 },
    async () => {
      const before = await archivesIn(backupDir);
      const { result: run, slowest } = await healthMeanwhile(
        (async () => {
          const started = await fetch(`${serverUrl}/api/v2/backups`, {
            method: 'POST',
            headers: { authorization: `Bearer ${t.token}` },
          });
          expect(started.status, await started.clone().text()).toBe(202);
          const { id } = (await started.json()) as { id: number };
          for (let i = 0; i < 1200; i++) {
            const last = await lastRun();
            if (last.id === id && last.status !== 'Running') return last;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
          throw new Error('The backup did not finish.');
        })(),
      );
      expect(run).toMatchObject({ kind: 'Admin', status: 'Succeeded', error: null });
      expect(await archivesIn(backupDir)).toEqual([...before, run.file].sort());
      expect(slowest).toBeLessThan(5_000);
      // Written by another process than the server's (scripts/backup.ts, which lowers its own priority).
      const line = serverLog
        .split('\n')
        .find((text) => text.includes(String(run.file)) && text.includes('was written by'));
      const pid = Number(/by the backup command \(process (\d+), at the lowest CPU priority\)/.exec(line ?? '')?.[1]);
      expect(pid, serverLog.slice(-2000)).toBeGreaterThan(0);
      expect(pid).not.toBe(server!.pid);
      // It reads back whole, of this server's engine.
      const read = await readArchive(createReadStream(join(backupDir, String(run.file))), {});
      expect(read.header.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    },
  );

  it.skipIf(onPostgres)(
    "the README's Backups lines as written: a backup while the server runs, then a restore onto a new disk",
    { timeout: 300_000 },
    async () => {
      const readme = await readFile('README.md', 'utf8');
      const section = /\n## Backups\n([\s\S]*?)\n## /.exec(readme)![1]!;
      expect(
        section
          .trim()
          .split('\n')
          .filter((line) => line.trim() !== '').length,
      ).toBeLessThanOrEqual(5);
      const lines = /```sh\n([\s\S]*?)```/
        .exec(section)![1]!
        .trim()
        .split('\n')
        .map((line) => line.replace(/\s+#.*$/, ''));
      expect(lines).toHaveLength(2);
      // A clone of the project whose data directory (./data, the default) is the running server's.
      const clone = await mkdtemp(join(work, 'clone-'));
      for (const name of ['package.json', 'node_modules', 'src', 'scripts', 'drizzle']) {
        await symlink(join(process.cwd(), name), join(clone, name));
      }
      await symlink(env.DATA_DIR!, join(clone, 'data'));
      const clean = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !/^(DATA_DIR|UPLOADS_DIR|BACKUP_|DATABASE_)/.test(name)),
      );
      const run = (line: string) =>
        new Promise<{ status: number | null; output: string }>((resolve) => {
          const child = spawn('sh', ['-c', line], { cwd: clone, env: clean, stdio: 'pipe' });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('exit', (status) => resolve({ status, output }));
        });

      const backup = await run(lines[0]!);
      expect(backup.status, backup.output).toBe(0);
      expect(backup.output).toContain('PGlite, taken by the running server');
      const head = /Audit trail head (\d+):([0-9a-f]{64})/.exec(backup.output)!;
      const written = /Backup written: (\S+) /.exec(backup.output)![1]!;

      // The disk is lost but for the backups: the server stops, its database and files go.
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server!.kill('SIGTERM');
      await exited;
      await rm(join(env.DATA_DIR!, 'pgdata'), { recursive: true, force: true });
      await rm(env.UPLOADS_DIR!, { recursive: true, force: true });

      const restore = await run(lines[1]!);
      expect(restore.status, restore.output).toBe(0);
      expect(restore.output).toContain(`The newest archive in data/backups: ${written.split('/').pop()}`);
      const database = await openDatabase({ kind: 'pglite', dataDir: env.DATA_DIR! });
      try {
        expect(await verifyAuditChain(database.db)).toMatchObject({
          intact: true,
          head: { seq: Number(head[1]), hash: head[2] },
        });
      } finally {
        await database.close();
      }
      expect((await readdir(join(env.UPLOADS_DIR!, 'images'))).length).toBeGreaterThan(0);
    },
  );
});

describe('the daily backup of the server', () => {
  const dir = () => join(work, 'scheduled');
  const config = (overrides: Partial<ScheduleOptions['config']> = {}): ScheduleOptions['config'] => ({
    BACKUP_TIME: '02:00',
    BACKUP_DIR: dir(),
    BACKUP_KEEP_DAILY: 7,
    BACKUP_KEEP_MONTHLY: 12,
    BACKUP_PASSPHRASE: undefined,
    BACKUP_PUBLIC_KEY: undefined,
    TRUST_TIMEZONE: 'Asia/Kolkata',
    UPLOADS_DIR: t.app.services.config.UPLOADS_DIR,
    ...overrides,
  });
  let clock = new Date();
  const schedule = (overrides: Partial<ScheduleOptions['config']> = {}) =>
    new BackupSchedule({
      database: t.database,
      config: config(overrides),
      write: backupWriter(config(overrides), snapshotOfSource),
      notifications: t.app.services.notifications,
      mail: t.app.services.mail,
      log: { info: () => {}, warn: () => {} },
      now: () => clock,
    });

  // On PostgreSQL the command-line tests above backed up this database, and recorded their runs in it: the schedule
  // starts from none.
  beforeAll(async () => {
    await t.database.db.delete(backupRuns);
  });

  it('plans at the time of day in the trust’s zone, and keeps the newest of each last day and month', () => {
    // 02:00 in Kolkata is 20:30 UTC the day before.
    expect(dueSlot(new Date('2026-11-20T20:29:00Z'), '02:00', 'Asia/Kolkata')).toEqual({
      slot: '2026-11-20',
      at: new Date('2026-11-19T20:30:00Z'),
    });
    expect(dueSlot(new Date('2026-11-20T20:30:00Z'), '02:00', 'Asia/Kolkata').slot).toBe('2026-11-21');
    expect(nextMoment(new Date('2026-11-20T20:29:00Z'), '02:00', 'Asia/Kolkata')).toEqual(
      new Date('2026-11-20T20:30:00Z'),
    );
    const names = [
      'trust-backup-2026-11-20T203000Z.tar.gz', // 21 Nov in Kolkata
      'trust-backup-2026-11-20T100000Z.tar.gz', // 20 Nov, the later of two
      'trust-backup-2026-11-20T080000Z.tar.gz.enc',
      'trust-backup-2026-11-19T203000Z.tar.gz', // 20 Nov too (02:00 in Kolkata)
      'trust-backup-2026-11-18T203000Z.tar.gz', // 19 Nov
      'trust-backup-2026-10-31T203000Z.tar.gz', // 1 Nov
      'trust-backup-2026-10-20T203000Z.tar.gz', // 21 Oct
      'trust-backup-2026-10-10T203000Z.tar.gz', // 11 Oct
      'trust-backup-2026-09-05T203000Z.tar.gz', // 6 Sep
      'notes.txt',
    ];
    expect(archivesToPrune(names, 2, 3, 'Asia/Kolkata').sort()).toEqual(
      [
        'trust-backup-2026-11-20T080000Z.tar.gz.enc',
        'trust-backup-2026-11-19T203000Z.tar.gz',
        'trust-backup-2026-11-18T203000Z.tar.gz',
        'trust-backup-2026-10-31T203000Z.tar.gz',
        'trust-backup-2026-10-10T203000Z.tar.gz',
      ].sort(),
    );
  });

  it(
    'takes each day’s backup in one process of several, and tells the Admins when one fails or none succeeds for 36 hours',
    { timeout: 300_000 },
    async () => {
      // Two processes' schedules on one database, both due at once: one takes it.
      clock = new Date(Date.now() - 40 * 60 * 60 * 1000);
      const [first, second] = [schedule(), schedule()];
      const runs = await Promise.all([first.runDue(), second.runDue()]);
      const taken = runs.filter((run) => run !== undefined);
      expect(taken).toHaveLength(1);
      expect(taken[0]).toMatchObject({ kind: 'Scheduled', status: 'Succeeded', error: null });
      expect(await archivesIn(dir())).toEqual([taken[0]!.file]);
      expect(await first.runDue()).toBeUndefined();

      // The card's source: Admins only.
      const status = await t.api('GET', '/api/v2/backups/status');
      expect(status.status).toBe(200);
      expect(status.body).toMatchObject({
        schedule: { time: '02:00', timeZone: 'Asia/Kolkata' },
        last: { status: 'Succeeded', file: taken[0]!.file },
        lastSucceeded: { status: 'Succeeded' },
        missing: true,
      });
      const clerk = await t.employee();
      expect((await t.api('GET', '/api/v2/backups/status', { token: clerk.token })).status).toBe(403);

      // 40 hours later nothing more has succeeded: told once, with an email to each Admin.
      clock = new Date();
      expect(await first.checkMissing()).toBe(true);
      expect(await second.checkMissing()).toBe(false);
      const notices = await t.api('GET', '/api/v2/notifications?range=[0,9]&sort=["id","DESC"]');
      expect(notices.body[0]).toMatchObject({
        type: 'Backup',
        message: expect.stringMatching(/^No backup has succeeded since /),
      });
      const outbox = await t.api('GET', '/api/v2/outbox?range=[0,9]&sort=["id","DESC"]');
      expect(outbox.body[0]).toMatchObject({ to_address: ADMIN.email, subject: 'No backup for 36 hours' });

      // A backup that cannot be written (BACKUP_DIR is a file): Failed, with its reason, told.
      const blocked = join(work, 'not-a-directory');
      await writeFile(blocked, 'a file');
      const failed = await schedule({ BACKUP_DIR: blocked }).runSlot('2026-12-01');
      expect(failed).toMatchObject({
        status: 'Failed',
        error: expect.stringMatching(/could not be written|ENOTDIR|EEXIST/),
      });
      const told = await t.api('GET', '/api/v2/notifications?range=[0,9]&sort=["id","DESC"]');
      expect(told.body[0]).toMatchObject({
        type: 'Backup',
        message: expect.stringMatching(/^The backup of 2026-12-01 failed: /),
      });
      const mailed = await t.api('GET', '/api/v2/outbox?range=[0,9]&sort=["id","DESC"]');
      expect(mailed.body[0]).toMatchObject({ to_address: ADMIN.email, subject: 'Backup of 2026-12-01 failed' });
      expect((await t.api('GET', '/api/v2/backups/status')).body.last).toMatchObject({
        status: 'Failed',
        slot: '2026-12-01',
      });
    },
  );

  it('lets an Admin take one now and download it, each audited, one at a time', { timeout: 300_000 }, async () => {
    // While a backup is under way, another is refused.
    const [running] = await t.database.db
      .insert(backupRuns)
      .values({ kind: 'Admin', status: 'Running', taken_by: 'elsewhere:1' })
      .returning();
    const refused = await t.api('POST', '/api/v2/backups');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A backup is being taken already; wait until it is done.');
    await t.database.db.delete(backupRuns).where(eq(backupRuns.id, running!.id));

    const clerk = await t.employee();
    expect((await t.api('POST', '/api/v2/backups', { token: clerk.token })).status).toBe(403);
    const started = await t.api('POST', '/api/v2/backups');
    expect(started.status, started.text).toBe(202);
    expect(started.body).toMatchObject({ kind: 'Admin', status: 'Running' });
    let last: { id: number; status: string; file: string } | undefined;
    for (let i = 0; i < 600; i++) {
      last = (await t.api('GET', '/api/v2/backups/status')).body.last;
      if (last && last.id === started.body.id && last.status !== 'Running') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(last).toMatchObject({ id: started.body.id, status: 'Succeeded' });

    const path = `/api/v2/backups/${started.body.id}/download`;
    expect((await t.api('GET', path, { token: clerk.token })).status).toBe(403);
    const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${t.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="${last!.file}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await readFile(join(t.app.services.config.BACKUP_DIR, last!.file)))).toBe(true);
    expect((await readArchive(Readable.from([bytes]), {})).header.engine).toBe(onPostgres ? 'postgres' : 'pglite');
    expect((await t.api('GET', '/api/v2/backups/999999/download')).status).toBe(404);

    const filter = encodeURIComponent(JSON.stringify({ module: 'backups', record_id: started.body.id }));
    const trail = await t.api('GET', `/api/v2/audit-logs?filter=${filter}&sort=["id","ASC"]&range=[0,9]`);
    expect(trail.body.map((entry: { action_type: string }) => entry.action_type)).toEqual(['Create', 'Note']);
    expect(trail.body[1].details.note).toBe(`Downloaded the backup archive ${last!.file}.`);
  });
});
