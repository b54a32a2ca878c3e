// @vitest-environment jsdom
/**
 * The server auth provider's access control against a stand-in for the browser's fetch (the HTTP boundary):
 * the session loaded after sign-in and on checkAuth, kept in memory, forgotten on sign-out; canAccess and
 * getPermissions from it; a 403 on a page's data sends to the access-denied page with the server's sentence.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { AUTH } from './messages.ts';
import type { FetchLike } from './api-fetch.ts';
import { createAuthProvider } from './auth-provider.ts';
import { forgetDenial, lastDenial } from './denial.ts';
import { hasSession, storeIdentity } from './token.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const SESSION = {
  id: 7,
  name: 'Asha',
  email: 'asha@example.org',
  userType: 'Employee',
  expiresAt: '2030-01-01T00:00:00.000Z',
  admin: false,
  permissions: { Company: { Departments: { Global: { View: true } } } },
};

/** A server answering sign-in, sign-out and the session; `session` decides the session's answer. */
function fakeServer(session: () => Response = () => json(200, SESSION)) {
  return vi.fn<FetchLike>(async (path) => {
    if (path === '/api/v1/login') {
      // The server's Set-Cookie: the HttpOnly session (out of a script's reach) and its readable XSRF token.
      document.cookie = 'XSRF-TOKEN=xsrf-7; path=/';
      return json(200, {
        success: true,
        user: { token: 'tok-1', id: 7, name: 'Asha', email: 'asha@example.org', userType: 'Employee' },
      });
    }
    if (path === '/api/v1/logout') {
      serverClearsCookies();
      return json(200, { success: true });
    }
    if (path === '/api/v2/session') return session();
    return json(404, { success: false, message: 'No such route.' });
  });
}

/** A browser the server signed in: the identity the app stored and the cookie the server set. */
function signedInBrowser() {
  storeIdentity({ id: 7, name: 'Asha', email: 'asha@example.org', userType: 'Employee' });
  document.cookie = 'XSRF-TOKEN=xsrf-7; path=/';
}

