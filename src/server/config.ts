/**
 * Configuration, from environment variables only. Every variable is documented in the README with its default;
 * a wrong value stops the start with one clear line.
 */
import { availableParallelism } from 'node:os';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { z } from 'zod';
import { isCommonPassword, MIN_PASSWORD_LENGTH } from '../resources/password-policy.ts';
import { PDF_MAX_ROWS } from './services/export-pdf.ts';

const schema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number (0 to 65535)' })
    .int({ error: 'must be a port number (0 to 65535)' })
    .min(0, { error: 'must be a port number (0 to 65535)' })
    .max(65535, { error: 'must be a port number (0 to 65535)' })
    .default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  /**
   * PostgreSQL only: the owner of the tables. When set, migrations run as it and the role of DATABASE_URL is given
   * exactly the rights the server needs (the audit trail: read and append only); see db/client.ts.
   */
  DATABASE_OWNER_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  // The first Admin's password meets the one password policy of every account (resources/password-policy.ts).
  ADMIN_PASSWORD: z
    .string()
    .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
    .refine((password) => !isCommonPassword(password), { error: 'is one of the most common passwords' })
    .optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(12),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  STATIC_DIR: z.string().min(1).default('./dist/admin'),
  UPLOADS_DIR: z.string().min(1).optional(),
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, {
      error: 'must be an smtp:// or smtps:// URL, such as smtp://user:password@mail.example.org:587',
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>\r\n]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/, {
      error: 'must be an address, or a name and an address such as Trust School <no-reply@example.org>',
    })
    .default('Trust School <no-reply@localhost>'),
  /** Attempts to send an email before it is Failed (services/mail.ts). */
  MAIL_MAX_ATTEMPTS: z.coerce
    .number({ error: 'must be a whole number of attempts' })
    .int({ error: 'must be a whole number of attempts' })
    .min(1, { error: 'must be at least 1' })
    .max(50, { error: 'must be at most 50' })
    .default(5),
  /** The wait after an email's first failed attempt, in seconds; each later wait is four times the one before. */
  MAIL_RETRY_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be at least 1' })
    .max(86_400, { error: 'must be at most 86400' })
    .default(60),
  PUBLIC_URL: z
    .string()
    .refine(isHttpUrl, { error: 'must be an http:// or https:// URL, such as https://admin.example.org' })
    .optional(),
  TRUST_TIMEZONE: z
    .string()
    .refine(isTimeZone, { error: 'must be an IANA time zone such as Asia/Kolkata' })
    .default('Asia/Kolkata'),
  /** How often the admin's bell asks for new notifications, in seconds (the session tells the admin). */
  NOTIFICATION_REFRESH_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(1, { error: 'must be at least 1' })
    .max(3600, { error: 'must be at most 3600' })
    .default(30),
  /** The most rows a list exported as PDF holds (routes/api/v2/exports.ts); longer lists go to Excel or CSV. */
  EXPORT_PDF_MAX_ROWS: z.coerce
    .number({ error: 'must be a whole number of rows' })
    .int({ error: 'must be a whole number of rows' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' })
    .default(PDF_MAX_ROWS),
  /** The largest file an import takes, in megabytes (routes/api/v2/imports.ts). */
  IMPORT_MAX_MB: z.coerce
    .number({ error: 'must be a whole number of megabytes' })
    .int({ error: 'must be a whole number of megabytes' })
    .min(1, { error: 'must be at least 1' })
    .max(1024, { error: 'must be at most 1024' })
    .default(50),
  /** The most rows under its header a file to import may have. */
  IMPORT_MAX_ROWS: z.coerce
    .number({ error: 'must be a whole number of rows' })
    .int({ error: 'must be a whole number of rows' })
    .min(1, { error: 'must be at least 1' })
    .max(1_000_000, { error: 'must be at most 1000000' })
    .default(1_000_000),
  SIGN_IN_FREE_FAILURES_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number of failed sign-ins' })
    .int({ error: 'must be a whole number of failed sign-ins' })
    .min(1, { error: 'must be at least 1' })
    .default(20),
  LOGIN_RATE_LIMIT: z.coerce
    .number({ error: 'must be a whole number of sign-in attempts' })
    .int({ error: 'must be a whole number of sign-in attempts' })
    .min(1, { error: 'must be at least 1' })
    .default(30),
  /** Posts of the public contact and donate forms an hour from one email address (each form counts its own). */
  PUBLIC_FORM_LIMIT_PER_EMAIL: z.coerce
    .number({ error: 'must be a whole number of posts an hour' })
    .int({ error: 'must be a whole number of posts an hour' })
    .min(1, { error: 'must be at least 1' })
    .default(5),
  /** Posts of the public contact and donate forms an hour from one client address (each form counts its own). */
  PUBLIC_FORM_LIMIT_PER_ADDRESS: z.coerce
    .number({ error: 'must be a whole number of posts an hour' })
    .int({ error: 'must be a whole number of posts an hour' })
    .min(1, { error: 'must be at least 1' })
    .default(20),
  UPLOAD_IMAGE_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive({ error: 'must be a positive number of megabytes' })
    .max(1024, { error: 'must be at most 1024' })
    .default(20),
  UPLOAD_FILE_MAX_MB: z.coerce
    .number({ error: 'must be a number of megabytes' })
    .positive({ error: 'must be a positive number of megabytes' })
    .max(10 * 1024, { error: 'must be at most 10240' })
    .default(200),
  UPLOAD_MAX_MEGAPIXELS: z.coerce
    .number({ error: 'must be a number of megapixels' })
    .positive({ error: 'must be a positive number of megapixels' })
    .max(500, { error: 'must be at most 500' })
    .default(50),
  /**
   * Server processes `npm start` runs (node:cluster), one listening port shared: default, one per core on PostgreSQL
   * and 1 on PGlite, whose data directory belongs to one process.
   */
  WORKERS: z.coerce
    .number({ error: 'must be a whole number of processes' })
    .int({ error: 'must be a whole number of processes' })
    .min(1, { error: 'must be at least 1' })
    .max(256, { error: 'must be at most 256' })
    .optional(),
  /** Where `npm run backup` (and the schedule) writes archives; default `<DATA_DIR>/backups`. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** Archives are encrypted with it (AES-256-GCM, key by scrypt); `npm run restore` needs it too. */
  BACKUP_PASSPHRASE: z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  /** A file holding an RSA public key (PEM): archives are encrypted to it. */
  BACKUP_PUBLIC_KEY: z.string().min(1).optional(),
  /** A file holding the private key of BACKUP_PUBLIC_KEY (PEM): `npm run restore` opens archives with it. */
  BACKUP_PRIVATE_KEY: z.string().min(1).optional(),
  /** When the server takes its daily backup, in TRUST_TIMEZONE (`HH:MM`), or `off`. */
  BACKUP_TIME: z
    .string()
    .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|off)$/, { error: 'must be a time of day such as 02:30, or off' })
    .default('02:00'),
  /** Archives of the schedule's directory kept: the newest of each of this many last days… */
  BACKUP_KEEP_DAILY: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int({ error: 'must be a whole number of days' })
    .min(1, { error: 'must be at least 1' })
    .max(3660, { error: 'must be at most 3660' })
    .default(7),
  /** …and the newest of each of this many last months. */
  BACKUP_KEEP_MONTHLY: z.coerce
    .number({ error: 'must be a whole number of months' })
    .int({ error: 'must be a whole number of months' })
    .min(0, { error: 'must be at least 0' })
    .max(1200, { error: 'must be at most 1200' })
    .default(12),
  IMAGE_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of images' })
    .int({ error: 'must be a whole number of images' })
    .min(1, { error: 'must be at least 1' })
    .max(64, { error: 'must be at most 64' })
    .default(2),
});

