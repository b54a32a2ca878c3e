/**
 * `npm run backup [-- --dir <directory>]`: writes one archive of the database and the uploaded files it names into
 * BACKUP_DIR (default DATA_DIR/backups), while the server runs (services/backup.ts; docs/operations.md, Backups).
 * Encrypted when BACKUP_PASSPHRASE or BACKUP_PUBLIC_KEY is set. Prints the archive's path and the audit trail's
 * head, to be recorded off the machine. Exit 0 once the archive is written and verified, 1 otherwise (and then no
 * archive appears; earlier ones are untouched).
 *
 * - PostgreSQL: reads its snapshot on a connection of its own, as DATABASE_OWNER_URL when set (the server's own
 *   role may not read the audit chain's head), otherwise as DATABASE_URL.
 * - PGlite: asks the running server through DATA_DIR/backup.sock; with no server running, opens DATA_DIR itself.
 *
 * Each run, done or failed, is recorded in the database's backup_runs (kind Command) for the dashboard's card: through
 * the same connection or client, or on PGlite through the running server's socket. A run that cannot be recorded
 * says so and keeps its exit status.
 *
 * It gives way to the server it runs beside: its threads run at the lowest CPU priority (gzip and the checksums keep
 * a core busy for the whole backup; docs/performance.md, Backups).
 *
 * The server runs it too, for its daily backup and an Admin's (services/backup-child.ts): then `--report` sends the
 * result to the server over the channel it was started with instead of recording it (the server owns that run's
 * row), `--at` names the archive for the run's time, and the command stops when the server goes away.
 */
import { existsSync, readdirSync } from 'node:fs';
import { constants, hostname, setPriority } from 'node:os';
import { basename, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import { loadConfig } from '../src/server/config.ts';
import { acquireLock, DataDirLockedError, type Lock } from '../src/server/db/lock.ts';
import { encryptionOf } from '../src/server/services/backup-archive.ts';
import { backupFromServer, recordThroughServer } from '../src/server/services/backup-socket.ts';
import type { BackupChildResult } from '../src/server/services/backup-child.ts';
import {
  archiveKeysOf,
  backupTar,
  commandRunParams,
  pgliteSnapshot,
  postgresSnapshot,
  RECORD_COMMAND_RUN,
  sizeText,
  writeBackup,
  type CommandRun,
} from '../src/server/services/backup.ts';

const USAGE = 'Usage: npm run backup [-- --dir <directory>]';

/**
 * Started by the server with `--report` (services/backup-child.ts): sends the archive written back on the channel it
 * was started with. A failure is the exit status and the sentence on stderr, as on the command line.
 */
let report: ((result: BackupChildResult) => Promise<void>) | undefined;
let reported = false;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let dirArgument: string | undefined;
let at: Date | undefined;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  if (arg === '--dir') dirArgument = args[++i] ?? fail(`--dir needs a directory. ${USAGE}`);
  else if (arg.startsWith('--dir=')) dirArgument = arg.slice('--dir='.length);
  else if (arg === '--at' && process.send) at = new Date(args[++i] ?? '');
  else if (arg === '--report' && process.send) {
    const send = process.send.bind(process);
    report = (result) => new Promise((resolve) => send(result, () => resolve()));
    // The server stopped (or was stopped): so does its backup; the temporary file is removed by the next one.
    process.on('disconnect', () => {
      if (!reported) process.exit(1);
    });
  } else fail(arg === '--help' || arg === '-h' ? USAGE : `Unknown argument ${arg}. ${USAGE}`);
}
if (at && Number.isNaN(at.getTime())) fail(`--at needs a time (ISO 8601). ${USAGE}`);

/**
 * Every thread of this process at the lowest CPU priority: on Linux a priority is a thread's, and threads started
 * later (libuv's pool, where gzip runs) take their starter's. Where it cannot be set, the backup runs as it is.
 */
function giveWay(): void {
  let threads = [0];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // Not Linux: the process's priority.
  }
  for (const thread of threads) {
    try {
      setPriority(thread, constants.priority.PRIORITY_LOW);
    } catch {
      // Not allowed: the usual priority.
    }
  }
}
giveWay();

let config;
let keys;
try {
  config = loadConfig();
  keys = archiveKeysOf(config);
} catch (error) {
  fail((error as Error).message);
}
const dir = dirArgument ?? config.BACKUP_DIR;

