/**
 * Sign-in against brute force: an account locks after 5 failures in a row (429 with Retry-After, even for the
 * right password), an unknown address behaves the same, one client address has at most LOGIN_RATE_LIMIT
 * attempts a minute, and an attack on one account never locks another.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = (email: string, password: string, userType?: string) =>
  t.api('POST', '/api/v1/login', { body: { email, password, ...(userType ? { userType } : {}) }, token: null });

async function failedActivities(accountId: number): Promise<number> {
  const result = await t.database.db.execute(
    sql`select count(*)::int as n from activities where account_id = ${accountId} and status = 'Failed'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return rows[0]!.n;
}

describe('lockout', () => {
  it('locks an account for 15 minutes after 5 failures in a row, even for the right password', async () => {
    const employee = await t.employee();
    const before = await failedActivities(employee.accountId);
    for (let i = 0; i < 5; i++) {
      const res = await login(employee.email, 'wrong-password-123');
      expect(res.status, `attempt ${i + 1}`).toBe(401);
      expect(res.body.message).toBe('Invalid email or password.');
    }
    const locked = await login(employee.email, employee.password);
    expect(locked.status).toBe(429);
    expect(locked.body.success).toBe(false);
    expect(locked.body.message).toMatch(/locked/);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Each failure, and the refused attempt while locked, is a Failed activity.
    expect(await failedActivities(employee.accountId)).toBe(before + 6);

    // Another account is not affected.
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);

    // When the lock has run out, the right password signs in and the count starts again.
    await t.database.db.execute(
      sql`update accounts set locked_until = now() - interval '1 second' where id = ${employee.accountId}`,
    );
    expect((await login(employee.email, employee.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    expect((await login(employee.email, employee.password)).status).toBe(200);
    // A success in between means the next failure is the first of a new series.
    expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    expect((await login(employee.email, employee.password)).status).toBe(200);
  });

  it('locks an unknown address in the same way, so that the lockout tells nothing of who has an account', async () => {
    for (let i = 0; i < 5; i++) expect((await login('nobody-here@example.org', 'wrong-password-123')).status).toBe(401);
    const res = await login('nobody-here@example.org', 'wrong-password-123');
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
  });

  it('checks the user type when one is given', async () => {
    const employee = await t.employee();
    expect((await login(employee.email, employee.password, 'Admin')).status).toBe(401);
    expect((await login(employee.email, employee.password, 'Employee')).status).toBe(200);
    expect((await login(ADMIN.email, ADMIN.password, 'Employee')).status).toBe(401);
    expect((await login(ADMIN.email, ADMIN.password, 'Admin')).status).toBe(200);
  });
});

describe('per client address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ env: { LOGIN_RATE_LIMIT: '30' } });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('allows 30 sign-in attempts a minute from one address, then answers 429 with Retry-After', async () => {
    // startTestApp signed the Admin in once already.
    for (let i = 1; i < 30; i++) {
      const res = await limited.api('POST', '/api/v1/login', {
        body: { email: `visitor-${i}@example.org`, password: 'not-a-password' },
        token: null,
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await limited.api('POST', '/api/v1/login', { body: ADMIN, token: null });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many sign-in attempts/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Signed-in work goes on.
    expect((await limited.api('GET', '/api/v2/session')).status).toBe(200);
  });
});

describe('password change', () => {
  it('changes the signed-in account’s own password and ends every session of it', async () => {
    const employee = await t.employee();
    const other = await login(employee.email, employee.password);
    const change = (body: unknown) => t.api('PUT', '/api/v2/session/password', { token: employee.token, body });

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: 'a-brand-new-secret' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'currentPassword', message: 'The current password is not right.' }]);
    const short = await change({ currentPassword: employee.password, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.message).toMatch(/at least 10 characters/);
    const common = await change({ currentPassword: employee.password, newPassword: 'password123' });
    expect(common.status).toBe(400);
    expect((await change('text')).status).toBe(400);
    // Nothing changed so far: both sessions still work.
    expect((await t.api('GET', '/api/v2/session', { token: other.body.user.token })).status).toBe(200);

    const ok = await change({ currentPassword: employee.password, newPassword: 'a-brand-new-secret' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.success).toBe(true);
    for (const token of [employee.token, other.body.user.token]) {
      expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(401);
    }
    expect((await login(employee.email, employee.password)).status).toBe(401);
    expect((await login(employee.email, 'a-brand-new-secret')).status).toBe(200);

    // The change is in the audit trail, without the password or its hash.
    const trail = await t.api(
      'GET',
      `/api/v2/audit-logs?filter=${encodeURIComponent(JSON.stringify({ module: 'accounts', record_id: employee.accountId }))}`,
    );
    expect(trail.status, trail.text).toBe(200);
    expect(trail.body).toHaveLength(1);
    expect(trail.body[0]).toMatchObject({ action_type: 'Update', performed_by_id: employee.accountId });
    expect(trail.text).not.toContain('a-brand-new-secret');
    expect(trail.text).not.toContain('$argon2');
  });
});
