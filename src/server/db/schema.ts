/**
 * The database schema: a few hand-written tables (accounts, sessions, the audit trail) and one table per declared
 * resource, derived from its declaration. drizzle-kit reads this file to generate the migrations in `drizzle/`.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import { isSearchable, resources, type ResourceDeclaration } from '../../resources/index.ts';
import { saidKeyField, saidValuesField } from '../../resources/sentences.ts';

const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    /** Admin, or the kind of record the account belongs to: an employee, or a user of the User List. */
    user_type: text('user_type', { enum: ['Admin', 'Employee', 'Vendor', 'Client'] }).notNull(),
    is_active: boolean('is_active').notNull().default(true),
    /** The back-office language this person chose (`en`, `hi`); null until they choose, then the admin's default. */
    locale: text('locale', { enum: ['en', 'hi'] }),
    ...timestamps,
  },
  (t) => [uniqueIndex('accounts_email_unique').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the bearer token, hex: the token itself is never stored. */
    token_hash: text('token_hash').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_account_id_idx').on(t.account_id), index('sessions_expires_at_idx').on(t.expires_at)],
);

/** Password-reset links: the SHA-256 of the token, one live link per account, single use, valid one hour. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  token_hash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_unique'),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * A change of an account's sign-in email that waits for the old address to confirm it (services/email-change.ts):
 * one per account, a new request replacing the old; the link's token is stored as its SHA-256 only.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    account_id: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    new_email: text('new_email').notNull(),
    token_hash: text('token_hash').notNull().unique('email_changes_token_hash_unique'),
    /** Who asked for the change (an account, kept by name too should it be deleted). */
    requested_by_id: integer('requested_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    requested_by_name: text('requested_by_name').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('email_changes_expires_at_idx').on(t.expires_at)],
);

/**
 * Every email the product sends. Without SMTP_URL it stays here for an Admin to read (status Outbox); with it,
 * it is sent, and failures are retried with the error kept (Pending, Sent, Failed).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body_text: text('body_text').notNull(),
    body_html: text('body_html'),
    /**
     * Pending: waiting to be sent (without SMTP_URL, until a mail server is configured; with it, until its next
     * attempt); Sent; Failed (its last attempt's error in `last_error`); Discarded: never to be sent (an Admin
     * discarded it, or the link it carried expired or stopped working; `last_error` says which).
     */
    status: text('status', { enum: ['Pending', 'Sent', 'Failed', 'Discarded'] }).notNull(),
    /**
     * The record the email is about, as `<resource>/<id>` (a contact message's reply, a donation's receipt), so that
     * the record's screen can say what happened to it; null for the others.
     */
    about: text('about'),
    /**
     * Values that the email carries but nobody may read through an API (a live reset link), by name, and when they
     * stop being worth anything. The bodies hold placeholders; sending puts the values in (services/mail.ts), and
     * they are cleared once sent or expired.
     */
    secrets: jsonb('secrets').$type<{ values: Record<string, string>; expiresAt: string }>(),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
    /** While a process sends it: until when the email is that process's (a lease; services/mail.ts). */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.next_attempt_at),
    index('mail_outbox_created_at_idx').on(t.created_at),
    index('mail_outbox_about_idx').on(t.about),
  ],
);

/** The audit trail: appended in the transaction of every write, never updated. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    action_type: text('action_type', { enum: ['Create', 'Update', 'Delete', 'Note'] }).notNull(),
    module: text('module').notNull(),
    record_id: integer('record_id'),
    performed_by_id: integer('performed_by_id'),
    performed_by_name: text('performed_by_name').notNull(),
    date_time: timestamp('date_time', { withTimezone: true }).notNull().defaultNow(),
    details: jsonb('details').notNull(),
    /** A note that corrects or comments on an earlier entry names it here; the earlier entry never changes. */
    refers_to_id: integer('refers_to_id').references((): AnyPgColumn => auditLogs.id, { onDelete: 'restrict' }),
    /**
     * The hash chain (set by the database's own trigger, see drizzle/0006): the entry's place in the chain, the hash
     * of the entry before it and its own hash over its contents and that one. `npm run audit:verify` checks it.
     */
    chain_seq: bigint('chain_seq', { mode: 'number' }).unique('audit_logs_chain_seq_unique'),
    prev_hash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_logs_module_idx').on(t.module, t.record_id),
    index('audit_logs_date_time_idx').on(t.date_time),
    index('audit_logs_action_type_idx').on(t.action_type, t.date_time),
    index('audit_logs_performed_by_id_idx').on(t.performed_by_id),
    index('audit_logs_refers_to_id_idx').on(t.refers_to_id),
  ],
);