function serverClearsCookies() {
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

const sessionCalls = (fetch: ReturnType<typeof fakeServer>) =>
  fetch.mock.calls.filter(([path]) => path === '/api/v2/session');

afterEach(() => {
  localStorage.clear();
  serverClearsCookies();
  forgetDenial();
});

describe('the auth provider and the session', () => {
  it('loads the session right after signing in, with the new session cookie, and answers canAccess from it', async () => {
    const fetch = fakeServer();
    const provider = createAuthProvider(fetch);
    await provider.login({ email: 'asha@example.org', password: 'pw', userType: 'Employee' });
    expect(sessionCalls(fetch)).toHaveLength(1);
    // The session is the cookie the browser sends; no token travels in a header.
    expect(sessionCalls(fetch)[0]![1]?.headers).not.toHaveProperty('Authorization');
    expect(sessionCalls(fetch)[0]![1]?.credentials).toBe('same-origin');

    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).resolves.toBe(true);
    await expect(provider.canAccess!({ resource: 'departments', action: 'create' })).resolves.toBe(false);
    await expect(provider.canAccess!({ resource: 'departments', action: 'delete' })).resolves.toBe(false);
    await expect(provider.canAccess!({ resource: 'employees', action: 'list' })).resolves.toBe(false);
    await expect(provider.canAccess!({ resource: 'dashboard', action: 'list' })).resolves.toBe(false);
    // The bell's refresh interval, when the server names none, is the default.
    await expect(provider.getPermissions!({})).resolves.toEqual({
      ...SESSION,
      notificationRefreshSeconds: 30,
      timeZone: 'Asia/Kolkata',
      exportPdfMaxRows: 2000,
    });
    // Kept in memory: no more requests for all these answers.
    expect(sessionCalls(fetch)).toHaveLength(1);
  });

  it('loads the session on checkAuth when the app starts with a stored token, once', async () => {
    signedInBrowser();
    const fetch = fakeServer();
    const provider = createAuthProvider(fetch);
    await provider.checkAuth({});
    await provider.checkAuth({});
    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).resolves.toBe(true);
    expect(sessionCalls(fetch)).toHaveLength(1);
    expect(sessionCalls(fetch)[0]![1]?.headers).not.toHaveProperty('Authorization');
  });

  it('asks the server nothing without its session cookie: no 401 in the console of the app opening on the sign-in form', async () => {
    const fetch = fakeServer(() => json(401, { success: false, message: 'Please sign in to continue.' }));
    const provider = createAuthProvider(fetch);
    await expect(provider.getPermissions!({})).rejects.toThrow();
    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).resolves.toBe(false);
    await expect(provider.checkAuth({})).rejects.toEqual({ message: false });
    await provider.logout({});
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks once the server has set its cookie, whatever the stored identity says (the session decides)', async () => {
    const fetch = fakeServer();
    const provider = createAuthProvider(fetch);
    // Signed in in another tab: the cookie is there, this tab's storage may lag behind.
    document.cookie = 'XSRF-TOKEN=xsrf-7; path=/';
    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).resolves.toBe(true);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(hasSession()).toBe(true);
    expect(sessionCalls(fetch)).toHaveLength(1);
    // Signed out elsewhere (the server cleared the cookie): nothing is open, nothing is asked.
    serverClearsCookies();
    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).resolves.toBe(false);
    await expect(provider.checkAuth({})).rejects.toThrow(AUTH.sessionEnded);
    expect(sessionCalls(fetch)).toHaveLength(1);
  });

  it('signs out on checkAuth when the server no longer knows the token (401)', async () => {
    signedInBrowser();
    const fetch = fakeServer(() => json(401, { success: false, message: 'Please sign in to continue.' }));
    await expect(createAuthProvider(fetch).checkAuth({})).rejects.toThrow(AUTH.sessionEnded);
    expect(hasSession()).toBe(false);
  });

  it('stays signed in when the session cannot be loaded for another reason', async () => {
    signedInBrowser();
    const fetch = fakeServer(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    const provider = createAuthProvider(fetch);
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    expect(hasSession()).toBe(true);
    await expect(provider.canAccess!({ resource: 'departments', action: 'list' })).rejects.toBeInstanceOf(HttpError);
  });

  it('forgets the session on sign-out: the next account gets its own', async () => {
    let answer: object = SESSION;
    const fetch = fakeServer(() => json(200, answer));
    const provider = createAuthProvider(fetch);
    await provider.login({ email: 'asha@example.org', password: 'pw' });
    await provider.logout({});
    answer = { ...SESSION, id: 1, name: 'Admin', admin: true, permissions: {} };
    await provider.login({ email: 'admin@example.org', password: 'pw' });
    await expect(provider.canAccess!({ resource: 'employees', action: 'delete' })).resolves.toBe(true);
    expect(sessionCalls(fetch)).toHaveLength(2);
  });

  it("sends a 403 on a page's data to the access-denied page with the server's sentence, still signed in", async () => {
    signedInBrowser();
    const fetch = fakeServer();
    const provider = createAuthProvider(fetch);
    await provider.checkAuth({});
    const sentence =
      'You do not have permission to view Employees (Company › Employees › View). Ask an administrator for access.';
    const refused = new HttpError(sentence, 403, {
      success: false,
      message: sentence,
      code: 'FORBIDDEN',
      method: 'GET',
    });
    await expect(provider.checkError(refused)).rejects.toEqual({
      redirectTo: '/access-denied',
      logoutUser: false,
      message: false,
    });
    expect(lastDenial()).toMatchObject({ message: sentence });
    expect(hasSession()).toBe(true);
    // The matrix may have changed: the session is loaded again.
    await vi.waitFor(() => expect(sessionCalls(fetch)).toHaveLength(2));
  });

  it('leaves a refused save or delete (403 on a write) to the screen that made it', async () => {
    signedInBrowser();
    const provider = createAuthProvider(fakeServer());
    const refused = new HttpError('You cannot change your own permissions.', 403, {
      success: false,
      message: 'You cannot change your own permissions.',
      method: 'PUT',
    });
    await expect(provider.checkError(refused)).resolves.toBeUndefined();
    expect(lastDenial()).toBeUndefined();
    expect(hasSession()).toBe(true);
  });
});
