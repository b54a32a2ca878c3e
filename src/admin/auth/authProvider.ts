/**
 * The react-admin auth provider on the spec's /api/v1 sign-in routes. The session (bearer token and identity)
 * lives in localStorage through token.ts; the password is never stored.
 */
import type { AuthProvider, UserIdentity } from 'react-admin';
import { AUTH, type UserType } from '../messages.ts';
import { browserFetch, messageOf, requestJson, type FetchLike } from './apiFetch.ts';
import { clearSession, getStoredIdentity, getToken, storeSession } from './token.ts';

export interface LoginParams {
  email: string;
  password: string;
  userType?: UserType;
}

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

/** The parts that only read the stored session, shared with the demo auth provider. */
export const sessionMethods = {
  async checkAuth(): Promise<void> {
    // `message: false`: the login screen speaks for itself, no extra notification.
    if (!getToken()) throw { message: false };
  },
  async checkError(error: { status?: number; message?: string } | undefined): Promise<void> {
    if (error?.status === 401) {
      clearSession();
      throw new Error(error.message || AUTH.sessionEnded);
    }
    // 403 and the rest: the user stays signed in; the screen shows the error.
  },
  async getIdentity(): Promise<UserIdentity> {
    const identity = getStoredIdentity();
    if (!identity) throw new Error(AUTH.sessionEnded);
    return { id: identity.id, fullName: identity.name, email: identity.email, userType: identity.userType };
  },
};

interface LoginUser {
  token: string;
  id: number;
  name: string;
  email: string;
  userType: UserType;
}

function loginUser(body: Record<string, unknown> | undefined): LoginUser | undefined {
  const user = body?.user as Partial<LoginUser> | undefined;
  return body?.success === true && typeof user?.token === 'string' ? (user as LoginUser) : undefined;
}

export function createAuthProvider(fetchImpl: FetchLike = browserFetch): AppAuthProvider {
  return {
    ...sessionMethods,

    async login({ email, password, userType }) {
      let answer;
      try {
        answer = await requestJson(fetchImpl, '/api/v1/login', { method: 'POST', body: { email, password, userType } });
      } catch {
        throw new Error(AUTH.somethingWrong);
      }
      const user = loginUser(answer.body);
      if (!answer.ok || !user) throw new Error(messageOf(answer.body) ?? AUTH.loginFailed);
      storeSession(user.token, { id: user.id, name: user.name, email: user.email, userType: user.userType });
    },

    async logout() {
      const token = getToken();
      clearSession();
      if (!token) return;
      // Revoke the session on the server; the browser has forgotten it whatever the answer.
      await requestJson(fetchImpl, '/api/v1/logout', { method: 'POST', token }).catch(() => undefined);
    },

    async requestPasswordReset(email) {
      const { ok, body } = await requestJson(fetchImpl, '/api/v1/forgotPassword', { method: 'POST', body: { email } });
      return { success: ok && body?.success === true, message: messageOf(body) };
    },
  };
}
