/**
 * What the /api/v2 routes beyond a resource's CRUD answer, written by the server (src/server/routes/api/v2/) and read
 * by the admin: one shape for both, so neither can drift from the other.
 */
import type { RegistrationDeadline } from './registration-validity.ts';

/** GET /api/v2/dashboard: the dashboard's figures. */
export interface DashboardSummary {
  totalUsers: number;
  blogPosts: number;
  donationsTotal: number;
  contactMessages: number;
  /** The last twelve months, oldest first: `{ month: '2026-03', total }` in rupees. */
  monthlyDonations: { month: string; total: number }[];
  /**
   * The registration and approval whose validity has ended or ends within 90 days, soonest first; present only for
   * those who may view Trust Settings.
   */
  registrations?: RegistrationDeadline[];
}

/** GET /api/v2/users/:id/activity-summary: a user's sign-ins and latest activities. */
export interface ActivitySummary {
  user_id: number;
  account_id: number | null;
  sign_ins: number;
  failed_sign_ins: number;
  /** The last successful sign-in, ISO 8601, or null. */
  last_sign_in_at: string | null;
  total_activities: number;
  /** The latest activities, newest first. */
  recent: {
    id: number;
    action: string;
    status: string;
    description: string | null;
    /** The sentence a description of the server's is (src/resources/sentences.ts); null for one staff typed. */
    description_key: string | null;
    description_values: Record<string, string | number> | null;
    occurred_at: string;
  }[];
}
