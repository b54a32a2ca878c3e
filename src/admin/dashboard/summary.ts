/**
 * The dashboard's figures: their shape (GET /api/v2/dashboard), how they are fetched, the demo mode's zeros,
 * and how they are written (rupees with Indian digit grouping, months as "Mar 2026").
 */
import type { DashboardSummary } from '../../resources/api-answers.ts';
import { apiGet } from '../auth/api-fetch.ts';

export type { DashboardSummary };

export type DashboardLoader = () => Promise<DashboardSummary>;

export const fetchDashboard: DashboardLoader = () => apiGet<DashboardSummary>('/api/v2/dashboard');

/** The last twelve months up to `now`, oldest first, as `YYYY-MM`. */
export function lastTwelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + index, 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The demo mode's figures: nothing has been recorded, so every count is zero (never invented figures). */
export function emptyDashboard(now: Date = new Date()): DashboardSummary {
  return {
    totalUsers: 0,
    blogPosts: 0,
    donationsTotal: 0,
    contactMessages: 0,
    monthlyDonations: lastTwelveMonths(now).map((month) => ({ month, total: 0 })),
  };
}

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const compactRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  maximumFractionDigits: 1,
});
const count = new Intl.NumberFormat('en-IN');
const monthLabels = new Map<string, Intl.DateTimeFormat>();

/** ₹12,34,567 */
export const formatRupees = (amount: number): string => rupees.format(amount);
/** ₹12.3L, for the chart's axis. */
export const formatCompactRupees = (amount: number): string => compactRupees.format(amount);
/** 12,34,567 */
export const formatCount = (value: number): string => count.format(value);

/** '2026-03' → 'Mar 2026' (en-IN), 'मार्च 2026' (hi-IN). */
export function formatMonth(month: string, locale = 'en-IN'): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  let label = monthLabels.get(locale);
  if (!label) {
    label = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });
    monthLabels.set(locale, label);
  }
  return label.format(Date.UTC(year, monthNumber - 1, 1));
}
