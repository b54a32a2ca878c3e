/**
 * The demo mode's auth provider (`npm run dev:demo`): no server, any email and password sign in. Loaded only by
 * the demo entry, never in the production path.
 */
import { everyPermission } from '../../resources/permissions.ts';
import { AUTH } from './messages.ts';
import type { Session } from './access.ts';
import { sessionMethods, type AppAuthProvider } from './auth-provider.ts';
import { clearSession, getStoredIdentity, storeIdentity } from './token.ts';

/** The demo's account may do everything: an admin with every permission of the catalogue. */
function demoSession(): Session {
  const identity = getStoredIdentity();
  return {
    id: identity?.id ?? 1,
    name: identity?.name ?? 'Demo user',
    email: identity?.email ?? '',
    userType: identity?.userType ?? 'Admin',
    expiresAt: '',
    admin: true,
    permissions: everyPermission(),
  };
}

export const demoAuthProvider: AppAuthProvider = {
  ...sessionMethods,

  async getPermissions(): Promise<Session> {
    return demoSession();
  },

  async canAccess() {
    return true;
  },

  async login({ email, userType = 'Admin' }) {
    const name = email.split('@')[0] || 'Demo user';
    storeIdentity({ id: 1, name, email, userType });
  },

  async logout() {
    clearSession();
  },

  async requestPasswordReset() {
    return { success: true, message: AUTH.resetLinkSent };
  },
};
