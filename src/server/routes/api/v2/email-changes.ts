/**
 * `POST /api/v2/email-changes/confirm`: the old address confirms a change of an account's sign-in email with the
 * token of its emailed link (services/email-change.ts). Public: the token is the proof. The admin's
 * /confirm-email screen posts it; opening the link changes nothing by itself (mail scanners open links).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { validationFailed } from '../../../errors.ts';
import { EMAIL_CHANGE_MESSAGES } from '../../../services/email-change.ts';

export const EMAIL_CHANGE_CONFIRM_PATH = '/api/v2/email-changes/confirm';

const body = z.object(
  { token: z.string({ error: EMAIL_CHANGE_MESSAGES.invalid }).trim().min(1, EMAIL_CHANGE_MESSAGES.invalid).max(500) },
  { error: 'The request body must be a JSON object: { token }.' },
);

export function v2EmailChangeRoutes(app: FastifyInstance): void {
  app.post(
    EMAIL_CHANGE_CONFIRM_PATH,
    {
      bodyLimit: 4096,
      config: {
        public: true,
        doc: {
          summary: 'Confirm, from the old address, a change of an account’s sign-in email (the emailed link’s token)',
          tags: ['Sign-in'],
          body,
          responses: {
            200: '{ success: true, message }: the account signs in with the new email; its sessions have ended',
            400: 'The link is not valid, already used or expired',
            409: 'Another account took the new email meanwhile',
          },
        },
      },
    },
    async (request) => {
      const parsed = body.safeParse(request.body ?? undefined);
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? 'token'), message: issue.message })),
        );
      }
      await app.services.emailChanges.confirm(parsed.data.token);
      return { success: true, message: EMAIL_CHANGE_MESSAGES.confirmed };
    },
  );
}
