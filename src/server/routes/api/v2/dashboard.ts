/**
 * The dashboard's figures, computed from the database in one statement, in the trust's time zone: the donations
 * received in this Indian financial year (1 April to 31 March) and in each of the last twelve months, with the
 * numbers of accounts, blog posts (drafts included) and contact messages (read or not).
 *
 * The sums stay fast at 1,000,000 donations (docs/performance.md, "The dashboard"): each month is a range of the
 * partial index of Received donations by date, which carries the amount (donations_received_date_idx, migration
 * 0012), so a month is summed from the index alone; no per-row time zone arithmetic, no grouping, and the
 * financial year is the sum of its months, since it began within the last twelve. Even so, twelve months of a
 * large trust are some 160,000 donations (11 ms of PostgreSQL at 1,000,000), so the sums are kept like the lists'
 * totals (services/count-cache.ts): until the next write of a donation, which goes through the one write path, or
 * for 2 seconds on PostgreSQL, where another server process may write. The counts of accounts, posts and messages
 * are read every time (small tables).
 *
 * For those who may view Trust Settings (Admins), it also names the trust's registration (12A/12AB) and approval
 * (80G) whose validity has ended or ends within 90 days (src/resources/registration-validity.ts): a receipt of a
 * later donation says it was not valid, so the trust renews in time.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CountCache } from '../../../services/count-cache.ts';
import { blog, contactMessages, donations, SINGLETON_ID, trustSettings } from '../../../../resources/index.ts';
import type { DashboardSummary } from '../../../../resources/api-answers.ts';
import { registrationDeadlines } from '../../../../resources/registration-validity.ts';
import { rowsOf } from '../../../db/client.ts';
import { accounts, tableOf } from '../../../db/schema.ts';
import { scopeFor } from '../../../services/access.ts';
import { inTimeZone, startOfDay } from '../../../services/calendar.ts';

/** The last twelve months of the trust's calendar, oldest first, as `YYYY-MM`. */
export function lastTwelveMonths(now: Date, timeZone: string): string[] {
  const [year, month] = inTimeZone(now, timeZone).slice(0, 7).split('-').map(Number) as [number, number];
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    months.push(date.toISOString().slice(0, 7));
  }
  return months;
}

/** The first day of the Indian financial year that `now` falls in (1 April), as `YYYY-MM-DD` of the trust's calendar. */
export function financialYearStart(now: Date, timeZone: string): string {
  const [year, month] = inTimeZone(now, timeZone).slice(0, 7).split('-').map(Number) as [number, number];
  return `${month >= 4 ? year : year - 1}-04-01`;
}

/** The month after `month` (`YYYY-MM`). */
const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, m, 1)).toISOString().slice(0, 7);
};

