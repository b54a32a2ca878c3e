/**
 * An auth provider for component tests of access control: a signed-in account with the given matrix (or an
 * admin), answering react-admin's canAccess and getPermissions with the admin's real decisions (access.ts) and
 * checkError with the real one (a 403 on a read goes to the access-denied page).
 */
import { vi } from 'vitest';
import type { AuthProvider } from 'react-admin';
import type { PermissionMatrix } from '../../src/resources/permissions.ts';
import { canAccessWith, type Session } from '../../src/admin/auth/access.ts';
import { sessionMethods } from '../../src/admin/auth/auth-provider.ts';

export interface TestAccount {
  admin?: boolean;
  name?: string;
  email?: string;
  /** The server's limits as the session carries them. */
  exportPdfMaxRows?: number;
}

export function authProviderFor(permissions: PermissionMatrix, account: TestAccount = {}) {
  const session: Session = {
    id: 7,
    name: account.name ?? 'Asha Rao',
    email: account.email ?? 'asha@example.org',
    userType: 'Employee',
    expiresAt: '2030-01-01T00:00:00.000Z',
    admin: account.admin ?? false,
    permissions,
    ...(account.exportPdfMaxRows === undefined ? {} : { exportPdfMaxRows: account.exportPdfMaxRows }),
  };
  const provider = {
    login: vi.fn(async () => {}),
    logout: vi.fn(async () => {}),
    checkAuth: async () => {},
    checkError: sessionMethods.checkError,
    getIdentity: async () => ({ id: session.id, fullName: session.name, email: session.email }),
    getPermissions: async () => session,
    canAccess: async (params: { resource: string; action: string }) => canAccessWith(session, params),
  } satisfies AuthProvider;
  return provider;
}
