/**
 * Password reset by email. A request for an existing, active account stores a random 256-bit token — only its
 * SHA-256, one row per account, so a new request replaces the old link — valid one hour, and emails the link
 * `PUBLIC_URL/reset-password?token=…` through the outbox (services/mail.ts). The token resets the password once:
 * the new password must pass the shared policy (src/resources/password-policy.ts); the account's failed sign-ins
 * and lock are cleared and all of its sessions end.
 *
 * Requests are handled after the answer, one at a time in this process (`request`), so the answer to
 * forgotPassword takes the same time whether or not the address has an account.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { passwordProblem } from '../../resources/password-policy.ts';
import { stored as sentence, type SaidText } from '../../resources/sentences.ts';
import type { Database } from '../db/client.ts';
import { accounts, mailOutbox, passwordResetTokens, sessions, signInThrottles } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';
import { forgetSessions, hashPassword, tokenHash } from './auth.ts';
import { RateLimit } from './rate-limit.ts';
import { accountKey } from './sign-in-throttle.ts';
import { emailLanguageOf, inLanguage, subjectsOf, type EmailLanguage, type EmailWords } from './email-language.ts';
import { secretPlaceholder, type MailService } from './mail.ts';

export const RESET_TOKEN_TTL_MS = 3_600_000;
/** How long a link an Admin gives by hand lasts: long enough to reach the person without email. */
export const GIVEN_LINK_TTL_MS = 24 * 3_600_000;
/**
 * How reset emails are limited, so that nobody can flood a mailbox through the forgotten-password form and nobody
 * can stop the owner getting a link (three anonymous requests used to block an account's emails for an
 * hour; docs/decisions.md, "Password reset by email, and the mail outbox"). A refused request sends nothing, replaces
 * no link (the last one emailed stays live) and is recorded as Failed; the answer stays the same.
 *
 * - Whoever asks, an account gets an email whenever the last one to it was sent RESET_EMAIL_SPACING_MS ago or more
 *   (counted from the outbox): this is the floor that nobody can take away. While strangers hold the mailbox, the
 *   owner's mailbox always has a link emailed within the spacing (links live an hour), and the owner's own request
 *   is emailed as soon as the spacing passes without one; behind a proxy, where everyone shares one address, too.
 * - Sooner than that, an email goes only while the client address has asked for this account at most
 *   RESET_REQUESTS_PER_ADDRESS times in the hour, this request included (rate_limits), and the account has had
 *   fewer than RESET_EMAILS_PER_HOUR emails in the hour: a stranger at one address uses up their own share, which
 *   is less than the account's, so the owner at another address is emailed at once.
 *
 * So however many addresses ask, a mailbox gets at most eight reset emails in any hour, and about four an hour
 * under a sustained flood.
 */
export const RESET_REQUESTS_PER_ADDRESS = 3;
export const RESET_EMAILS_PER_HOUR = 4;
export const RESET_EMAIL_SPACING_MS = 15 * 60_000;
const HOUR_MS = 3_600_000;
/** Requests waiting to be handled; beyond this, new ones are dropped (and logged) rather than queued. */
const MAX_QUEUED = 500;

export const RESET_MESSAGES = {
  requested: 'Reset password link sent to your email.',
  done: 'Your password has been reset. You can now sign in with your new password.',
  missingToken: 'The reset link is incomplete. Please open the link from the email again.',
  invalid: 'This password reset link is not valid or has already been used. Please ask for a new one.',
  expired: 'This password reset link has expired. Please ask for a new one.',
} as const;

/** The subject of the reset email in each language (src/server/services/email-language.ts). */
export const RESET_EMAIL_SUBJECTS = {
  en: 'Reset your Trust School password',
  hi: 'अपना ट्रस्ट विद्यालय पासवर्ड रीसेट करें',
} as const;

/** What the activity log records of a request or a reset. */
export interface ResetActivity {
  accountId: number;
  action: 'Password reset request' | 'Password reset';
  status: 'Success' | 'Failed';
  /** What happened, as a sentence of STORED (the activity keeps its English text, key and values). */
  said: SaidText;
}

