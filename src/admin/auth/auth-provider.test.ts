// @vitest-environment jsdom
/**
 * The server auth provider against a stand-in for the browser's fetch (the HTTP boundary), injected.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH } from './messages.ts';
import type { FetchLike } from './api-fetch.ts';
import { createAuthProvider } from './auth-provider.ts';
import { getStoredIdentity, hasSession, storeIdentity } from './token.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function fakeFetch(answer: () => Response | Promise<Response>) {
  return vi.fn<FetchLike>(async () => answer());
}

afterEach(() => localStorage.clear());

describe('createAuthProvider', () => {
  it('login posts email, password and user type, and stores the token and identity (never the password)', async () => {
    const fetch = fakeFetch(() =>
      json(200, {
        success: true,
        message: 'Login successful.',
        user: { token: 'tok-1', id: 7, name: 'Asha', email: 'asha@example.org', userType: 'Employee' },
      }),
    );
    await createAuthProvider(fetch).login({ email: 'asha@example.org', password: 'pw-123', userType: 'Employee' });
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/v1/login');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'asha@example.org',
      password: 'pw-123',
      userType: 'Employee',
    });
    expect(hasSession()).toBe(true);
    expect(JSON.stringify({ ...localStorage })).not.toContain('tok-1');
    expect(getStoredIdentity()).toEqual({ id: 7, name: 'Asha', email: 'asha@example.org', userType: 'Employee' });
    expect(JSON.stringify({ ...localStorage })).not.toContain('pw-123');
  });

  it("login rejects with the server's message, or the spec's when there is none", async () => {
    const refused = fakeFetch(() => json(401, { success: false, message: 'Invalid email or password.', code: 'X' }));
    await expect(createAuthProvider(refused).login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
      'Invalid email or password.',
    );
    const bare = fakeFetch(() => new Response('oops', { status: 500 }));
    await expect(createAuthProvider(bare).login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(AUTH.loginFailed);
    const down = vi.fn<FetchLike>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(createAuthProvider(down).login({ email: 'a@b.c', password: 'x' })).rejects.toThrow(
      AUTH.somethingWrong,
    );
    expect(hasSession()).toBe(false);
  });

  it('checkAuth asks the server only when it has given this browser a session (its XSRF-TOKEN cookie)', async () => {
    const session = { id: 1, name: 'A', email: 'a@b.c', userType: 'Admin', expiresAt: '2030-01-01T00:00:00Z' };
    const fetch = fakeFetch(() => json(200, { ...session, admin: true, permissions: {} }));
    const provider = createAuthProvider(fetch);
    await expect(provider.checkAuth({})).rejects.toEqual({ message: false });
    // An identity left from a session whose cookies are gone: signed out, and saying so, without asking.
    storeIdentity({ id: 1, name: 'A', email: 'a@b.c', userType: 'Admin' });
    await expect(provider.checkAuth({})).rejects.toThrow(AUTH.sessionEnded);
    expect(hasSession()).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
    // The cookie without a stored identity (storage cleared): the session names the account.
    document.cookie = 'XSRF-TOKEN=xsrf-1; path=/';
    try {
      await expect(provider.checkAuth({})).resolves.toBeUndefined();
      expect(getStoredIdentity()).toEqual({ id: 1, name: 'A', email: 'a@b.c', userType: 'Admin' });
      expect(fetch).toHaveBeenCalledTimes(1);
    } finally {
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    }
  });

  it('checkError ends the session on 401 only; a 403 keeps it', async () => {
    const provider = createAuthProvider(fakeFetch(() => json(200, {})));
    storeIdentity({ id: 1, name: 'A', email: 'a@b.c', userType: 'Admin' });
    await expect(provider.checkError({ status: 403, message: 'Forbidden' })).rejects.toMatchObject({
      logoutUser: false,
    });
    await expect(provider.checkError({ status: 500, message: 'Oops' })).resolves.toBeUndefined();
    expect(hasSession()).toBe(true);
    await expect(provider.checkError({ status: 401 })).rejects.toThrow(AUTH.sessionEnded);
    expect(hasSession()).toBe(false);
  });

  it('getIdentity reads the stored identity, fullName being the name', async () => {
    const provider = createAuthProvider(fakeFetch(() => json(200, {})));
    await expect(provider.getIdentity!()).rejects.toThrow();
    storeIdentity({ id: 3, name: 'Ravi', email: 'ravi@example.org', userType: 'Admin' });
    await expect(provider.getIdentity!()).resolves.toMatchObject({ id: 3, fullName: 'Ravi' });
  });

  it("logout revokes the session on the server with the page's XSRF token, then forgets it", async () => {
    const fetch = fakeFetch(() => json(200, { success: true }));
    document.cookie = 'XSRF-TOKEN=xsrf-9';
    storeIdentity({ id: 1, name: 'A', email: 'a@b.c', userType: 'Admin' });
    await createAuthProvider(fetch).logout({});
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/api/v1/logout');
    expect(init?.method).toBe('POST');
    expect(init?.headers).toMatchObject({ 'X-XSRF-TOKEN': 'xsrf-9' });
    expect(init?.headers).not.toHaveProperty('Authorization');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(init?.body).toBeUndefined();
    expect(hasSession()).toBe(false);
    expect(getStoredIdentity()).toBeNull();
  });

  it('logout forgets the session even when the server cannot be reached', async () => {
    storeIdentity({ id: 1, name: 'A', email: 'a@b.c', userType: 'Admin' });
    const down = vi.fn<FetchLike>(async () => {
      throw new TypeError('Failed to fetch');
    });
    await createAuthProvider(down).logout({});
    expect(hasSession()).toBe(false);
  });

  it('requestPasswordReset posts the email and reports the answer', async () => {
    const ok = fakeFetch(() => json(200, { success: true, message: AUTH.resetLinkSent }));
    await expect(createAuthProvider(ok).requestPasswordReset('a@b.c')).resolves.toEqual({
      success: true,
      message: AUTH.resetLinkSent,
    });
    expect(JSON.parse(String(ok.mock.calls[0]![1]?.body))).toEqual({ email: 'a@b.c' });
    const refused = fakeFetch(() => json(400, { success: false, message: 'Please enter a valid email address.' }));
    await expect(createAuthProvider(refused).requestPasswordReset('x')).resolves.toEqual({
      success: false,
      message: 'Please enter a valid email address.',
    });
  });
});