let cleanup: () => Promise<void> = async () => {};
/** Records the run in the database the backup is of (undefined until that database is reached). */
let record: ((run: CommandRun) => Promise<void>) | undefined;
const startedAt = new Date();
const takenBy = `${hostname()}:${process.pid}`;

/** Records the run; says so in a line when it cannot, without failing the command. */
async function recorded(run: Omit<CommandRun, 'startedAt' | 'finishedAt' | 'takenBy'>): Promise<void> {
  if (!record || report) return;
  try {
    await record({ ...run, startedAt, finishedAt: new Date(), takenBy });
  } catch (error) {
    console.error(`  (The dashboard will not show this run: ${(error as Error).message})`);
  }
}

try {
  let tar: AsyncIterable<Buffer>;
  let how: string;
  if (config.DATABASE_URL) {
    tar = backupTar(await postgresSnapshot(config.DATABASE_OWNER_URL ?? config.DATABASE_URL), {
      uploadsDir: config.UPLOADS_DIR,
    });
    how = 'PostgreSQL';
    const url = config.DATABASE_URL;
    record = async (run) => {
      const sql = postgres(url, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(RECORD_COMMAND_RUN, commandRunParams(run));
      } finally {
        await sql.end({ timeout: 5 });
      }
    };
  } else {
    const pgdata = join(config.DATA_DIR, 'pgdata');
    if (!existsSync(pgdata)) fail(`There is no database in ${config.DATA_DIR} (DATA_DIR): nothing to back up.`);
    const fromServer = await backupFromServer(config.DATA_DIR);
    if (fromServer) {
      tar = fromServer;
      how = 'PGlite, taken by the running server';
      const dataDir = config.DATA_DIR;
      record = async (run) => {
        const refused = await recordThroughServer(dataDir, run);
        if (refused) throw new Error(refused);
      };
    } else {
      let lock: Lock;
      try {
        lock = await acquireLock(config.DATA_DIR);
      } catch (error) {
        if (!(error instanceof DataDirLockedError)) throw error;
        fail(
          `${error.message.split('. ')[0]}, which did not answer on ${join(config.DATA_DIR, 'backup.sock')}: ` +
            'is it a server of this version? Restart it, or stop it and run the backup again.',
        );
      }
      const client = await PGlite.create(pgdata, { extensions: { pg_trgm } });
      cleanup = async () => {
        await client.close().catch(() => {});
        await lock.release();
      };
      tar = backupTar(pgliteSnapshot(client), { uploadsDir: config.UPLOADS_DIR });
      how = 'PGlite, with no server running';
      record = async (run) => {
        await client.query(RECORD_COMMAND_RUN, commandRunParams(run));
      };
    }
  }
  const result = await writeBackup(dir, tar, keys, at);
  const { header, manifest, rows, files, fileBytes } = result.summary;
  await report?.({
    path: result.path,
    bytes: result.bytes,
    auditHead: `${header.auditHead.seq}:${header.auditHead.hash}`,
  });
  await recorded({
    status: 'Succeeded',
    file: basename(result.path),
    bytes: result.bytes,
    auditHead: `${header.auditHead.seq}:${header.auditHead.hash}`,
    error: null,
  });
  console.log(
    `Backup written: ${result.path} (${sizeText(result.bytes)}, ${((Date.now() - startedAt.getTime()) / 1000).toFixed(1)} s).`,
  );
  console.log(
    `  ${how}; ${rows} rows in ${header.tables.length} tables, ${files} files (${sizeText(fileBytes)}); ` +
      `migration ${header.migration.tag}; encryption: ${encryptionOf(keys)}.`,
  );
  console.log(`  Audit trail head ${header.auditHead.seq}:${header.auditHead.hash} (record it off this machine).`);
  if (manifest.missingFiles.length > 0) {
    console.log(
      `  ${manifest.missingFiles.length} file(s) named by the data were not found (removed since, or lost before): ` +
        manifest.missingFiles.slice(0, 5).join(', ') +
        (manifest.missingFiles.length > 5 ? ', …' : ''),
    );
  }
  if (encryptionOf(keys) === 'none') {
    console.log('  Not encrypted: it holds PANs, phone numbers and password hashes. Set BACKUP_PASSPHRASE to encrypt.');
  }
  await cleanup();
  // The channel to the server would keep this process alive.
  reported = true;
  if (report) process.disconnect();
} catch (error) {
  const message = `The backup failed: ${(error as Error).message}`;
  await recorded({ status: 'Failed', file: null, bytes: null, auditHead: null, error: message });
  await cleanup();
  fail(message);
}
