/**
 * The server's own backups (the daily one and an Admin's) written by `scripts/backup.ts` in a process of its own,
 * as `npm run backup` writes them: the rows as JSON lines, gzip, encryption, two checksum passes and the read-back
 * cost a core for the whole backup, and in the server's process they would share its event loop with every request.
 * The command runs its threads, and on PostgreSQL its snapshot's backend, at the lowest CPU priority
 * (docs/performance.md, Backups; docs/decisions.md, "The server's backups run as the command").
 *
 * - PostgreSQL: the command reads its own snapshot, as on the command line.
 * - PGlite: the database is in the server's process, which the command asks through DATA_DIR/backup.sock
 *   (backup-socket.ts): the server reads the rows, the command does the rest.
 *
 * The command inherits the server's environment, so it reads the same configuration (config.ts); the server's
 * database row of the run is the server's (backup-schedule.ts), and the command sends back only what it wrote.
 */
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BackupError } from './backup.ts';

/** What the command sends back once its archive is written and verified. */
export interface BackupChildResult {
  path: string;
  bytes: number;
  /** `seq:hash` of the audit chain's head the archive holds. */
  auditHead: string;
}

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../../../scripts/backup.ts');
/** The most of the command's own words kept for the run's error. */
const STDERR_LIMIT = 4000;

function isResult(value: unknown): value is BackupChildResult {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.path === 'string' &&
    typeof v.bytes === 'number' &&
    typeof v.auditHead === 'string'
  );
}

/**
 * Runs the backup command into `dir`, its archive named for `at`; answers what it wrote with its process id, or
 * fails with the command's own sentence. `signal` stops it (the server closing): its temporary file is then left for
 * the next backup to remove, and no archive appears.
 */
export function backupInChild(
  dir: string,
  at: Date,
  signal?: AbortSignal,
): Promise<BackupChildResult & { pid: number | undefined }> {
  return new Promise((resolve, reject) => {
    const child = fork(SCRIPT, ['--report', '--dir', dir, '--at', at.toISOString()], {
      // The command's own heap settings (package.json, "backup"); the server's flags are not its.
      execArgv: ['--max-semi-space-size=2'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      signal,
    });
    let result: BackupChildResult | undefined;
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => {
      if (stderr.length < STDERR_LIMIT) stderr += text;
    });
    child.on('message', (message) => {
      if (isResult(message)) result = message;
    });
    child.once('error', (error) => {
      if (error.name === 'AbortError') reject(new BackupError('The backup was stopped: the server was closing.'));
      else reject(error);
    });
    child.once('exit', (code, killed) => {
      if (code === 0 && result) return resolve({ ...result, pid: child.pid });
      if (signal?.aborted) return; // the 'error' above said why
      const said = stderr.trim().replace(/^The backup failed: /, '');
      reject(
        new BackupError(
          said || `The backup command stopped ${killed ? `on ${killed}` : `with status ${code}`} without a word.`,
        ),
      );
    });
  });
}
