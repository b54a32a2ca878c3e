// engines: pglite, postgres — reset tokens, the audit note and the outbox read back with SQL
/**
 * An office without a mail server (docs/decisions.md, "Without a mail server, an Admin gives a one-time password link
 * by hand"): Forgot Password writes the link to the outbox, hidden, and nobody could help the person back in. An Admin
 * now gives a one-time link to choose a new password from the account's record (employees, users), shown once to the
 * Admin, never stored but as a hash, audited; it replaces any link sent before, works once, and only for an Admin, on
 * an account that is switched on.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/server/db/client.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const NEW_PASSWORD = 'a-fresh-password-42';

describe('a one-time password link given by an Admin', () => {
  it('lets an employee back in without mail: the link is shown once, works once, and ends the emailed one', async () => {
    const person = await t.employee();
    // Forgot Password without a mail server: the emailed link waits in the outbox, out of everyone's reach.
    await t.api('POST', '/api/v1/forgotPassword', { token: null, body: { email: person.email } });
    await t.app.services.passwordReset.idle();
    const [emailed] = rowsOf<{ secrets: unknown }>(
      await t.database.db.execute(
        sql`select secrets from mail_outbox where to_address = ${person.email} order by id desc limit 1`,
      ),
    );
    const secrets = (typeof emailed!.secrets === 'string' ? JSON.parse(emailed!.secrets) : emailed!.secrets) as {
      values: { reset_link: string };
    };
    const outboxBefore = rowsOf(await t.database.db.execute(sql`select id from mail_outbox`)).length;

    const given = await t.api('POST', `/api/v2/employees/${person.employeeId}/password-link`);
    expect(given.status, given.text).toBe(200);
    expect(given.body.link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(new Date(given.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    // Nothing was mailed, and the link is nowhere but in the answer: not in the audit trail, not as itself stored.
    expect(rowsOf(await t.database.db.execute(sql`select id from mail_outbox`))).toHaveLength(outboxBefore);
    const token = tokenOf(given.body.link);
    const [audit] = rowsOf<{ details: unknown; performed_by_name: string }>(
      await t.database.db.execute(
        sql`select details, performed_by_name from audit_logs where module = 'employees' and record_id = ${person.employeeId} and action_type = 'Note'`,
      ),
    );
    expect(JSON.stringify(audit!.details)).toMatch(/one-time link to choose a new password/);
    expect(JSON.stringify(audit!.details)).not.toContain(token);
    const stored = rowsOf(
      await t.database.db.execute(sql`select 1 from password_reset_tokens where token_hash = ${token}`),
    );
    expect(stored).toHaveLength(0);

    // The emailed link stopped working; the given one works once.
    const old = await t.api('POST', '/api/v1/resetPassword', {
      token: null,
      body: { token: tokenOf(secrets.values.reset_link), password: NEW_PASSWORD },
    });
    expect(old.status, old.text).toBe(400);
    const used = await t.api('POST', '/api/v1/resetPassword', { token: null, body: { token, password: NEW_PASSWORD } });
    expect(used.status, used.text).toBe(200);
    const again = await t.api('POST', '/api/v1/resetPassword', {
      token: null,
      body: { token, password: NEW_PASSWORD },
    });
    expect(again.status).toBe(400);
    const signIn = await t.api('POST', '/api/v1/login', {
      token: null,
      body: { email: person.email, password: NEW_PASSWORD },
    });
    expect(signIn.status, signIn.text).toBe(200);
  });

  it('works for a user of the User List too', async () => {
    const created = await t.api('POST', '/api/v2/users', {
      body: {
        username: `link-user-${Date.now()}`,
        email: `link-user-${Date.now()}@example.org`,
        password: 'user-password-long-1',
        user_type: 'Vendor',
        is_active: true,
      },
    });
    const given = await t.api('POST', `/api/v2/users/${created.body.id}/password-link`);
    expect(given.status, given.text).toBe(200);
    expect(given.body.link).toContain('/reset-password?token=');
  });

  it('is for Admins only, on an account that is switched on, of a record that exists', async () => {
    const clerk = await t.employee({
      permissions: { Company: { Employees: { Global: { View: true, Edit: true } } } },
    });
    const person = await t.employee();
    const refused = await t.api('POST', `/api/v2/employees/${person.employeeId}/password-link`, {
      token: clerk.token,
    });
    expect(refused.status, refused.text).toBe(403);
    expect((await t.api('POST', '/api/v2/employees/999999/password-link')).status).toBe(404);
    await t.api('PUT', `/api/v2/employees/${person.employeeId}`, { body: { is_active: false } });
    const off = await t.api('POST', `/api/v2/employees/${person.employeeId}/password-link`);
    expect(off.status, off.text).toBe(409);
    expect(off.body.message).toMatch(/switched off/);
  });
});
