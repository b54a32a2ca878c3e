// engines: pglite, postgres — the list's date range in SQL; rows read back through the driver
/**
 * Contact messages for staff: the list's date range (calendar days of the trust, both inclusive; a bad day is a
 * 400), marking a message read and new again (read_at follows, audited, Edit needed), and replying by email: the
 * reply reaches a real SMTP server and is kept with the message with its time and author.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/resources/index.ts';
import type { PermissionMatrix } from '../../src/resources/permissions.ts';
import { auditLogs, tableOf } from '../../src/server/db/schema.ts';
import { CONTACT_REPLY_MESSAGES } from '../../src/server/routes/api/v2/contact-messages.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';

let t: TestApp;
let smtp: TestSmtp;
const table = tableOf(contactMessages);
const KEY = { feature: 'Contact', subFeature: 'Contact Messages' };
const grant = (...caps: string[]) =>
  ({
    [KEY.feature]: { [KEY.subFeature]: { Global: Object.fromEntries(caps.map((c) => [c, true])) } },
  }) as PermissionMatrix;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await startTestApp({ env: { SMTP_URL: smtp.url, TRUST_TIMEZONE: 'Asia/Kolkata' } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function message(values: Partial<typeof table.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(table)
    .values({ name: 'Meera', email: 'meera@example.org', subject: 'Fees', message: 'What are the fees?', ...values })
    .returning();
  return row!;
}

const list = (filter: Record<string, unknown>) =>
  t.api('GET', `/api/v2/contact-messages?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`);

describe('the date range of the list', () => {
  it("takes From and To as the trust's calendar days, both inclusive", async () => {
    const at = async (iso: string) => (await message({ name: `Range ${iso}`, created_at: new Date(iso) })).id;
    const before = await at('2026-10-31T18:29:00Z'); // 23:59 on 31 October in India
    const first = await at('2026-10-31T18:31:00Z'); // 00:01 on 1 November
    const last = await at('2026-11-02T18:00:00Z'); // 23:30 on 2 November
    const after = await at('2026-11-02T18:31:00Z'); // 00:01 on 3 November
    const ids = (body: { id: number; name: string }[]) =>
      body.filter((row) => row.name.startsWith('Range ')).map((row) => row.id);

    const both = await list({ created_at_gte: '2026-11-01', created_at_lte: '2026-11-02' });
    expect(both.status).toBe(200);
    expect(ids(both.body).sort()).toEqual([first, last].sort());
    expect(ids((await list({ created_at_gte: '2026-11-01' })).body)).toEqual(
      expect.arrayContaining([first, last, after]),
    );
    expect(ids((await list({ created_at_gte: '2026-11-01' })).body)).not.toContain(before);
    expect(ids((await list({ created_at_lte: '2026-10-31' })).body)).toEqual([before]);
    // With the search by name, and an empty To (a cleared input) ignored.
    const searched = await list({ q: 'Range', created_at_gte: '2026-11-02', created_at_lte: '' });
    expect(ids(searched.body).sort()).toEqual([last, after].sort());
    expect(searched.headers.get('content-range')).toBe('contact-messages 0-1/2');
  });

  it('refuses a day that is not a date, and a From after the To', async () => {
    const bad = await list({ created_at_gte: '2026-13-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('created_at_gte must be a date (YYYY-MM-DD).');
    const words = await list({ created_at_lte: 'yesterday' });
    expect(words.status).toBe(400);
    const backwards = await list({ created_at_gte: '2026-11-05', created_at_lte: '2026-11-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('created_at_gte must not be after created_at_lte.');
  });
});

describe('read and new', () => {
  it('marks a message read and new again, read_at following, each change audited', async () => {
    const { id } = await message({ email: 'read@example.org' });
    const read = await t.api('POST', `/api/v2/contact-messages/${id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.is_read).toBe(true);
    expect(Date.now() - new Date(read.body.read_at).getTime()).toBeLessThan(60_000);
    // Already read: unchanged, no second entry.
    const again = await t.api('POST', `/api/v2/contact-messages/${id}/read`);
    expect(again.body.read_at).toBe(read.body.read_at);
    const unread = await t.api('POST', `/api/v2/contact-messages/${id}/unread`);
    expect(unread.body).toMatchObject({ is_read: false, read_at: null });
    const entries = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'contact_messages'), eq(auditLogs.record_id, id)));
    expect(entries.map((e) => e.action_type)).toEqual(['Update', 'Update']);
    expect(entries[0]!.details).toMatchObject({ changes: { is_read: { before: false, after: true } } });
    // The generic PUT keeps read_at true to is_read as well.
    const put = await t.api('PUT', `/api/v2/contact-messages/${id}`, { body: { is_read: true } });
    expect(put.body.read_at).not.toBeNull();
  });

  it('needs Edit on contact messages; an unknown message is a 404', async () => {
    const { id } = await message();
    const viewer = await t.employee({ permissions: grant('View') });
    const refused = await t.api('POST', `/api/v2/contact-messages/${id}/read`, { token: viewer.token });
    expect(refused.status).toBe(403);
    const reply = await t.api('POST', `/api/v2/contact-messages/${id}/reply`, {
      token: viewer.token,
      body: { subject: 'Re: Fees', body: 'Hello' },
    });
    expect(reply.status).toBe(403);
    const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
    expect(row).toMatchObject({ is_read: false, reply: null });
    const editor = await t.employee({ permissions: grant('View', 'Edit') });
    expect((await t.api('POST', `/api/v2/contact-messages/${id}/read`, { token: editor.token })).status).toBe(200);
    expect((await t.api('POST', '/api/v2/contact-messages/999999/read')).status).toBe(404);
    expect((await t.api('POST', '/api/v2/contact-messages/abc/unread')).status).toBe(400);
    expect((await t.api('POST', '/api/v2/contact-messages/1/read', { token: null })).status).toBe(401);
  });
});

describe('reply by email', () => {
  it("sends the reply to the visitor's address and keeps it with the message, audited", async () => {
    const { id } = await message({ name: 'Kavita', email: 'kavita@example.org', message: 'Is there a hostel?' });
    const response = await t.api('POST', `/api/v2/contact-messages/${id}/reply`, {
      body: { subject: 'Re: Fees', body: 'Yes, the school has a hostel for 120 students.' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      is_read: true,
      reply: 'Yes, the school has a hostel for 120 students.',
      replied_by: expect.any(String),
    });
    expect(response.body.replied_by.length).toBeGreaterThan(0);
    expect(response.body.replied_at).not.toBeNull();
    expect(response.body.read_at).not.toBeNull();

    await t.app.services.mail.kick();
    const mail = smtp.received.find((m) => m.to.includes('kavita@example.org'));
    expect(mail).toBeDefined();
    expect(mail!.decoded).toContain('Subject: Re: Fees');
    expect(mail!.decoded).toContain('Yes, the school has a hostel for 120 students.');
    expect(mail!.decoded).toContain('> Is there a hostel?');

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'contact_messages'), eq(auditLogs.record_id, id)));
    expect(audit!.details).toMatchObject({
      changes: { reply: { before: null, after: 'Yes, the school has a hostel for 120 students.' } },
    });
  });

  it('refuses an empty subject or reply, a subject of two lines, and changes nothing', async () => {
    const { id } = await message({ email: 'empty@example.org' });
    const cases = [
      [{ subject: '', body: 'Hello' }, 'subject', CONTACT_REPLY_MESSAGES.subject],
      [{ subject: 'Re: x', body: '   ' }, 'body', CONTACT_REPLY_MESSAGES.body],
      [{ subject: 'Re: x\r\nBcc: all@example.org', body: 'Hello' }, 'subject', CONTACT_REPLY_MESSAGES.subject],
      [{ subject: 'Re: x', body: 'x'.repeat(5001) }, 'body', CONTACT_REPLY_MESSAGES.body],
      [{}, 'subject', CONTACT_REPLY_MESSAGES.subject],
    ] as const;
    for (const [body, field, sentence] of cases) {
      const response = await t.api('POST', `/api/v2/contact-messages/${id}/reply`, { body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.errors[0]).toEqual({ field, message: sentence });
    }
    const [row] = await t.database.db.select().from(table).where(eq(table.id, id));
    expect(row).toMatchObject({ reply: null, replied_at: null, is_read: false });
    await t.app.services.mail.kick();
    expect(smtp.received.some((m) => m.to.includes('empty@example.org'))).toBe(false);
  });
});
