/**
 * A change of an account's sign-in email (docs/decisions.md, "Writes to an account need the author's cover; a changed
 * email waits for the old address"). The email is where a reset link goes, so changing it is taking the account: it is
 * never a plain edit.
 *
 * - By an Admin: it applies at once, and the old address is told (who changed it, to what).
 * - By anyone else (whose access covers the account's: services/accounts.ts): it waits. The record keeps its email
 *   and shows the new one as `pending_email`; a link valid EMAIL_CHANGE_TTL_MS goes to the old address, and the
 *   change applies only when the link is used (`confirm`). A later change replaces the waiting one.
 * - Either way, once the email has changed the account's sessions end and its reset links are void.
 *
 * The link is a secret of the email (services/mail.ts): the outbox shows a placeholder; the database keeps only
 * the token's SHA-256.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { employees, users, type ResourceDeclaration } from '../../resources/index.ts';
import type { Database } from '../db/client.ts';
import { accounts, emailChanges, passwordResetTokens, sessions } from '../db/schema.ts';
import { tableOf } from '../db/schema.ts';
import { badRequest, conflict } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';
import { forgetSessions, tokenHash } from './auth.ts';
import { emailLanguageOf, inLanguage, type EmailLanguage, type EmailWords } from './email-language.ts';
import { secretPlaceholder, type MailService, type OutboxRow } from './mail.ts';
import type { Tx } from './records.ts';

export const EMAIL_CHANGE_TTL_MS = 48 * 3_600_000;

export const EMAIL_CHANGE_MESSAGES = {
  confirmed: 'Your sign-in email has been changed. Sign in with the new address.',
  invalid: 'This confirmation link is not valid or has already been used.',
  expired: 'This confirmation link has expired. The sign-in email was not changed.',
  taken: 'Another account now signs in with this email; the change cannot be made.',
} as const;

/** The subjects of the two emails in each language (src/server/services/email-language.ts). */
export const EMAIL_CHANGE_SUBJECTS_IN = {
  en: {
    confirm: 'Confirm the change of your Trust School sign-in email',
    changed: 'Your Trust School sign-in email was changed',
  },
  hi: {
    confirm: 'अपने ट्रस्ट विद्यालय लॉग इन ईमेल के बदलाव की पुष्टि करें',
    changed: 'आपका ट्रस्ट विद्यालय लॉग इन ईमेल बदल दिया गया',
  },
} as const;

interface ChangeFacts {
  name: string;
  from: string;
  to: string;
  by: string;
}

/** The notice of a change made (to the old address), in each language. */
function changedWords({ name, from, to, by }: ChangeFacts): { en: EmailWords; hi: EmailWords } {
  return {
    en: {
      subject: EMAIL_CHANGE_SUBJECTS_IN.en.changed,
      paragraphs: [
        `Hello ${name},`,
        `The sign-in email of your account on the Trust School back-office was changed from ${from} to ${to} by ${by}. Your sessions have ended; sign in with the new address.`,
        'If you did not expect this, tell the trust’s office at once.',
      ],
    },
    hi: {
      subject: EMAIL_CHANGE_SUBJECTS_IN.hi.changed,
      paragraphs: [
        `नमस्ते ${name},`,
        `ट्रस्ट विद्यालय बैक-ऑफ़िस पर आपके खाते का लॉग इन ईमेल ${by} ने ${from} से बदलकर ${to} कर दिया है। आपके सत्र समाप्त हो गए हैं; नए पते से लॉग इन करें।`,
        'यदि आपको इसकी जानकारी नहीं थी, तो तुरंत ट्रस्ट के कार्यालय को बताएँ।',
      ],
    },
  };
}

/** The request to confirm a change (to the old address, with the link), in each language. */
function confirmWords({ name, from, to, by }: ChangeFacts, link: string): { en: EmailWords; hi: EmailWords } {
  return {
    en: {
      subject: EMAIL_CHANGE_SUBJECTS_IN.en.confirm,
      paragraphs: [
        `Hello ${name},`,
        `${by} asked to change the sign-in email of your account on the Trust School back-office from ${from} to ${to}.`,
        'The change is made only if you confirm it. To confirm, open this link within 48 hours:',
        link,
        'If you did not expect this, do not open the link and tell the trust’s office: your email stays as it is.',
      ],
    },
    hi: {
      subject: EMAIL_CHANGE_SUBJECTS_IN.hi.confirm,
      paragraphs: [
        `नमस्ते ${name},`,
        `${by} ने ट्रस्ट विद्यालय बैक-ऑफ़िस पर आपके खाते का लॉग इन ईमेल ${from} से बदलकर ${to} करने को कहा है।`,
        'यह बदलाव तभी होगा जब आप इसकी पुष्टि करेंगे। पुष्टि के लिए यह लिंक 48 घंटे के भीतर खोलें:',
        link,
        'यदि आपको इसकी जानकारी नहीं थी, तो लिंक न खोलें और ट्रस्ट के कार्यालय को बताएँ: आपका ईमेल जैसा है वैसा ही रहेगा।',
      ],
    },
  };
}

