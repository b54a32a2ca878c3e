/**
 * Slowing down password guessing without locking anyone out (five wrong passwords used to lock an
 * account for 15 minutes, so anyone could lock the Admin out; docs/decisions.md, "Sign-in: slowed down, never locked;
 * the owner's browser is never slowed by others"). Failed sign-ins are counted per account (by the email tried, known
 * or not, so that the answer tells nothing about which addresses have accounts) and per client address; past a few free
 * failures, each failure sets a growing wait before the next attempt is even checked (429 with Retry-After). The counts
 * live in the database (table sign_in_throttles), so a restart or a second server process does not reset them.
 *
 * The owner is never stuck behind an attacker: a browser that has signed in to an account carries a device cookie
 * (random, HttpOnly, SameSite=Strict; only its SHA-256 is kept, in known_devices), and an attempt with a known
 * device for the account it names is counted only against that device (OWASP's "device cookies"): failures from
 * elsewhere, however many, do not slow it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { knownDevices, signInThrottles } from '../db/schema.ts';

/** Free failures, the first wait, the longest wait, and how long without a failure forgets the count. */
export interface ThrottleSchedule {
  free: number;
  firstWaitMs: number;
  maxWaitMs: number;
  forgetAfterMs: number;
}

export const THROTTLES = {
  /** An account (an email): 5 free, then 1, 2, 4 … s up to a minute, forgotten after a quiet hour. */
  account: { free: 5, firstWaitMs: 1_000, maxWaitMs: 60_000, forgetAfterMs: 3_600_000 },
  /** A client address: 20 free, then 1, 2, 4 … s up to 15 minutes, forgotten after a quiet day. */
  address: { free: 20, firstWaitMs: 1_000, maxWaitMs: 15 * 60_000, forgetAfterMs: 24 * 3_600_000 },
  /** A known device: as an account. */
  device: { free: 5, firstWaitMs: 1_000, maxWaitMs: 60_000, forgetAfterMs: 3_600_000 },
} as const satisfies Record<string, ThrottleSchedule>;

export type ThrottleKind = keyof typeof THROTTLES;
export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

/** The device cookie: its name, and how long it lasts. */
export const DEVICE_COOKIE = 'device';
export const DEVICE_MAX_AGE_SECONDS = 365 * 24 * 3600;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export const accountKey = (email: string): ThrottleKey => ({ kind: 'account', key: `account:${email}` });
export const addressKey = (ip: string): ThrottleKey => ({ kind: 'address', key: `address:${ip}` });
export const deviceKey = (deviceHash: string): ThrottleKey => ({ kind: 'device', key: `device:${deviceHash}` });

export class SignInThrottle {
  private readonly database: Database;
  private readonly schedules: Record<ThrottleKind, ThrottleSchedule>;

  /** `freePerAddress`: SIGN_IN_FREE_FAILURES_PER_ADDRESS (many people may share an office's address). */
  constructor(database: Database, freePerAddress: number = THROTTLES.address.free) {
    this.database = database;
    this.schedules = { ...THROTTLES, address: { ...THROTTLES.address, free: freePerAddress } };
  }

  /** The seconds to wait before the next attempt under any of `keys`, or 0. */
  async waitFor(keys: ThrottleKey[]): Promise<number> {
    const result = await this.database.db.execute(sql`
      select coalesce(max(extract(epoch from (next_attempt_at - now()))), 0) as seconds
      from sign_in_throttles
      where key in (${sql.join(
        keys.map((k) => sql`${k.key}`),
        sql`, `,
      )}) and next_attempt_at > now()`);
    return Math.max(0, Number(rowsOf<{ seconds: number | string }>(result)[0]?.seconds ?? 0));
  }

  /** Counts a failure under each key (one statement each); answers the longest wait it set, in seconds. */
  async failed(keys: ThrottleKey[]): Promise<number> {
    let longest = 0;
    for (const { kind, key } of keys) {
      const s = this.schedules[kind];
      const forget = `${s.forgetAfterMs} milliseconds`;
      // The new count, as the update computes it: one more, or a fresh start after a quiet period.
      const failures = sql`(case when sign_in_throttles.last_failure_at < now() - ${forget}::interval then 1
                                else sign_in_throttles.failures + 1 end)`;
      const result = await this.database.db.execute(sql`
        insert into sign_in_throttles (key, failures, last_failure_at, next_attempt_at)
        values (${key}, 1, now(), ${s.free >= 1 ? null : sql`now() + ${s.firstWaitMs} * interval '1 millisecond'`})
        on conflict (key) do update set
          failures = ${failures},
          last_failure_at = now(),
          next_attempt_at = case when ${failures} <= ${s.free} then null
            else now() + least(${s.maxWaitMs}::float8,
                               ${s.firstWaitMs}::float8 * power(2, least(${failures} - ${s.free} - 1, 30)))
                         * interval '1 millisecond' end
        returning coalesce(extract(epoch from (next_attempt_at - now())), 0) as seconds`);
      longest = Math.max(longest, Number(rowsOf<{ seconds: number | string | null }>(result)[0]?.seconds ?? 0));
    }
    return longest;
  }

  /** A success forgets the failures under these keys (the account's and the device's, never the address's). */
  async succeeded(keys: ThrottleKey[]): Promise<void> {
    await this.database.db.delete(signInThrottles).where(
      inArray(
        signInThrottles.key,
        keys.map((k) => k.key),
      ),
    );
  }

  /** The hash of a device cookie when it is a known device of this account, else undefined. */
  async knownDevice(cookie: string | undefined, accountId: number): Promise<string | undefined> {
    if (!cookie || cookie.length < 20 || cookie.length > 200) return undefined;
    const hash = sha256(cookie);
    const [row] = await this.database.db
      .update(knownDevices)
      .set({ last_used_at: new Date() })
      .where(and(eq(knownDevices.token_hash, hash), eq(knownDevices.account_id, accountId)))
      .returning({ hash: knownDevices.token_hash });
    return row?.hash;
  }

  /** A new device of an account, after a successful sign-in: the cookie's value (only its hash is kept). */
  async newDevice(accountId: number): Promise<string> {
    const cookie = randomBytes(32).toString('base64url');
    await this.database.db.insert(knownDevices).values({ token_hash: sha256(cookie), account_id: accountId });
    return cookie;
  }

  /** Clears every throttle of an account (the command line's way back) and its devices' throttles. */
  async clearAccount(email: string, accountId: number): Promise<void> {
    const devices = await this.database.db
      .select({ hash: knownDevices.token_hash })
      .from(knownDevices)
      .where(eq(knownDevices.account_id, accountId));
    await this.succeeded([accountKey(email), ...devices.map((d) => deviceKey(d.hash))]);
  }

  /** Drops counts that have been quiet long enough to be forgotten, and devices unused for a year (hourly). */
  async purge(): Promise<void> {
    const longest = Math.max(...Object.values(THROTTLES).map((s) => s.forgetAfterMs));
    await this.database.db
      .delete(signInThrottles)
      .where(lt(signInThrottles.last_failure_at, new Date(Date.now() - longest)));
    await this.database.db
      .delete(knownDevices)
      .where(lt(knownDevices.last_used_at, new Date(Date.now() - DEVICE_MAX_AGE_SECONDS * 1000)));
  }
}
