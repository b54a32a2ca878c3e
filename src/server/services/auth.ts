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
import { stored, type SaidText, type StoredValues } from '../../resources/sentences.ts';
import { tooManyRequests, unauthorized, validationFailed } from '../errors.ts';
import { appendAudit, type Actor } from './audit.ts';
import { RateLimit } from './rate-limit.ts';
import { accountKey, addressKey, deviceKey, SignInThrottle } from './sign-in-throttle.ts';

/** argon2id (the package's `Algorithm.Argon2id`, a const enum that type stripping cannot read), OWASP's parameters. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2);

/** A hash of a password nobody knows: verified against when the email is unknown, so both answers take as long. */
let decoyHash: Promise<string> | undefined;

export const LOGIN_FAILED = 'Invalid email or password.';

/**
 * The sentence of a sign-in with the right password but the other user type (Admin or Employee on the form). It
 * is said only after the password was right, so it tells a guesser nothing; the attempt still counts as a failure.
 */
export const wrongUserType = (userType: 'Admin' | 'Employee') =>
  `This account signs in as an ${userType}: choose ${userType} as the user type and sign in again.`;

/** The sentence of a 429 while sign-ins are slowed down. */
const throttledMessage = (seconds: number) => {
  const wait = Math.max(1, Math.ceil(seconds));
  return `Too many failed sign-ins. Please wait ${wait} second${wait === 1 ? '' : 's'} before trying again.`;
};

export interface SessionAccount extends Actor {
  email: string;
  expiresAt: Date;
}

/**
 * Sessions recently looked up, so that a burst of requests costs one lookup. Every change of this process that
 * ends a session or an account's sign-in forgets them at once (`forgetSessions`); so does a change of the sessions
 * or accounts of another process sharing the PostgreSQL database, heard through its change notices before the next
 * request (db/changes.ts, wired in app.ts). While those notices are not heard, no session is remembered.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { account: SessionAccount; until: number }>();
/** Moves on at every forgetting: a session read before it is not remembered after it. */
let sessionGeneration = 0;

/** Forgets remembered sessions: those of one account, or all. */
export function forgetSessions(accountId?: number): void {
  sessionGeneration += 1;
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
  /** What happened, as a sentence of STORED (the activity keeps its English text, key and values). */
  said: SaidText;
}

export class AuthService {
  private readonly database: Database;
  private readonly sessionTtlMs: number;
  private readonly recordActivity: (activity: AccountActivity) => Promise<unknown>;
  private readonly attemptsByAddress: RateLimit;
  /** Failed sign-ins per account, address and known device, with growing waits (services/sign-in-throttle.ts). */
  readonly throttle: SignInThrottle;

  constructor(
    database: Database,
    sessionTtlHours: number,
    recordActivity: (activity: AccountActivity) => Promise<unknown> = async () => {},
    loginRateLimit = 30,
    freeFailuresPerAddress?: number,
  ) {
    this.database = database;
    this.sessionTtlMs = sessionTtlHours * 3_600_000;
    this.recordActivity = recordActivity;
    this.attemptsByAddress = new RateLimit(database, { limit: loginRateLimit, windowMs: 60_000 });
    this.throttle = new SignInThrottle(database, freeFailuresPerAddress);
  }

  /**
   * Signs in. Refused (429) without checking the password while the attempt's throttles say to wait; a failure
   * counts against the account (the email tried) and the address, or, from a known device of the account, against
   * that device alone. A success answers a new device cookie when the browser had none for this account.
   */
  async login(
    input: { email: string; password: string; userType?: 'Admin' | 'Employee' | undefined },
    client: { ip?: string; userAgent?: string | undefined; device?: string | undefined },
  ): Promise<{ token: string; account: SessionAccount; newDevice?: string }> {
    const db = this.database.db;
    const ip = client.ip ?? 'unknown';
    const wait = await this.attemptsByAddress.hit(`sign-in:${ip}`);
    if (wait !== undefined) {
      throw tooManyRequests('Too many sign-in attempts from your address. Please wait a minute and try again.', wait);
    }
    const email = input.email.trim().toLowerCase();
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(sql`lower(${accounts.email})`, email))
      .limit(1);
    const device = account ? await this.throttle.knownDevice(client.device, account.id) : undefined;
    const keys = device ? [deviceKey(device)] : [accountKey(email), addressKey(ip)];
    const waiting = await this.throttle.waitFor(keys);
    if (waiting > 0) {
      if (account) {
        await this.recordActivity({
          accountId: account.id,
          action: 'Sign-in',
          status: 'Failed',
          said: stored('signInThrottled', { seconds: Math.ceil(waiting) }),
        });
      }
      throw tooManyRequests(throttledMessage(waiting), waiting);
    }
    if (!account) {
      decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
      await verify(await decoyHash, input.password).catch(() => false);
      await this.throttle.failed(keys);
      throw unauthorized(LOGIN_FAILED);
    }
    const valid = await verify(account.password_hash, input.password).catch(() => false);
    const refusal = !valid
      ? 'signInWrongPassword'
      : !account.is_active
        ? 'signInDeactivated'
        : input.userType !== undefined && input.userType !== account.user_type
          ? 'signInWrongType'
          : undefined;
    if (refusal) {
      const nextWait = await this.throttle.failed(keys);
      const typed: StoredValues =
        refusal === 'signInWrongType' ? { chosen: input.userType!, userType: account.user_type } : {};
      await this.recordActivity({
        accountId: account.id,
        action: 'Sign-in',
        status: 'Failed',
        said:
          nextWait > 0
            ? stored(`${refusal}Slowed`, { ...typed, seconds: Math.ceil(nextWait) })
            : stored(refusal, typed),
      });
      // Only once the password was right for this account does the answer say more: which user type to choose.
      const type = account.user_type;
      const hint = valid && account.is_active && (type === 'Admin' || type === 'Employee');
      throw unauthorized(hint ? wrongUserType(type) : LOGIN_FAILED);
    }
    await this.throttle.succeeded(device ? [deviceKey(device), accountKey(email)] : [accountKey(email)]);
    const newDevice = device ? undefined : await this.throttle.newDevice(account.id);
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
      said: stored('signedIn', { userType: account.user_type }),
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
      ...(newDevice ? { newDevice } : {}),
    };
  }

  /** The signed-in account of a bearer token, or undefined: one statement, or none while it is remembered. */
  async authenticate(token: string): Promise<SessionAccount | undefined> {
    if (token.length < 20 || token.length > 200) return undefined;
    const hash = tokenHash(token);
    // Every change committed before this request came is heard before anything remembered answers it: the session
    // here, and the access, list totals and pages that the request may read next (db/changes.ts).
    const heard = this.database.changes.sync();
    if (heard) await heard;
    const live = this.database.changes.live;
    const remembered = live ? sessionCache.get(hash) : undefined;
    if (remembered && remembered.until > Date.now() && remembered.account.expiresAt.getTime() > Date.now()) {
      return remembered.account;
    }
    const generation = sessionGeneration;
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
    if (row && live && generation === sessionGeneration && this.database.changes.live) {
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
    await this.recordActivity({ accountId, action: 'Sign-out', status: 'Success', said: stored('signedOut') });
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
        .set({ password_hash: hashed, updated_at: new Date() })
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
      said: stored('passwordChanged'),
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
