/**
 * Email, through the outbox. Every email is first written to `mail_outbox`, Pending, so that an Admin can always
 * see what was sent, what waits, what failed and why:
 * - without SMTP_URL it stays Pending (one log line says it waits; an Admin reads it in the admin under Outbox), so
 *   a small install without a mail server still works, and it leaves once a server starts with SMTP_URL;
 * - with SMTP_URL a small worker of every server process sends what is due: at once when it is written, and at
 *   start whatever waited. A failure is kept in `last_error` and retried after a growing delay (MAIL_RETRY_SECONDS,
 *   four times longer each time); after MAIL_MAX_ATTEMPTS attempts it is Failed. An Admin may send a Pending or
 *   Failed email again (`resend`) or discard it (`discard`), both audited.
 * The worker claims due rows with FOR UPDATE SKIP LOCKED and a lease (`claimed_until`), so several processes sharing
 * a PostgreSQL database never send one email twice at the same time, and an email whose process died mid-send is
 * picked up again when its lease ends.
 *
 * An email that carries a secret link (a password reset, an email change) is sent only while the link works: one
 * that expired, or that a newer link replaced, is Discarded with the reason instead (`checkSecret`), so a mail
 * server configured late never delivers a dead link. The link itself is never shown through any API.
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
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { createTransport, type Transporter } from 'nodemailer';
import { discardedBy, MAIL_REASONS } from '../../resources/mail-reasons.ts';
import type { Database, Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';

export const MAIL_STATUSES = ['Pending', 'Sent', 'Failed', 'Discarded'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Attempts before an email is Failed, and the wait after the first failed attempt (MAIL_MAX_ATTEMPTS and
 * MAIL_RETRY_SECONDS override them; each later wait is RETRY_GROWTH times the one before, at most MAX_RETRY_MS). */
export const MAIL_MAX_ATTEMPTS = 5;
export const MAIL_RETRY_MS = 60_000;
const RETRY_GROWTH = 4;
const MAX_RETRY_MS = 24 * 3_600_000;
/** The wait after failed attempt number `attempt` (1, 2, …): 1, 4, 16, 64 minutes by default. */
export const retryDelayMs = (attempt: number, firstMs: number = MAIL_RETRY_MS) =>
  Math.min(firstMs * RETRY_GROWTH ** Math.max(0, attempt - 1), MAX_RETRY_MS);
/** How often the worker looks for emails that are due, at most (it is also woken at once when one is written). */
const POLL_MS = 30_000;
/** How long a claimed email belongs to the process sending it (longer than nodemailer's timeouts add up to). */
const LEASE_MS = 5 * 60_000;
const BATCH = 10;

/** Why an email that carries a link is not sent (its `last_error` once Discarded). */
export const UNSENDABLE = MAIL_REASONS;

export const OUTBOX_MESSAGES = {
  noMailServer:
    'Emails cannot be sent: no mail server is configured (SMTP_URL). The email stays Pending in the Outbox and leaves once one is.',
  notFound: 'No such email in the outbox.',
  notResendable: 'Only a pending or failed email can be sent again.',
  notDiscardable: 'Only a pending or failed email can be discarded.',
  busy: 'This email is being sent right now. Please try again in a minute.',
  deadLink:
    'This email cannot be sent: the link it carries has expired or no longer works. Discard it; the person can ask for a new link.',
} as const;

export type OutboxRow = typeof mailOutbox.$inferSelect;
/** An email as the API shows it: its secrets left out, and hidden where the bodies carry them. */
export type OutboxEmail = Omit<OutboxRow, 'secrets'>;
/** What the outbox list shows: everything but the bodies and the secrets. */
export type OutboxSummary = Omit<OutboxRow, 'body_text' | 'body_html' | 'secrets'>;

/**
 * What a record's screen shows of an email about it (a contact message's reply, a donation's receipt): its status
 * and reason, never its bodies; `mail_server` says whether this server sends email at all, so that a Pending email
 * reads "waiting for a mail server" rather than "being sent".
 */
