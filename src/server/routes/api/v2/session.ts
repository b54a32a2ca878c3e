import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accounts } from '../../../db/schema.ts';
import { badRequest, validationFailed } from '../../../errors.ts';
import { clearSessionCookies, isSecure } from '../../../plugins/app/session-cookie.ts';
import { signedInWith } from '../../shared/guard.ts';

/** The back-office languages (src/admin/i18n.ts). */
const LOCALES = ['en', 'hi'] as const;

const preferences = z.object(
  {
    locale: z.enum(LOCALES, { error: `Language must be one of: ${LOCALES.join(', ')}.` }),
  },
  { error: 'The request body must be a JSON object.' },
);

const passwordChange = z.object({
  currentPassword: z
    .string({ error: 'The current password is required.' })
    .min(1, 'The current password is required.')
    .max(1024),
  newPassword: z.string({ error: 'The new password is required.' }).max(1024, 'The new password is too long.'),
});

export function v2SessionRoutes(app: FastifyInstance): void {
  /**
   * The signed-in account and what it may do: `admin` (everything) and the effective permission matrix, from
   * which the admin shows only the menu entries, buttons and row actions allowed.
   */
  app.get(
    '/api/v2/session',
    signedInWith({ summary: 'The signed-in account and what it may do', tags: ['Session'] }),
    async (request) => {
      const account = request.account!;
      const [row] = await app.services.database.db
        .select({ locale: accounts.locale })
        .from(accounts)
        .where(eq(accounts.id, account.id));
      return {
        id: account.id,
        name: account.name,
        email: account.email,
        userType: account.userType,
        expiresAt: account.expiresAt.toISOString(),
        admin: account.access.admin,
        permissions: account.access.matrix,
        // How often the bell looks for new notifications.
        notificationRefreshSeconds: app.services.config.NOTIFICATION_REFRESH_SECONDS,
        // The language this person chose (null: not chosen yet) and the trust's time zone, in which every screen
        // shows times.
        locale: row?.locale ?? null,
        timeZone: app.services.config.TRUST_TIMEZONE,
        // The most rows a PDF export holds: the Export menu offers PDF only for lists that fit.
        exportPdfMaxRows: app.services.config.EXPORT_PDF_MAX_ROWS,
      };
    },
  );

  /**
   * The signed-in person's own preferences: the back-office language, remembered on the account so that it follows
   * them to another browser or phone. A preference, not a record of the trust: not written to the audit trail.
   */
  app.put(
    '/api/v2/session/preferences',
    signedInWith({
      summary: 'Set this account’s own preferences (the back-office language)',
      tags: ['Session'],
      body: preferences,
    }),
    async (request) => {
      const parsed = preferences.safeParse(request.body ?? undefined);
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
        );
      }
      await app.services.database.db
        .update(accounts)
        .set({ locale: parsed.data.locale })
        .where(eq(accounts.id, request.account!.id));
      return { locale: parsed.data.locale };
    },
  );

  /** Changes the signed-in account's own password; every session of the account ends, this one included. */
  app.put(
    '/api/v2/session/password',
    signedInWith({
      summary: 'Change this account’s own password (ends every session)',
      tags: ['Session'],
      body: passwordChange,
    }),
    async (request, reply) => {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('The request body must be a JSON object.');
      const parsed = passwordChange.safeParse(body);
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
        );
      }
      await app.services.auth.changePassword(request.account!.id, parsed.data.currentPassword, parsed.data.newPassword);
      // Every session of the account has ended, this one included: the browser forgets its cookies too.
      clearSessionCookies(reply, isSecure(app.services.config.PUBLIC_URL));
      return { success: true, message: 'Your password has been changed. Please sign in again.' };
    },
  );
}
