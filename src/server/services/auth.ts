/**
 * Accounts, passwords and sessions. Passwords are hashed with argon2id; a session is a random 256-bit bearer
 * token of which only the SHA-256 is stored, so a copy of the database holds no usable token and a session can
 * be revoked by deleting its row.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { accounts, sessions } from '../db/schema.ts';
import { passwordProblem } from '../../resources/password-policy.ts';
import { tooManyRequests, unauthorized, validationFailed } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';

/** argon2id (the package's `Algorithm.Argon2id`, a const enum that type stripping cannot read), OWASP's parameters. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a password nobody knows: verified against when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export const LOGIN_FAILED = 'Invalid email or password.';

/** Consecutive failed sign-ins that lock an account, and for how long. */
export const LOCKOUT_THRESHOLD = 5;
export const LOCKOUT_MS = 15 * 60_000;
const RATE_WINDOW_MS = 60_000;

const lockedMessage = (seconds: number) =>
  `Too many failed sign-ins. This account is locked; try again in ${Math.max(1, Math.ceil(seconds / 60))} minute${seconds > 60 ? 's' : ''}.`;

/**
 * Counts events per key in fixed one-minute windows, in this process (sign-in attempts per client address).
 * Bounded: when full, windows that have ended are dropped, then the oldest.
 */
