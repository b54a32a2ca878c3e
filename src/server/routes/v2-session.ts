import type { FastifyInstance } from 'fastify';

export function v2SessionRoutes(app: FastifyInstance): void {
  /** The signed-in account. */
  app.get('/api/v2/session', async (request) => {
    const account = request.account!;
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      userType: account.userType,
      expiresAt: account.expiresAt.toISOString(),
    };
  });
}