function isSmtpUrl(value: string): boolean {
  return /^smtps?:\/\/[^\s/]+/i.test(value) && URL.canParse(value);
}

function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value) && !/[?#]/.test(value);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type Config = Omit<
  z.infer<typeof schema>,
  'DATA_DIR' | 'STATIC_DIR' | 'UPLOADS_DIR' | 'PUBLIC_URL' | 'WORKERS' | 'BACKUP_DIR'
> & {
  /** Where backups are written; default `<DATA_DIR>/backups`. */
  BACKUP_DIR: string;
  /** Server processes to run: WORKERS, or one per core on PostgreSQL, 1 on PGlite. */
  WORKERS: number;
  DATA_DIR: string;
  STATIC_DIR: string;
  /** Uploaded images; default `<DATA_DIR>/uploads`. */
  UPLOADS_DIR: string;
  /** Where people reach the admin, without a trailing slash (emailed links start with it). */
  PUBLIC_URL: string;
};

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    throw new ConfigError(`Configuration error: ${String(issue.path[0])} ${issue.message}.`);
  }
  if ((result.data.ADMIN_EMAIL === undefined) !== (result.data.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Configuration error: set both ADMIN_EMAIL and ADMIN_PASSWORD, or neither.');
  }
  if (result.data.DATABASE_OWNER_URL !== undefined && result.data.DATABASE_URL === undefined) {
    throw new ConfigError(
      'Configuration error: DATABASE_OWNER_URL needs DATABASE_URL (the role the server connects as).',
    );
  }
  if (result.data.DATABASE_URL === undefined && (result.data.WORKERS ?? 1) > 1) {
    throw new ConfigError(
      'Configuration error: WORKERS above 1 needs DATABASE_URL (PGlite’s data directory belongs to one process).',
    );
  }
  const workers = result.data.WORKERS ?? (result.data.DATABASE_URL === undefined ? 1 : availableParallelism());
  const dataDir = resolve(result.data.DATA_DIR);
  const staticDir = resolve(result.data.STATIC_DIR);
  const uploadsDir = resolve(result.data.UPLOADS_DIR ?? join(dataDir, 'uploads'));
  // Uploads are served only through their route; inside the static directory they would be served as-is.
  if (isWithin(uploadsDir, staticDir) || isWithin(staticDir, uploadsDir)) {
    throw new ConfigError('Configuration error: UPLOADS_DIR must not be inside STATIC_DIR, nor contain it.');
  }
  if (result.data.BACKUP_PASSPHRASE !== undefined && result.data.BACKUP_PUBLIC_KEY !== undefined) {
    throw new ConfigError('Configuration error: set BACKUP_PASSPHRASE or BACKUP_PUBLIC_KEY, not both.');
  }
  const backupDir = resolve(result.data.BACKUP_DIR ?? join(dataDir, 'backups'));
  const publicUrl = (result.data.PUBLIC_URL ?? `http://localhost:${result.data.PORT}`).replace(/(?<!\/)\/+$/, '');
  return {
    ...result.data,
    WORKERS: workers,
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    UPLOADS_DIR: uploadsDir,
    PUBLIC_URL: publicUrl,
    BACKUP_DIR: backupDir,
  };
}

function isWithin(path: string, directory: string): boolean {
  const rel = relative(directory, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
