// engines: pglite, postgres — health names the engine; sessions and hashes read back from the database
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health', () => {
  it('answers without a session and names the database', async () => {
    const res = await t.api('GET', '/api/health', { token: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and answers the spec shape', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { ...ADMIN, userType: 'Admin' }, token: null });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toMatchObject({ email: ADMIN.email, userType: 'Admin', name: 'Administrator' });
    expect(typeof res.body.user.id).toBe('number');
    // At least 128 random bits, base64url.
    expect(res.body.user.token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
  });

  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const wrong = await t.api('POST', '/api/v1/login', {
      body: { email: ADMIN.email, password: 'nope-nope-nope' },
      token: null,
    });
    const unknown = await t.api('POST', '/api/v1/login', {
      body: { email: 'who@example.org', password: 'nope-nope-nope' },
      token: null,
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: 'Invalid email or password.', code: 'UNAUTHORIZED' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses a user type that does not match the account', async () => {
    const res = await t.api('POST', '/api/v1/login', { body: { ...ADMIN, userType: 'Employee' }, token: null });
    expect(res.status).toBe(401);
  });

  it('answers 400 when the email or password is missing, and for an unknown user type', async () => {
    const noEmail = await t.api('POST', '/api/v1/login', { body: { password: 'x' }, token: null });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.message).toBe('Email is required.');
    const noPassword = await t.api('POST', '/api/v1/login', { body: { email: ADMIN.email }, token: null });
    expect(noPassword.body.errors).toEqual([{ field: 'password', message: 'Password is required.' }]);
    const badType = await t.api('POST', '/api/v1/login', { body: { ...ADMIN, userType: 'Root' }, token: null });
    expect(badType.status).toBe(400);
  });

  it('stores only a hash of the token and of the password', async () => {
    const { accounts, sessions } = await import('../../src/server/db/schema.ts');
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((row) => row.token_hash === t.token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.token_hash))).toBe(true);
    const [account] = await t.database.db.select().from(accounts);
    expect(account!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('requires a valid bearer token on every other route, and logout revokes it', async () => {
    expect((await t.api('GET', '/api/v2/countries', { token: null })).status).toBe(401);
    expect((await t.api('GET', '/api/v2/countries', { token: 'x'.repeat(43) })).status).toBe(401);
    expect((await t.api('GET', '/api/v2/session')).body).toMatchObject({ email: ADMIN.email, userType: 'Admin' });

    const login = await t.api('POST', '/api/v1/login', { body: ADMIN, token: null });
    const token = login.body.user.token as string;
    expect((await t.api('GET', '/api/v2/countries', { token })).status).toBe(200);
    expect((await t.api('POST', '/api/v1/logout', { token })).status).toBe(200);
    const after = await t.api('GET', '/api/v2/countries', { token });
    expect(after.status).toBe(401);
    expect(after.body.success).toBe(false);
  });

  it('refuses an expired session', async () => {
    const { sessions } = await import('../../src/server/db/schema.ts');
    const login = await t.api('POST', '/api/v1/login', { body: ADMIN, token: null });
    const token = login.body.user.token as string;
    const { tokenHash } = await import('../../src/server/services/auth.ts');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(sessions.token_hash, tokenHash(token)));
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(401);
  });

  it('answers forgot password the same way for any address, and 400 for a malformed one', async () => {
    const known = await t.api('POST', '/api/v1/forgotPassword', { body: { email: ADMIN.email }, token: null });
    const unknown = await t.api('POST', '/api/v1/forgotPassword', {
      body: { email: 'nobody@example.org' },
      token: null,
    });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(
      (await t.api('POST', '/api/v1/forgotPassword', { body: { email: 'not-an-email' }, token: null })).status,
    ).toBe(400);
    expect((await t.api('POST', '/api/v1/forgotPassword', { body: {}, token: null })).status).toBe(400);
  });
});

describe('errors', () => {
  it('answers 404 JSON for an unknown /api path, with or without a session', async () => {
    const res = await t.api('GET', '/api/v2/nothing-here', { token: null });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers 400 for malformed JSON and 413 for a body over 1 MB', async () => {
    const bad = await t.api('POST', '/api/v2/countries', { raw: '{"name": "India",' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ success: false, message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' });
    const big = await t.api('POST', '/api/v2/countries', { body: { name: 'x'.repeat(1_100_000), code: 'XX' } });
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI description', async () => {
    const res = await t.api('GET', '/api/docs/json', { token: null });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/v2/countries', '/api/v2/countries/{id}', '/api/v1/login']),
    );
  });
});

describe('API documentation', () => {
  it('serves a readable page at /api/docs without a session', async () => {
    const res = await t.api('GET', '/api/docs', { token: null });
    expect([200, 302]).toContain(res.status);
    const page =
      res.status === 302
        ? await t.api('GET', `/api/docs/${res.headers.get('location')!.replace(/^\.?\/?(api\/docs\/)?/, '')}`, {
            token: null,
          })
        : res;
    expect(page.status).toBe(200);
    expect(page.text).toContain('swagger');
  });
});
