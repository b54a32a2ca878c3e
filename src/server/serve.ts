/**
 * Starts the server: configuration, database (migrations applied), the first Admin on an empty database, then
 * the HTTP listener. SIGTERM and SIGINT close the listener and the database cleanly.
 *
 * With WORKERS above 1 (PostgreSQL only; by default one per core there), this process is the primary of a
 * node:cluster: it migrates and makes the first Admin once, then runs WORKERS server processes that share the port
 * (the primary hands out connections in turn), starts again one that dies, and on SIGTERM or SIGINT closes them all
 * cleanly before it exits. What each remembers is kept right by the database's change notices (db/changes.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import type { ChangeLog } from './db/changes.ts';
import { databaseOptionsOf, openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { AuthService } from './services/auth.ts';
import { backupTar, commandRunParams, pgliteSnapshot, RECORD_COMMAND_RUN, snapshotOf } from './services/backup.ts';
import { BackupSchedule, backupWriter, commandRunOf } from './services/backup-schedule.ts';
import { listenForBackups } from './services/backup-socket.ts';
import { RateLimit } from './services/rate-limit.ts';

/** Creates the first Admin on an empty database and says so (a generated password, this once). */
async function bootstrapAdmin(
  config: Config,
  database: Database,
  log: { info(message: string): void; warn(message: string): void },
): Promise<void> {
  const admin = await new AuthService(database, config.SESSION_TTL_HOURS).bootstrapAdmin({
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.generatedPassword) {
    log.warn(
      `First start: created the Admin account ${admin.email} with the password ${admin.generatedPassword} ` +
        '(shown only this once; change it after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start).',
    );
  } else if (admin) {
    log.info(`First start: created the Admin account ${admin.email}.`);
  }
}

/** The primary's lines, shaped like the workers' (pino's JSON). */
function primaryLog(level: Config['LOG_LEVEL']) {
  const levels = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity } as const;
  const line = (value: number, msg: string, extra: object = {}) => {
    if (value < levels[level]) return;
    const text = JSON.stringify({ level: value, time: Date.now(), pid: process.pid, role: 'primary', ...extra, msg });
    (value >= 50 ? process.stderr : process.stdout).write(`${text}\n`);
  };
  return {
    info: (msg: string, extra?: object) => line(30, msg, extra),
    warn: (msg: string, extra?: object) => line(40, msg, extra),
    error: (msg: string, extra?: object) => line(50, msg, extra),
  };
}

/** How long the workers have to close (their own limit is 10 s) before they are killed. */
const WORKER_CLOSE_MS = 15_000;
/** A worker that dies sooner than this after its start is counted as failing to start. */
const START_GRACE_MS = 30_000;