/**
 * The subjects of the two emails to a person who has chosen no language yet: Hindi, then English (each language's
 * are EMAIL_CHANGE_SUBJECTS_IN).
 */
export const EMAIL_CHANGE_SUBJECTS = {
  confirm: inLanguage(null, confirmWords({ name: '', from: '', to: '', by: '' }, '')).subject,
  changed: inLanguage(null, changedWords({ name: '', from: '', to: '', by: '' })).subject,
} as const;

/** The records that are sign-in accounts, and so carry `pending_email`. */
const ACCOUNT_RECORDS: ResourceDeclaration[] = [employees, users];

/** The language the account's person chose for the back-office (null: none yet), for its emails. */
async function languageOf(tx: Tx, accountId: number): Promise<EmailLanguage> {
  const [row] = await tx.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, accountId));
  return emailLanguageOf(row?.locale);
}

export interface AccountOfRecord {
  id: number;
  name: string;
  /** The sign-in email before the change: the address that is told, or asked. */
  email: string;
}

/** Ends what the old email opened: every session, and any reset link (which went to the old address). */
async function endSignIns(tx: Tx, accountId: number): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.account_id, accountId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.account_id, accountId));
}

export class EmailChangeService {
  private readonly database: Database;
  private readonly mail: MailService;
  private readonly publicUrl: string;
  /** Told of each record a confirmation wrote, so that lists and caches forget it (RecordService.changedElsewhere). */
  private readonly written: (resource: ResourceDeclaration) => void;

  constructor(
    database: Database,
    options: { mail: MailService; publicUrl: string; written: (resource: ResourceDeclaration) => void },
  ) {
    this.database = database;
    this.mail = options.mail;
    this.publicUrl = options.publicUrl;
    this.written = options.written;
    // A confirmation waiting for a mail server is sent only while its change still waits (services/mail.ts).
    this.mail.checkSecret('confirm_link', async (link) => {
      const token = /[?&]token=([A-Za-z0-9_-]+)/.exec(link)?.[1];
      if (!token) return false;
      const [waiting] = await this.database.db
        .select({ accountId: emailChanges.account_id })
        .from(emailChanges)
        .where(and(eq(emailChanges.token_hash, tokenHash(token)), gt(emailChanges.expires_at, new Date())));
      return waiting !== undefined;
    });
  }

  /**
   * In the write's transaction, after the account took its new email: an Admin's change. Ends the account's
   * sessions and reset links, drops a waiting change, and writes the notice to the old address (dispatch the
   * answer once committed).
   */
  async applied(tx: Tx, account: AccountOfRecord, newEmail: string, by: Actor): Promise<OutboxRow> {
    await endSignIns(tx, account.id);
    await tx.delete(emailChanges).where(eq(emailChanges.account_id, account.id));
    const facts = { name: account.name, from: account.email, to: newEmail, by: by.name };
    const email = inLanguage(await languageOf(tx, account.id), changedWords(facts));
    return this.mail.write({ to: account.email, ...email }, tx);
  }

