// engines: pglite, postgres — its own SQL; the limit counted in the database
/**
 * `POST /api/v2/account-requests` on the real server (docs/decisions.md, "/register"): a signed-in member of
 * staff asks the Admins for an account for someone. Validated, limited per account and hour (counted first), kept in
 * the audit trail as a Note on Users naming who asked, and every Admin (and nobody else) is notified with a link to
 * that entry. The answer never tells whether the email already has an account: only the Admins
 * are told. Not open to a visitor without a session.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import {
  ACCOUNT_REQUEST_LIMIT,
  ACCOUNT_REQUEST_MESSAGES as M,
  ACCOUNT_REQUESTS_PATH,
} from '../../src/server/routes/api/v2/account-requests.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Row = Record<string, unknown>;
const notificationsOf = async (recipient: number) =>
  rowsOf<Row>(
    await t.database.db.execute(sql`select * from notifications where recipient_id = ${recipient} order by id`),
  );

describe('account requests', () => {
  it('is refused without a session', async () => {
    const res = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: null,
      body: { name: 'Ravi Kumar', email: 'ravi.kumar@example.org' },
    });
    expect(res.status).toBe(401);
  });

  it('validates the name, the email and the note, field by field', async () => {
    const staff = await t.employee({ permissions: {} });
    const res = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: staff.token,
      body: { name: '  ', email: 'not-an-email', note: 'x'.repeat(1001) },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: M.nameRequired },
        { field: 'email', message: M.email },
        { field: 'note', message: M.noteTooLong },
      ]),
    );
    const notObject = await t.api('POST', ACCOUNT_REQUESTS_PATH, { token: staff.token, body: [1] });
    expect(notObject.status).toBe(400);
  });

  it('answers an email that already has an account (any case) as any other, and tells the Admins only', async () => {
    const staff = await t.employee({ permissions: {} });
    const adminId = (await t.api('GET', '/api/v2/session')).body.id as number;
    const existing = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: staff.token,
      body: { name: 'The Admin', email: ADMIN.email.toUpperCase() },
    });
    const fresh = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: staff.token,
      body: { name: 'Someone New', email: `someone-new-${staff.accountId}@example.org` },
    });
    // The same status, the same sentence, the same shape: nothing tells the two apart.
    for (const res of [existing, fresh]) {
      expect(res.status, res.text).toBe(201);
      expect(Object.keys(res.body).sort()).toEqual(['id', 'message', 'success']);
      expect(res.body).toMatchObject({ success: true, message: M.sent });
    }
    expect(existing.text).not.toContain('exists');

    // Kept for the Admins, who read that the account exists.
    const entry = await t.api('GET', `/api/v2/audit-logs/${existing.body.id}`);
    expect(entry.status, entry.text).toBe(200);
    expect(entry.body.details.note).toContain(`Account requested for The Admin <${ADMIN.email.toUpperCase()}>`);
    expect(entry.body.details.note).toContain(M.exists);
    expect(entry.body.details.after).toMatchObject({ account_exists: true });
    const freshEntry = await t.api('GET', `/api/v2/audit-logs/${fresh.body.id}`);
    expect(freshEntry.body.details.note).not.toContain(M.exists);
    await t.app.services.records.idle();
    const told = (await notificationsOf(adminId)).filter((n) => String(n.message).includes('The Admin'));
    expect(told).toHaveLength(1);
    expect(String(told[0]!.message)).toContain('already exists');
  });

  it('counts every request against the limit before it looks at the accounts', async () => {
    // An email with an account used to be answered 409 before the count: probing was unlimited.
    const staff = await t.employee({ permissions: {} });
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_REQUEST_LIMIT + 2; i++) {
      const res = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
        token: staff.token,
        body: { name: 'Probe', email: i % 2 === 0 ? ADMIN.email : staff.email },
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(ACCOUNT_REQUEST_LIMIT).fill(201), 429, 429]);
  });

  it('keeps the request in the audit trail and notifies every Admin, not the one who asked nor other staff', async () => {
    const staff = await t.employee({ permissions: {} });
    const bystander = await t.employee({ permissions: {} });
    const adminId = (await t.api('GET', '/api/v2/session')).body.id as number;
    const res = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: staff.token,
      body: { name: ' Ravi Kumar ', email: 'ravi.kumar@example.org', note: 'New mathematics teacher from Monday.' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: M.sent });

    const entry = await t.api('GET', `/api/v2/audit-logs/${res.body.id}`);
    expect(entry.status, entry.text).toBe(200);
    expect(entry.body).toMatchObject({ action_type: 'Note', module: 'users', performed_by_id: staff.accountId });
    expect(entry.body.details.note).toContain('Account requested for Ravi Kumar <ravi.kumar@example.org>');
    expect(entry.body.details.note).toContain('New mathematics teacher from Monday.');

    await t.app.services.records.idle();
    const toAdmin = (await notificationsOf(adminId)).filter((n) => String(n.message).includes('Ravi Kumar'));
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toMatchObject({
      type: 'User Registered',
      link: `/audit-logs/view/${res.body.id}`,
      is_read: false,
    });
    expect((await notificationsOf(staff.accountId)).filter((n) => String(n.message).includes('Ravi'))).toEqual([]);
    expect((await notificationsOf(bystander.accountId)).filter((n) => String(n.message).includes('Ravi'))).toEqual([]);
    // No account was made: only an Admin makes one.
    const accounts = rowsOf(
      await t.database.db.execute(sql`select id from accounts where email = 'ravi.kumar@example.org'`),
    );
    expect(accounts).toEqual([]);
  });

  it(`answers 429 past ${ACCOUNT_REQUEST_LIMIT} requests an hour from one account`, async () => {
    const staff = await t.employee({ permissions: {} });
    for (let i = 0; i < ACCOUNT_REQUEST_LIMIT; i++) {
      const ok = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
        token: staff.token,
        body: { name: `Person ${i}`, email: `person-${staff.accountId}-${i}@example.org` },
      });
      expect(ok.status, ok.text).toBe(201);
    }
    const refused = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: staff.token,
      body: { name: 'One more', email: `one-more-${staff.accountId}@example.org` },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(M.tooMany);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another account still may.
    const other = await t.employee({ permissions: {} });
    const ok = await t.api('POST', ACCOUNT_REQUESTS_PATH, {
      token: other.token,
      body: { name: 'Another', email: `another-${other.accountId}@example.org` },
    });
    expect(ok.status, ok.text).toBe(201);
  });
});
