/**
 * Builds the Fastify application from its parts, in order: services, the plugins every request passes through
 * (plugins/app: errors, session cookies, text checks, body limits, authentication, headers; plugins/external:
 * multipart), the routes (routes/, a folder per URL prefix), the API's description, the public website (/web),
 * then the admin app. Nothing happens at import time; tests build the same app on their own database.
 */
import { getTableName } from 'drizzle-orm';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { join } from 'node:path';
import {
  activities,
  checkDeclarations,
  contactMessages,
  donations,
  employees,
  holdsUploads,
  resources,
  taxWordings,
  users,
} from '../resources/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { tableOf } from './db/schema.ts';
import { AppError } from './errors.ts';
import { loggerOptions } from './log.ts';
import { registerAuthentication } from './plugins/app/auth.ts';
import { registerBodyLimits } from './plugins/app/body-limits.ts';
import { registerErrorHandler } from './plugins/app/errors.ts';
import { registerInputText } from './plugins/app/input-text.ts';
import { registerSecurityHeaders } from './plugins/app/security-headers.ts';
import { registerSessionCookies } from './plugins/app/session-cookie.ts';
import { registerMultipart } from './plugins/external/multipart.ts';
import { registerAdminApp } from './plugins/external/static.ts';
import { registerApiDocs } from './plugins/external/swagger.ts';
import { healthRoutes } from './routes/api/health.ts';
import { v1AuthRoutes } from './routes/api/v1/auth.ts';
import { v1ActivityRoutes } from './routes/api/v1/activities.ts';
import { v1CompanyRoutes } from './routes/api/v1/company.ts';
import { employeeBehaviour, v1EmployeeRoutes } from './routes/api/v1/employees.ts';
import { v1RoleRoutes } from './routes/api/v1/roles.ts';
import { v2AuditLogRoutes } from './routes/api/v2/audit-logs.ts';
import { v2BackupRoutes } from './routes/api/v2/backups.ts';
import { v2ImportRoutes } from './routes/api/v2/imports.ts';
import { v2DashboardRoutes } from './routes/api/v2/dashboard.ts';
import { v2ReceiptRoutes } from './routes/api/v2/receipts.ts';
import { v2NotificationRoutes } from './routes/api/v2/notifications.ts';
import { contactMessageBehaviour, v2ContactMessageRoutes } from './routes/api/v2/contact-messages.ts';
import { v2DonationRoutes } from './routes/api/v2/donations.ts';
import { v2ResourceRoutes } from './routes/api/v2/resources.ts';
import { v2OutboxRoutes } from './routes/api/v2/outbox.ts';
import { v2SessionRoutes } from './routes/api/v2/session.ts';
import { v2AccountRequestRoutes } from './routes/api/v2/account-requests.ts';
import { v2EmailChangeRoutes } from './routes/api/v2/email-changes.ts';
import { v2EmployeeRoutes } from './routes/api/v2/employees.ts';
import { v2PasswordLinkRoutes } from './routes/api/v2/password-links.ts';
import { userBehaviour, v2UserRoutes } from './routes/api/v2/users.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { publicFormRoutes } from './routes/api/public/forms.ts';
import { publicReadRoutes } from './routes/api/v2/public.ts';
import { v2UploadRoutes } from './routes/api/v2/uploads.ts';
import { registerPublicSite } from './routes/web/site.ts';
import { activityAccountBehaviour } from './services/activity-accounts.ts';
import { ACCESS_RESOURCES, AccessService } from './services/access.ts';
import { receiptBehaviour, taxWordingBehaviour } from './services/receipts.ts';
import { PublicContent } from './services/public-content.ts';
import { AuthService, forgetSessions, type AccountActivity } from './services/auth.ts';
import { EmailChangeService } from './services/email-change.ts';
import { ACCESS_CHANGING, grantRules, noGainBeyondAuthorOf } from './services/grants.ts';
import { ImageStore } from './services/images.ts';
import { MailService } from './services/mail.ts';
import { NotificationService } from './services/notifications.ts';
import { PasswordResetService, type ResetActivity } from './services/password-reset.ts';
import { RecordService } from './services/records.ts';
import { ImportService } from './services/imports.ts';
import { LocalDirectoryStorage } from './services/storage.ts';
import { UploadService } from './services/uploads.ts';
import { snapshotOf } from './services/backup.ts';
import { backupWriter, type BackupWriter } from './services/backup-schedule.ts';
import type { Services } from './types.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** How long list totals are cached between writes (0 disables). */
  countCacheTtlMs?: number;
  /** How the server's own backups are written; by default in this process (services/backup-schedule.ts). */
  backupWriter?: BackupWriter;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(options.config.LOG_LEVEL),
    bodyLimit: 1024 * 1024,
    trustProxy: false,
    routerOptions: { maxParamLength: 200 },
    // A URL the router cannot decode (`/api/v2/countries/%ZZ`) answers like every other refusal.
    frameworkErrors: (error, _request, reply) => {
      const known = error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_BAD_CHAR_URL';
      return (reply as FastifyReply).status(known ? 400 : (error.statusCode ?? 400)).send({
        success: false,
        message: known ? 'The address is not valid.' : 'The request is not valid.',
        code: 'BAD_REQUEST',
      });
    },
    // Request lines are logged at debug and trace only; errors are always logged.
    logController: new LogController({
      disableRequestLogging: options.config.LOG_LEVEL !== 'debug' && options.config.LOG_LEVEL !== 'trace',
    }),
  });

  checkDeclarations();
  // Totals, page checkpoints, search matches and public pages are kept until the next write: of this process, told
  // on its write path, or of another process sharing PostgreSQL, heard through the database's change notices
  // (db/changes.ts). A test may set a time-to-live besides.
  const listCacheTtlMs = options.countCacheTtlMs ?? Infinity;
  const records = new RecordService(options.database, listCacheTtlMs, app.log);
  const access = new AccessService(options.database);
  // A write that may change someone's permissions applies to their next request.
  records.onWrite((resource) => {
    if (ACCESS_RESOURCES.has(resource.name)) access.forget();
  });
  // What another process changed (on PGlite, nothing): the same forgetting as after a write of this process. A
  // change of accounts (a deactivation, a password, a type) or sessions (a sign-out) forgets every remembered
  // session and access; notices that may have been missed (the listener reconnected) forget everything.
  const byTable = new Map(resources.map((resource) => [getTableName(tableOf(resource)), resource]));
  options.database.changes.onChange((table) => {
    const resource = byTable.get(table);
    if (resource) records.changedElsewhere(resource);
    if (table === 'accounts' || table === 'sessions') forgetSessions();
    if (table === 'accounts') access.forget();
  });
  options.database.changes.onReset(() => {
    for (const resource of resources) records.changedElsewhere(resource);
    forgetSessions();
    access.forget();
  });
  // Every email goes through the outbox; with SMTP_URL a worker of this process sends it (services/mail.ts).
  const mail = new MailService(options.database, {
    smtpUrl: options.config.SMTP_URL,
    from: options.config.MAIL_FROM,
    log: app.log,
    maxAttempts: options.config.MAIL_MAX_ATTEMPTS,
    retryMs: options.config.MAIL_RETRY_SECONDS * 1000,
    attachmentsDir: join(options.config.UPLOADS_DIR, '.mail'),
  });
  // The activity log's entries of the server's own (a sign-in, a reset): the English sentence, its key and values.
  const recordActivity = (activity: AccountActivity | ResetActivity) =>
    records.insertSystem(
      activities,
      {
        account_id: activity.accountId,
        action: activity.action,
        status: activity.status,
        description: activity.said.text,
      },
      { description_key: activity.said.key, description_values: activity.said.values },
    );
  const services: Services = {
    config: options.config,
    database: options.database,
    auth: new AuthService(
      options.database,
      options.config.SESSION_TTL_HOURS,
      recordActivity,
      options.config.LOGIN_RATE_LIMIT,
      options.config.SIGN_IN_FREE_FAILURES_PER_ADDRESS,
    ),
    access,
    records,
    images: new ImageStore(options.config.UPLOADS_DIR),
    uploads: new UploadService(
      options.database,
      new LocalDirectoryStorage(options.config.UPLOADS_DIR),
      join(options.config.UPLOADS_DIR, '.incoming'),
      {
        imageMaxBytes: options.config.UPLOAD_IMAGE_MAX_MB * 1024 * 1024,
        fileMaxBytes: options.config.UPLOAD_FILE_MAX_MB * 1024 * 1024,
        maxPixels: options.config.UPLOAD_MAX_MEGAPIXELS * 1_000_000,
        concurrency: options.config.IMAGE_CONCURRENCY,
      },
    ),
    mail,
    imports: new ImportService(
      options.database,
      records,
      {
        maxBytes: options.config.IMPORT_MAX_MB * 1024 * 1024,
        maxRows: options.config.IMPORT_MAX_ROWS,
        timeZone: options.config.TRUST_TIMEZONE,
      },
      app.log,
    ),
    notifications: new NotificationService(options.database, records),
    publicContent: new PublicContent(options.database, options.config.TRUST_TIMEZONE),
    backupWriter: options.backupWriter ?? backupWriter(options.config, () => snapshotOf(options.database)),
    passwordReset: new PasswordResetService(options.database, {
      mail,
      publicUrl: options.config.PUBLIC_URL,
      log: app.log,
      recordActivity,
    }),
    emailChanges: new EmailChangeService(options.database, {
      mail,
      publicUrl: options.config.PUBLIC_URL,
      written: (resource) => records.changedElsewhere(resource),
    }),
  };
  // The rules of granting permissions come first: a refused grant is refused before anything else is prepared.
  for (const [resource, rules] of grantRules) records.extend(resource, rules);
  records.extend(employees, employeeBehaviour(services.images, services.emailChanges));
  records.extend(users, userBehaviour(services.images, services.emailChanges));
  records.extend(donations, receiptBehaviour(options.config.TRUST_TIMEZONE));
  records.extend(contactMessages, contactMessageBehaviour());
  records.extend(taxWordings, taxWordingBehaviour());
  records.extend(activities, activityAccountBehaviour());
  // Files follow records: every resource with image or file fields attaches and releases its uploads.
  for (const resource of resources) {
    if (Object.values(resource.fields).some(holdsUploads))
      records.extend(resource, services.uploads.behaviour(resource));
  }
  // Last: the rule that no write gives anyone more than its author holds sees the accounts the others create.
  for (const resource of ACCESS_CHANGING) records.extend(resource, noGainBeyondAuthorOf(resource.name));
  // A new contact message, donation from the website or user, and an email that finally failed, notify.
  services.notifications.watch(records, mail);
  app.decorate('services', services);
  // The mail worker runs while the app does; reset requests taken are handled before it stops.
  mail.start();
  app.addHook('onClose', async () => {
    await services.passwordReset.idle();
    await mail.stop();
    await services.imports.idle();
    await records.idle();
  });
  // JSON only (multipart where an upload route adds its parser): any other body answers 415 rather than reaching
  // a handler as a string. A request without a body passes whatever Content-Type it names (ra-data-simple-rest
  // sends DELETE as text/plain with no body).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') done(null, undefined);
    else done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'), undefined);
  });
  // multipart/form-data has its own parser (preferred over '*'), for routes marked `config: { multipart: true }`.
  await registerMultipart(app);

  registerErrorHandler(app);
  await registerSessionCookies(app);
  registerInputText(app);
  // Before the routes: each takes a body no larger than its fields can hold.
  registerBodyLimits(app);
  app.decorate('apiRoutes', registerAuthentication(app));

  registerSecurityHeaders(app);

  healthRoutes(app);
  v1AuthRoutes(app);
  v1CompanyRoutes(app);
  v1EmployeeRoutes(app);
  v2EmployeeRoutes(app);
  v1RoleRoutes(app);
  v1ActivityRoutes(app);
  v2SessionRoutes(app);
  v2AccountRequestRoutes(app);
  v2EmailChangeRoutes(app);
  v2PasswordLinkRoutes(app);
  v2OutboxRoutes(app);
  v2DashboardRoutes(app);
  v2BackupRoutes(app);
  v2ImportRoutes(app);
  v2ReceiptRoutes(app);
  v2NotificationRoutes(app);
  v2DonationRoutes(app);
  v2ContactMessageRoutes(app);
  v2ResourceRoutes(app);
  v2AuditLogRoutes(app);
  v2UserRoutes(app);
  uploadRoutes(app);
  v2UploadRoutes(app);
  publicReadRoutes(app);
  await publicFormRoutes(app);

  // The API's description, at /api/docs, of every route registered above.
  await registerApiDocs(app);

  // Its pages are kept like the lists' totals: until a write, of this process or another.
  await registerPublicSite(app, { maxAgeMs: listCacheTtlMs });
  await registerAdminApp(app, options.config.STATIC_DIR);
  return app;
}
