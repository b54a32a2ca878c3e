/**
 * A change of an account's sign-in email (issue 22). The email is where a reset link goes, so changing it is
 * taking the account: it is never a plain edit.
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
import { secretPlaceholder, type MailService, type OutboxRow } from './mail.ts';
import type { Tx } from './records.ts';

export const EMAIL_CHANGE_TTL_MS = 48 * 3_600_000;

export const EMAIL_CHANGE_MESSAGES = {
  confirmed: 'Your sign-in email has been changed. Sign in with the new address.',
  invalid: 'This confirmation link is not valid or has already been used.',
  expired: 'This confirmation link has expired. The sign-in email was not changed.',
  taken: 'Another account now signs in with this email; the change cannot be made.',
} as const;

export const EMAIL_CHANGE_SUBJECTS = {
  confirm: 'Confirm the change of your Trust School sign-in email',
  changed: 'Your Trust School sign-in email was changed',
} as const;

/** The records that are sign-in accounts, and so carry `pending_email`. */
const ACCOUNT_RECORDS: ResourceDeclaration[] = [employees, users];

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function message(lines: string[], link?: string) {
  const text = lines.join('\n\n');
  const html = lines
    .map((line) =>
      link && line === link
        ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return { text, html };
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
    const body = message([
      `Hello ${account.name},`,
      `The sign-in email of your account on the Trust School back-office was changed from ${account.email} to ${newEmail} by ${by.name}. Your sessions have ended; sign in with the new address.`,
      'If you did not expect this, tell the trust’s office at once.',
    ]);
    return this.mail.write({ to: account.email, subject: EMAIL_CHANGE_SUBJECTS.changed, ...body }, tx);
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
    const body = message(
      [
        `Hello ${account.name},`,
        `${by.name} asked to change the sign-in email of your account on the Trust School back-office from ${account.email} to ${newEmail}.`,
        'The change is made only if you confirm it. To confirm, open this link within 48 hours:',
        placeholder,
        'If you did not expect this, do not open the link and tell the trust’s office: your email stays as it is.',
      ],
      placeholder,
    );
    return this.mail.write(
      {
        to: account.email,
        subject: EMAIL_CHANGE_SUBJECTS.confirm,
        ...body,
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
