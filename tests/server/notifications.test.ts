// engines: pglite, postgres — its own SQL; recipients computed in the database
/**
 * Notifications on the real server (PGlite and PostgreSQL): each event writes one notification to every active
 * account whose permissions cover its place (Admins always) and to nobody else; each account reads, marks and
 * deletes only its own; nobody adds one through the API; a new contact message, a donation from the website, a new
 * user and an email that finally failed each write the right one.
 */
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, donations, users } from '../../src/resources/index.ts';
import type { PermissionMatrix } from '../../src/resources/permissions.ts';
import { rowsOf } from '../../src/server/db/client.ts';
import { mailOutbox } from '../../src/server/db/schema.ts';
import { accountsHolding, effectiveAccessOf } from '../../src/server/services/access.ts';
import { MAIL_MAX_ATTEMPTS } from '../../src/server/services/mail.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

/** A port nothing listens on: the mail worker's every attempt is refused at once. */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
    });
  });
}

let t: TestApp;
let adminId: number;
beforeAll(async () => {
  t = await startTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` } });
  adminId = (await t.api('GET', '/api/v2/session')).body.id;
});
afterAll(async () => {
  await t?.close();
});

const view = (feature: string, subFeature: string, scope: 'Self' | 'Global' = 'Global', ...more: string[]) =>
  ({
    [feature]: { [subFeature]: { [scope]: Object.fromEntries(['View', ...more].map((c) => [c, true])) } },
  }) as PermissionMatrix;

type Notification = {
  id: number;
  type: string;
  message: string;
  link: string | null;
  is_read: boolean;
  recipient_id: number;
};

/** Every notification in the table (read as the server itself). */
async function allNotifications(): Promise<Notification[]> {
  await t.app.services.records.idle();
  const result = await t.database.db.execute(sql`select * from notifications order by id`);
  return rowsOf<Notification>(result).map((row) => ({ ...row, id: Number(row.id) }));
}

/** The notifications written since `after` (an id), by recipient. */
async function since(after: number): Promise<Map<number, Notification[]>> {
  const byRecipient = new Map<number, Notification[]>();
  for (const row of await allNotifications()) {
    if (row.id <= after) continue;
    byRecipient.set(row.recipient_id, [...(byRecipient.get(row.recipient_id) ?? []), row]);
  }
  return byRecipient;
}

/** Every recipient holds View on `key` in Global scope, or is an admin (`key` undefined: admins alone). */
async function expectOnlyHolders(
  got: Map<number, Notification[]>,
  key: { feature: string; subFeature: string } | undefined,
) {
  const access = await effectiveAccessOf(t.database.db, [...got.keys()]);
  for (const [id, one] of access)
    expect(
      one.admin || (key !== undefined && one.matrix[key.feature]?.[key.subFeature]?.Global?.View === true),
      `account ${id}`,
    ).toBe(true);
}

const lastId = async () => (await allNotifications()).at(-1)?.id ?? 0;

const list = (token: string, filter: object = {}) =>
  t.api('GET', `/api/v2/notifications?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`, { token });

const total = (res: { headers: Headers }) => Number(res.headers.get('content-range')!.split('/')[1]);

describe('who gets a notification', () => {
  it('writes one to each active account that may view the place in Global scope, Admins always, nobody else', async () => {
    const key = contactMessages.permission;
    const viewer = await t.employee({ permissions: view(key.feature, key.subFeature) });
    const selfViewer = await t.employee({ permissions: view(key.feature, key.subFeature, 'Self') });
    const other = await t.employee({ permissions: view('Donations', 'Donations') });
    const adminRole = await t.employee({ role: 'admin' });
    const author = await t.employee({ permissions: view(key.feature, key.subFeature, 'Global', 'Add') });
    // One who holds it through the role of its department and designation.
    const byRole = await t.employee({ permissions: {} });
    const role = await t.api('POST', '/api/v2/roles', {
      body: {
        role_name: `Messages ${byRole.employeeId}`,
        department_id: byRole.departmentId,
        designation_id: byRole.designationId,
      },
    });
    expect(role.status, role.text).toBe(201);
    const matrix = await t.api('POST', '/api/v2/role-permissions', {
      body: { role_id: role.body.id, permissions: view(key.feature, key.subFeature) },
    });
    expect(matrix.status, matrix.text).toBe(201);
    // One who held it, but whose account is inactive.
    const inactive = await t.employee({ permissions: view(key.feature, key.subFeature) });
    const off = await t.api('PUT', `/api/v2/employees/${inactive.employeeId}`, { body: { is_active: false } });
    expect(off.status, off.text).toBe(200);

    const before = await lastId();
    const created = await t.api('POST', '/api/v2/contact-messages', {
      token: author.token,
      body: { name: 'Asha Verma', email: 'asha@example.org', subject: 'Admission', message: 'When do classes begin?' },
    });
    expect(created.status, created.text).toBe(201);
    const got = await since(before);
    expect([...got.keys()].sort((a, b) => a - b)).toEqual(
      [adminId, viewer.accountId, adminRole.accountId, byRole.accountId].sort((a, b) => a - b),
    );
    for (const account of [selfViewer, other, inactive, author]) expect(got.has(account.accountId)).toBe(false);
    const [notice] = got.get(viewer.accountId)!;
    expect(notice).toMatchObject({
      type: 'Message',
      message: 'New contact message from Asha Verma: Admission',
      link: `/contact-us/view/${created.body.id}`,
      is_read: false,
    });
  });

  it('asks the same rule as the effective permissions of every account (one statement instead of one per account)', async () => {
    const accounts = rowsOf<{ id: number; is_active: boolean }>(
      await t.database.db.execute(sql`select id, is_active from accounts`),
    );
    const access = await effectiveAccessOf(
      t.database.db,
      accounts.map((a) => Number(a.id)),
    );
    for (const key of [contactMessages.permission, donations.permission, users.permission, undefined]) {
      const held = rowsOf<{ id: number }>(await t.database.db.execute(accountsHolding(key, 'View')))
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
      const expected = accounts
        .filter((a) => a.is_active)
        .map((a) => Number(a.id))
        .filter((id) => {
          const one = access.get(id)!;
          return one.admin || (key !== undefined && one.matrix[key.feature]?.[key.subFeature]?.Global?.View === true);
        })
        .sort((a, b) => a - b);
      expect(held, key ? `${key.feature} › ${key.subFeature}` : 'admins').toEqual(expected);
    }
  });
});

describe("each account's own", () => {
  let reader: Awaited<ReturnType<TestApp['employee']>>;
  let mine: Notification[];
  /** Another account's notifications of the same events. */
  let admins: Notification[];

  beforeAll(async () => {
    reader = await t.employee({ permissions: view('User', 'User List') });
    // The users are added by another account that may, so that the Admin is told of them too.
    const registrar = await t.employee({ permissions: view('User', 'User List', 'Global', 'Add') });
    const before = await lastId();
    for (const name of ['first', 'second', 'third']) {
      const res = await t.api('POST', '/api/v2/users', {
        token: registrar.token,
        body: {
          username: `user-${name}-${reader.accountId}`,
          email: `${name}-${reader.accountId}@example.org`,
          user_type: 'Client',
          password: 'client-password-1',
        },
      });
      expect(res.status, res.text).toBe(201);
    }
    const got = await since(before);
    mine = got.get(reader.accountId)!;
    admins = got.get(adminId)!;
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      type: 'User Registered',
      message: `New user: user-first-${reader.accountId} (Client)`,
    });
    expect(mine[0]!.link).toMatch(/^\/user\/profile\/\d+$/);
  });

  it("lists, counts and reads only the caller's own, whatever the filter", async () => {
    const res = await list(reader.token);
    expect(res.status, res.text).toBe(200);
    expect(res.body.map((n: Notification) => n.id).sort()).toEqual(mine.map((n) => n.id).sort());
    expect(total(res)).toBe(3);
    expect(res.body.every((n: Notification) => n.recipient_id === reader.accountId)).toBe(true);
    // Asking for others' ids, or filtering on the recipient, finds none of them.
    const theirs = await list(reader.token, { id: admins.map((n) => n.id) });
    expect(theirs.body).toEqual([]);
    expect((await list(reader.token, { q: 'user' })).body).toHaveLength(3);
    const one = await t.api('GET', `/api/v2/notifications/${mine[0]!.id}`, { token: reader.token });
    expect(one.status).toBe(200);
    const other = await t.api('GET', `/api/v2/notifications/${admins[0]!.id}`, { token: reader.token });
    expect(other.status).toBe(404);
    // An Admin reads its own too, not everybody's.
    const adminList = await list(t.token);
    expect(adminList.body.every((n: Notification) => n.recipient_id === adminId)).toBe(true);
    expect(adminList.body.some((n: Notification) => n.id === mine[0]!.id)).toBe(false);
  });

  it('needs no permission of the matrix to read its own, only a session', async () => {
    const nobody = await t.employee({ permissions: {} });
    const res = await list(nobody.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
    expect((await t.api('GET', '/api/v2/notifications', { token: null })).status).toBe(401);
  });

  it('cannot be added through the API, by anyone, and nothing is written', async () => {
    const before = await lastId();
    for (const token of [t.token, reader.token]) {
      const res = await t.api('POST', '/api/v2/notifications', {
        token,
        body: { type: 'Message', message: 'Forged', recipient_id: adminId },
      });
      expect(res.status, res.text).toBe(405);
      expect(res.body.message).toBe('Notifications are written by the server; they cannot be added through the API.');
    }
    expect(await lastId()).toBe(before);
  });

  it('marks its own read and unread (only is_read changes, audited), and not anyone else’s', async () => {
    const id = mine[0]!.id;
    const read = await t.api('PUT', `/api/v2/notifications/${id}`, {
      token: reader.token,
      body: { is_read: true, message: 'Rewritten', type: 'Email', recipient_id: adminId, link: '/elsewhere' },
    });
    expect(read.status, read.text).toBe(200);
    const { type, message, link, recipient_id } = mine[0]!;
    expect(read.body).toMatchObject({ id, type, message, link, recipient_id, is_read: true });
    expect((await list(reader.token, { is_read: false })).body).toHaveLength(2);
    const unread = await t.api('PUT', `/api/v2/notifications/${id}`, { token: reader.token, body: { is_read: false } });
    expect(unread.body.is_read).toBe(false);
    const audit = await t.api(
      'GET',
      `/api/v2/audit-logs?filter=${encodeURIComponent(JSON.stringify({ module: 'notifications', record_id: id }))}`,
    );
    expect(audit.status, audit.text).toBe(200);
    expect(audit.body.length).toBeGreaterThanOrEqual(2);

    const theirs = await t.api('PUT', `/api/v2/notifications/${admins[0]!.id}`, {
      token: reader.token,
      body: { is_read: true },
    });
    expect(theirs.status).toBe(404);
    expect((await allNotifications()).find((n) => n.id === admins[0]!.id)!.is_read).toBe(false);
    const bad = await t.api('PUT', `/api/v2/notifications/${id}`, { token: reader.token, body: { is_read: 'maybe' } });
    expect(bad.status).toBe(400);
  });

  it('marks all of its own read at once, and no one else’s', async () => {
    const res = await t.api('POST', '/api/v2/notifications/read-all', { token: reader.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ marked: 3 });
    expect(total(await list(reader.token, { is_read: false }))).toBe(0);
    expect((await t.api('POST', '/api/v2/notifications/read-all', { token: reader.token })).body).toEqual({
      marked: 0,
    });
    const rows = await allNotifications();
    expect(rows.find((n) => n.id === admins[0]!.id)!.is_read).toBe(false);
  });

  it('deletes its own, and not anyone else’s', async () => {
    const theirs = await t.api('DELETE', `/api/v2/notifications/${admins[1]!.id}`, { token: reader.token });
    expect(theirs.status).toBe(404);
    const own = await t.api('DELETE', `/api/v2/notifications/${mine[2]!.id}`, { token: reader.token });
    expect(own.status, own.text).toBe(200);
    const ids = (await allNotifications()).map((n) => n.id);
    expect(ids).toContain(admins[1]!.id);
    expect(ids).not.toContain(mine[2]!.id);
    expect(total(await list(reader.token))).toBe(2);
  });
});

describe('what makes a notification', () => {
  it('a donation from the website, not one recorded at the office', async () => {
    const treasurer = await t.employee({ permissions: view('Donations', 'Donations', 'Global', 'Add') });
    const messagesOnly = await t.employee({ permissions: view('Contact', 'Contact Messages') });
    const before = await lastId();
    const office = await t.api('POST', '/api/v2/donations', {
      token: treasurer.token,
      body: { donor_name: 'Office Donor', amount: 500, payment_method: 'Bank Transfer', status: 'Pending' },
    });
    expect(office.status, office.text).toBe(201);
    expect((await since(before)).size).toBe(0);
    // As the public donate form creates it: a visitor's record, from the Website.
    const web = await t.app.services.records.createForVisitor(
      donations,
      { donor_name: 'Ravi Kumar', amount: 150000, payment_method: 'Online Payment', status: 'Pending' },
      { source: 'Website' },
    );
    const got = await since(before);
    expect([...got.keys()]).toEqual(expect.arrayContaining([adminId, treasurer.accountId]));
    expect(got.has(messagesOnly.accountId)).toBe(false);
    await expectOnlyHolders(got, donations.permission);
    expect(got.get(treasurer.accountId)![0]).toMatchObject({
      type: 'Donation',
      message: 'New donation of ₹1,50,000 from Ravi Kumar on the website (Pending)',
      link: `/donation-view/${web.id}`,
    });
  });

  it('a contact message from the public contact form', async () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    expect(routes).toContain('POST /api/public/contact');
    const before = await lastId();
    const res = await t.api('POST', '/api/public/contact', {
      token: null,
      body: { name: 'Meera', email: 'meera@example.org', subject: 'Visit', message: 'May I visit the school?' },
    });
    expect(res.status, res.text).toBe(201);
    const got = await since(before);
    const [notice] = got.get(adminId)!;
    expect(notice).toMatchObject({ type: 'Message', message: 'New contact message from Meera: Visit' });
    expect(notice!.link).toMatch(/^\/contact-us\/view\/\d+$/);
  });

  it('an email that finally failed, for Admins alone', async () => {
    const mailer = await t.employee({ permissions: view('Contact', 'Contact Messages') });
    const before = await lastId();
    // An email on its last attempt: the refused connection makes it Failed.
    const [row] = await t.database.db
      .insert(mailOutbox)
      .values({
        to_address: 'donor@example.org',
        subject: 'Your receipt',
        body_text: 'Thank you.',
        status: 'Pending',
        attempts: MAIL_MAX_ATTEMPTS - 1,
        next_attempt_at: new Date(Date.now() - 1000),
      })
      .returning();
    await t.app.services.mail.kick();
    const [failed] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(sql`id = ${row!.id}`);
    expect(failed!.status).toBe('Failed');
    const got = await since(before);
    expect([...got.keys()]).toContain(adminId);
    expect(got.has(mailer.accountId)).toBe(false);
    await expectOnlyHolders(got, undefined);
    const [notice] = got.get(adminId)!;
    expect(notice).toMatchObject({ type: 'Email', link: `/outbox/${row!.id}` });
    expect(notice!.message).toMatch(
      new RegExp(`^Email #${row!.id} to donor@example.org \\("Your receipt"\\) could not be sent: `),
    );
  });

  it('never fails the write that caused it', async () => {
    const records = t.app.services.records;
    let called = false;
    records.onCreate(contactMessages, () => {
      called = true;
      throw new Error('a listener that fails');
    });
    const res = await t.api('POST', '/api/v2/contact-messages', {
      body: { name: 'Still Saved', email: 'saved@example.org', message: 'Hello' },
    });
    expect(res.status, res.text).toBe(201);
    await records.idle();
    expect(called).toBe(true);
    expect((await t.api('GET', `/api/v2/contact-messages/${res.body.id}`)).status).toBe(200);
  });
});
