/**
 * Records that are sign-in accounts (an employee, a user of the User List): the record's email and password are
 * its sign-in, and the account beside it (`account_id`) is created, kept in step (name, email, user type,
 * active), signed out when deactivated and deleted in the transaction of the record's own write. The password
 * is a secret of the write (RecordService `secretFields`): hashed here, never stored in the record, the audit
 * trail or an answer.
 *
 * A write to the account itself is guarded (docs/decisions.md, "Writes to an account need the author's cover; a changed
 * email waits for the old address"): changing its sign-in email, active flag, place or role (the link's `guarded`
 * fields), or deleting it, is allowed only to an author whose own effective access covers everything the account can do
 * (an Admin for an Admin), so that nobody takes over, switches off or removes an account stronger than their own. A
 * changed email waits for the old address unless an Admin made the change (services/email-change.ts).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { grantedBeyond } from '../../resources/permissions.ts';
import { accountPasswordProblem } from '../../resources/password-policy.ts';
import { accounts, sessions } from '../db/schema.ts';
import { badRequest, conflict, forbidden, validationFailed } from '../errors.ts';
import type { Caller } from './access.ts';
import { effectiveAccessOf } from './access.ts';
import type { AccountType } from './audit.ts';
import { forgetSessions, hashPassword } from './auth.ts';
import type { EmailChangeService } from './email-change.ts';
import { beyondCover, lockAccessGraph } from './grants.ts';
import type { OutboxRow } from './mail.ts';
import type { RecordRow, ResourceBehaviour, Tx, WriteHooks } from './records.ts';

/**
 * The password of a new account (an employee, a user of the User List): present, and accepted by the one
 * password policy that reset and the account page also apply (resources/password-policy.ts: length, common
 * passwords); 400 with the policy's sentence under `password` otherwise.
 */
export function checkPassword(password: unknown): string {
  const problem = accountPasswordProblem(password);
  if (problem) throw validationFailed([{ field: 'password', message: problem }]);
  return password as string;
}

/** Whether another account (any kind: Admin, employee, user) already signs in with this email. */
export async function emailTaken(tx: Tx, email: string, exceptAccount?: number): Promise<boolean> {
  const sameEmail = eq(sql`lower(${accounts.email})`, email.toLowerCase());
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(exceptAccount ? and(sameEmail, ne(accounts.id, exceptAccount)) : sameEmail)
    .limit(1);
  return row !== undefined;
}

/** How a kind of record is a sign-in account. */
export interface AccountLink {
  /** The account's name, from the record's validated values (an employee's full name, a user's username). */
  name: (value: Record<string, unknown>) => string;
  /** The account's user type, from the record's values. */
  userType: (value: Record<string, unknown>) => Exclude<AccountType, 'Admin'>;
  /** The 409 sentence when another account signs in with the email. */
  emailTaken: string;
  /** The 400 sentence when an update carries a password. */
  passwordInUpdate: string;
  /**
   * The record's fields whose change is a write to the account itself: its sign-in email, active flag, place, role
   * and permissions. Changing one needs an author whose access covers the account's (see above).
   */
  guarded: readonly string[];
}

export const ACCOUNT_GUARD_MESSAGES = {
  admin: (name: string) =>
    `${name} is an administrator: only an administrator changes an administrator's sign-in email, active flag, place or role, or deletes the account.`,
  beyond: (name: string, beyond: string[]) =>
    `${name} can do what you cannot (${beyond.slice(0, 3).join(', ')}${beyond.length > 3 ? ` and ${beyond.length - 3} more` : ''}): only someone whose own access covers the account's changes its sign-in email, active flag, place or role, or deletes it. Ask an administrator.`,
} as const;

