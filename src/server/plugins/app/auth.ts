/**
 * Authentication and the route-level permission check, decided from the route that matched and its own
 * configuration, never from the text of the URL (the router decodes `/%61pi/…` to `/api/…`; a check of the raw
 * text would let such a spelling past). Every route says who may call it: `config.public`, `signedIn`,
 * `adminOnly` or `permission`. An /api route that says nothing stops the start; any other route that says
 * nothing (a plugin's) is refused at request time, so a forgotten decision closes rather than opens a route.
 * Routes registered through `publicRoutes` (the built admin app's files, the API's own description) are public.
 * The caller is the bearer token's, or the admin app's session cookie's (plugins/app/session-cookie.ts).
 *
 * The route-level check answers 403 early; the record service checks again and narrows to the scope held, so a
 * route cannot reach records its caller may not see.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest, RouteOptions } from 'fastify';
import type { Capability, PermissionKey } from '../../../resources/permissions.ts';
import { forbidden, unauthorized } from '../../errors.ts';
import type { RouteDoc } from '../../openapi.ts';
import { requireScope } from '../../services/access.ts';
import { clearSessionCookies, isSecure, requireXsrf, sessionCookieOf } from './session-cookie.ts';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

const ACCESS_KINDS = ['public', 'signedIn', 'adminOnly', 'permission'] as const;
type AccessKind = (typeof ACCESS_KINDS)[number];

/** The API's own routes: under /api, but not its description (registered by the swagger plugins as public). */
const isApiRoute = (url: string) => (url === '/api' || url.startsWith('/api/')) && !url.startsWith('/api/docs');

/** The routes of the API with who may call them: the route table the access tests are generated from. */
export interface ApiRoute {
  method: string;
  url: string;
  access: AccessKind;
  permission?: (PermissionKey & { capability: Capability }) | undefined;
  /** What the route says of itself for the API description (openapi.ts). */
  doc?: RouteDoc | undefined;
}

type Config = NonNullable<RouteOptions['config']>;
const kindsOf = (config: Config | undefined) => ACCESS_KINDS.filter((kind) => config?.[kind]);

/**
 * Registers routes that anyone may call (static files of a plugin that cannot be given a route configuration):
 * every route that `plugin` registers is marked public.
 */
export async function publicRoutes(app: FastifyInstance, plugin: FastifyPluginAsync): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      if (kindsOf(route.config).length === 0) route.config = { ...route.config, public: true };
    });
    await scope.register(plugin);
  });
}

export function registerAuthentication(app: FastifyInstance): ApiRoute[] {
  const table: ApiRoute[] = [];
  const registered: { method: string; url: string; options: RouteOptions }[] = [];
  app.addHook('onRoute', (route) => {
    // Checked once every plugin's hooks have run (a scope of publicRoutes marks its routes after this hook).
    registered.push({ method: [route.method].flat().join(','), url: route.url, options: route });
  });
  app.addHook('onReady', async () => {
    for (const { method, url, options } of registered) {
      const kinds = kindsOf(options.config);
      if (isApiRoute(url) && kinds.length !== 1) {
        throw new Error(
          `Route ${method} ${url} must say who may call it: exactly one of config.public, signedIn, adminOnly or permission (it has ${kinds.length === 0 ? 'none' : kinds.join(', ')}).`,
        );
      }
      if (!isApiRoute(url)) continue;
      for (const each of [options.method].flat()) {
        if (each === 'HEAD') continue;
        table.push({
          method: each,
          url,
          access: kinds[0]!,
          permission: options.config?.permission,
          doc: options.config?.doc,
        });
      }
    }
  });

  /** Whether session cookies are Secure (PUBLIC_URL is https), read once at the first signed-in request. */
  let secure: boolean | undefined;
  app.addHook('onRequest', async (request, reply) => {
    // No route matched: the not-found handler answers (404), whatever the path says.
    if (request.is404) return;
    const config = request.routeOptions.config;
    const kinds = kindsOf(config);
    if (kinds.length !== 1) throw forbidden('This address is not open to anyone.');
    if (config.public) return;
    // A bearer header (API clients) decides alone; otherwise the admin app's session cookie, with its XSRF check.
    const bearer = bearerToken(request);
    secure ??= isSecure(app.services.config.PUBLIC_URL);
    const token = bearer ?? sessionCookieOf(request, secure);
    if (!token) throw unauthorized();
    const account = await app.services.auth.authenticate(token);
    if (!account) {
      // A session cookie the server no longer knows: the browser forgets it and its XSRF token, so the admin app
      // (which reads the XSRF cookie as "signed in") asks no more until the next sign-in.
      if (bearer === undefined) clearSessionCookies(reply, secure);
      throw unauthorized('Your session has expired or was ended. Please sign in again.');
    }
    if (bearer === undefined) requireXsrf(request, token);
    const access = await app.services.access.of(account);
    request.account = { ...account, access };
    request.token = token;
    if (config.adminOnly && !access.admin) throw forbidden('Only an administrator may do this.');
    const needed = config.permission;
    if (needed) requireScope(access, needed, needed.capability);
  });
  return table;
}
