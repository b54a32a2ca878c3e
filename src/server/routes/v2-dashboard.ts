/**
 * The dashboard's figures, computed from the database. Areas whose tables do not exist yet count as zero.
 */
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { blog } from '../../resources/index.ts';
import { accounts, tableOf } from '../db/schema.ts';

export interface DashboardSummary {
  totalUsers: number;
  blogPosts: number;
  donationsTotal: number;
  contactMessages: number;
  /** The last twelve months, oldest first: `{ month: '2026-03', total }` in rupees. */
  monthlyDonations: { month: string; total: number }[];
}

function lastTwelveMonths(now: Date): string[] {
  const months: string[] = [];
  for (let back = 11; back >= 0; back--) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

export function v2DashboardRoutes(app: FastifyInstance): void {
  app.get(
    '/api/v2/dashboard',
    { config: { permission: { feature: 'Dashboard', subFeature: 'Dashboard', capability: 'View' } } },
    async (): Promise<DashboardSummary> => {
      const { db } = app.services.database;
      const [users] = await db.select({ n: count() }).from(accounts);
      const [posts] = await db.select({ n: count() }).from(tableOf(blog));
      // Donations and contact messages are counted here once their resources are declared.
      return {
        totalUsers: users?.n ?? 0,
        blogPosts: posts?.n ?? 0,
        donationsTotal: 0,
        contactMessages: 0,
        monthlyDonations: lastTwelveMonths(new Date()).map((month) => ({ month, total: 0 })),
      };
    },
  );
}
