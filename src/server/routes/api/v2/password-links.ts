/**
 * `POST /api/v2/<resource>/:id/password-link` for every declared resource whose records are sign-in accounts (a
 * field `account: true`: employees, users): an Admin gets, once, a link with which the person chooses a new
 * password, to give them by hand. How an office without a mail server lets someone back in (docs/decisions.md, "Without
 * a mail server, an Admin gives a one-time password link by hand"); with mail, Forgot Password is the way. Admins only:
 * the link is the account, so only someone whose access covers every account may hold one (the cover rule of
 * services/accounts.ts, at its widest). Audited; the link is never stored.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { resources, type ResourceDeclaration } from '../../../../resources/index.ts';
import { accounts } from '../../../db/schema.ts';
import { conflict } from '../../../errors.ts';
import { GIVEN_LINK_TTL_MS } from '../../../services/password-reset.ts';
import { idParam } from '../../shared/params.ts';

export const PASSWORD_LINK_MESSAGES = {
  noAccount: 'This record has no sign-in account.',
  inactive: 'This account is switched off: switch it on first, then give the link.',
} as const;

/** The resources whose records are sign-in accounts, and the field that names the account. */
export const accountRecords = (): [ResourceDeclaration, string][] =>
  resources.flatMap((resource) => {
    const field = Object.entries(resource.fields).find(([, decl]) => decl.kind === 'integer' && decl.account);
    return field ? [[resource, field[0]] as [ResourceDeclaration, string]] : [];
  });

export function v2PasswordLinkRoutes(app: FastifyInstance): void {
  const { records, database, passwordReset } = app.services;
  for (const [resource, field] of accountRecords()) {
    app.post(
      `/api/v2/${resource.name}/:id/password-link`,
      {
        config: {
          adminOnly: true,
          doc: {
            summary: `Give the ${resource.label.one.toLowerCase()}'s account a one-time link to choose a new password (Admins; shown once, audited)`,
            tags: [resource.label.many],
            responses: {
              200: `{ link, expiresAt }: the link works once, within ${GIVEN_LINK_TTL_MS / 3_600_000} hours, and replaces any reset link sent before`,
              404: 'No such record',
              409: 'The record has no sign-in account, or the account is switched off',
            },
          },
        },
      },
      async (request) => {
        const record = await records.get(request.account!, resource, idParam(request));
        const accountId = record[field] as number | null;
        if (!accountId) throw conflict(PASSWORD_LINK_MESSAGES.noAccount);
        const [account] = await database.db
          .select({ id: accounts.id, name: accounts.name, isActive: accounts.is_active })
          .from(accounts)
          .where(eq(accounts.id, accountId));
        if (!account) throw conflict(PASSWORD_LINK_MESSAGES.noAccount);
        if (!account.isActive) throw conflict(PASSWORD_LINK_MESSAGES.inactive);
        const given = await passwordReset.giveLink(request.account!, account, {
          resource: resource.name,
          id: record.id,
        });
        return { link: given.link, expiresAt: given.expiresAt.toISOString() };
      },
    );
  }
}