export interface EmailDelivery {
  id: number;
  to_address: string;
  status: MailStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
  mail_server: boolean;
}

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
  /** The record it is about, as `<resource>/<id>` (`aboutRecord`), for that record's screen to show its status. */
  about?: string;
}

/** The `about` of an email about a record. */
export const aboutRecord = (resource: string, id: number | string) => `${resource}/${id}`;

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

/** The names of the secrets an email's bodies hold. */
function secretNames(row: Pick<OutboxRow, 'body_text' | 'body_html'>): string[] {
  const names = new Set<string>();
  for (const body of [row.body_text, row.body_html ?? '']) {
    for (const match of body.matchAll(PLACEHOLDER)) names.add(match[1]!);
  }
  return [...names];
}

/** The bodies as sent: every placeholder replaced by its secret (`unsendable` has said that each is there). */
function withSecrets(row: OutboxRow): { text: string; html: string | null } {
  const values = row.secrets?.values ?? {};
  const fill = (body: string) => body.replace(PLACEHOLDER, (_mark, name: string) => values[name] ?? '');
  return { text: fill(row.body_text), html: row.body_html === null ? null : fill(row.body_html) };
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
  /** Attempts before an email is Failed (MAIL_MAX_ATTEMPTS); MAIL_MAX_ATTEMPTS's default when not given. */
  maxAttempts?: number | undefined;
  /** The wait after the first failed attempt (MAIL_RETRY_SECONDS), in milliseconds. */
  retryMs?: number | undefined;
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
  /** Whether emails are sent (SMTP_URL is set) rather than left waiting in the outbox. */
  readonly sends: boolean;
  readonly maxAttempts: number;
  readonly retryMs: number;
  private readonly database: Database;
  private readonly from: string;
  private readonly log: FastifyBaseLogger;
  private readonly transport: Transporter | undefined;
  private readonly attachmentsDir: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private tidying: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly failedListeners: ((email: OutboxSummary) => void | Promise<void>)[] = [];
  private readonly secretChecks = new Map<string, (value: string) => Promise<boolean>>();

  /**
   * Calls `listener` with each email that has finally failed (its last attempt), once that is written; a listener
   * that fails is logged and changes nothing of the email.
   */
  onFailed(listener: (email: OutboxSummary) => void | Promise<void>): void {
    this.failedListeners.push(listener);
  }

  /**
   * Says how to tell whether the secret `name` still works (a reset link whose token is still stored): an email
   * whose secret no longer works is not sent but Discarded (UNSENDABLE.replaced).
   */
  checkSecret(name: string, stillWorks: (value: string) => Promise<boolean>): void {
    this.secretChecks.set(name, stillWorks);
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
    this.maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
    this.retryMs = options.retryMs ?? MAIL_RETRY_MS;
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

  /**
   * Starts the worker (with SMTP_URL): the emails that waited — written without a mail server, or left Pending by an
   * earlier run — are sent now, then each as it falls due.
   */
  start(): void {
    if (!this.transport || this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.kick(), Math.min(POLL_MS, Math.max(1_000, this.retryMs)));
    this.timer.unref();
    this.tidying = this.waiting()
      .then((n) => {
        if (n > 0) this.log.info(`${n} email(s) waiting in the outbox are being sent now that SMTP_URL is set.`);
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'counting the waiting emails failed'));
    void this.kick();
  }

  /** How many emails wait to be sent. */
  private async waiting(): Promise<number> {
    const [row] = await this.database.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'Pending'));
    return row?.n ?? 0;
  }

  /** Stops the worker and waits for a send under way; the app calls it on close. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.tidying;
    await this.running;
    this.transport?.close();
  }

  /**
   * Writes an email to the outbox, Pending and due now, in the caller's transaction when it passes one. Once that
   * has committed, `dispatch` the row (or use `send`, which does both).
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
        about: message.about ?? null,
        status: 'Pending',
        next_attempt_at: new Date(),
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

  /** An email's attachments are kept until it is sent or discarded. */
  private async forgetAttachments(id: number): Promise<void> {
    if (this.attachmentsDir) await rm(this.attachmentFolder(id), { recursive: true, force: true });
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
      `Email #${row.id} ("${row.subject}") is waiting in the outbox: SMTP_URL is not set, so it is not sent. It stays Pending under Outbox in the admin and leaves once the server runs with SMTP_URL.`,
    );
  }

  async send(message: MailMessage): Promise<OutboxRow> {
    const row = await this.write(message);
    this.dispatch(row);
    return row;
  }

  /**
   * After the row of `write` is committed: starts sending it and waits up to `waitMs` for the attempt, then says
   * what became of it (Sent; Pending with the error of a failed attempt; still being sent; or, without SMTP_URL,
   * waiting for a mail server), so that a screen says what really happened.
   */
  async attempt(row: OutboxRow, waitMs: number): Promise<EmailDelivery> {
    if (this.sends) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.kick(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, waitMs);
        }),
      ]);
      clearTimeout(timer);
    } else {
      this.dispatch(row);
    }
    const [delivery] = await this.deliveries({ id: row.id });
    return delivery!;
  }

  /** The emails about a record (`aboutRecord`), newest first, or one email by id, as a record's screen shows them. */
  async deliveries(which: { about: string } | { id: number }, limit = 20): Promise<EmailDelivery[]> {
    const rows = await this.database.db
      .select({
        id: mailOutbox.id,
        to_address: mailOutbox.to_address,
        status: mailOutbox.status,
        attempts: mailOutbox.attempts,
        last_error: mailOutbox.last_error,
        next_attempt_at: mailOutbox.next_attempt_at,
        sent_at: mailOutbox.sent_at,
        created_at: mailOutbox.created_at,
      })
      .from(mailOutbox)
      .where('about' in which ? eq(mailOutbox.about, which.about) : eq(mailOutbox.id, which.id))
      .orderBy(desc(mailOutbox.created_at), desc(mailOutbox.id))
      .limit(limit);
    return rows.map((row) => ({ ...row, mail_server: this.sends }));
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

  /** Pending, due, and not being sent by any process (no lease, or one that has run out). */
  private static due(now: Date): SQL {
    return and(
      eq(mailOutbox.status, 'Pending'),
      lte(mailOutbox.next_attempt_at, now),
      or(isNull(mailOutbox.claimed_until), lte(mailOutbox.claimed_until, now)),
    )!;
  }

  /**
   * Takes up to BATCH due emails for this process: one attempt more each, leased until LEASE_MS from now. The rows
   * are locked as they are chosen (FOR UPDATE SKIP LOCKED: another process choosing at the same moment passes
   * them by), and the update checks again that each is still due, so that no two processes take one email.
   */
  private async claim(): Promise<OutboxRow[]> {
    const db = this.database.db;
    const now = new Date();
    const due = db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(MailService.due(now))
      .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        claimed_until: new Date(now.getTime() + LEASE_MS),
        updated_at: now,
      })
      .where(and(inArray(mailOutbox.id, due), MailService.due(now)))
      .returning();
  }

  /**
   * Why an email may not be sent, if it may not: the link it carries has expired, or no longer works (a newer link
   * replaced it, or it was used). Undefined for an email without a link, or whose links all work.
   */
  private async unsendable(row: Pick<OutboxRow, 'body_text' | 'body_html' | 'secrets'>): Promise<string | undefined> {
    const names = secretNames(row);
    if (names.length === 0) return undefined;
    const values = row.secrets && new Date(row.secrets.expiresAt) > new Date() ? row.secrets.values : undefined;
    if (!values || names.some((name) => values[name] === undefined)) return UNSENDABLE.expired;
    for (const name of names) {
      const stillWorks = this.secretChecks.get(name);
      if (stillWorks && !(await stillWorks(values[name]!))) return UNSENDABLE.replaced;
    }
    return undefined;
  }

  /** Marks an unsent email Discarded with the reason, unless it has meanwhile been sent or discarded. */
  private async discardUnsendable(id: number, reason: string): Promise<boolean> {
    const now = new Date();
    const done = await this.database.db
      .update(mailOutbox)
      .set({
        status: 'Discarded',
        secrets: null,
        next_attempt_at: null,
        claimed_until: null,
        last_error: reason,
        updated_at: now,
      })
      .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.status, ['Pending', 'Failed'])))
      .returning({ id: mailOutbox.id });
    if (done.length > 0) await this.forgetAttachments(id);
    return done.length > 0;
  }

  private async deliver(row: OutboxRow): Promise<void> {
    const db = this.database.db;
    const reason = await this.unsendable(row);
    if (reason) {
      // Sending it now would only send a link that no longer works.
      await this.discardUnsendable(row.id, reason);
      this.log.info({ emailId: row.id }, `Email #${row.id} is discarded: ${reason}`);
      return;
    }
    try {
      const bodies = withSecrets(row);
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
      // Sent: the secret has reached its one reader and is kept no longer. Whatever else happened meanwhile, the
      // email did leave, and that is what its status says.
      await db
        .update(mailOutbox)
        .set({
          status: 'Sent',
          sent_at: now,
          next_attempt_at: null,
          claimed_until: null,
          last_error: null,
          secrets: null,
          updated_at: now,
        })
        .where(eq(mailOutbox.id, row.id));
      // Sent: its attachments have reached their reader (a receipt can be made again from its donation).
      await this.forgetAttachments(row.id);
    } catch (error) {
      const lastError = describeError(error);
      const failed = row.attempts >= this.maxAttempts;
      const delay = retryDelayMs(row.attempts, this.retryMs);
      const now = new Date();
      await db
        .update(mailOutbox)
        .set({
          status: failed ? 'Failed' : 'Pending',
          last_error: lastError,
          next_attempt_at: failed ? null : new Date(now.getTime() + delay),
          claimed_until: null,
          updated_at: now,
        })
        .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'Pending')));
      if (failed) await this.failed(row, lastError);
      const wait =
        delay >= 60_000 ? `${Math.round(delay / 60_000)} minute(s)` : `${Math.round(delay / 1000)} second(s)`;
      this.log.warn(
        { emailId: row.id, attempts: row.attempts },
        failed
          ? `Email #${row.id} could not be sent after ${row.attempts} attempts and is marked Failed: ${lastError}`
          : `Email #${row.id} could not be sent (attempt ${row.attempts} of ${this.maxAttempts}); retrying in ${wait}: ${lastError}`,
      );
    }
  }

  /** The row of `id`, locked for the transaction; 404 when there is none. */
  private static async locked(tx: Pick<Db, 'select'>, id: number): Promise<OutboxRow> {
    const [current] = await tx.select().from(mailOutbox).where(eq(mailOutbox.id, id)).for('update');
    if (!current) throw notFound(OUTBOX_MESSAGES.notFound);
    return current;
  }

  /**
   * An Admin sends a Pending or Failed email again, now: a new round of attempts. 409 without SMTP_URL, for an email
   * that is sent, discarded or being sent right now, and for one whose link no longer works. Audited.
   */
  async resend(id: number, actor: Actor): Promise<OutboxSummary> {
    if (!this.sends) throw conflict(OUTBOX_MESSAGES.noMailServer);
    // Its link is checked before the transaction: a check reads other tables, on a connection of its own.
    const [before] = await this.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!before) throw notFound(OUTBOX_MESSAGES.notFound);
    const dead = before.status === 'Pending' || before.status === 'Failed' ? await this.unsendable(before) : undefined;
    const row = await this.database.db.transaction(async (tx) => {
      const current = await MailService.locked(tx, id);
      if (current.status !== 'Pending' && current.status !== 'Failed') throw conflict(OUTBOX_MESSAGES.notResendable);
      const now = new Date();
      if (current.claimed_until && current.claimed_until > now) throw conflict(OUTBOX_MESSAGES.busy);
      if (dead) throw conflict(OUTBOX_MESSAGES.deadLink);
      const [updated] = await tx
        .update(mailOutbox)
        .set({ status: 'Pending', attempts: 0, next_attempt_at: now, updated_at: now })
        .where(eq(mailOutbox.id, id))
        .returning();
      await appendAudit(tx, actor, 'Update', 'mail_outbox', id, {
        changes: {
          status: { before: current.status, after: 'Pending' },
          attempts: { before: current.attempts, after: 0 },
        },
        note: `Sent again from the outbox (to ${current.to_address}).`,
      });
      return updated!;
    });
    void this.kick();
    return summaryOf(row);
  }

  /**
   * An Admin discards a Pending or Failed email: it is never sent, its link (if any) and attachments are forgotten.
   * 409 for an email that is sent, already discarded, or being sent right now. Audited.
   */
  async discard(id: number, actor: Actor): Promise<OutboxSummary> {
    const row = await this.database.db.transaction(async (tx) => {
      const current = await MailService.locked(tx, id);
      if (current.status !== 'Pending' && current.status !== 'Failed') throw conflict(OUTBOX_MESSAGES.notDiscardable);
      const now = new Date();
      if (current.claimed_until && current.claimed_until > now) throw conflict(OUTBOX_MESSAGES.busy);
      const reason = discardedBy(actor.name);
      const [updated] = await tx
        .update(mailOutbox)
        .set({ status: 'Discarded', secrets: null, next_attempt_at: null, last_error: reason, updated_at: now })
        .where(eq(mailOutbox.id, id))
        .returning();
      await appendAudit(tx, actor, 'Update', 'mail_outbox', id, {
        changes: {
          status: { before: current.status, after: 'Discarded' },
          last_error: { before: current.last_error, after: reason },
        },
        note: `Discarded from the outbox (to ${current.to_address}): it will not be sent.`,
      });
      return updated!;
    });
    await this.forgetAttachments(id);
    return summaryOf(row);
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
    if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
    return withSecretsHidden(row);
  }

  /**
   * Waiting emails whose link has expired or no longer works become Discarded with the reason (UNSENDABLE), so that
   * the outbox does not call them waiting; run by the hourly purge, and when a link is replaced or used.
   */
  async discardDeadLinks(): Promise<number> {
    const now = new Date();
    const waiting = await this.database.db
      .select({
        id: mailOutbox.id,
        body_text: mailOutbox.body_text,
        body_html: mailOutbox.body_html,
        secrets: mailOutbox.secrets,
      })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'Pending'),
          or(isNull(mailOutbox.claimed_until), lte(mailOutbox.claimed_until, now)),
          or(isNotNull(mailOutbox.secrets), sql`strpos(${mailOutbox.body_text}, ${'\u27e6secret:'}) > 0`),
        ),
      );
    let discarded = 0;
    for (const row of waiting) {
      const reason = await this.unsendable(row);
      if (reason && (await this.discardUnsendable(row.id, reason))) discarded += 1;
    }
    return discarded;
  }

  /** Clears the secrets that have expired (the hourly purge): a dead link is not kept either. */
  async forgetExpiredSecrets(): Promise<void> {
    await this.discardDeadLinks();
    await this.database.db
      .update(mailOutbox)
      .set({ secrets: null })
      .where(and(isNotNull(mailOutbox.secrets), sql`(${mailOutbox.secrets}->>'expiresAt')::timestamptz <= now()`));
  }
}

/** A row without its bodies and secrets. */
function summaryOf(row: OutboxRow): OutboxSummary {
  const { body_text: _text, body_html: _html, secrets: _secrets, ...summary } = row;
  return summary;
}
