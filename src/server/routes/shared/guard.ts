/**
 * Who may call a route, as Fastify route options (plugins/app/auth.ts checks them and refuses to start when a route
 * of /api names none): `may(resource, capability)` for the permission of a declared resource, `signedIn` for any
 * signed-in account.
 */
import type { FastifyContextConfig } from 'fastify';
import type { ResourceDeclaration } from '../../../resources/index.ts';
import { catalogueEntry, type Capability } from '../../../resources/permissions.ts';
import type { RouteDoc } from '../../openapi.ts';

/**
 * The permission of a capability on a declared resource. A capability that the resource's sub-feature does not
 * have in the catalogue (adding to the Dashboard's notifications) is for an Admin only.
 */
export const may = (
  resource: ResourceDeclaration,
  capability: Capability,
  extra: { multipart?: boolean; doc?: RouteDoc } = {},
): { config: FastifyContextConfig } =>
  catalogueEntry(resource.permission)?.capabilities.includes(capability)
    ? { config: { ...extra, permission: { ...resource.permission, capability } } }
    : { config: { ...extra, adminOnly: true } };

export const signedIn: { config: FastifyContextConfig } = { config: { signedIn: true } };

/** Any signed-in account, with what the API description says of the route. */
export const signedInWith = (doc: RouteDoc): { config: FastifyContextConfig } => ({ config: { signedIn: true, doc } });
