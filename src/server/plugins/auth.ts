/**
 * Authentication: every /api route that is not marked public needs `Authorization: Bearer <token>` of a live
 * session. Unknown paths are left to the not-found handler, so they answer 404 rather than 401.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuthentication(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.public) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const account = await app.services.auth.authenticate(token);
    if (!account) throw unauthorized('Your session has expired or was ended. Please sign in again.');
    request.account = account;
    request.token = token;
  });
}
