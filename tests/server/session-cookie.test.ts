// engines: pglite — the session cookie and its XSRF check; no SQL of its own
/**
 * The admin app's session cookie and its XSRF check, over the real server: the cookie is HttpOnly and
 * SameSite=Strict, reads work with it alone, a change needs the page's XSRF token as well, bearer tokens need none,
 * and signing out ends the cookie's session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xsrfTokenOf } from '../../src/server/plugins/app/session-cookie.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Signs in and answers the Set-Cookie lines and a Cookie header carrying both cookies. */
async function signIn(app: TestApp = t, credentials: { email: string; password: string } = ADMIN) {
  const res = await app.api('POST', '/api/v1/login', { body: credentials, token: null });
  expect(res.status).toBe(200);
  const lines = res.headers.getSetCookie();
  const value = (name: string) =>
    lines
      .find((l) => l.startsWith(`${name}=`))
      ?.split(';')[0]!
      .slice(name.length + 1);
  return { res, lines, value };
}

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Strict, with a readable XSRF-TOKEN derived from it', async () => {
    const { res, lines, value } = await signIn();
    const session = lines.find((l) => l.startsWith('session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Strict/i);
    expect(session).toMatch(/Path=\//);
    expect(session).not.toMatch(/Secure/i);
    const xsrf = lines.find((l) => l.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(xsrf).toMatch(/SameSite=Strict/i);
    // The contract's answer still carries the bearer token for API clients; the cookie holds the same session.
    expect(value('session')).toBe(res.body.user.token);
    expect(value('XSRF-TOKEN')).toBe(xsrfTokenOf(res.body.user.token));
    // Both last as long as the session (SESSION_TTL_HOURS=1 in the tests).
    expect(session).toMatch(/Max-Age=3600(;|$)/);
    expect(xsrf).toMatch(/Max-Age=3600(;|$)/);
  });

  it('answers 401 for a cookie the server does not know, and clears it and its XSRF token', async () => {
    const res = await t.api('GET', '/api/v2/session', {
      token: null,
      headers: { cookie: 'session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA; XSRF-TOKEN=stale' },
    });
    expect(res.status).toBe(401);
    // The admin app reads the XSRF cookie as "signed in": once it is gone the app asks no more
    // (src/admin/auth/auth-provider.ts).
    const cleared = res.headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('session='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cleared.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    // A bearer the server does not know is an API client's: nothing of the browser's is touched.
    const bearer = await t.api('GET', '/api/v2/session', { token: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(bearer.status).toBe(401);
    expect(bearer.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a change or a deletion with the cookie alone, and leaves the record as it was', async () => {
    const made = await t.api('POST', '/api/v2/countries', { body: { name: 'Sri Lanka', code: 'LK' } });
    expect(made.status, made.text).toBe(201);
    const path = `/api/v2/countries/${made.body.id}`;
    const { value } = await signIn();
    const cookie = `session=${value('session')}; XSRF-TOKEN=${value('XSRF-TOKEN')}`;
    // Another session's XSRF token is no better than none.
    const other = await signIn();
    for (const xsrf of [undefined, 'forged', other.value('XSRF-TOKEN')!]) {
      const headers: Record<string, string> = { cookie, ...(xsrf === undefined ? {} : { 'x-xsrf-token': xsrf }) };
      const put = await t.api('PUT', path, { token: null, headers, body: { name: 'Renamed', code: 'LK' } });
      expect(put.status, put.text).toBe(403);
      expect(put.body.message).toBe("The request did not carry the page's XSRF token; reload the page and try again.");
      const del = await t.api('DELETE', path, { token: null, headers });
      expect(del.status, del.text).toBe(403);
    }
    const unchanged = await t.api('GET', path);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.name).toBe('Sri Lanka');

    const headers = { cookie, 'x-xsrf-token': value('XSRF-TOKEN')! };
    const put = await t.api('PUT', path, { token: null, headers, body: { name: 'Renamed', code: 'LK' } });
    expect(put.status, put.text).toBe(200);
    expect((await t.api('GET', path)).body.name).toBe('Renamed');
    const del = await t.api('DELETE', path, { token: null, headers });
    expect(del.status, del.text).toBe(200);
    expect((await t.api('GET', path)).status).toBe(404);
  });

  it('reads with the cookie alone, and changes only with the XSRF token as well', async () => {
    const { value } = await signIn();
    const cookie = `session=${value('session')}; XSRF-TOKEN=${value('XSRF-TOKEN')}`;
    const read = await t.api('GET', '/api/v2/session', { token: null, headers: { cookie } });
    expect(read.status).toBe(200);
    expect(read.body.email).toBe(ADMIN.email);

    const before = await t.api('GET', '/api/v2/countries?range=[0,0]');
    const body = { name: 'Nepal', code: 'NP' };
    const attempts: Record<string, string>[] = [
      { cookie },
      { cookie, 'x-xsrf-token': 'forged' },
      { cookie, 'x-xsrf-token': '' },
    ];
    for (const headers of attempts) {
      const refused = await t.api('POST', '/api/v2/countries', { token: null, headers, body });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/XSRF token/);
    }
    const after = await t.api('GET', '/api/v2/countries?range=[0,0]');
    expect(after.headers.get('content-range')).toBe(before.headers.get('content-range'));

    const created = await t.api('POST', '/api/v2/countries', {
      token: null,
      headers: { cookie, 'x-xsrf-token': value('XSRF-TOKEN')! },
      body,
    });
    expect(created.status, created.text).toBe(201);
  });

  it('leaves bearer clients as they were: no XSRF token needed', async () => {
    const res = await t.api('POST', '/api/v2/countries', { body: { name: 'Bhutan', code: 'BT' } });
    expect(res.status, res.text).toBe(201);
  });

  it('is judged by the bearer alone when a request carries both', async () => {
    const { value } = await signIn();
    const res = await t.api('GET', '/api/v2/session', {
      token: 'not-a-real-token-but-long-enough',
      headers: { cookie: `session=${value('session')}` },
    });
    expect(res.status).toBe(401);
  });

  it('ends with sign-out: cleared, and refused if sent again', async () => {
    const { value } = await signIn();
    const cookie = `session=${value('session')}; XSRF-TOKEN=${value('XSRF-TOKEN')}`;
    const out = await t.api('POST', '/api/v1/logout', {
      token: null,
      headers: { cookie, 'x-xsrf-token': value('XSRF-TOKEN')! },
    });
    expect(out.status).toBe(200);
    const cleared = out.headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('session='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cleared.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const again = await t.api('GET', '/api/v2/session', { token: null, headers: { cookie } });
    expect(again.status).toBe(401);
  });

  it('ends with a password change: cleared, and refused if sent again', async () => {
    const employee = await t.employee();
    const { value } = await signIn(t, { email: employee.email, password: employee.password });
    const cookie = `session=${value('session')}; XSRF-TOKEN=${value('XSRF-TOKEN')}`;
    const changed = await t.api('PUT', '/api/v2/session/password', {
      token: null,
      headers: { cookie, 'x-xsrf-token': value('XSRF-TOKEN')! },
      body: { currentPassword: employee.password, newPassword: 'a-brand-new-secret' },
    });
    expect(changed.status, changed.text).toBe(200);
    const cleared = changed.headers.getSetCookie();
    expect(cleared.find((l) => l.startsWith('session='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect(cleared.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    const again = await t.api('GET', '/api/v2/session', { token: null, headers: { cookie } });
    expect(again.status).toBe(401);
  });

  it('is Secure and __Host- prefixed when the admin is served over HTTPS', async () => {
    const secure = await startTestApp({ env: { PUBLIC_URL: 'https://admin.example.org' } });
    try {
      const { lines, value } = await signIn(secure);
      const session = lines.find((l) => l.startsWith('__Host-session='))!;
      expect(session).toMatch(/Secure/);
      expect(session).toMatch(/HttpOnly/i);
      expect(lines.find((l) => l.startsWith('XSRF-TOKEN='))).toMatch(/Secure/);
      const read = await secure.api('GET', '/api/v2/session', {
        token: null,
        headers: { cookie: `__Host-session=${value('__Host-session')}` },
      });
      expect(read.status).toBe(200);
      // The plain name is not read when the cookie must be Secure.
      const plain = await secure.api('GET', '/api/v2/session', {
        token: null,
        headers: { cookie: `session=${value('__Host-session')}` },
      });
      expect(plain.status).toBe(401);
    } finally {
      await secure.close();
    }
  });
});
