/**
 * The demo mode's auth provider (`npm run dev:demo`): no server, any email and password sign in. Loaded only by
 * the demo entry, never in the production path.
 */
import { AUTH } from '../messages.ts';
import { sessionMethods, type AppAuthProvider } from './authProvider.ts';
import { clearSession, storeSession } from './token.ts';

export const DEMO_TOKEN = 'demo-session';

export const demoAuthProvider: AppAuthProvider = {
  ...sessionMethods,

  async login({ email, userType = 'Admin' }) {
    const name = email.split('@')[0] || 'Demo user';
    storeSession(DEMO_TOKEN, { id: 1, name, email, userType });
  },

  async logout() {
    clearSession();
  },

  async requestPasswordReset() {
    return { success: true, message: AUTH.resetLinkSent };
  },
};