class RateWindow {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }

  /** Counts one event; undefined when allowed, else the seconds until the window ends. */
  hit(key: string, now = Date.now()): number | undefined {
    let entry = this.windows.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.windows.size >= 50_000) this.prune(now);
      entry = { count: 0, resetAt: now + RATE_WINDOW_MS };
      this.windows.set(key, entry);
    }
    entry.count += 1;
    return entry.count > this.limit ? (entry.resetAt - now) / 1000 : undefined;
  }

  private prune(now: number): void {
    for (const [key, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(key);
    if (this.windows.size >= 50_000) this.windows.clear();
  }
}

export interface SessionAccount extends Actor {
  email: string;
  expiresAt: Date;
}

/**
 * Sessions recently looked up, so that a burst of requests costs one lookup. Every change of this process that
 * ends a session or an account's sign-in forgets them at once (`forgetSessions`); another process sharing the
 * PostgreSQL database sees such a change within SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { account: SessionAccount; until: number }>();

/** Forgets remembered sessions: those of one account, or all. */
export function forgetSessions(accountId?: number): void {
  if (accountId === undefined) {
    sessionCache.clear();
    return;
  }
  for (const [hash, entry] of sessionCache) if (entry.account.id === accountId) sessionCache.delete(hash);
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the activity log records of an account's sign-in, sign-out and password-reset requests. */
export interface AccountActivity {
  accountId: number;
  action: 'Sign-in' | 'Sign-out' | 'Password reset request' | 'Password change';
  status: 'Success' | 'Failed';
  description: string;
}

export class AuthService {
  private readonly database: Database;
  private readonly sessionTtlMs: number;
  private readonly recordActivity: (activity: AccountActivity) => Promise<unknown>;
  private readonly attemptsByAddress: RateWindow;
  /**
   * Failures for addresses that have no account, so that an unknown email locks like a known one and the
   * lockout does not tell which addresses have accounts. In this process only, bounded.
   */
  private readonly unknownFailures = new Map<string, { failures: number; lockedUntil: number }>();

  constructor(
    database: Database,
    sessionTtlHours: number,
    recordActivity: (activity: AccountActivity) => Promise<unknown> = async () => {},
    loginRateLimit = 30,
  ) {
    this.database = database;
    this.sessionTtlMs = sessionTtlHours * 3_600_000;
    this.recordActivity = recordActivity;
    this.attemptsByAddress = new RateWindow(loginRateLimit);
  }

  /** An unknown address failed once more: locked like an account after LOCKOUT_THRESHOLD failures. */
  private unknownFailed(email: string): void {
    const now = Date.now();
    const entry = this.unknownFailures.get(email) ?? { failures: 0, lockedUntil: 0 };
    entry.failures += 1;
    if (entry.failures >= LOCKOUT_THRESHOLD) {
      entry.failures = 0;
      entry.lockedUntil = now + LOCKOUT_MS;
    }
    if (this.unknownFailures.size >= 50_000) this.unknownFailures.clear();
    this.unknownFailures.set(email, entry);
  }

  async login(
    input: { email: string; password: string; userType?: 'Admin' | 'Employee' | undefined },
    client: { ip?: string; userAgent?: string | undefined },
  ): Promise<{ token: string; account: SessionAccount }> {
    const db = this.database.db;
    const wait = this.attemptsByAddress.hit(client.ip ?? 'unknown');
    if (wait !== undefined) {
      throw tooManyRequests('Too many sign-in attempts from your address. Please wait a minute and try again.', wait);
    }
    const email = input.email.trim().toLowerCase();
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email))
      .limit(1);
    if (!account) {
      const lock = this.unknownFailures.get(email);
      if (lock && lock.lockedUntil > Date.now()) {
        const seconds = (lock.lockedUntil - Date.now()) / 1000;
        throw tooManyRequests(lockedMessage(seconds), seconds);
      }
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verify(await decoyHash, input.password).catch(() => false);
      this.unknownFailed(email);
      throw unauthorized(LOGIN_FAILED);
    }
    if (account.locked_until && account.locked_until.getTime() > Date.now()) {
      const seconds = (account.locked_until.getTime() - Date.now()) / 1000;
      await this.recordActivity({
        accountId: account.id,
        action: 'Sign-in',
        status: 'Failed',
        description: 'Sign-in refused: the account is locked after repeated failures.',
      });
      throw tooManyRequests(lockedMessage(seconds), seconds);
    }
    const valid = await verify(account.password_hash, input.password).catch(() => false);
    const refusal = !valid
      ? 'wrong password'
      : !account.is_active
        ? 'account deactivated'
        : input.userType !== undefined && input.userType !== account.user_type
          ? `signed in as ${input.userType}, but the account is ${account.user_type}`
          : undefined;
    if (refusal) {
      // One statement counts the failure and, at the threshold, locks the account and starts the count again.
      const [counted] = await db
        .update(accounts)
        .set({
          failed_logins: sql`case when ${accounts.failed_logins} + 1 >= ${LOCKOUT_THRESHOLD} then 0 else ${accounts.failed_logins} + 1 end`,
          locked_until: sql`case when ${accounts.failed_logins} + 1 >= ${LOCKOUT_THRESHOLD} then now() + ${`${LOCKOUT_MS} milliseconds`}::interval else ${accounts.locked_until} end`,
        })
        .where(eq(accounts.id, account.id))
        .returning({ lockedUntil: accounts.locked_until });
      const locked = counted?.lockedUntil && counted.lockedUntil.getTime() > Date.now();
      await this.recordActivity({
        accountId: account.id,
        action: 'Sign-in',
        status: 'Failed',
        description: `Sign-in refused: ${refusal}.${locked ? ' The account is now locked for 15 minutes.' : ''}`,
      });
      throw unauthorized(LOGIN_FAILED);
    }
    if (account.failed_logins > 0 || account.locked_until) {
      await db.update(accounts).set({ failed_logins: 0, locked_until: null }).where(eq(accounts.id, account.id));
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.sessionTtlMs);
    await db.insert(sessions).values({
      token_hash: tokenHash(token),
      account_id: account.id,
      expires_at: expiresAt,
      ip: client.ip ?? null,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
    });
    await this.recordActivity({
      accountId: account.id,
      action: 'Sign-in',
      status: 'Success',
      description: `Signed in as ${account.user_type}.`,
    });
    return {
      token,
      account: {
        id: account.id,
        name: account.name,
        email: account.email,
        userType: account.user_type,
        expiresAt,
      },
    };
  }

  /** The signed-in account of a bearer token, or undefined: one statement, or none while it is remembered. */
  async authenticate(token: string): Promise<SessionAccount | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const hash = tokenHash(token);
    const remembered = sessionCache.get(hash);
    if (remembered && remembered.until > Date.now() && remembered.account.expiresAt.getTime() > Date.now()) {
      return remembered.account;
    }
    const [row] = await this.database.db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        userType: accounts.user_type,
        expiresAt: sessions.expires_at,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.account_id))
      .where(and(eq(sessions.token_hash, hash), gt(sessions.expires_at, new Date()), eq(accounts.is_active, true)))
      .limit(1);
    if (row) {
      if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
      sessionCache.set(hash, { account: row, until: Date.now() + SESSION_CACHE_MS });
    } else {
      sessionCache.delete(hash);
    }
    return row;
  }

  async logout(token: string, accountId: number): Promise<void> {
    sessionCache.delete(tokenHash(token));
    await this.database.db.delete(sessions).where(eq(sessions.token_hash, tokenHash(token)));
    await this.recordActivity({ accountId, action: 'Sign-out', status: 'Success', description: 'Signed out.' });
  }

  /**
   * The signed-in account changes its own password: the current one must be right, the new one must meet the
   * policy. Every session of the account ends, this one included, so a stolen session does not outlive it.
   */
  async changePassword(accountId: number, current: string, next: string): Promise<void> {
    const [account] = await this.database.db
      .select({ hash: accounts.password_hash })
      .from(accounts)
      .where(eq(accounts.id, accountId));
    if (!account) throw unauthorized();
    if (!(await verify(account.hash, current).catch(() => false))) {
      throw validationFailed([{ field: 'currentPassword', message: 'The current password is not right.' }]);
    }
    const problem = passwordProblem(next);
    if (problem) throw validationFailed([{ field: 'newPassword', message: problem }]);
    if (next === current) {
      throw validationFailed([{ field: 'newPassword', message: 'The new password must differ from the current one.' }]);
    }
    const hashed = await hashPassword(next);
    await this.database.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(accounts)
        .set({ password_hash: hashed, failed_logins: 0, locked_until: null, updated_at: new Date() })
        .where(eq(accounts.id, accountId))
        .returning({ id: accounts.id, name: accounts.name, userType: accounts.user_type });
      await tx.delete(sessions).where(eq(sessions.account_id, accountId));
      await appendAudit(tx, changed!, 'Update', 'accounts', accountId, {
        note: 'Password changed by the account itself; every session of the account was ended.',
      });
    });
    forgetSessions(accountId);
    await this.recordActivity({
      accountId,
      action: 'Password change',
      status: 'Success',
      description: 'Changed the password; every session was ended.',
    });
  }

  /**
   * Ends every session of an account (a password change or reset, a deactivation): deleted in the database and
   * forgotten by this process at once. `executor` is the transaction of the change, when there is one.
   */
  async revokeSessions(accountId: number, executor: Pick<Database['db'], 'delete'> = this.database.db): Promise<void> {
    await executor.delete(sessions).where(eq(sessions.account_id, accountId));
    forgetSessions(accountId);
  }

  async purgeExpiredSessions(): Promise<void> {
    await this.database.db.delete(sessions).where(lt(sessions.expires_at, new Date()));
  }

  /**
   * On an empty database, creates the first Admin: from ADMIN_EMAIL/ADMIN_PASSWORD when given, otherwise
   * admin@localhost with a random password that the caller prints once.
   */
  async bootstrapAdmin(given: {
    email?: string | undefined;
    password?: string | undefined;
  }): Promise<{ email: string; generatedPassword?: string } | undefined> {
    const db = this.database.db;
    const [existing] = await db.select({ n: count() }).from(accounts);
    if ((existing?.n ?? 0) > 0) return undefined;
    const email = given.email ?? 'admin@localhost';
    const generatedPassword = given.password ? undefined : randomBytes(12).toString('base64url');
    const password = given.password ?? generatedPassword!;
    await db
      .insert(accounts)
      .values({ name: 'Administrator', email, password_hash: await hashPassword(password), user_type: 'Admin' })
      .onConflictDoNothing();
    return generatedPassword ? { email, generatedPassword } : { email };
  }
}
