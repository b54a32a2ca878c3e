/**
 * Who may call a route, as Fastify route options (plugins/auth.ts checks them and refuses to start when a route
 * of /api names none): `may(resource, capability)` for the permission of a declared resource, `signedIn` for any
 * signed-in account.
 */
import type { ResourceDeclaration } from '../../resources/index.ts';
import type { Capability } from '../../resources/permissions.ts';

export const may = (resource: ResourceDeclaration, capability: Capability, extra: { multipart?: boolean } = {}) => ({
  config: { ...extra, permission: { ...resource.permission, capability } },
});

export const signedIn = { config: { signedIn: true } };
