/**
 * Starts the server: configuration, database (migrations applied), the first Admin on an empty database, then
 * the HTTP listener. SIGTERM and SIGINT close the listener and the database cleanly.
 */
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { databaseOptionsOf, openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { AuthService } from './services/auth.ts';
import { RateLimit } from './services/rate-limit.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const database: Database = await openDatabase(databaseOptionsOf(config));
  const app = await buildApp({ config, database });
  app.addHook('onClose', async () => {
    await database.close();
  });

  const admin = await new AuthService(database, config.SESSION_TTL_HOURS).bootstrapAdmin({
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
  });
  if (admin?.generatedPassword) {
    app.log.warn(
      `First start: created the Admin account ${admin.email} with the password ${admin.generatedPassword} ` +
        '(shown only this once; change it after signing in, or set ADMIN_EMAIL and ADMIN_PASSWORD before the first start).',
    );
  } else if (admin) {
    app.log.info(`First start: created the Admin account ${admin.email}.`);
  }

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
  void sweepUploads();
  let hours = 0;
  const purge = setInterval(() => {
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
  app.log.info(`Serving the admin at http://localhost:${config.PORT}/ on ${database.kind}.`);
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