/** The head of the audit trail's hash chain: one row, moved by the trigger that chains each new entry. */
export const auditChain = pgTable('audit_chain', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/**
 * Counters of fixed windows (sign-in attempts a minute from one address, public form posts): kept in the database
 * so that a restart or a second server process does not reset them. `key` names the limit and what it counts.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_at_idx').on(t.window_ends_at)],
);

/**
 * Failed sign-ins per account (by email, known or not), per client address and per known device, with the time
 * before which the next attempt is refused: the delays grow with the failures (services/sign-in-throttle.ts).
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull().default(0),
    last_failure_at: timestamp('last_failure_at', { withTimezone: true }).notNull(),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
  },
  (t) => [index('sign_in_throttles_last_failure_at_idx').on(t.last_failure_at)],
);

/**
 * Browsers that have signed in to an account (a long-lived HttpOnly cookie of which only the SHA-256 is kept):
 * an attacker's failures elsewhere do not slow the owner's sign-in from a known device.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    token_hash: text('token_hash').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_account_id_idx').on(t.account_id)],
);

/**
 * The last receipt number issued in each Indian financial year (`2026-27`): the next receipt takes `last + 1` in the
 * transaction that marks its donation Received, so a rolled-back write gives its number back and two writes never
 * share one (services/receipts.ts).
 */
export const receiptCounters = pgTable('receipt_counters', {
  financial_year: text('financial_year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * The trust's registration (12A/12AB) and approval (80G) as Trust Settings held them when a receipt was issued, by
 * its number (services/receipts.ts, in the transaction that issues it): a receipt printed again after a renewal
 * prints what it printed then, and says whether those held on its day, not the renewed ones.
 */
export const receiptRegistrations = pgTable('receipt_registrations', {
  receipt_no: text('receipt_no').primaryKey(),
  registrations: jsonb('registrations')
    .$type<Record<'registration' | 'approval', { number: string | null; from: string | null; until: string | null }>>()
    .notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every file uploaded for an image or file field (services/uploads.ts): its server-made id (32 hex digits, the name
 * of its files), what it is, who uploaded it, and the record field that names it. An upload no record names yet
 * (resource null) is waiting for its form to be saved; the sweep removes those left for a day, and any stored file
 * without a row. Attaching and releasing happen in the transaction of the record's write.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['image', 'file'] }).notNull(),
    /** The stored original's extension: jpg, png, webp (images), mp4, webm, pdf (files). */
    extension: text('extension').notNull(),
    content_type: text('content_type').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    created_by: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resource: text('resource'),
    record_id: integer('record_id'),
    field: text('field'),
  },
  (t) => [
    index('uploads_record_idx').on(t.resource, t.record_id),
    index('uploads_waiting_idx')
      .on(t.created_at)
      .where(sql`${t.resource} is null`),
  ],
);

/**
 * What a visitor typed in a public form the server refused, kept for the page the form post goes back to (which
 * any server process may answer) under a random key, for a few minutes, and given once (services/form-drafts.ts).
 */
export const formDrafts = pgTable(
  'form_drafts',
  {
    key: text('key').primaryKey(),
    fields: jsonb('fields').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('form_drafts_expires_at_idx').on(t.expires_at)],
);

/**
 * The server's own backups (services/backup-schedule.ts), one row per run, for the dashboard and the alerts. A
 * scheduled run's `slot` is the trust's calendar day it is for, unique: of several server processes, the one whose
 * row goes in takes that day's backup.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Scheduled (the server's daily one), Admin (started from the dashboard) or Command (`npm run backup`). */
    kind: text('kind', { enum: ['Scheduled', 'Admin', 'Command'] }).notNull(),
    slot: text('slot').unique('backup_runs_slot_unique'),
    status: text('status', { enum: ['Running', 'Succeeded', 'Failed'] }).notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** The archive's file name in BACKUP_DIR, its size, and the audit chain's head it holds (`seq:hash`). */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    audit_head: text('audit_head'),
    error: text('error'),
    /** The process that took it (`host:pid`). */
    taken_by: text('taken_by').notNull(),
  },
  (t) => [index('backup_runs_started_at_idx').on(t.started_at)],
);

/**
 * An import of a file into a declared resource (services/imports.ts): read into rows and previewed, then written
 * when its person confirms. Kept in the database so that it survives the tab closing and any server process can
 * answer for it; `heartbeat_at` says the process working on it is alive (one that stopped leaves it failed).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    resource: text('resource').notNull(),
    created_by: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    file_name: text('file_name').notNull(),
    status: text('status', { enum: ['reading', 'ready', 'importing', 'done', 'failed', 'discarded'] }).notNull(),
    /** Rows read (while reading) or written (while importing), of `total` when known. */
    done: integer('done').notNull().default(0),
    total: integer('total'),
    /** The file's headers in order, the columns matched to fields, and the headers that are not imported. */
    headers: jsonb('headers').notNull().default([]),
    columns: jsonb('columns').notNull().default([]),
    ignored: jsonb('ignored').notNull().default([]),
    /** How many rows of the preview would be created, updated, left unchanged, or have errors. */
    counts: jsonb('counts'),
    mode: text('mode', { enum: ['all', 'valid'] }),
    result: jsonb('result'),
    /** Why the whole job failed, in a sentence; and the sentence's key and values (src/resources/sentences.ts). */
    problem: text('problem'),
    problem_key: text('problem_key'),
    problem_values: jsonb('problem_values'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeat_at: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('import_jobs_created_by_idx').on(t.created_by, t.resource)],
);

/** A row of an import's file: its number as the spreadsheet shows it, what the import does with it, and why not. */
export const importRows = pgTable(
  'import_rows',
  {
    job_id: integer('job_id')
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    action: text('action', { enum: ['create', 'update', 'unchanged', 'error'] }).notNull(),
    record_id: integer('record_id'),
    /** The row's cells as text, in the file's column order. */
    cells: jsonb('cells').notNull(),
    /** What the write sends: every field of a new record, the changed fields of an update. */
    value: jsonb('value'),
    changes: jsonb('changes').notNull().default([]),
    errors: jsonb('errors').notNull().default([]),
  },
  (t) => [primaryKey({ columns: [t.job_id, t.row] }), index('import_rows_action_idx').on(t.job_id, t.action, t.row)],
);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table built from a declaration has dynamic columns
export type ResourceTable = PgTableWithColumns<any>;

/** A row of a declared resource's table, as the record service (services/records.ts) reads and answers it. */
export type RecordRow = Record<string, unknown> & { id: number };

const resourceTables = new Map<string, ResourceTable>();

function resourceTable(resource: ResourceDeclaration): ResourceTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  };
  for (const [name, decl] of Object.entries(resource.fields)) {
    const notNull = decl.required !== undefined && decl.required !== false;
    switch (decl.kind) {
      case 'text': {
        // A uniqueness that ignores case is an index on an expression, added with the table's other indexes.
        const unique =
          decl.unique && !decl.uniqueIgnoringCase ? text(name).unique(`${resource.name}_${name}_unique`) : text(name);
        const column = decl.default !== undefined ? unique.default(decl.default) : unique;
        columns[name] = notNull ? column.notNull() : column;
        // A sentence the server writes keeps its key and values beside its English text (src/resources/sentences.ts).
        if (decl.said) {
          columns[saidKeyField(name)] = text(saidKeyField(name));
          columns[saidValuesField(name)] = jsonb(saidValuesField(name)).$type<Record<string, string | number>>();
        }
        break;
      }
      case 'enum': {
        const column = text(name, { enum: decl.values as [string, ...string[]] });
        const withDefault = decl.default !== undefined ? column.default(decl.default) : column;
        columns[name] = notNull ? withDefault.notNull() : withDefault;
        break;
      }
      case 'reference': {
        const column = integer(name).references(
          (): AnyPgColumn => {
            const target = resourceTables.get(decl.reference);
            if (!target) throw new Error(`${resource.name}.${name} refers to unknown resource ${decl.reference}.`);
            return target.id as AnyPgColumn;
          },
          { onDelete: 'restrict' },
        );
        const unique = decl.unique ? column.unique(`${resource.name}_${name}_unique`) : column;
        columns[name] = notNull ? unique.notNull() : unique;
        break;
      }
      case 'integer': {
        const column = decl.account
          ? integer(name)
              .unique(`${resource.name}_${name}_unique`)
              .references(() => accounts.id, { onDelete: 'restrict' })
          : integer(name);
        columns[name] = notNull ? column.notNull() : column;
        break;
      }
      case 'permissions':
        columns[name] = jsonb(name).notNull().default({});
        break;
      case 'boolean': {
        const column = decl.default !== undefined ? boolean(name).default(decl.default) : boolean(name);
        columns[name] = notNull ? column.notNull() : column;
        break;
      }
      case 'image': {
        // A list of images is a JSON array of paths; one image is its path, as text.
        const column = decl.multiple ? jsonb(name).$type<string[]>().default([]) : text(name);
        columns[name] = notNull || decl.multiple ? column.notNull() : column;
        break;
      }
      case 'items':
        // A JSON array of objects, each with the item's fields.
        columns[name] = jsonb(name).$type<Record<string, unknown>[]>().notNull().default([]);
        break;
      case 'file':
      case 'richText':
      case 'url': {
        const column = text(name);
        columns[name] = notNull ? column.notNull() : column;
        break;
      }
      case 'date': {
        const column = date(name, { mode: 'string' });
        columns[name] = notNull ? column.notNull() : column;
        break;
      }
      case 'datetime': {
        const column = timestamp(name, { withTimezone: true });
        const withDefault = decl.defaultNow ? column.defaultNow() : column;
        columns[name] = notNull ? withDefault.notNull() : withDefault;
        break;
      }
    }
  }
  columns.created_at = timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
  columns.updated_at = timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
  columns.created_by = integer('created_by').references(() => accounts.id, { onDelete: 'set null' });

  return pgTable(resource.name, columns, (t) => {
    // An order a list may take (the time of creation, a declared `index` field) is indexed with the id after it, the
    // order's tie-break: a deep page takes its ids from the index alone (an index-only scan), reading no row it skips.
    const extras = [index(`${resource.name}_created_at_idx`).on(t.created_at!, t.id!)];
    for (const [name, decl] of Object.entries(resource.fields)) {
      const column = t[name]!;
      if (decl.kind === 'text' && decl.unique && decl.uniqueIgnoringCase) {
        extras.push(uniqueIndex(`${resource.name}_${name}_unique`).on(sql`lower(btrim(${column}))`));
      }
      if (decl.index) extras.push(index(`${resource.name}_${name}_idx`).on(column, t.id!));
      else if (decl.kind === 'reference') extras.push(index(`${resource.name}_${name}_idx`).on(column));
      if (isSearchable(decl))
        extras.push(index(`${resource.name}_${name}_trgm_idx`).using('gin', column.op('gin_trgm_ops')));
    }
    return extras;
  }) as ResourceTable;
}

for (const resource of resources) resourceTables.set(resource.name, resourceTable(resource));

export function tableOf(resource: ResourceDeclaration | string): ResourceTable {
  const name = typeof resource === 'string' ? resource : resource.name;
  const table = resourceTables.get(name);
  if (!table) throw new Error(`No table for resource "${name}".`);
  return table;
}

/** Every declared resource's table by its name (drizzle-kit reads them through db/drizzle-kit.cts). */
export function resourceTablesByName(): Record<string, ResourceTable> {
  return Object.fromEntries(resourceTables);
}

export const departments = tableOf('departments');
export const designations = tableOf('designations');
export const employees = tableOf('employees');
export const roles = tableOf('roles');
export const activities = tableOf('activities');
export const countries = tableOf('countries');
export const states = tableOf('states');
export const cities = tableOf('cities');
export const notifications = tableOf('notifications');
export const users = tableOf('users');
export const rolePermissions = tableOf('role_permissions');
