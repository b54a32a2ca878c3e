/**
 * The react-admin auth provider on the spec's /api/v1 sign-in routes. The session is the server's HttpOnly cookie
 * (set by the sign-in, sent by the browser, out of any script's reach); the identity shown in the header is kept
 * in localStorage through token.ts; no token and no password are stored.
 *
 * Access control (react-admin's `canAccess` and `getPermissions`): what the account may do comes from
 * `GET /api/v2/session`, kept in memory by session.ts and decided by access.ts. A 401 signs the user out; a
 * 403 on a page's data (a read) sends them to the access-denied page with the server's sentence, still signed in.
 */
import { HttpError, type AuthProvider, type UserIdentity } from 'react-admin';
import { wordsNow } from '../i18n/words.ts';
import { AUTH } from './messages.ts';
import type { Session } from './session-data.ts';
import { browserFetch, messageOf, requestJson, type FetchLike } from './api-fetch.ts';
import { ACCESS_DENIED_ROUTE, forgetDenial, noteDenial } from './denial.ts';
import { createSessionStore } from './session.ts';
import { signInOnServer, type LoginParams } from './login-request.ts';
import { clearSession, getStoredIdentity, hasServerSession, hasSession, storeIdentity } from './token.ts';

export type { LoginParams } from './login-request.ts';

export interface ResetResult {
  success: boolean;
  message?: string;
}

/** react-admin's auth provider plus the forgot-password request, so that the demo can answer it too. */
export interface AppAuthProvider extends AuthProvider {
  login: (params: LoginParams) => Promise<void>;
  /** Resolves with the server's answer; rejects when the server cannot be reached. */
  requestPasswordReset: (email: string) => Promise<ResetResult>;
}

/** An error as react-admin hands it to checkError: the data provider's HttpError, or apiGet's. */
export interface CheckedError {
  status?: number;
  message?: string;
  body?: unknown;
}

/** Whether a refused request only read (GET): the data of a page, rather than a save or a delete. */
function wasRead(error: CheckedError): boolean {
  const method = (error.body as { method?: unknown } | null | undefined)?.method;
  return typeof method !== 'string' || method.toUpperCase() === 'GET';
}

/** The parts that only read the stored session, shared with the demo auth provider. */
export const sessionMethods = {
  async checkAuth(): Promise<void> {
    // `message: false`: the login screen speaks for itself, no extra notification.
    if (!hasSession()) throw { message: false };
  },
  async checkError(error: CheckedError | undefined): Promise<void> {
    if (error?.status === 401) {
      clearSession();
      forgetDenial();
      throw new Error(error.message || wordsNow(AUTH).sessionEnded);
    }
    if (error?.status === 403 && wasRead(error)) {
      // The page's data was refused: explain it on the access-denied page; the user stays signed in
      // (`logoutUser: false`), and the page speaks for itself (`message: false`).
      noteDenial({ message: error.message || undefined, path: window.location.pathname });
      throw { redirectTo: ACCESS_DENIED_ROUTE, logoutUser: false, message: false };
    }
    // A refused save or delete, and the rest: the user stays where they are; the screen shows the error.
  },
  async getIdentity(): Promise<UserIdentity> {
    const identity = getStoredIdentity();
    if (!identity) throw new Error(wordsNow(AUTH).sessionEnded);
    return { id: identity.id, fullName: identity.name, email: identity.email, userType: identity.userType };
  },
};

/** getPermissions' refusal without a session; react-admin never shows it (the sign-in form speaks for itself). */
const NOT_SIGNED_IN = 'Not signed in.';

export function createAuthProvider(fetchImpl: FetchLike = browserFetch): AppAuthProvider {
  const session = createSessionStore(fetchImpl);

  const signedOut = () => {
    clearSession();
    session.clear();
    forgetDenial();
  };

  return {
    ...sessionMethods,

    /**
     * Signed in is the server's word, read without asking it: the `XSRF-TOKEN` cookie it sets and clears with the
     * session (hasServerSession). Without it nothing is asked (a visit to the sign-in form logs no 401); an
     * identity left in storage is a session that ended while no page was open. With it, the session is loaded
     * (once per app life), and the identity shown in the header is the session's; a session the server no longer
     * knows (401) signs out.
     */
    async checkAuth() {
      if (!hasServerSession()) {
        const ended = hasSession();
        signedOut();
        // `message: false`: the login screen speaks for itself; a session that ended says so.
        throw ended ? new Error(wordsNow(AUTH).sessionEnded) : { message: false };
      }
      let known: Session;
      try {
        known = await session.get();
      } catch (error) {
        if (error instanceof HttpError && error.status === 401) {
          signedOut();
          throw new Error(wordsNow(AUTH).sessionEnded);
        }
        // The server could not be reached or answered oddly: stay signed in; the screens say what fails.
        return sessionMethods.checkAuth();
      }
      const stored = getStoredIdentity();
      if (stored?.id !== known.id || stored.name !== known.name || stored.email !== known.email) {
        const userType = known.userType === 'Admin' ? 'Admin' : 'Employee';
        storeIdentity({ id: known.id, name: known.name, email: known.email, userType });
      }
    },

    async checkError(error) {
      if (error?.status === 401) session.clear();
      // Refused: the matrix may have changed since it was loaded.
      else if (error?.status === 403) void session.load().catch(() => undefined);
      return sessionMethods.checkError(error);
    },

    /**
     * The signed-in account and its effective matrix (react-admin's usePermissions reads it). Without the
     * server's session nothing is asked: react-admin asks as the app opens, before it sends a visitor to the
     * sign-in form, and the server's 401 was an error in the console of every such visit
     * (tests/e2e/login-page.test.ts).
     */
    async getPermissions(): Promise<Session> {
      if (!hasServerSession()) throw new Error(NOT_SIGNED_IN);
      return session.get();
    },

    /** Nothing is open to a browser without a session (and the server is not asked). */
    async canAccess(params) {
      if (!hasServerSession()) return false;
      // What decides access reads every declaration: loaded with the back-office, not with the sign-in screens.
      const [{ canAccessWith }, known] = await Promise.all([import('./access.ts'), session.get()]);
      return canAccessWith(known, params);
    },

    async login({ email, password, userType }) {
      await signInOnServer(fetchImpl, { email, password, userType }, wordsNow(AUTH));
      forgetDenial();
      // What the new account may do; when it cannot be loaded now, the first check loads it.
      await session.load().catch(() => undefined);
    },

    async logout() {
      const wasSignedIn = hasSession() || hasServerSession();
      signedOut();
      if (!wasSignedIn) return;
      // Revoke the session on the server, which clears its cookie; the browser has forgotten the identity anyway.
      await requestJson(fetchImpl, '/api/v1/logout', { method: 'POST' }).catch(() => undefined);
    },

    async requestPasswordReset(email) {
      const { ok, body } = await requestJson(fetchImpl, '/api/v1/forgotPassword', { method: 'POST', body: { email } });
      return { success: ok && body?.success === true, message: messageOf(body) };
    },
  };
}
