import type { Capability, PermissionKey } from '../resources/permissions.ts';
import type { RouteDoc } from './openapi.ts';
import type { ApiRoute } from './plugins/app/auth.ts';
import type { AccessService, Caller } from './services/access.ts';
import type { AuthService } from './services/auth.ts';
import type { ImageStore } from './services/images.ts';
import type { ImportService } from './services/imports.ts';
import type { MailService } from './services/mail.ts';
import type { NotificationService } from './services/notifications.ts';
import type { EmailChangeService } from './services/email-change.ts';
import type { PasswordResetService } from './services/password-reset.ts';
import type { RecordService } from './services/records.ts';
import type { UploadService } from './services/uploads.ts';
import type { PublicContent } from './services/public-content.ts';
import type { BackupWriter } from './services/backup-schedule.ts';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';

export interface Services {
  config: Config;
  database: Database;
  auth: AuthService;
  /** Effective permissions of accounts (services/access.ts). */
  access: AccessService;
  records: RecordService;
  /** Uploaded images, in UPLOADS_DIR. */
  images: ImageStore;
  /** Uploads of declared image and file fields, with their variants, and the files that follow records. */
  uploads: UploadService;
  /** Every email, through the outbox; sent when SMTP_URL is set (services/mail.ts). */
  mail: MailService;
  /** Imports of files into declared resources, previewed then written (services/imports.ts). */
  imports: ImportService;
  /** The bell's notifications: one per recipient, from real events (services/notifications.ts). */
  notifications: NotificationService;
  /** Forgot and reset password by email (services/password-reset.ts). */
  passwordReset: PasswordResetService;
  /** Changes of an account's sign-in email, and their confirmation from the old address (services/email-change.ts). */
  emailChanges: EmailChangeService;
  /** What the public may read: the public website's pages and /api/v2/public (services/public-content.ts). */
  publicContent: PublicContent;
  /** How the server's own backups are written (services/backup-schedule.ts, backupWriter). */
  backupWriter: BackupWriter;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Every /api route with who may call it (plugins/app/auth.ts). */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    /** The signed-in account and what it may do; set on every route that is not public. */
    account?: Caller;
    /** The bearer token of the request, when it carried one. */
    token?: string;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, forgot password, health). */
    public?: boolean;
    /** Any signed-in account may call it (its own session, sign-out). */
    signedIn?: boolean;
    /** Only an Admin (an Admin account, or an employee whose role is admin) may call it (the mail outbox). */
    adminOnly?: boolean;
    /**
     * The permission the route needs, in either scope (a 403 otherwise). The one read/write path then narrows
     * to the rows of the scope held. Every /api route names exactly one of public, signedIn, adminOnly and
     * permission, or the server does not start.
     */
    permission?: PermissionKey & { capability: Capability };
    /** Reads a multipart/form-data body with readMultipart(); every other route answers such a body with 415. */
    multipart?: boolean;
    /** What the API description says of the route, from the schemas it validates with (openapi.ts). */
    doc?: RouteDoc;
  }
}
