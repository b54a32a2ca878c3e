/**
 * What the admin shows, decided from the session the server reports (`GET /api/v2/session`: `admin` and the
 * effective matrix). One pure function answers react-admin's `canAccess({ resource, action })`, the menu, the
 * header and the route guards alike, so that they never disagree. The admin only hides what the server would
 * refuse; the server still decides every call (and narrows Self scope to the caller's own rows, so Self counts
 * as allowed here).
 */
import { findResource } from '../../resources/index.ts';
import { scopeOf, type Capability, type PermissionKey } from '../../resources/permissions.ts';

import type { Session } from './session-data.ts';

export { NOTIFICATION_REFRESH_SECONDS, parseSession, TRUST_TIME_ZONE, type Session } from './session-data.ts';

/**
 * Who may reach a screen, a menu entry or a button: its place in the matrix, or admins only. Neither means
 * anyone signed in (the Login and Register entries).
 */
export interface AccessTarget {
  permission?: PermissionKey;
  adminOnly?: boolean;
}

/** react-admin's actions and the capability of the matrix each needs. */
export const ACTION_CAPABILITY: Readonly<Record<string, Capability>> = {
  list: 'View',
  show: 'View',
  export: 'View',
  create: 'Add',
  clone: 'Add',
  import: 'Add',
  edit: 'Edit',
  delete: 'Delete',
};

/** Screens that are not a declared resource, by the name `canAccess` receives as `resource`. */
export const PAGE_ACCESS: Readonly<Record<string, AccessTarget>> = {
  dashboard: { permission: { feature: 'Dashboard', subFeature: 'Dashboard' } },
  'audit-logs': { permission: { feature: 'Activity', subFeature: 'Audit Logs' } },
  outbox: { adminOnly: true },
  // The statement of donations for the income-tax department (src/admin/donations/Form10bd.tsx).
  'form-10bd': { adminOnly: true },
};

/** Where `resource` sits: a declared resource's permission, else the page table; undefined when unknown. */
export function targetOf(resource: string): AccessTarget | undefined {
  const declared = findResource(resource);
  // Records that are each an account's own (notifications): anyone signed in reaches theirs.
  if (declared) return declared.ownedBy ? {} : { permission: declared.permission };
  return Object.hasOwn(PAGE_ACCESS, resource) ? PAGE_ACCESS[resource] : undefined;
}

/** Whether the session may use `capability` on `target` (in Self or Global scope). */
export function allows(session: Session | null | undefined, target: AccessTarget, capability: Capability): boolean {
  if (!session) return false;
  if (session.admin) return true;
  if (target.adminOnly) return false;
  if (!target.permission) return true;
  return scopeOf(session.permissions, target.permission, capability) !== undefined;
}

export interface AccessQuery {
  resource: string;
  action: string;
}

/**
 * react-admin's question, answered: an admin may do anything (but add what only the server writes); anyone else
 * what the matrix allows, where the
 * resource is known (a declared resource or a page of PAGE_ACCESS) and the action is one of ACTION_CAPABILITY.
 * An unknown resource or action is refused, so that nothing new appears before someone places it in the matrix.
 */
export function canAccessWith(session: Session | null | undefined, { resource, action }: AccessQuery): boolean {
  if (!session) return false;
  const capability = Object.hasOwn(ACTION_CAPABILITY, action) ? ACTION_CAPABILITY[action] : undefined;
  // What only the server writes (notifications) nobody adds, an admin neither.
  if (capability === 'Add' && findResource(resource)?.serverWritten) return false;
  if (session.admin) return true;
  const target = targetOf(resource);
  if (!target || !capability) return false;
  return allows(session, target, capability);
}

/** "Company › Employees › View": the permission a target needs, in the words of the matrix. */
export function neededPermission(target: AccessTarget, capability: Capability): string | undefined {
  if (!target.permission) return undefined;
  return `${target.permission.feature} › ${target.permission.subFeature} › ${capability}`;
}
