import type { FastifyInstance } from 'fastify';
import { signedIn } from './guard.ts';

export function v2SessionRoutes(app: FastifyInstance): void {
  /**
   * The signed-in account and what it may do: `admin` (everything) and the effective permission matrix, from
   * which the admin shows only the menu entries, buttons and row actions allowed.
   */
  app.get('/api/v2/session', signedIn, async (request) => {
    const account = request.account!;
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      userType: account.userType,
      expiresAt: account.expiresAt.toISOString(),
      admin: account.access.admin,
      permissions: account.access.matrix,
    };
  });
}
