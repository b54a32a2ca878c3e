/**
 * Fixed-window counters in the database (table rate_limits): how many times something happened under a key in the
 * current window. Kept in the database, not in memory, so that a restart or a second server process sharing
 * PostgreSQL counts on from the same number. One statement per hit: insert, or count on, or start a new window.
 */
import { lt, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';

export class RateLimit {
  private readonly database: Database;
  private readonly limit: number;
  private readonly windowMs: number;

  constructor(database: Database, options: { limit: number; windowMs: number }) {
    this.database = database;
    this.limit = options.limit;
    this.windowMs = options.windowMs;
  }

  /** Counts one event under `key`; undefined when allowed, else the seconds until its window ends. */
  async hit(key: string): Promise<number | undefined> {
    const window = `${this.windowMs} milliseconds`;
    const result = await this.database.db.execute(sql`
      insert into rate_limits (key, count, window_ends_at) values (${key}, 1, now() + ${window}::interval)
      on conflict (key) do update set
        count = case when rate_limits.window_ends_at <= now() then 1 else rate_limits.count + 1 end,
        window_ends_at = case when rate_limits.window_ends_at <= now() then now() + ${window}::interval
                              else rate_limits.window_ends_at end
      returning count, extract(epoch from (window_ends_at - now())) as seconds_left`);
    const [row] = rowsOf<{ count: number; seconds_left: number | string }>(result);
    return row && Number(row.count) > this.limit ? Math.max(1, Number(row.seconds_left)) : undefined;
  }

  /** Drops windows that have ended (the hourly purge). */
  static async purge(database: Database): Promise<void> {
    await database.db.delete(rateLimits).where(lt(rateLimits.window_ends_at, sql`now()`));
  }
}
