/**
 * `POST /api/v2/account-requests`: a signed-in member of staff asks the Admins to create a back-office account for
 * someone (a new colleague), from the admin's /register screen (docs/decisions.md, "/register"). Accounts are only
 * ever created by an Admin (or whoever may add users) in Users › Add; this is how anyone else asks for one.
 *
 * The request is validated (name, a valid email, an optional note), limited per account (ACCOUNT_REQUEST_LIMIT an
 * hour, counted in the database before anything looks at the accounts), and kept in the audit trail as a Note on
 * Users naming who asked; every active Admin gets a notification that leads to it. Both in one transaction.
 *
 * The answer never tells whether the email already has an account (otherwise any signed-in account could probe
 * addresses): such a request is answered and kept like any other, and its note and notification tell the Admins
 * that the account exists, so that they can point the person to Forgot Password.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EMAIL } from '../../../../resources/patterns.ts';
import { users } from '../../../../resources/index.ts';
import { stored } from '../../../../resources/sentences.ts';
import { rowsOf } from '../../../db/client.ts';
import { tooManyRequests, validationFailed } from '../../../errors.ts';
import { appendAudit } from '../../../services/audit.ts';
import { RateLimit } from '../../../services/rate-limit.ts';
import type { Tx } from '../../../services/records.ts';
import { signedInWith } from '../../shared/guard.ts';

export const ACCOUNT_REQUESTS_PATH = '/api/v2/account-requests';
/** Requests one account may send an hour. */
export const ACCOUNT_REQUEST_LIMIT = 5;
const HOUR_MS = 60 * 60 * 1000;

export const ACCOUNT_REQUEST_MESSAGES = {
  sent: 'Your request has been sent to the administrators. They will create the account and tell the person how to sign in.',
  nameRequired: 'Name is required.',
  nameTooLong: 'Name must be at most 100 characters.',
  emailRequired: 'Email is required.',
  email: EMAIL.message,
  noteTooLong: 'Note must be at most 1000 characters.',
  /** Told to the Admins only (the note and the notification), never in the answer. */
  exists: 'An account with this email already exists: the person can sign in, or use Forgot Password.',
  tooMany: 'You have sent too many account requests in the last hour. Please try again later.',
  notObject: 'The request body must be a JSON object: { name, email, note? }.',
} as const;

const M = ACCOUNT_REQUEST_MESSAGES;
const emailPattern = new RegExp(EMAIL.source);

// Each length is checked first and ends the field's checks when it fails: no pattern runs on a value too long.
export const accountRequestBody = z.object(
  {
    name: z
      .string({ error: M.nameRequired })
      .trim()
      .min(1, M.nameRequired)
      .max(100, { error: M.nameTooLong, abort: true }),
    email: z
      .string({ error: M.emailRequired })
      .trim()
      .min(1, M.emailRequired)
      .max(200, { error: M.email, abort: true })
      .regex(emailPattern, M.email),
    note: z.string({ error: M.noteTooLong }).trim().max(1000, M.noteTooLong).optional(),
  },
  { error: M.notObject },
);

export function v2AccountRequestRoutes(app: FastifyInstance): void {
  const { database, notifications } = app.services;
  const perAccount = new RateLimit(database, { limit: ACCOUNT_REQUEST_LIMIT, windowMs: HOUR_MS });

  app.post(
    ACCOUNT_REQUESTS_PATH,
    signedInWith({
      summary: 'Ask the Admins to create a back-office account for someone (kept in the audit trail, Admins notified)',
      tags: ['Session'],
      body: accountRequestBody,
      responses: {
        201: '{ success: true, message, id } (id: the audit entry that keeps the request), whether or not the email already has an account',
        429: 'Too many requests from this account in the last hour (Retry-After)',
      },
    }),
    async (request, reply) => {
      const parsed = accountRequestBody.safeParse(request.body ?? undefined);
      if (!parsed.success) {
        throw validationFailed(
          parsed.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message })),
        );
      }
      const { name, email } = parsed.data;
      const note = parsed.data.note ?? '';
      const caller = request.account!;
      // Counted before the accounts are looked at: every request counts, whatever the address.
      const wait = await perAccount.hit(`account-request:account:${caller.id}`);
      if (wait !== undefined) throw tooManyRequests(M.tooMany, wait);
      const exists = await accountExists(app, email);

      const entry = await database.db.transaction(async (tx: Tx) => {
        const asked = `Account requested for ${name} <${email}> by ${caller.name}${note ? `: ${note}` : '.'}`;
        const row = await appendAudit(tx, caller, 'Note', users.name, null, {
          note: exists ? `${asked} ${M.exists}` : asked,
          after: {
            name,
            email,
            note: note || null,
            requested_by: caller.name,
            ...(exists ? { account_exists: true } : {}),
          },
        });
        await notifications.notify(
          {
            type: 'User Registered',
            said: stored(exists ? 'accountRequestedExists' : 'accountRequested', { name, email, by: caller.name }),
            link: `/audit-logs/view/${row.id}`,
            permission: 'admins',
            except: caller.id,
          },
          tx,
        );
        return row;
      });
      notifications.forget();
      return reply.status(201).send({ success: true, message: M.sent, id: entry.id });
    },
  );
}

async function accountExists(app: FastifyInstance, email: string): Promise<boolean> {
  const result = await app.services.database.db.execute(
    sql`select 1 as found from accounts where lower(email) = lower(${email}) limit 1`,
  );
  return rowsOf(result).length > 0;
}