export interface PasswordResetOptions {
  mail: MailService;
  publicUrl: string;
  log: FastifyBaseLogger;
  recordActivity?: (activity: ResetActivity) => Promise<unknown>;
}

/** What the reset email says, in each language; `link` is a paragraph of its own. */
function resetWords(name: string, email: string, link: string): { en: EmailWords; hi: EmailWords } {
  return {
    en: {
      subject: RESET_EMAIL_SUBJECTS.en,
      paragraphs: [
        `Hello ${name},`,
        `Someone asked to reset the password of the account ${email} on the Trust School back-office.`,
        'To choose a new password, open this link within one hour:',
        link,
        'The link works once. If you did not ask for it, you can ignore this email: your password stays as it is.',
      ],
    },
    hi: {
      subject: RESET_EMAIL_SUBJECTS.hi,
      paragraphs: [
        `नमस्ते ${name},`,
        `किसी ने ट्रस्ट विद्यालय बैक-ऑफ़िस पर खाते ${email} का पासवर्ड रीसेट करने को कहा है।`,
        'नया पासवर्ड चुनने के लिए यह लिंक एक घंटे के भीतर खोलें:',
        link,
        'यह लिंक एक ही बार काम करता है। यदि आपने इसे नहीं माँगा था, तो इस ईमेल को अनदेखा कर दें: आपका पासवर्ड जैसा है वैसा ही रहेगा।',
      ],
    },
  };
}

/**
 * The subject of a reset email to a person who has chosen no language yet: Hindi, then English. The subjects of
 * every language are RESET_EMAIL_SUBJECTS.
 */
export const RESET_EMAIL_SUBJECT = inLanguage(null, resetWords('', '', '')).subject;

/** Every subject a reset email may carry: how the outbox's reset emails to an address are counted. */
const RESET_SUBJECTS = subjectsOf(resetWords('', '', ''));

/**
 * The email with the link, in text and simple HTML, in the person's language (`language`: their chosen back-office
 * language; null: not chosen yet, Hindi then English).
 */
export function resetEmail(
  name: string,
  email: string,
  link: string,
  language: EmailLanguage = null,
): { subject: string; text: string; html: string } {
  return inLanguage(language, resetWords(name, email, link), link);
}

export class PasswordResetService {
  private readonly database: Database;
  private readonly mail: MailService;
  private readonly publicUrl: string;
  private readonly log: FastifyBaseLogger;
  private readonly recordActivity: (activity: ResetActivity) => Promise<unknown>;
  private readonly perAddress: RateLimit;
  private queue: Promise<void> = Promise.resolve();
  private queued = 0;

  constructor(database: Database, options: PasswordResetOptions) {
    this.database = database;
    this.perAddress = new RateLimit(database, { limit: RESET_REQUESTS_PER_ADDRESS, windowMs: HOUR_MS });
    this.mail = options.mail;
    this.publicUrl = options.publicUrl;
    this.log = options.log;
    this.recordActivity = options.recordActivity ?? (async () => {});
    // A reset email waiting for a mail server is sent only while its link still works (services/mail.ts).
    this.mail.checkSecret('reset_link', (link) => this.linkWorks(link));
  }

