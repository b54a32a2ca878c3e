/**
 * Records that are sign-in accounts (an employee, a user of the User List): the record's email and password are
 * its sign-in, and the account beside it (`account_id`) is created, kept in step (name, email, user type,
 * active), signed out when deactivated and deleted in the transaction of the record's own write. The password
 * is a secret of the write (RecordService `secretFields`): hashed here, never stored in the record, the audit
 * trail or an answer.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import { accountPasswordProblem } from '../../resources/password-policy.ts';
import { accounts, sessions } from '../db/schema.ts';
import { badRequest, conflict, validationFailed } from '../errors.ts';
import type { AccountType } from './audit.ts';
import { forgetSessions, hashPassword } from './auth.ts';
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
}

/**
 * The hooks that keep the account in step with a create (`passwordHash` given) or an update: the email must be
 * free among all accounts (409); on update the account takes the record's name, email, user type and active
 * flag, and a deactivated account is signed out everywhere at once.
 */
export function accountHooks(link: AccountLink, passwordHash?: string): WriteHooks {
  return {
    async prepare(tx, value, before) {
      const email = value.email as string;
      if (await emailTaken(tx, email, before?.account_id as number | undefined)) {
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
      const accountId = before.account_id as number | null;
      if (accountId) {
        await tx
          .update(accounts)
          .set({ ...fields, updated_at: new Date() })
          .where(eq(accounts.id, accountId));
        // A deactivated account is signed out everywhere; a renamed one is looked up afresh.
        if (!active) await tx.delete(sessions).where(eq(sessions.account_id, accountId));
        forgetSessions(accountId);
      }
      return {};
    },
  };
}

/** Deletes the record's account (and so its sessions) in the transaction of the record's deletion. */
export const deleteAccountHooks: WriteHooks = {
  async after(tx, row: RecordRow) {
    if (row.account_id) {
      await tx.delete(accounts).where(eq(accounts.id, row.account_id as number));
      forgetSessions(row.account_id as number);
    }
  },
};

/**
 * The behaviour of a record that is a sign-in account, on every API: a create takes the secret `password`; an
 * update keeps the account in step and refuses a password (changed by its owner, or reset by email); a delete
 * removes the account. `committed` adds the resource's own work once an update or a delete is committed (a
 * replaced or deleted photo's file removed).
 */
export function accountBehaviour(
  link: AccountLink,
  committed: { update?: WriteHooks['committed']; delete?: WriteHooks['committed'] } = {},
): ResourceBehaviour {
  return {
    secretFields: ['password'],
    secretProblems: (secrets) => {
      const problem = accountPasswordProblem(secrets.password);
      return problem ? [{ field: 'password', message: problem }] : [];
    },
    create: async (secrets) => accountHooks(link, await hashPassword(checkPassword(secrets.password))),
    update: async (secrets) => {
      if (secrets.password !== undefined) throw badRequest(link.passwordInUpdate);
      return { ...accountHooks(link), ...(committed.update ? { committed: committed.update } : {}) };
    },
    delete: () => ({ ...deleteAccountHooks, ...(committed.delete ? { committed: committed.delete } : {}) }),
  };
}
