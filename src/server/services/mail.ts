/**
 * Email, through the outbox. Every email is first written to `mail_outbox`, so that an Admin can always see
 * what was sent, what failed and why:
 * - without SMTP_URL it stays there with status Outbox (one log line says it waits; an Admin reads it in the
 *   admin), so a small install without a mail server still works;
 * - with SMTP_URL it is Pending and sent at once by a small worker of this process. A failure is kept in
 *   `last_error` and retried after a growing delay (MAIL_RETRY_DELAYS_MS); after MAIL_MAX_ATTEMPTS attempts it is
 *   Failed, and an Admin may send it again (`retry`).
 * The worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, so several processes sharing a PostgreSQL
 * database never send one email twice at the same time, and an email whose process died mid-send is picked up
 * again when its lease ends.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import type { Database, Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';

export const MAIL_STATUSES = ['Outbox', 'Pending', 'Sent', 'Failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Attempts before an email is Failed, and the wait after each failed attempt before the next. */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000] as const;
/** How often the worker looks for emails that are due (it is also woken at once when one is written). */
const POLL_MS = 30_000;
/** How long a claimed email belongs to the process sending it (longer than nodemailer's timeouts add up to). */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;

export type OutboxRow = typeof mailOutbox.$inferSelect;
/** An email as the API shows it: its secrets left out, and hidden where the bodies carry them. */
export type OutboxEmail = Omit<OutboxRow, 'secrets'>;
/** What the outbox list shows: everything but the bodies and the secrets. */
export type OutboxSummary = Omit<OutboxRow, 'body_text' | 'body_html' | 'secrets'>;

