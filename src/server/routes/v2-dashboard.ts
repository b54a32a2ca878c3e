/**
 * The dashboard's figures, computed from the database, in the trust's time zone: the donations received in this
 * Indian financial year (1 April to 31 March) and in each of the last twelve months, with the numbers of accounts,
 * blog posts (drafts included) and contact messages (read or not).
 */
import { and, count, eq, gte, sql, sum } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blog, contactMessages, donations } from '../../resources/index.ts';
import { accounts, tableOf } from '../db/schema.ts';
import { inTimeZone, startOfDay } from '../services/calendar.ts';

export interface DashboardSummary {
  totalUsers: number;
  blogPosts: number;
  donationsTotal: number;
  contactMessages: number;
  /** The last twelve months, oldest first: `{ month: '2026-03', total }` in rupees. */
  monthlyDonations: { month: string; total: number }[];
}

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

export function v2DashboardRoutes(app: FastifyInstance): void {
  const timeZone = app.services.config.TRUST_TIMEZONE;
  app.get(
    '/api/v2/dashboard',
    { config: { permission: { feature: 'Dashboard', subFeature: 'Dashboard', capability: 'View' } } },
    async (): Promise<DashboardSummary> => {
      const { db } = app.services.database;
      const now = new Date();
      const months = lastTwelveMonths(now, timeZone);
      const table = tableOf(donations);
      const received = eq(table.status, 'Received');
      // The month of each donation as the trust's calendar has it.
      const month = sql<string>`to_char(${table.date} at time zone ${timeZone}, 'YYYY-MM')`;
      const [[users], [posts], [messages], [year], byMonth] = await Promise.all([
        db.select({ n: count() }).from(accounts),
        db.select({ n: count() }).from(tableOf(blog)),
        db.select({ n: count() }).from(tableOf(contactMessages)),
        db
          .select({ total: sum(table.amount) })
          .from(table)
          .where(and(received, gte(table.date, startOfDay(financialYearStart(now, timeZone), timeZone)))),
        db
          .select({ month, total: sum(table.amount) })
          .from(table)
          .where(and(received, gte(table.date, startOfDay(`${months[0]}-01`, timeZone))))
          // By position: the month's expression carries the zone as a parameter, which GROUP BY would not match.
          .groupBy(sql`1`),
      ]);
      const totals = new Map(byMonth.map((row) => [row.month, Number(row.total ?? 0)]));
      return {
        totalUsers: users?.n ?? 0,
        blogPosts: posts?.n ?? 0,
        donationsTotal: Number(year?.total ?? 0),
        contactMessages: messages?.n ?? 0,
        monthlyDonations: months.map((m) => ({ month: m, total: totals.get(m) ?? 0 })),
      };
    },
  );
}
