// engines: pglite, postgres — accounts kept in step with records, in transactions
/**
 * Users of the User List on /api/v2: each is a sign-in account kept in step with the record (create with a
 * password, rename, deactivate, delete), its profile image (the employee photo's rules), and the activity summary
 * drawn from its account's activity log. On PGlite, and on PostgreSQL with TEST_DB=postgres.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '../../src/resources/password-policy.ts';
import { accounts, auditLogs } from '../../src/server/db/schema.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const REQUIRED = 'Username, Email, and User Type are required fields.';
let serial = 0;

function userBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    username: `User ${serial}`,
    email: `user${serial}@example.org`,
    user_type: 'Vendor',
    mobile: '+91 98765 43210',
    is_active: true,
    password: `pass-word-${serial}!`,
    ...overrides,
  };
}

async function createUser(overrides: Record<string, unknown> = {}) {
  const body = userBody(overrides);
  const res = await t.api('POST', '/api/v2/users', { body });
  expect(res.status, res.text).toBe(201);
  return { ...(res.body as { id: number; account_id: number; email: string }), password: body.password as string };
}

const login = (email: string, password: string) =>
  t.api('POST', '/api/v1/login', { body: { email, password }, token: null });

describe('users as sign-in accounts', () => {
  it('creates a user whose email and password sign in (no user type given); the password is never answered', async () => {
    const res = await t.api('POST', '/api/v2/users', {
      body: userBody({ username: 'Kiran Vendor', email: 'kiran@example.org', password: 'Xy7!kq2#Lm9@vT4z' }),
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({
      username: 'Kiran Vendor',
      email: 'kiran@example.org',
      user_type: 'Vendor',
      is_active: true,
      profile_image: null,
    });
    expect(res.body.account_id).toEqual(expect.any(Number));
    expect(res.body.account_creation_date).toEqual(expect.any(String));
    expect(res.text).not.toMatch(/password|Xy7!kq2#Lm9@vT4z|argon2/i);

    const signIn = await login('KIRAN@example.org', 'Xy7!kq2#Lm9@vT4z');
    expect(signIn.status, signIn.text).toBe(200);
    expect(signIn.body.user).toMatchObject({ id: res.body.account_id, name: 'Kiran Vendor', userType: 'Vendor' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, res.body.account_id));
    expect(account).toMatchObject({ user_type: 'Vendor', name: 'Kiran Vendor', is_active: true });

    const one = await t.api('GET', `/api/v2/users/${res.body.id}`);
    expect(one.status).toBe(200);
    expect(one.text).not.toMatch(/password|argon2/i);
  });

  it('refuses a missing or short password, and any password in an update', async () => {
    const none = await t.api('POST', '/api/v2/users', { body: { ...userBody(), password: undefined } });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ field: 'password', message: 'Please fill out Password' }]);
    const short = await t.api('POST', '/api/v2/users', { body: userBody({ password: 'abc' }) });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe('password');
    // The one password policy of every account: the 8 characters the spec's generator made are too few, a
    // common password is refused whatever its case, and each says so under the password.
    for (const [password, message] of [
      ['Xy7!kq2#', PASSWORD_POLICY.tooShort],
      ['short-pw9', PASSWORD_POLICY.tooShort],
      ['Password123', PASSWORD_POLICY.common],
      [' QWERTYUIOP ', PASSWORD_POLICY.common],
    ]) {
      const refused = await t.api('POST', '/api/v2/users', { body: userBody({ password }) });
      expect(refused.status, password).toBe(400);
      expect(refused.body.errors, password).toEqual([{ field: 'password', message }]);
    }
    // With other problems, all in the same answer.
    const several = await t.api('POST', '/api/v2/users', {
      body: userBody({ email: 'not-an-email', password: 'short' }),
    });
    expect(several.body.errors).toEqual([
      { field: 'email', message: 'Please enter a valid email address.' },
      { field: 'password', message: PASSWORD_POLICY.tooShort },
    ]);
    const accepted = await t.api('POST', '/api/v2/users', { body: userBody({ password: 'sh0rt-pw9x' }) });
    expect(accepted.status, accepted.text).toBe(201);

    const user = await createUser();
    const update = await t.api('PUT', `/api/v2/users/${user.id}`, { body: { password: 'another-password' } });
    expect(update.status).toBe(400);
    expect(update.body.message).toBe(
      'A password is changed by the user, or reset by email; it is not part of an update.',
    );
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it("answers the spec's one sentence when username, email or user type is missing", async () => {
    for (const missing of ['username', 'email', 'user_type']) {
      const res = await t.api('POST', '/api/v2/users', { body: userBody({ [missing]: undefined }) });
      expect(res.status, missing).toBe(400);
      expect(res.body.message, missing).toBe(REQUIRED);
      expect(res.body.errors, missing).toEqual([{ field: missing, message: REQUIRED }]);
    }
    const wrongType = await t.api('POST', '/api/v2/users', { body: userBody({ user_type: 'Admin' }) });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.errors[0].field).toBe('user_type');
  });

  it('refuses, with 409, an email that another user, an employee or the Admin signs in with', async () => {
    const first = await createUser({ email: 'taken@example.org' });
    const again = await t.api('POST', '/api/v2/users', { body: userBody({ email: 'Taken@Example.org' }) });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists.');
    expect(again.body.errors).toEqual([{ field: 'email', message: 'A user with this email already exists.' }]);

    const employee = await t.employee();
    const asEmployee = await t.api('POST', '/api/v2/users', { body: userBody({ email: employee.email }) });
    expect(asEmployee.status).toBe(409);
    expect(asEmployee.body.message).toBe('A user with this email already exists.');
    const asAdmin = await t.api('POST', '/api/v2/users', { body: userBody({ email: 'admin@example.org' }) });
    expect(asAdmin.status).toBe(409);

    const other = await createUser();
    const onUpdate = await t.api('PUT', `/api/v2/users/${other.id}`, { body: { email: first.email } });
    expect(onUpdate.status).toBe(409);
    // Nothing was written: the other user still signs in with its own email.
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('lists with the search and the user type filter', async () => {
    await createUser({ username: 'Zebra Traders', email: 'zebra@example.org', user_type: 'Vendor' });
    await createUser({ username: 'Zebra School', email: 'school@example.org', user_type: 'Client' });
    await createUser({ username: 'Quiet Clerk', email: 'clerk@example.org', user_type: 'Employee' });
    const list = async (filter: object) => {
      const res = await t.api('GET', `/api/v2/users?filter=${encodeURIComponent(JSON.stringify(filter))}`);
      expect(res.status, res.text).toBe(200);
      return (res.body as { username: string }[]).map((u) => u.username);
    };
    expect((await list({ q: 'zebra' })).sort()).toEqual(['Zebra School', 'Zebra Traders']);
    expect(await list({ q: 'zebra', user_type: 'Client' })).toEqual(['Zebra School']);
    expect(await list({ user_type: 'Employee' })).toEqual(['Quiet Clerk']);
    expect(await list({ q: 'clerk@' })).toEqual(['Quiet Clerk']);
    const clerk = (await t.api('GET', `/api/v2/users?filter=${encodeURIComponent('{"q":"clerk@"}')}`)).body[0];
    expect(await list({ account_id: clerk.account_id })).toEqual(['Quiet Clerk']);
    const bad = await t.api('GET', `/api/v2/users?filter=${encodeURIComponent('{"user_type":"Admin"}')}`);
    expect(bad.status).toBe(400);
    const page = await t.api('GET', '/api/v2/users?range=[0,2]');
    expect(page.body).toHaveLength(3);
    expect(page.text).not.toMatch(/password|argon2/i);
  });

  it('renames the account with the user, and signs in with a changed email and user type', async () => {
    const user = await createUser({ username: 'Old Name', user_type: 'Client' });
    const res = await t.api('PUT', `/api/v2/users/${user.id}`, {
      body: { username: 'New Name', email: 'renamed@example.org', user_type: 'Vendor' },
    });
    expect(res.status, res.text).toBe(200);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, user.account_id));
    expect(account).toMatchObject({ name: 'New Name', email: 'renamed@example.org', user_type: 'Vendor' });
    expect((await login(user.email, user.password)).status).toBe(401);
    const signIn = await login('renamed@example.org', user.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ name: 'New Name', userType: 'Vendor' });
    const session = await t.api('GET', '/api/v2/session', { token: signIn.body.user.token });
    expect(session.body.name).toBe('New Name');
  });

  it('ends the sessions and the sign-in of a deactivated user, and lets it in again once active', async () => {
    const user = await createUser();
    const token = (await login(user.email, user.password)).body.user.token as string;
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(200);

    const off = await t.api('PUT', `/api/v2/users/${user.id}`, { body: { is_active: false } });
    expect(off.status, off.text).toBe(200);
    expect(off.body.is_active).toBe(false);
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);

    expect((await t.api('PUT', `/api/v2/users/${user.id}`, { body: { is_active: true } })).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('deletes the account with the user', async () => {
    const user = await createUser();
    const token = (await login(user.email, user.password)).body.user.token as string;
    const res = await t.api('DELETE', `/api/v2/users/${user.id}`);
    expect(res.status, res.text).toBe(200);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.id, user.account_id))).toEqual([]);
    expect((await t.api('GET', '/api/v2/session', { token })).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(401);
    expect((await t.api('GET', `/api/v2/users/${user.id}`)).status).toBe(404);
    expect((await t.api('DELETE', `/api/v2/users/${user.id}`)).status).toBe(404);
    // The email is free again.
    await createUser({ email: user.email });
  });

  it('keeps every password out of the audit trail', async () => {
    const user = await createUser({ password: 'Audit-Secret-9' });
    await t.api('PUT', `/api/v2/users/${user.id}`, { body: { username: 'Audited', password: 'Audit-Secret-10' } });
    await t.api('PUT', `/api/v2/users/${user.id}`, { body: { username: 'Audited' } });
    await t.api('DELETE', `/api/v2/users/${user.id}`);
    const entries = (await t.database.db.select().from(auditLogs)).filter((e) => e.module === 'users');
    expect(entries.map((e) => e.action_type)).toEqual(expect.arrayContaining(['Create', 'Update', 'Delete']));
    expect(JSON.stringify(entries)).not.toMatch(/Audit-Secret|argon2|password/i);
  });

  it('answers 401 without a session and 403 without the permission', async () => {
    expect((await t.api('GET', '/api/v2/users', { token: null })).status).toBe(401);
    const nobody = await t.employee({ permissions: {} });
    expect((await t.api('GET', '/api/v2/users', { token: nobody.token })).status).toBe(403);
    expect((await t.api('POST', '/api/v2/users', { token: nobody.token, body: userBody() })).status).toBe(403);
  });
});

describe('the profile image', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 40, g: 90, b: 200, alpha: 0.5 } } })
      .png()
      .toBuffer();

  function imageForm(bytes: Buffer | string, field = 'profileImage', name = 'me.png'): FormData {
    const data = new FormData();
    data.append(field, new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
    return data;
  }

  const upload = async (id: number, body: FormData | string, token = t.token, contentType?: string) => {
    const res = await fetch(`${t.url}/api/v2/users/${id}/profile-image`, {
      method: 'PUT',
      body,
      headers: { authorization: `Bearer ${token}`, ...(contentType ? { 'content-type': contentType } : {}) },
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : undefined };
  };

  const stored = () => readdir(join(t.app.services.config.UPLOADS_DIR, 'users')).catch(() => [] as string[]);

  it('stores a PNG re-encoded, replaces it (removing the old file), and removes it', async () => {
    const user = await createUser();
    const first = await upload(user.id, imageForm(await png(900, 600)));
    expect(first.status, first.text).toBe(200);
    const path = first.body.profile_image as string;
    expect(path).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${t.url}${path}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height, meta.hasAlpha]).toEqual([512, 341, true]);
    expect((await t.api('GET', `/api/v2/users/${user.id}`)).body.profile_image).toBe(path);

    const second = await upload(user.id, imageForm(await png(40, 40)));
    expect(second.status).toBe(200);
    expect(second.body.profile_image).not.toBe(path);
    expect((await fetch(`${t.url}${path}`)).status).toBe(404);
    expect(await stored()).toContain(second.body.profile_image.split('/').pop());

    const audit = (await t.database.db.select().from(auditLogs)).filter(
      (e) => e.module === 'users' && e.record_id === user.id && e.action_type === 'Update',
    );
    expect(JSON.stringify(audit)).toContain(second.body.profile_image);

    const removed = await t.api('DELETE', `/api/v2/users/${user.id}/profile-image`);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.body.profile_image).toBeNull();
    expect((await fetch(`${t.url}${second.body.profile_image}`)).status).toBe(404);
  });

  it('refuses what is not an image, too large a file, no file, other fields and JSON, leaving no file', async () => {
    const user = await createUser();
    const before = await stored();
    const text = await upload(user.id, imageForm('just some text', 'profileImage', 'me.png'));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('The photo must be a JPEG, PNG or WebP image.');
    const svg = await upload(user.id, imageForm('<svg xmlns="http://www.w3.org/2000/svg"/>', 'profileImage', 'a.svg'));
    expect(svg.status).toBe(400);

    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    (await png(8, 8)).copy(huge);
    const tooLarge = await upload(user.id, imageForm(huge));
    expect(tooLarge.status).toBe(413);

    const none = new FormData();
    none.append('note', 'no file');
    const noFile = await upload(user.id, none);
    expect(noFile.status).toBe(400);
    const empty = await upload(user.id, new FormData());
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ field: 'profileImage', message: 'Please choose an image to upload.' }]);
    const wrongField = await upload(user.id, imageForm(await png(8, 8), 'photo'));
    expect(wrongField.status).toBe(400);
    const json = await upload(
      user.id,
      JSON.stringify({ profile_image: '/uploads/users/x.png' }),
      t.token,
      'application/json',
    );
    expect(json.status).toBe(415);

    expect(await stored()).toEqual(before);
    expect((await t.api('GET', `/api/v2/users/${user.id}`)).body.profile_image).toBeNull();
  });

  it('is never set from a JSON body, needs Edit, answers 404 for an unknown user, and goes with the user', async () => {
    const user = await createUser();
    const put = await t.api('PUT', `/api/v2/users/${user.id}`, { body: { profile_image: '/uploads/users/evil.png' } });
    expect(put.status).toBe(200);
    expect(put.body.profile_image).toBeNull();
    const created = await t.api('POST', '/api/v2/users', {
      body: userBody({ profile_image: '/uploads/users/evil.png' }),
    });
    expect(created.status).toBe(201);
    expect(created.body.profile_image).toBeNull();

    const viewer = await t.employee({ permissions: { User: { 'User List': { Global: { View: true } } } } });
    expect((await upload(user.id, imageForm(await png(8, 8)), viewer.token)).status).toBe(403);
    expect((await t.api('DELETE', `/api/v2/users/${user.id}/profile-image`, { token: viewer.token })).status).toBe(403);
    expect((await upload(999999, imageForm(await png(8, 8)))).status).toBe(404);

    const uploaded = await upload(user.id, imageForm(await png(8, 8)));
    expect(uploaded.status).toBe(200);
    expect((await t.api('DELETE', `/api/v2/users/${user.id}`)).status).toBe(200);
    expect((await fetch(`${t.url}${uploaded.body.profile_image}`)).status).toBe(404);
  });
});

describe('the OpenAPI description', () => {
  it('documents the password of a create, the profile image and the activity summary', async () => {
    const res = await t.api('GET', '/api/docs/json', { token: null });
    expect(res.status).toBe(200);
    expect(res.body.components.schemas.UserInput.properties.password).toMatchObject({
      type: 'string',
      writeOnly: true,
    });
    expect(Object.keys(res.body.paths['/api/v2/users/{id}/profile-image'])).toEqual(
      expect.arrayContaining(['put', 'delete']),
    );
    expect(res.body.paths['/api/v2/users/{id}/activity-summary'].get).toBeDefined();
  });
});

describe('the activity summary', () => {
  it('counts sign-ins and failures of the user’s account and lists its last five activities', async () => {
    const user = await createUser();
    const path = `/api/v2/users/${user.id}/activity-summary`;
    const empty = await t.api('GET', path);
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body).toEqual({
      user_id: user.id,
      account_id: user.account_id,
      sign_ins: 0,
      failed_sign_ins: 0,
      last_sign_in_at: null,
      total_activities: 0,
      recent: [],
    });

    // Another account's activity does not count.
    const other = await createUser();
    expect((await login(other.email, other.password)).status).toBe(200);

    expect((await login(user.email, 'wrong-password')).status).toBe(401);
    const tokens: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await login(user.email, user.password);
      expect(res.status).toBe(200);
      tokens.push(res.body.user.token);
    }
    expect((await t.api('POST', '/api/v1/logout', { token: tokens[0] })).status).toBe(200);
    expect((await login(user.email, 'wrong-again')).status).toBe(401);

    const summary = await t.api('GET', path);
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ sign_ins: 3, failed_sign_ins: 2, total_activities: 6 });
    expect(Date.parse(summary.body.last_sign_in_at)).toBeGreaterThan(Date.now() - 60_000);
    const recent = summary.body.recent as { action: string; status: string; occurred_at: string }[];
    expect(recent).toHaveLength(5);
    expect(recent.map((a) => `${a.action} ${a.status}`)).toEqual([
      'Sign-in Failed',
      'Sign-out Success',
      'Sign-in Success',
      'Sign-in Success',
      'Sign-in Success',
    ]);
    const times = recent.map((a) => Date.parse(a.occurred_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('needs View on the User List and answers 404 for an unknown user', async () => {
    const user = await createUser();
    const nobody = await t.employee({ permissions: {} });
    const path = `/api/v2/users/${user.id}/activity-summary`;
    expect((await t.api('GET', path, { token: nobody.token })).status).toBe(403);
    expect((await t.api('GET', path, { token: null })).status).toBe(401);
    const viewer = await t.employee({ permissions: { User: { 'User List': { Global: { View: true } } } } });
    expect((await t.api('GET', path, { token: viewer.token })).status).toBe(200);
    expect((await t.api('GET', '/api/v2/users/999999/activity-summary')).status).toBe(404);
    expect((await t.api('GET', '/api/v2/users/abc/activity-summary')).status).toBe(400);
  });
});
