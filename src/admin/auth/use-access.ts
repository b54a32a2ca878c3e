/**
 * The session's decisions for the menu, the header and the route guards, synchronously: react-admin's
 * usePermissions gives the session (the auth provider's getPermissions), and access.ts decides. Buttons use
 * react-admin's own useCanAccess / <CanAccess> (the auth provider's canAccess), which decides the same way.
 *
 * Without an auth provider that reports permissions (a test rendering a screen alone), everything is allowed,
 * as react-admin does without canAccess.
 */
import { useCallback, useMemo } from 'react';
import { useAuthProvider, usePermissions } from 'react-admin';
import type { Capability } from '../../resources/permissions.ts';
import { allows, type AccessTarget, type Session } from './access.ts';

export interface Access {
  /** The session is still being loaded: decide nothing yet. */
  isPending: boolean;
  /** It could not be loaded. */
  error: unknown;
  session: Session | undefined;
  /** Whether the account may use `capability` (View by default) on `target`; false while pending. */
  can: (target: AccessTarget, capability?: Capability) => boolean;
  /** Asks the auth provider again (after the server refused something: the matrix may have changed). */
  refresh: () => void;
}

export function useAccess(): Access {
  const authProvider = useAuthProvider();
  const enforced = typeof authProvider?.getPermissions === 'function';
  const { permissions, isPending, error, refetch } = usePermissions<Session>();
  const session = enforced ? permissions : undefined;
  const can = useCallback(
    (target: AccessTarget, capability: Capability = 'View') => !enforced || allows(session, target, capability),
    [enforced, session],
  );
  const refresh = useCallback(() => {
    if (enforced) void refetch();
  }, [enforced, refetch]);
  return useMemo(
    () => ({ isPending: enforced && isPending, error: enforced ? error : null, session, can, refresh }),
    [enforced, isPending, error, session, can, refresh],
  );
}