  /** Whether a reset link still works: its token is the account's latest, unused and unexpired. */
  async linkWorks(link: string): Promise<boolean> {
    const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(link)?.[1];
    if (!token) return false;
    const [stored] = await this.database.db
      .select({ accountId: passwordResetTokens.account_id })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.token_hash, tokenHash(token)), gt(passwordResetTokens.expires_at, new Date())));
    return stored !== undefined;
  }

  /** Once a link is replaced or used, the emails that wait with an earlier one say so (Discarded), not sent. */
  private async forgetDeadEmails(): Promise<void> {
    await this.mail
      .discardDeadLinks()
      .catch((error: unknown) => this.log.warn({ err: error }, 'discarding emails with dead links failed'));
  }

  /**
   * Takes a request for later, and returns at once: the caller answers the same thing, in the same time, whether
   * or not the address has an account. Requests are handled in order, one at a time. `ip`: the client's address.
   */
  request(email: string, ip: string): void {
    if (this.queued >= MAX_QUEUED) {
      this.log.warn('Too many password reset requests are waiting; this one is dropped.');
      return;
    }
    this.queued += 1;
    this.queue = this.queue
      .then(() => this.handle(email, ip))
      .then(
        (outcome) => this.log.info({ outcome }, 'password reset requested'),
        (error: unknown) => this.log.error({ err: error }, 'a password reset request failed'),
      )
      .finally(() => {
        this.queued -= 1;
      });
  }

  /** Resolves when every request taken so far has been handled (tests; closing the app). */
  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * Handles a request now: for an existing, active account, a new link replaces the old one and the email is
   * written to the outbox in the same transaction, then sent.
   */
  async handle(email: string, ip: string): Promise<'sent' | 'unknown' | 'inactive' | 'limited'> {
    const db = this.database.db;
    const [account] = await db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        isActive: accounts.is_active,
        locale: accounts.locale,
      })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email.trim().toLowerCase()))
      .limit(1);
    if (!account) return 'unknown';
    if (!account.isActive) {
      await this.recordActivity({
        accountId: account.id,
        action: 'Password reset request',
        status: 'Failed',
        said: sentence('resetInactive'),
      });
      return 'inactive';
    }
    const refused = async (said: SaidText) => {
      await this.recordActivity({ accountId: account.id, action: 'Password reset request', status: 'Failed', said });
      return 'limited' as const;
    };
    // Counted from the outbox, so the limit holds across restarts and server processes.
    const [recent] = await db
      .select({
        n: sql<number>`count(*)`.mapWith(Number),
        latest: sql<Date | string | null>`max(${mailOutbox.created_at})`,
      })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to_address, account.email),
          inArray(mailOutbox.subject, RESET_SUBJECTS),
          gt(mailOutbox.created_at, new Date(Date.now() - HOUR_MS)),
        ),
      );
    const latest = recent?.latest ? new Date(recent.latest).getTime() : 0;
    // Every request counts against its address, whether or not the spacing lets it through.
    const overShare = (await this.perAddress.hit(`password-reset:${account.id}:${ip}`)) !== undefined;
    if (Date.now() - latest < RESET_EMAIL_SPACING_MS) {
      if (overShare) {
        return refused(sentence('resetTooOftenFromAddress', { times: RESET_REQUESTS_PER_ADDRESS }));
      }
      if ((recent?.n ?? 0) >= RESET_EMAILS_PER_HOUR) {
        return refused(
          sentence('resetTooManyEmails', { count: RESET_EMAILS_PER_HOUR, minutes: RESET_EMAIL_SPACING_MS / 60_000 }),
        );
      }
    }
    const token = randomBytes(32).toString('base64url');
    const link = `${this.publicUrl}/reset-password?token=${token}`;
    const now = new Date();
    const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS);
    const row = await db.transaction(async (tx) => {
      await tx
        .insert(passwordResetTokens)
        .values({ account_id: account.id, token_hash: tokenHash(token), created_at: now, expires_at: expiresAt })
        .onConflictDoUpdate({
          target: passwordResetTokens.account_id,
          set: { token_hash: tokenHash(token), created_at: now, expires_at: expiresAt },
        });
      // The link is a secret of the email: sent to the person, never shown in the outbox (services/mail.ts).
      const message = resetEmail(
        account.name,
        account.email,
        secretPlaceholder('reset_link'),
        emailLanguageOf(account.locale),
      );
      return this.mail.write(
        { to: account.email, ...message, secrets: { values: { reset_link: link }, expiresAt } },
        tx,
      );
    });
    this.mail.dispatch(row);
    await this.forgetDeadEmails();
    await this.recordActivity({
      accountId: account.id,
      action: 'Password reset request',
      status: 'Success',
      said: sentence('resetEmailed'),
    });
    return 'sent';
  }

  /**
   * A link to choose a new password that an Admin gives the person by hand (an office without a mail server, a lost
   * mailbox): valid GIVEN_LINK_TTL_MS and once, replacing any link sent before; answered to the Admin once and kept
   * only as its hash, never in the outbox; the audit trail (`resource`, `recordId`: the account's record) and the
   * account's activity log say who gave it. The route decides who may give one (routes/api/v2/password-links.ts).
   */
  async giveLink(
    by: Actor,
    account: { id: number; name: string },
    record: { resource: string; id: number },
  ): Promise<{ link: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + GIVEN_LINK_TTL_MS);
    await this.database.db.transaction(async (tx) => {
      await tx
        .insert(passwordResetTokens)
        .values({ account_id: account.id, token_hash: tokenHash(token), created_at: now, expires_at: expiresAt })
        .onConflictDoUpdate({
          target: passwordResetTokens.account_id,
          set: { token_hash: tokenHash(token), created_at: now, expires_at: expiresAt },
        });
      await appendAudit(tx, by, 'Note', record.resource, record.id, {
        note: `${by.name} gave ${account.name} a one-time link to choose a new password, valid until ${expiresAt.toISOString()}; any earlier reset link stopped working.`,
      });
    });
    await this.recordActivity({
      accountId: account.id,
      action: 'Password reset request',
      status: 'Success',
      said: sentence('resetLinkGiven', { by: by.name }),
    });
    await this.forgetDeadEmails();
    return { link: `${this.publicUrl}/reset-password?token=${token}`, expiresAt };
  }

  /**
   * Sets a new password with a token from the email. 400 with a sentence for a missing, unknown, used or expired
   * token, or a password the policy refuses (the token then stays valid).
   */
  async reset(token: string, password: string): Promise<void> {
    const problem = passwordProblem(password);
    if (problem) throw badRequest(problem, [{ field: 'password', message: problem }]);
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw badRequest(RESET_MESSAGES.invalid);
    const db = this.database.db;
    const hash = tokenHash(token);
    const [stored] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.token_hash, hash));
    if (!stored) throw badRequest(RESET_MESSAGES.invalid);
    if (stored.expires_at.getTime() <= Date.now()) {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.token_hash, hash));
      throw badRequest(RESET_MESSAGES.expired);
    }
    // Hashed before the transaction, so that it holds no lock while argon2 works.
    const passwordHash = await hashPassword(password);
    const account = await db.transaction(async (tx) => {
      // Deleting the token is what uses it: of two resets at once, only one finds it.
      const [used] = await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.token_hash, hash), gt(passwordResetTokens.expires_at, new Date())))
        .returning({ accountId: passwordResetTokens.account_id });
      if (!used) return undefined;
      const [changed] = await tx
        .update(accounts)
        .set({ password_hash: passwordHash, updated_at: new Date() })
        .where(eq(accounts.id, used.accountId))
        .returning({ id: accounts.id, name: accounts.name, email: accounts.email, userType: accounts.user_type });
      await tx.delete(sessions).where(eq(sessions.account_id, used.accountId));
      // The owner proved who they are: waits from failed sign-ins on the account are lifted.
      await tx.delete(signInThrottles).where(eq(signInThrottles.key, accountKey(changed!.email.toLowerCase()).key));
      await appendAudit(tx, changed!, 'Update', 'accounts', changed!.id, {
        note: 'Password reset with an emailed link; every session of the account was ended.',
      });
      return changed!;
    });
    if (!account) throw badRequest(RESET_MESSAGES.invalid);
    forgetSessions(account.id);
    await this.forgetDeadEmails();
    await this.recordActivity({
      accountId: account.id,
      action: 'Password reset',
      status: 'Success',
      said: sentence('passwordReset'),
    });
  }
}
