// engines: pglite, postgres — its own SQL; failures counted in the database, across servers
/**
 * Sign-in against brute force without locking anyone out: past 5 free failures an account's attempts are slowed
 * down (a growing wait, capped at a minute; 429 with Retry-After, the password not even checked), an unknown
 * address behaves the same, the owner's known browser is never slowed by others' failures, the counts are kept in
 * the database (a second server on the same database sees them), and one client address has at most
 * LOGIN_RATE_LIMIT attempts a minute, counted across servers.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.ts';
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

/** Lets the waits of an email's throttle run out now (rather than waiting real seconds in a test). */
const waitRunsOut = (email: string) =>
  t.database.db.execute(
    sql`update sign_in_throttles set next_attempt_at = now() - interval '1 second' where key = ${`account:${email.toLowerCase()}`}`,
  );

async function secondsToWait(email: string): Promise<number> {
  const result = await t.database.db.execute(
    sql`select extract(epoch from (next_attempt_at - now()))::float8 as s from sign_in_throttles where key = ${`account:${email.toLowerCase()}`}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { s: number | null }[];
  return Number(rows[0]?.s ?? 0);
}

describe('throttling, never a lockout (five wrong passwords used to lock anyone out for 15 minutes)', () => {
  it('lets the right password in after five wrong ones: no lockout', async () => {
    const employee = await t.employee();
    for (let i = 0; i < 5; i++) expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    expect((await login(employee.email, employee.password)).status).toBe(200);
  });

  it('slows down further failures with growing waits, capped at a minute, without checking the password', async () => {
    const employee = await t.employee();
    const before = await failedActivities(employee.accountId);
    for (let i = 0; i < 5; i++) expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    expect(await secondsToWait(employee.email)).toBe(0);
    // The sixth failure sets the first wait; during it even the right password is refused, unchecked.
    expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    const refused = await login(employee.email, employee.password);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/Too many failed sign-ins\. Please wait \d+ seconds? before trying again\./);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(2);
    // Each failure and the refused attempt are Failed activities.
    expect(await failedActivities(employee.accountId)).toBe(before + 7);
    // The waits double, up to a minute.
    const waits: number[] = [];
    for (let i = 0; i < 10; i++) {
      await waitRunsOut(employee.email);
      expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
      waits.push(Math.round(await secondsToWait(employee.email)));
    }
    expect(waits.slice(0, 6)).toEqual([2, 4, 8, 16, 32, 60]);
    expect(Math.max(...waits)).toBe(60);
    // Another account is not affected; once the wait has run out the owner signs in and the count starts again.
    expect((await login(ADMIN.email, ADMIN.password)).status).toBe(200);
    await waitRunsOut(employee.email);
    expect((await login(employee.email, employee.password)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await login(employee.email, 'wrong-password-123')).status).toBe(401);
    expect((await login(employee.email, employee.password)).status).toBe(200);
  });

  it('never slows the owner’s known browser, whatever others do to the account', async () => {
    const employee = await t.employee();
    const first = await login(employee.email, employee.password);
    const device = first.headers.getSetCookie().find((line) => line.startsWith('device='))!;
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/SameSite=Strict/i);
    expect(device).toMatch(/Path=\/api\/v1\/login/);
    const cookie = device.split(';')[0]!;
    // An attacker elsewhere: twenty failures, every wait sat out.
    for (let i = 0; i < 20; i++) {
      await waitRunsOut(employee.email);
      await login(employee.email, 'guess-number-' + i);
    }
    expect(await secondsToWait(employee.email)).toBeGreaterThan(0);
    expect((await login(employee.email, employee.password)).status).toBe(429);
    // The owner's browser signs in at once.
    const owner = await t.api('POST', '/api/v1/login', {
      token: null,
      headers: { cookie },
      body: { email: employee.email, password: employee.password },
    });
    expect(owner.status, owner.text).toBe(200);
    // A device cookie counts only for its own account.
    const other = await t.employee();
    for (let i = 0; i < 6; i++) await login(other.email, 'wrong-password-123');
    const borrowed = await t.api('POST', '/api/v1/login', {
      token: null,
      headers: { cookie },
      body: { email: other.email, password: other.password },
    });
    expect(borrowed.status).toBe(429);
  });

  it('slows down an unknown address in the same way, so that the answers tell nothing of who has an account', async () => {
    for (let i = 0; i < 6; i++) expect((await login('nobody-here@example.org', 'wrong-password-123')).status).toBe(401);
    const res = await login('nobody-here@example.org', 'wrong-password-123');
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/Too many failed sign-ins/);
  });

  it('keeps its counts in the database: a second server on the same database holds the wait', async () => {
    const employee = await t.employee();
    // The second server is built and made ready first (inject would load its plugins on the first request): the
    // sixth failure's wait is a second, and starting an app on a busy machine took longer than that (the wait had
    // passed when the second server asked).
    const second = await buildApp({ config: t.app.services.config, database: t.database });
    try {
      await second.ready();
      for (let i = 0; i < 6; i++) await login(employee.email, 'wrong-password-123');
      const res = await second.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { email: employee.email, password: employee.password },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('says which user type to choose, only once the password was right, and still counts the failure', async () => {
    const employee = await t.employee();
    const before = await failedActivities(employee.accountId);
    // A wrong password with the wrong type: the usual sentence, nothing about the type.
    const guessed = await login(employee.email, 'wrong-password-123', 'Admin');
    expect(guessed.status).toBe(401);
    expect(guessed.body.message).toBe('Invalid email or password.');
    // The right password, User Type left at Admin: what is wrong, and what to choose.
    const wrongType = await login(employee.email, employee.password, 'Admin');
    expect(wrongType.status).toBe(401);
    expect(wrongType.body.message).toBe(
      'This account signs in as an Employee: choose Employee as the user type and sign in again.',
    );
    expect(wrongType.body.message).not.toMatch(/Invalid email or password/);
    const admin = await login(ADMIN.email, ADMIN.password, 'Employee');
    expect(admin.body.message).toBe(
      'This account signs in as an Admin: choose Admin as the user type and sign in again.',
    );
    // Both refusals are failures as before: logged, and counted by the throttle (5 free, then a wait).
    expect(await failedActivities(employee.accountId)).toBe(before + 2);
    for (let i = 0; i < 4; i++) expect((await login(employee.email, employee.password, 'Admin')).status).toBe(401);
    const slowed = await login(employee.email, employee.password, 'Employee');
    expect(slowed.status).toBe(429);
    // A deactivated account with the right password still gets only the usual sentence.
    const gone = await t.employee();
    await t.database.db.execute(sql`update accounts set is_active = false where id = ${gone.accountId}`);
    const refused = await login(gone.email, gone.password, 'Admin');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Invalid email or password.');
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

  it('slows down an address after 20 failures, whichever emails it tries', async () => {
    const office = await startTestApp({ env: { SIGN_IN_FREE_FAILURES_PER_ADDRESS: '20' } });
    try {
      for (let i = 0; i < 21; i++) {
        const res = await office.api('POST', '/api/v1/login', {
          body: { email: `spray-${i}@example.org`, password: 'not-a-password' },
          token: null,
        });
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      const res = await office.api('POST', '/api/v1/login', { body: ADMIN, token: null });
      expect(res.status).toBe(429);
      expect(res.body.message).toMatch(/Too many failed sign-ins/);
    } finally {
      await office.close();
    }
  });

  it('counts attempts across servers sharing the database', async () => {
    const second = await buildApp({ config: limited.app.services.config, database: limited.database });
    try {
      // The window of the test above is still full: the second server refuses too.
      const res = await second.inject({ method: 'POST', url: '/api/v1/login', payload: ADMIN });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
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
