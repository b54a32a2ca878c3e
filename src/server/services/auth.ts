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
import { unauthorized } from '../errors.ts';
import type { Actor } from './audit.ts';

/** argon2id (the package's `Algorithm.Argon2id`, a const enum that type stripping cannot read), OWASP's parameters. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a password nobody knows: verified against when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export const LOGIN_FAILED = 'Invalid email or password.';

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
  action: 'Sign-in' | 'Sign-out' | 'Password reset request';
  status: 'Success' | 'Failed';
  description: string;
}

export class AuthService {
  private readonly database: Database;
  private readonly sessionTtlMs: number;
  private readonly recordActivity: (activity: AccountActivity) => Promise<unknown>;

  constructor(
    database: Database,
    sessionTtlHours: number,
    recordActivity: (activity: AccountActivity) => Promise<unknown> = async () => {},
  ) {
    this.database = database;
    this.sessionTtlMs = sessionTtlHours * 3_600_000;
    this.recordActivity = recordActivity;
  }

  async login(
    input: { email: string; password: string; userType?: 'Admin' | 'Employee' | undefined },
    client: { ip?: string; userAgent?: string | undefined },
  ): Promise<{ token: string; account: SessionAccount }> {
    const db = this.database.db;
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, input.email.trim().toLowerCase()))
      .limit(1);
    if (!account) {
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verify(await decoyHash, input.password).catch(() => false);
      throw unauthorized(LOGIN_FAILED);
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
      await this.recordActivity({
        accountId: account.id,
        action: 'Sign-in',
        status: 'Failed',
        description: `Sign-in refused: ${refusal}.`,
      });
      throw unauthorized(LOGIN_FAILED);
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

  /** Records a password-reset request of an existing account; unknown addresses leave no trace but the log. */
  async passwordResetRequested(email: string): Promise<boolean> {
    const [account] = await this.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email.trim().toLowerCase()))
      .limit(1);
    if (!account) return false;
    await this.recordActivity({
      accountId: account.id,
      action: 'Password reset request',
      status: 'Success',
      description: 'A password reset link was requested.',
    });
    return true;
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