  /**
   * In the write's transaction: a change that waits for the old address. Replaces a waiting change and writes the
   * email with the link (dispatch the answer once committed); nothing is written when the same change already
   * waits with a live link, so repeated saves do not flood the old address.
   */
  async hold(tx: Tx, account: AccountOfRecord, newEmail: string, by: Actor): Promise<OutboxRow | undefined> {
    const [waiting] = await tx
      .select({ new_email: emailChanges.new_email })
      .from(emailChanges)
      .where(and(eq(emailChanges.account_id, account.id), gt(emailChanges.expires_at, new Date())));
    if (waiting && waiting.new_email.toLowerCase() === newEmail.toLowerCase()) return undefined;
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    const expiresAt = new Date(now.getTime() + EMAIL_CHANGE_TTL_MS);
    const row = {
      new_email: newEmail,
      token_hash: tokenHash(token),
      requested_by_id: by.id,
      requested_by_name: by.name,
      created_at: now,
      expires_at: expiresAt,
    };
    await tx
      .insert(emailChanges)
      .values({ account_id: account.id, ...row })
      .onConflictDoUpdate({ target: emailChanges.account_id, set: row });
    const link = `${this.publicUrl}/confirm-email?token=${token}`;
    const placeholder = secretPlaceholder('confirm_link');
    const facts = { name: account.name, from: account.email, to: newEmail, by: by.name };
    const email = inLanguage(await languageOf(tx, account.id), confirmWords(facts, placeholder), placeholder);
    return this.mail.write(
      {
        to: account.email,
        ...email,
        secrets: { values: { confirm_link: link }, expiresAt },
      },
      tx,
    );
  }

  /** Sends what `applied` or `hold` wrote, once their transaction has committed. */
  dispatch(row: OutboxRow | undefined): void {
    if (row) this.mail.dispatch(row);
  }

  /**
   * Applies a waiting change with the token of its link: the account and its record take the new email, the
   * record's `pending_email` is cleared, the account's sessions and reset links end; audited as the account's own
   * act (it proved it reads the old address). 400 for an unknown, used or expired token; 409 when another account
   * took the address meanwhile (the change is dropped).
   */
  async confirm(token: string): Promise<{ email: string }> {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw badRequest(EMAIL_CHANGE_MESSAGES.invalid);
    const hash = tokenHash(token);
    const outcome = await this.database.db.transaction(async (tx) => {
      // Deleting the row is what uses the link: of two confirmations at once, only one finds it.
      const [change] = await tx.delete(emailChanges).where(eq(emailChanges.token_hash, hash)).returning();
      if (!change) return { problem: 'invalid' as const };
      const records = await this.recordsOf(tx, change.account_id);
      const [taken] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(sql`lower(${accounts.email}) = lower(${change.new_email}) and ${accounts.id} <> ${change.account_id}`)
        .limit(1);
      const problem = change.expires_at.getTime() <= Date.now() ? 'expired' : taken ? 'taken' : undefined;
      if (problem) {
        // The change is dropped (its row is gone once this commits): its records no longer show it waiting.
        for (const { resource, id } of records) {
          await tx
            .update(tableOf(resource))
            .set({ pending_email: null })
            .where(eq(tableOf(resource).id, id));
        }
        return { problem, records };
      }
      const [account] = await tx
        .update(accounts)
        .set({ email: change.new_email, updated_at: new Date() })
        .where(eq(accounts.id, change.account_id))
        .returning({ id: accounts.id, name: accounts.name, email: accounts.email, userType: accounts.user_type });
      if (!account) return { problem: 'invalid' as const };
      await endSignIns(tx, account.id);
      for (const { resource, id, email } of records) {
        const table = tableOf(resource);
        await tx
          .update(table)
          .set({ email: change.new_email, pending_email: null, updated_at: new Date() })
          .where(eq(table.id, id));
        await appendAudit(tx, account, 'Update', resource.name, id, {
          changes: { email: { before: email, after: change.new_email } },
          note: `The sign-in email change asked for by ${change.requested_by_name} was confirmed from the old address; every session of the account was ended.`,
        });
      }
      return { problem: undefined, records, account };
    });
    for (const { resource } of outcome.records ?? []) this.written(resource);
    if (outcome.problem === 'invalid') throw badRequest(EMAIL_CHANGE_MESSAGES.invalid);
    if (outcome.problem === 'expired') throw badRequest(EMAIL_CHANGE_MESSAGES.expired);
    if (outcome.problem === 'taken') throw conflict(EMAIL_CHANGE_MESSAGES.taken);
    forgetSessions(outcome.account!.id);
    return { email: outcome.account!.email };
  }

  /** The records (an employee, a user) whose sign-in account this is. */
  private async recordsOf(
    tx: Tx,
    accountId: number,
  ): Promise<{ resource: ResourceDeclaration; id: number; email: string }[]> {
    const found: { resource: ResourceDeclaration; id: number; email: string }[] = [];
    for (const resource of ACCOUNT_RECORDS) {
      const table = tableOf(resource);
      const rows = await tx
        .select({ id: table.id, email: table.email })
        .from(table)
        .where(eq(table.account_id, accountId));
      for (const row of rows) found.push({ resource, id: row.id as number, email: row.email as string });
    }
    return found;
  }
}
