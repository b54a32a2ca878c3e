/**
 * Guards of screens and pieces of screens.
 *
 * - `RequireAccess`: a route's element, shown only when the account may (View by default) use its target;
 *   otherwise the access-denied page, told what was refused. react-admin's own List, Create and Edit check
 *   the same through canAccess; this guard also covers the custom screens and the pages that are not
 *   resources (dashboard, coming-soon areas).
 * - `Allowed`: a button or menu shown only when react-admin's canAccess allows its action on the resource of
 *   the context (or the one given). Nothing shows while it is being decided, or if it cannot be.
 * - `useAllowed`: the same as a boolean, for a column that should not be there at all.
 */
import type { ReactNode } from 'react';
import { CanAccess, useCanAccess } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import type { Capability } from '../../resources/permissions.ts';
import { neededPermission, type AccessTarget } from './access.ts';
import { ACCESS_DENIED_ROUTE, AUTHENTICATION_ERROR_ROUTE, type Denial } from './denial.ts';
import { useAccess } from './use-access.ts';

export const VERB: Readonly<Record<Capability, string>> = { View: 'view', Add: 'add', Edit: 'edit', Delete: 'delete' };

/** What the access-denied page says of a refused target. */
export function denialOf(target: AccessTarget, capability: Capability, area: string, path?: string): Denial {
  return {
    area,
    verb: VERB[capability],
    needed: neededPermission(target, capability),
    adminOnly: target.adminOnly === true && !target.permission ? true : undefined,
    path,
  };
}

export interface RequireAccessProps {
  target: AccessTarget;
  capability?: Capability;
  /** The area in plain words, for the access-denied page: "Employees", "Countries". */
  area: string;
  children: ReactNode;
}

export function RequireAccess({ target, capability = 'View', area, children }: RequireAccessProps) {
  const { isPending, error, can } = useAccess();
  const { pathname } = useLocation();
  if (isPending) return null;
  if (error) return <Navigate to={AUTHENTICATION_ERROR_ROUTE} replace />;
  if (!can(target, capability)) {
    return (
      <Navigate to={ACCESS_DENIED_ROUTE} replace state={{ denial: denialOf(target, capability, area, pathname) }} />
    );
  }
  return <>{children}</>;
}

export interface AllowedProps {
  /** react-admin's action: list, show, create, edit, delete, export, import. */
  action: string;
  /** The resource; that of the context (a List's) by default. */
  resource?: string;
  children: ReactNode;
}

export function Allowed({ action, resource, children }: AllowedProps) {
  return (
    <CanAccess action={action} resource={resource} loading={null} error={null} accessDenied={null}>
      {children}
    </CanAccess>
  );
}

/** Whether react-admin's canAccess allows `action` on the resource (that of the context by default). */
export function useAllowed(action: string, resource?: string): boolean {
  const { canAccess } = useCanAccess({ action, resource });
  return canAccess === true;
}