export function v2DashboardRoutes(app: FastifyInstance): void {
  const timeZone = app.services.config.TRUST_TIMEZONE;
  const table = tableOf(donations);
  /**
   * The Received donations dated from `from` until `until` (instants): an index range of the partial index. The
   * status is written out, not a parameter, so that a generic plan (PGlite's named statements may take one after
   * five runs; PostgreSQL's connections keep custom plans) still matches the index's condition; and both ends are
   * given (the last `infinity`), since a generic plan estimates an open range at a third of the table.
   */
  const received = (from: Date, until: Date | 'infinity'): SQL => {
    const range = sql`${table.date} >= ${from.toISOString()}::timestamptz and ${table.date} < ${until === 'infinity' ? until : until.toISOString()}::timestamptz`;
    return sql`(select coalesce(sum(${table.amount}), 0) from ${table} where ${table.status} = 'Received' and ${range})`;
  };
  const counted = (from: unknown) => sql`(select count(*) from ${from})`;
  const counts = sql`select ${counted(accounts)} as users, ${counted(tableOf(blog))} as posts, ${counted(tableOf(contactMessages))} as messages`;
  const db = () => app.services.database.db;
  const kept: CountCache = app.services.records.lists.counts;
  /** The sums of `ranges` being read, shared by the requests that ask meanwhile (after the same write). */
  let reading: { key: string; sums: Promise<number[]> } | undefined;

  /** The Received donations of each range, as kept or read again. */
  async function sumsOf(ranges: [from: Date, until: Date | 'infinity'][]): Promise<number[]> {
    const keys = ranges.map(
      ([from, until]) => `dashboard:${from.toISOString()}/${until === 'infinity' ? until : until.toISOString()}`,
    );
    const known = keys.map((key) => kept.get(donations.name, key));
    if (known.every((total) => total !== undefined)) return known as number[];
    const generation = kept.generation(donations.name);
    const key = `${generation}:${keys.join(',')}`;
    if (reading?.key !== key) {
      const sums = (async () => {
        const [row] = rowsOf<Record<string, string | number>>(
          await db().execute(
            sql`select ${sql.join(
              ranges.map(([from, until], i) => sql`${received(from, until)} as ${sql.identifier(`m${i}`)}`),
              sql`, `,
            )}`,
          ),
        );
        const totals = ranges.map((_, i) => Number(row?.[`m${i}`] ?? 0));
        // Not kept if a donation was written meanwhile (the generation moved on).
        totals.forEach((total, i) => kept.set(donations.name, keys[i]!, total, generation));
        return totals;
      })().finally(() => {
        if (reading?.key === key) reading = undefined;
      });
      reading = { key, sums };
    }
    return reading.sums;
  }

  /**
   * The dashboard's months and where they begin, kept until the month changes: finding an instant of the trust's
   * calendar makes `Intl.DateTimeFormat`s (about 120 µs each day), which for thirteen months was most of the
   * server's time per request.
   */
  let calendar:
    { from: number; until: number; months: string[]; ranges: [Date, Date | 'infinity'][]; first: number } | undefined;
  function calendarAt(now: Date) {
    if (calendar && now.getTime() >= calendar.from && now.getTime() < calendar.until) return calendar;
    const months = lastTwelveMonths(now, timeZone);
    // Where each month begins in the trust's time zone, and the month after the last (dated later: the year's).
    const starts = [...months, nextMonth(months.at(-1)!)].map((month) => startOfDay(`${month}-01`, timeZone));
    const ranges: [Date, Date | 'infinity'][] = [
      ...months.map((_, i): [Date, Date] => [starts[i]!, starts[i + 1]!]),
      [starts.at(-1)!, 'infinity'],
    ];
    // The financial year began within the last twelve months (at the latest in this one).
    const first = months.indexOf(financialYearStart(now, timeZone).slice(0, 7));
    calendar = { from: starts[11]!.getTime(), until: starts[12]!.getTime(), months, ranges, first };
    return calendar;
  }

  app.get(
    '/api/v2/dashboard',
    { config: { permission: { feature: 'Dashboard', subFeature: 'Dashboard', capability: 'View' } } },
    async (request): Promise<DashboardSummary> => {
      const now = new Date();
      const { months, ranges, first } = calendarAt(now);
      const settingsTable = tableOf(trustSettings);
      const seesSettings = scopeFor(request.account!.access, trustSettings.permission, 'View') !== undefined;
      const [[row], totals, settings] = await Promise.all([
        db()
          .execute(counts)
          .then((result) => rowsOf<Record<string, string | number>>(result)),
        sumsOf(ranges),
        seesSettings
          ? db().select().from(settingsTable).where(eq(settingsTable.id, SINGLETON_ID)).limit(1)
          : Promise.resolve(undefined),
      ]);
      return {
        totalUsers: Number(row?.users ?? 0),
        blogPosts: Number(row?.posts ?? 0),
        donationsTotal: totals.slice(first).reduce((a, b) => a + b, 0),
        contactMessages: Number(row?.messages ?? 0),
        monthlyDonations: months.map((month, i) => ({ month, total: totals[i]! })),
        ...(settings
          ? { registrations: registrationDeadlines(settings[0] ?? {}, inTimeZone(now, timeZone).slice(0, 10)) }
          : {}),
      };
    },
  );
}