/** Whether a field's value is the same before and after a write (permissions compared as what they allow). */
function unchanged(field: string, a: unknown, b: unknown): boolean {
  if (field === 'permissions') return grantedBeyond(a, b).length === 0 && grantedBeyond(b, a).length === 0;
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * Refuses (403) a write to the account `accountId` by an author whose access, read in the write's transaction
 * (after the access graph's lock), does not cover the account's; answers whether the author is an Admin.
 */
async function requireCover(tx: Tx, caller: Caller, accountId: number, name: string): Promise<boolean> {
  const found = await effectiveAccessOf(tx, [caller.id, accountId]);
  const author = found.get(caller.id) ?? { admin: false, matrix: {} };
  const target = found.get(accountId);
  if (!target || author.admin) return author.admin;
  const beyond = beyondCover(author, target);
  if (target.admin) throw forbidden(ACCOUNT_GUARD_MESSAGES.admin(name));
  if (beyond.length > 0) throw forbidden(ACCOUNT_GUARD_MESSAGES.beyond(name, beyond));
  return false;
}

/**
 * The hooks that keep the account in step with a create (`passwordHash` given) or an update: the email must be
 * free among all accounts (409); on update the guarded fields need the author's cover, a changed email waits for
 * the old address unless the author is an Admin, the account takes the record's name, email, user type and active
 * flag, and a deactivated account is signed out everywhere at once.
 */
export function accountHooks(
  link: AccountLink,
  caller: Caller,
  emailChanges: EmailChangeService,
  passwordHash?: string,
): WriteHooks {
  let notice: OutboxRow | undefined;
  return {
    begin: lockAccessGraph,
    async prepare(tx, value, before) {
      const accountId = (before?.account_id as number | null | undefined) ?? undefined;
      const extra: Record<string, unknown> = {};
      let newEmail: string | undefined;
      let byAdmin = false;
      if (before && accountId !== undefined) {
        const name = link.name(before);
        if (link.guarded.some((field) => !unchanged(field, value[field], before[field]))) {
          byAdmin = await requireCover(tx, caller, accountId, name);
        }
        if (String(value.email).toLowerCase() !== String(before.email).toLowerCase()) {
          newEmail = value.email as string;
          if (await emailTaken(tx, newEmail, accountId)) {
            throw conflict(link.emailTaken, [{ field: 'email', message: link.emailTaken }]);
          }
          if (!byAdmin) {
            // Held: the record and the account keep the old email until the old address confirms.
            value.email = before.email;
            extra.pending_email = newEmail;
            notice = await emailChanges.hold(
              tx,
              { id: accountId, name, email: before.email as string },
              newEmail,
              caller,
            );
          }
        }
      }
      const email = value.email as string;
      if (await emailTaken(tx, email, accountId)) {
        throw conflict(link.emailTaken, [{ field: 'email', message: link.emailTaken }]);
      }
      const active = value.is_active === true;
      const fields = { name: link.name(value), email, user_type: link.userType(value), is_active: active };
      if (!before) {
        const [account] = await tx
          .insert(accounts)
          .values({ ...fields, password_hash: passwordHash! })
          .returning({ id: accounts.id });
        return { account_id: account!.id };
      }
      if (accountId !== undefined) {
        await tx
          .update(accounts)
          .set({ ...fields, updated_at: new Date() })
          .where(eq(accounts.id, accountId));
        // A deactivated account is signed out everywhere; a renamed one is looked up afresh.
        if (!active) await tx.delete(sessions).where(eq(sessions.account_id, accountId));
        if (newEmail !== undefined && byAdmin) {
          extra.pending_email = null;
          const old = { id: accountId, name: link.name(before), email: before.email as string };
          notice = await emailChanges.applied(tx, old, newEmail, caller);
        }
        forgetSessions(accountId);
      }
      return extra;
    },
    async committed() {
      emailChanges.dispatch(notice);
    },
  };
}

/**
 * Deletes the record's account (and so its sessions) in the transaction of the record's deletion, if the author's
 * access covers the account's.
 */
const deleteAccountHooks = (link: AccountLink, caller: Caller): WriteHooks => ({
  begin: lockAccessGraph,
  async beforeDelete(tx, row) {
    if (row.account_id) await requireCover(tx, caller, row.account_id as number, link.name(row));
  },
  async after(tx, row: RecordRow) {
    if (row.account_id) {
      await tx.delete(accounts).where(eq(accounts.id, row.account_id as number));
      forgetSessions(row.account_id as number);
    }
  },
});

/**
 * The behaviour of a record that is a sign-in account, on every API: a create takes the secret `password`; an
 * update keeps the account in step and refuses a password (changed by its owner, or reset by email); a delete
 * removes the account. `committed` adds the resource's own work once an update or a delete is committed (a
 * replaced or deleted photo's file removed).
 */
export function accountBehaviour(
  link: AccountLink,
  emailChanges: EmailChangeService,
  committed: { update?: WriteHooks['committed']; delete?: WriteHooks['committed'] } = {},
): ResourceBehaviour {
  return {
    secretFields: ['password'],
    secretProblems: (secrets) => {
      const problem = accountPasswordProblem(secrets.password);
      return problem ? [{ field: 'password', message: problem }] : [];
    },
    create: async (secrets, actor) =>
      accountHooks(link, actor, emailChanges, await hashPassword(checkPassword(secrets.password))),
    update: async (secrets, actor) => {
      if (secrets.password !== undefined) throw badRequest(link.passwordInUpdate);
      const hooks = accountHooks(link, actor, emailChanges);
      return {
        ...hooks,
        async committed(row, before) {
          await hooks.committed?.(row, before);
          await committed.update?.(row, before);
        },
      };
    },
    delete: (actor) => ({
      ...deleteAccountHooks(link, actor),
      ...(committed.delete ? { committed: committed.delete } : {}),
    }),
  };
}