async function primary(config: Config): Promise<void> {
  const log = primaryLog(config.LOG_LEVEL);
  // Migrations (under their advisory lock) and the first Admin, once, before any worker opens the database.
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await bootstrapAdmin(config, database, log);
  } finally {
    await database.close();
  }

  let closing = false;
  let listening = 0;
  let failedStarts = 0;
  const started = new Map<Worker, number>();
  const fork = (index: number) => {
    const worker = cluster.fork({ WORKER_INDEX: String(index) });
    started.set(worker, Date.now());
    worker.on('message', (message: unknown) => {
      if (message !== 'listening') return;
      failedStarts = 0;
      listening += 1;
      if (listening === config.WORKERS) {
        log.info(
          `Serving the admin at http://localhost:${config.PORT}/ on postgres with ${config.WORKERS} server processes.`,
        );
      }
    });
    worker.on('exit', (code, signal) => {
      const since = started.get(worker) ?? 0;
      started.delete(worker);
      if (closing) return;
      log.error(`Server process ${index} (pid ${worker.process.pid}) stopped (${signal ?? `exit code ${code}`}).`);
      if (Date.now() - since < START_GRACE_MS) failedStarts += 1;
      // Every process failing at its start (a port in use, a wrong setting): stop rather than start them forever.
      if (failedStarts >= config.WORKERS * 2) {
        log.error('The server processes keep failing at their start: stopping.');
        shutdown('failures', 1);
        return;
      }
      setTimeout(() => {
        if (!closing) fork(index);
      }, 1_000).unref();
    });
  };

  const shutdown = (reason: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    log.info(`${reason} received: closing ${started.size} server processes.`);
    const workers = [...started.keys()];
    const force = setTimeout(() => {
      log.error('The server processes took too long to close; killing them.');
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, WORKER_CLOSE_MS);
    force.unref();
    let failed = false;
    Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', (code) => {
              if (code !== 0) failed = true;
              resolve();
            });
            worker.process.kill('SIGTERM');
          }),
      ),
    ).then(() => {
      clearTimeout(force);
      log.info('Closed.');
      process.exit(failed ? 1 : exitCode);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  for (let index = 0; index < config.WORKERS; index++) fork(index);
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.WORKERS > 1) return primary(config);
  // The change feed says in the app's log when it stops or comes back (the app exists a moment after the database).
  const appLog: { current?: ChangeLog } = {};
  const log: ChangeLog = {
    info: (message) => appLog.current?.info(message),
    warn: (object, message) => appLog.current?.warn(object, message),
  };
  const database: Database = await openDatabase({ ...databaseOptionsOf(config), log } as ReturnType<
    typeof databaseOptionsOf
  >);
  // On PGlite, `npm run backup` asks this process for its snapshot through DATA_DIR/backup.sock.
  const pglite = database.pglite;
  const socket = pglite
    ? await listenForBackups(
        config.DATA_DIR,
        () => backupTar(pgliteSnapshot(pglite), { uploadsDir: config.UPLOADS_DIR }),
        log,
        async (sent) => {
          const run = commandRunOf(sent);
          if (run) await pglite.query(RECORD_COMMAND_RUN, commandRunParams(run));
          return run !== undefined;
        },
      )
    : undefined;
  // The server's own backups are written by the backup command in a process of its own (services/backup-child.ts),
  // which on PGlite asks this process through that socket.
  const app = await buildApp({
    config,
    database,
    backupWriter: backupWriter(config, () => snapshotOf(database), !pglite || socket !== undefined),
  });
  appLog.current = {
    info: (message) => app.log.info(message),
    warn: (object, message) => app.log.warn(object, message),
  };
  app.addHook('onClose', async () => {
    await database.close();
  });
  if (socket) app.addHook('onClose', () => socket.close());
  // Worker of a cluster: the primary made the first Admin already.
  if (cluster.isPrimary) {
    await bootstrapAdmin(config, database, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  }
  /** The periodic work (purges, the upload sweep) runs in one process of a cluster: the first. */
  const housekeeping = cluster.isPrimary || process.env.WORKER_INDEX === '0';

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: closing.`);
    const force = setTimeout(() => {
      app.log.error('Shutdown took too long; exiting.');
      process.exit(1);
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // Files that no record names (a crash between a commit and a file's removal; uploads whose form was never saved).
  const sweepUploads = () =>
    app.services.uploads
      .sweep()
      .then(({ waiting, unrecorded }) => {
        if (waiting + unrecorded > 0) app.log.info({ waiting, unrecorded }, 'removed files that no record names');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'upload sweep failed'));
  if (housekeeping) void sweepUploads();
  // The daily backup and its alerts (services/backup-schedule.ts): planned by one process of a cluster; of several
  // machines, the database decides which one takes each day's.
  if (housekeeping) {
    const schedule = new BackupSchedule({
      database,
      config,
      write: app.services.backupWriter,
      notifications: app.services.notifications,
      mail: app.services.mail,
      log: { info: (m) => app.log.info(m), warn: (o, m) => app.log.warn(o, m) },
    });
    schedule.start();
    app.addHook('onClose', () => schedule.stop());
  }
  let hours = 0;
  const purge = setInterval(() => {
    if (!housekeeping) return;
    if (++hours % 24 === 0) void sweepUploads();
    app.services.auth
      .purgeExpiredSessions()
      .catch((error: unknown) => app.log.warn({ err: error }, 'session purge failed'));
    app.services.auth.throttle
      .purge()
      .then(() => RateLimit.purge(database))
      .catch((error: unknown) => app.log.warn({ err: error }, 'sign-in throttle purge failed'));
    app.services.mail
      .forgetExpiredSecrets()
      .catch((error: unknown) => app.log.warn({ err: error }, 'clearing expired email secrets failed'));
  }, 3_600_000);
  purge.unref();

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    await app.close();
    throw error;
  }
  if (cluster.isWorker) {
    process.send?.('listening');
    app.log.info(`Server process ${process.env.WORKER_INDEX} listening on port ${config.PORT}.`);
  } else {
    app.log.info(`Serving the admin at http://localhost:${config.PORT}/ on ${database.kind}.`);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`The port is already in use: ${(error as Error).message}. Set PORT to another port.`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