export interface MailMessage {
  to: string;
  subject: string;
  /** The bodies; a secret appears in them as its placeholder (`secretPlaceholder(name)`). */
  text: string;
  html?: string;
  /**
   * Values nobody may read through an API (a live reset link), by name, and when they stop working: written to
   * `secrets`, put into the bodies only when the email is sent, cleared once it is sent or they expire.
   */
  secrets?: { values: Record<string, string>; expiresAt: Date };
  /**
   * Files sent with the email (a donation's receipt). Stored beside the outbox (MailOptions.attachmentsDir, by the
   * email's id) when the email is written, so that every attempt and a retry send the same bytes; removed once sent.
   */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  /** A plain file name (`receipt-2026-27-000123.pdf`); the recipient sees it. */
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Where a secret goes in an email's bodies: a mark that ordinary text does not contain. */
export const secretPlaceholder = (name: string) => `\u27e6secret:${name}\u27e7`;
const PLACEHOLDER = /\u27e6secret:([a-z_]+)\u27e7/g;

/** What the outbox shows where an email carries a secret. */
export const HIDDEN_SECRET = '[link hidden: it is sent only to the recipient, and never shown here]';

/** The bodies as an API shows them: every secret replaced by HIDDEN_SECRET, the secrets themselves left out. */
export function withSecretsHidden(row: OutboxRow): OutboxEmail {
  const { secrets: _secrets, ...shown } = row;
  return {
    ...shown,
    body_text: shown.body_text.replace(PLACEHOLDER, HIDDEN_SECRET),
    body_html: shown.body_html?.replace(PLACEHOLDER, HIDDEN_SECRET) ?? null,
  };
}

/** The bodies as sent: every placeholder replaced by its secret, or undefined when one is missing or expired. */
function withSecrets(row: OutboxRow, now: Date): { text: string; html: string | null } | undefined {
  const live = row.secrets && new Date(row.secrets.expiresAt) > now ? row.secrets.values : undefined;
  let missing = false;
  const fill = (body: string) =>
    body.replace(PLACEHOLDER, (_mark, name: string) => {
      const value = live?.[name];
      if (value === undefined) missing = true;
      return value ?? '';
    });
  const text = fill(row.body_text);
  const html = row.body_html === null ? null : fill(row.body_html);
  return missing ? undefined : { text, html };
}

export interface OutboxQuery {
  sort: { field: OutboxSortField; order: 'ASC' | 'DESC' };
  range: { start: number; end: number };
  status?: MailStatus[];
  q?: string;
  ids?: number[];
}

export const OUTBOX_SORT_FIELDS = [
  'id',
  'created_at',
  'to_address',
  'subject',
  'status',
  'attempts',
  'sent_at',
  'next_attempt_at',
] as const;
export type OutboxSortField = (typeof OUTBOX_SORT_FIELDS)[number];

/** A database handle or a transaction: where the row of a new email is written. */
type Executor = Pick<Db, 'insert'>;

export interface MailOptions {
  smtpUrl?: string | undefined;
  from: string;
  log: FastifyBaseLogger;
  /** Where attachments wait until their email is sent (`<dir>/<email id>/`); the app uses UPLOADS_DIR/.mail. */
  attachmentsDir?: string | undefined;
}

/** The error of a failed attempt, as kept in `last_error`: the server's answer when there was one. */
function describeError(error: unknown): string {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown; response?: unknown };
  const parts = [
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.message === 'string' ? e.message : undefined,
  ];
  if (typeof e.response === 'string' && !(typeof e.message === 'string' && e.message.includes(e.response))) {
    parts.push(e.response);
  }
  const text = parts.filter(Boolean).join(': ') || String(error);
  return text.length > 1000 ? `${text.slice(0, 997)}...` : text;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export class MailService {
  /** Whether emails are sent (SMTP_URL is set) rather than left in the outbox. */
  readonly sends: boolean;
  private readonly database: Database;
  private readonly from: string;
  private readonly log: FastifyBaseLogger;
  private readonly transport: Transporter | undefined;
  private readonly attachmentsDir: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly failedListeners: ((email: OutboxSummary) => void | Promise<void>)[] = [];

  /**
   * Calls `listener` with each email that has finally failed (its last attempt, or a link that expired before it
   * could be sent), once that is written; a listener that fails is logged and changes nothing of the email.
   */
  onFailed(listener: (email: OutboxSummary) => void | Promise<void>): void {
    this.failedListeners.push(listener);
  }

  private async failed(row: OutboxRow, lastError: string): Promise<void> {
    const { body_text: _text, body_html: _html, secrets: _secrets, ...email } = row;
    for (const listener of this.failedListeners) {
      await Promise.resolve()
        .then(() => listener({ ...email, status: 'Failed', last_error: lastError, next_attempt_at: null }))
        .catch((error: unknown) =>
          this.log.error({ err: error, emailId: row.id }, `A listener of failed emails failed for email #${row.id}.`),
        );
    }
  }

  constructor(database: Database, options: MailOptions) {
    this.database = database;
    this.from = options.from;
    this.log = options.log;
    this.transport = options.smtpUrl
      ? createTransport({
          url: options.smtpUrl,
          connectionTimeout: 15_000,
          greetingTimeout: 15_000,
          socketTimeout: 60_000,
        })
      : undefined;
    this.sends = this.transport !== undefined;
    this.attachmentsDir = options.attachmentsDir;
  }

  /** Starts the worker (with SMTP_URL): emails left Pending by an earlier run are sent, then due retries. */
  start(): void {
    if (!this.transport || this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.kick(), POLL_MS);
    this.timer.unref();
    void this.kick();
  }

  /** Stops the worker and waits for a send under way; the app calls it on close. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
    this.transport?.close();
  }

  /**
   * Writes an email to the outbox, in the caller's transaction when it passes one. Once that has committed,
   * `dispatch` the row (or use `send`, which does both).
   */
  async write(message: MailMessage, executor: Executor = this.database.db): Promise<OutboxRow> {
    const [row] = await executor
      .insert(mailOutbox)
      .values({
        to_address: message.to,
        subject: message.subject,
        body_text: message.text,
        body_html: message.html ?? null,
        secrets: message.secrets
          ? { values: message.secrets.values, expiresAt: message.secrets.expiresAt.toISOString() }
          : null,
        status: this.sends ? 'Pending' : 'Outbox',
        next_attempt_at: this.sends ? new Date() : null,
      })
      .returning();
    if (message.attachments?.length) await this.storeAttachments(row!.id, message.attachments);
    return row!;
  }

  /** The directory of an email's attachments. */
  private attachmentFolder(id: number): string {
    if (!this.attachmentsDir) throw new Error('The mail service has no attachmentsDir: it cannot keep attachments.');
    return join(this.attachmentsDir, String(id));
  }

  /** Writes an email's attachments, numbered in their order (`0-receipt.pdf`). */
  private async storeAttachments(id: number, attachments: MailAttachment[]): Promise<void> {
    const folder = this.attachmentFolder(id);
    await mkdir(folder, { recursive: true });
    for (const [index, attachment] of attachments.entries()) {
      const name = basename(attachment.filename).replace(/[^\p{L}\p{M}\p{N}._-]/gu, '_') || 'attachment';
      await writeFile(join(folder, `${index}-${name}`), attachment.content);
    }
  }

  /** An email's stored attachments, in their order, for nodemailer; an email without any has no folder. */
  private async attachmentsOf(id: number): Promise<{ filename: string; content: Buffer }[]> {
    if (!this.attachmentsDir) return [];
    let names: string[];
    try {
      names = await readdir(this.attachmentFolder(id));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const order = (name: string) => Number(name.slice(0, name.indexOf('-')));
    names.sort((a, b) => order(a) - order(b));
    return Promise.all(
      names.map(async (name) => ({
        filename: name.slice(name.indexOf('-') + 1),
        content: await readFile(join(this.attachmentFolder(id), name)),
      })),
    );
  }

  /** The names of an email's attachments, as the outbox shows them. */
  async attachmentNames(id: number): Promise<string[]> {
    return (await this.attachmentsOf(id)).map((a) => a.filename);
  }

  /** After the row of `write` is committed: starts sending it, or says in the log that it waits in the outbox. */
  dispatch(row: OutboxRow): void {
    if (this.sends) {
      void this.kick();
      return;
    }
    // Not the address, nor the body (a reset email carries a live link): an Admin reads those in the outbox.
    this.log.info(
      { emailId: row.id },
      `Email #${row.id} ("${row.subject}") is waiting in the outbox: SMTP_URL is not set, so it is not sent. An Admin can read it in the admin under Outbox.`,
    );
  }

  async send(message: MailMessage): Promise<OutboxRow> {
    const row = await this.write(message);
    this.dispatch(row);
    return row;
  }

  /**
   * Sends what is due now; resolves when nothing due is left. A call while a pass runs makes that pass look
   * again before it ends, and resolves with it.
   */
  kick(): Promise<void> {
    if (!this.transport || this.stopped) return Promise.resolve();
    this.again = true;
    this.running ??= this.pass()
      .catch((error: unknown) => this.log.error({ err: error }, 'the mail worker failed'))
      .finally(() => {
        this.running = undefined;
        // A kick between the pass's last look and here found it still running: look once more.
        if (this.again && !this.stopped) void this.kick();
      });
    return this.running;
  }

  private async pass(): Promise<void> {
    while (this.again && !this.stopped) {
      this.again = false;
      let claimed: OutboxRow[];
      do {
        claimed = await this.claim();
        for (const row of claimed) await this.deliver(row);
      } while (claimed.length === BATCH && !this.stopped);
    }
  }

  /** Takes up to BATCH due emails for this process: one attempt more each, leased for LEASE_MS. */
  private async claim(): Promise<OutboxRow[]> {
    const db = this.database.db;
    const now = new Date();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'Pending'), lte(mailOutbox.next_attempt_at, now)))
      .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        next_attempt_at: new Date(now.getTime() + LEASE_MS),
        updated_at: now,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const db = this.database.db;
    const bodies = withSecrets(row, new Date());
    if (!bodies) {
      // Its link has expired (or was cleared): sending it now would only send a link that no longer works.
      const now = new Date();
      const lastError = 'Not sent: the link it carried has expired. The person can ask for a new one.';
      await db
        .update(mailOutbox)
        .set({ status: 'Failed', secrets: null, next_attempt_at: null, last_error: lastError, updated_at: now })
        .where(eq(mailOutbox.id, row.id));
      await this.failed(row, lastError);
      return;
    }
    try {
      const attachments = await this.attachmentsOf(row.id);
      await this.transport!.sendMail({
        from: this.from,
        to: row.to_address,
        subject: row.subject,
        text: bodies.text,
        ...(bodies.html ? { html: bodies.html } : {}),
        ...(attachments.length > 0 ? { attachments } : {}),
      });
      const now = new Date();
      // Sent: the secret has reached its one reader and is kept no longer.
      await db
        .update(mailOutbox)
        .set({ status: 'Sent', sent_at: now, next_attempt_at: null, last_error: null, secrets: null, updated_at: now })
        .where(eq(mailOutbox.id, row.id));
      // Sent: its attachments have reached their reader (a receipt can be made again from its donation).
      if (this.attachmentsDir) await rm(this.attachmentFolder(row.id), { recursive: true, force: true });
    } catch (error) {
      const lastError = describeError(error);
      const failed = row.attempts >= MAIL_MAX_ATTEMPTS;
      const delay = MAIL_RETRY_DELAYS_MS[Math.min(row.attempts, MAIL_RETRY_DELAYS_MS.length) - 1]!;
      const now = new Date();
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'Failed' : 'Pending',
          last_error: lastError,
          next_attempt_at: failed ? null : new Date(now.getTime() + delay),
          updated_at: now,
        })
        .where(eq(mailOutbox.id, row.id));
      if (failed) await this.failed(row, lastError);
      this.log.warn(
        { emailId: row.id, attempts: row.attempts },
        failed
          ? `Email #${row.id} could not be sent after ${row.attempts} attempts and is marked Failed: ${lastError}`
          : `Email #${row.id} could not be sent (attempt ${row.attempts} of ${MAIL_MAX_ATTEMPTS}); retrying in ${Math.round(delay / 60_000)} minute(s): ${lastError}`,
      );
    }
  }

  /** An Admin sends a Failed email again: a new round of attempts, starting now. Recorded in the audit trail. */
  async retry(id: number, actor: Actor): Promise<OutboxRow> {
    if (!this.sends) {
      throw conflict('Emails cannot be sent: SMTP_URL is not configured on the server. The email stays in the outbox.');
    }
    const row = await this.database.db.transaction(async (tx) => {
      const [current] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
      if (!current) throw notFound('No such email in the outbox.');
      if (current.status !== 'Failed') throw conflict('Only an email that failed can be sent again.');
      const now = new Date();
      const [updated] = await tx
        .update(mailOutbox)
        .set({ status: 'Pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where(eq(mailOutbox.id, id))
        .returning();
      await appendAudit(tx, actor, 'Update', 'mail_outbox', id, {
        changes: { status: { before: 'Failed', after: 'Pending' } },
        note: 'Sent again from the outbox.',
      });
      return updated!;
    });
    void this.kick();
    return row;
  }

  async list(query: OutboxQuery): Promise<{ rows: OutboxSummary[]; total: number }> {
    const db = this.database.db;
    const conditions: SQL[] = [];
    if (query.status?.length) conditions.push(inArray(mailOutbox.status, query.status));
    if (query.ids?.length) conditions.push(inArray(mailOutbox.id, query.ids));
    if (query.q) {
      const pattern = `%${escapeLike(query.q)}%`;
      conditions.push(or(ilike(mailOutbox.to_address, pattern), ilike(mailOutbox.subject, pattern))!);
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const { body_text: _text, body_html: _html, secrets: _secrets, ...columns } = getTableColumns(mailOutbox);
    const order = query.sort.order === 'ASC' ? asc : desc;
    const [rows, [total]] = await Promise.all([
      db
        .select(columns)
        .from(mailOutbox)
        .where(where)
        .orderBy(order(mailOutbox[query.sort.field]), order(mailOutbox.id))
        .offset(query.range.start)
        .limit(query.range.end - query.range.start + 1),
      db.select({ n: count() }).from(mailOutbox).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** One email as an API shows it: its secrets hidden. */
  async get(id: number): Promise<OutboxEmail> {
    const [row] = await this.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row) throw notFound('No such email in the outbox.');
    return withSecretsHidden(row);
  }

  /** Clears the secrets that have expired (the hourly purge): a dead link is not kept either. */
  async forgetExpiredSecrets(): Promise<void> {
    await this.database.db
      .update(mailOutbox)
      .set({ secrets: null })
      .where(and(isNotNull(mailOutbox.secrets), sql`(${mailOutbox.secrets}->>'expiresAt')::timestamptz <= now()`));
  }
}
