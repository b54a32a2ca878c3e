/**
 * Authentication and the route-level permission check. Every /api route says who may call it
 * (`config.public`, `signedIn`, `adminOnly` or `permission`); a route that says nothing stops the start, so no
 * route can be added without a decision. Unknown paths are left to the not-found handler (404, not 401).
 *
 * The route-level check answers 403 early; the record service checks again and narrows to the scope held, so a
 * route cannot reach records its caller may not see.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { Capability, PermissionKey } from '../../resources/permissions.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { requireScope } from '../services/access.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** The routes of the API with who may call them: the route table the access tests are generated from. */
export interface ApiRoute {
  method: string;
  url: string;
  access: 'public' | 'signedIn' | 'adminOnly' | 'permission';
  permission?: (PermissionKey & { capability: Capability }) | undefined;
}

export function registerAuthentication(app: FastifyInstance): ApiRoute[] {
  const table: ApiRoute[] = [];
  app.addHook('onRoute', (route) => {
    if (!isApi(route.url)) return;
    const config = (route.config ?? {}) as NonNullable<RouteOptions['config']>;
    const kinds = (['public', 'signedIn', 'adminOnly', 'permission'] as const).filter((k) => config[k]);
    if (kinds.length !== 1) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} must say who may call it: exactly one of config.public, signedIn, adminOnly or permission (it has ${kinds.length === 0 ? 'none' : kinds.join(', ')}).`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url: route.url, access: kinds[0]!, permission: config.permission });
    }
  });

  app.addHook('onRequest', async (request) => {
    if (request.is404 || !isApi(request.url)) return;
    const config = request.routeOptions.config;
    if (config.public) return;
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const account = await app.services.auth.authenticate(token);
    if (!account) throw unauthorized('Your session has expired or was ended. Please sign in again.');
    const access = await app.services.access.of(account);
    request.account = { ...account, access };
    request.token = token;
    if (config.adminOnly && !access.admin) throw forbidden('Only an administrator may do this.');
    const needed = config.permission;
    if (needed) requireScope(access, needed, needed.capability);
  });
  return table;
}
