/**
 * Users of the User List beyond their generic /api/v2 routes (resources.ts): each is a sign-in account
 * (services/accounts.ts, registered for every write in app.ts), has a profile image uploaded after creation, and
 * an activity summary drawn from the activity log of its account.
 *
 * - `PUT /api/v2/users/:id/profile-image`: multipart, the image in `profileImage`; the employee photo's rules
 *   (services/images.ts: JPEG, PNG or WebP by its bytes, 5 MB → 413, re-encoded). The replaced file goes once
 *   the new path is committed; a failed write leaves no new file.
 * - `DELETE /api/v2/users/:id/profile-image`: no image; the file goes once that is committed.
 * - `GET /api/v2/users/:id/activity-summary`: successful and failed sign-ins, the last sign-in, the last five
 *   activities.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ActivitySummary } from '../../../../resources/api-answers.ts';
import { activities, users } from '../../../../resources/index.ts';
import { tableOf } from '../../../db/schema.ts';
import { badRequest, validationFailed } from '../../../errors.ts';
import type { EmailChangeService } from '../../../services/email-change.ts';
import { accountBehaviour, type AccountLink } from '../../../services/accounts.ts';
import type { ImageStore } from '../../../services/images.ts';
import { readMultipart } from '../../../plugins/external/multipart.ts';
import type { ResourceBehaviour } from '../../../services/records.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';

/** The form field of the profile image upload. */
export const PROFILE_IMAGE_FIELD = 'profileImage';
/** The folder of UPLOADS_DIR the images are stored in. */
const FOLDER = 'users';
/** How many of the latest activities the summary carries. */
export const RECENT_ACTIVITIES = 5;

export const USER_MESSAGES = {
  noImage: 'Please choose an image to upload.',
  onlyImage: `Send only the image, in the form field "${PROFILE_IMAGE_FIELD}".`,
  passwordInUpdate: 'A password is changed by the user, or reset by email; it is not part of an update.',
} as const;

/** A user signs in with its email and password, as an account of its own user type named by its username. */
const userAccount: AccountLink = {
  name: (value) => value.username as string,
  userType: (value) => value.user_type as (typeof users.fields.user_type.values)[number],
  emailTaken: users.fields.email.unique,
  passwordInUpdate: USER_MESSAGES.passwordInUpdate,
  guarded: ['email', 'is_active', 'user_type', 'role_id'],
};

/**
 * Every write of a user, on any API, keeps its sign-in account in step; a replaced or removed profile image's
 * file goes once the write is committed, and so does a deleted user's.
 */
export const userBehaviour = (images: ImageStore, emailChanges: EmailChangeService): ResourceBehaviour =>
  accountBehaviour(userAccount, emailChanges, {
    update: async (row, before) => {
      if (before && before.profile_image !== row.profile_image) {
        // The write is done; a file that cannot be removed is left behind rather than failing the request.
        await images.remove(before.profile_image as string | null).catch(() => {});
      }
    },
    delete: (row) => images.remove(row.profile_image as string | null).catch(() => {}),
  });

const iso = (value: unknown): string | null =>
  value instanceof Date ? value.toISOString() : typeof value === 'string' ? new Date(value).toISOString() : null;

export function v2UserRoutes(app: FastifyInstance): void {
  const { records, images, database } = app.services;
  const base = '/api/v2/users/:id';

  app.put(`${base}/profile-image`, may(users, 'Edit', { multipart: true }), async (request) => {
    const id = idParam(request);
    const form = await readMultipart(request, { fileField: PROFILE_IMAGE_FIELD });
    if (Object.keys(form.fields).length > 0) throw badRequest(USER_MESSAGES.onlyImage);
    if (!form.file) {
      throw validationFailed([{ field: PROFILE_IMAGE_FIELD, message: USER_MESSAGES.noImage }]);
    }
    return images.saveWith(form.file.bytes, FOLDER, (path) =>
      records.update(request.account!, users, id, {}, { profile_image: path }),
    );
  });

  app.delete(`${base}/profile-image`, may(users, 'Edit'), async (request) =>
    records.update(request.account!, users, idParam(request), {}, { profile_image: null }),
  );

  app.get(`${base}/activity-summary`, may(users, 'View'), async (request): Promise<ActivitySummary> => {
    const user = await records.get(request.account!, users, idParam(request));
    const accountId = (user.account_id as number | null) ?? null;
    const summary: ActivitySummary = {
      user_id: user.id,
      account_id: accountId,
      sign_ins: 0,
      failed_sign_ins: 0,
      last_sign_in_at: null,
      total_activities: 0,
      recent: [],
    };
    if (accountId === null) return summary;
    const table = tableOf(activities);
    const signIn = (status: string) => and(eq(table.action, 'Sign-in'), eq(table.status, status));
    const [[counts], recent] = await Promise.all([
      database.db
        .select({
          total: sql<number>`count(*)`.mapWith(Number),
          signIns: sql<number>`count(*) filter (where ${signIn('Success')})`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${signIn('Failed')})`.mapWith(Number),
          last: sql<unknown>`max(${table.occurred_at}) filter (where ${signIn('Success')})`,
        })
        .from(table)
        .where(eq(table.account_id, accountId)),
      database.db
        .select()
        .from(table)
        .where(eq(table.account_id, accountId))
        .orderBy(desc(table.occurred_at), desc(table.id))
        .limit(RECENT_ACTIVITIES),
    ]);
    summary.sign_ins = counts?.signIns ?? 0;
    summary.failed_sign_ins = counts?.failed ?? 0;
    summary.total_activities = counts?.total ?? 0;
    summary.last_sign_in_at = iso(counts?.last);
    summary.recent = recent.map((row) => ({
      id: row.id as number,
      action: row.action as string,
      status: row.status as string,
      description: (row.description as string | null) ?? null,
      description_key: (row.description_key as string | null) ?? null,
      description_values: (row.description_values as Record<string, string | number> | null) ?? null,
      occurred_at: iso(row.occurred_at) ?? '',
    }));
    return summary;
  });
}
