// engines: pglite, postgres — emails are claimed with FOR UPDATE SKIP LOCKED; two workers race on one database
/**
 * What became of an email, said truly (docs/decisions.md, "Password reset by email, and the mail outbox"): without a
 * mail server an email is Pending, and the reply to a contact message says it waits rather than "sent"; a server
 * started later with SMTP_URL sends what waited, except emails whose link has expired or been replaced (Discarded, with
 * the reason); failed attempts are retried with growing waits up to MAIL_MAX_ATTEMPTS, then Failed with the last error;
 * two workers on one database send each email once; an Admin resends or discards a Pending or Failed email (others
 * 403), audited.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages } from '../../src/resources/index.ts';
import { buildApp } from '../../src/server/app.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { auditLogs, mailOutbox, passwordResetTokens, tableOf } from '../../src/server/db/schema.ts';
import { MailService, OUTBOX_MESSAGES, UNSENDABLE } from '../../src/server/services/mail.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';

const silent = loadConfig({ LOG_LEVEL: 'silent' });
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});
beforeEach(() => {
  smtp.refuse = undefined;
  smtp.delayMs = 0;
});

const messages = tableOf(contactMessages);
/** The name the tests' first Admin signs in with (tests/helpers/app.ts). */
const ADMIN_NAME = 'Administrator';

async function contactMessage(t: TestApp, email: string) {
  const [row] = await t.database.db
    .insert(messages)
    .values({ name: 'Meera', email, subject: 'Hostel', message: 'Is there a hostel?' })
    .returning();
  return row!.id;
}

const reply = (t: TestApp, id: number, token?: string) =>
  t.api('POST', `/api/v2/contact-messages/${id}/reply`, {
    body: { subject: 'Re: Hostel', body: 'Yes, for 120 students.' },
    ...(token ? { token } : {}),
  });

const rowOf = async (t: TestApp, id: number) =>
  (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

const latestTo = async (t: TestApp, address: string) =>
  (
    await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to_address, address))
      .orderBy(desc(mailOutbox.id))
      .limit(1)
  )[0]!;

const auth = (t: TestApp) => ({ authorization: `Bearer ${t.token}` });

const received = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));

/** Another server on the same database (a restart with other settings), as main.ts builds it. */
async function anotherServer(t: TestApp, env: Record<string, string>): Promise<FastifyInstance> {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    UPLOADS_DIR: t.app.services.config.UPLOADS_DIR,
    STATIC_DIR: './dist/admin',
    ...env,
  });
  const app = await buildApp({ config, database: t.database });
  await app.ready();
  return app;
}

describe('mail settings', () => {
  it('has documented defaults, and stops on a wrong value with a sentence', () => {
    expect(silent).toMatchObject({ MAIL_MAX_ATTEMPTS: 5, MAIL_RETRY_SECONDS: 60 });
    expect(loadConfig({ MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_SECONDS: '5' })).toMatchObject({
      MAIL_MAX_ATTEMPTS: 3,
      MAIL_RETRY_SECONDS: 5,
    });
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ MAIL_MAX_ATTEMPTS: '0' })).toThrow(/MAIL_MAX_ATTEMPTS must be at least 1/);
    expect(() => loadConfig({ MAIL_RETRY_SECONDS: 'soon' })).toThrow(/MAIL_RETRY_SECONDS must be a whole number/);
  });
});

describe('an office without a mail server, then with one', () => {
  let t: TestApp;
  let later: FastifyInstance | undefined;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await later?.close();
    await t?.close();
  });

  it('says an email waits for a mail server, and a server started with SMTP_URL sends what waited', async () => {
    expect((await t.api('GET', '/api/v2/outbox/mail-server')).body).toEqual({
      configured: false,
      maxAttempts: 5,
      retrySeconds: 60,
    });

    // A reply: kept, and its email Pending, waiting for a mail server; the answer says so rather than "sent".
    const messageId = await contactMessage(t, 'meera@example.org');
    const replied = await reply(t, messageId);
    expect(replied.status, replied.text).toBe(200);
    expect(replied.body).toMatchObject({ reply: 'Yes, for 120 students.', is_read: true });
    expect(replied.body.reply_email).toMatchObject({
      to_address: 'meera@example.org',
      status: 'Pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
      mail_server: false,
    });
    const emails = await t.api('GET', `/api/v2/contact-messages/${messageId}/emails`);
    expect(emails.status).toBe(200);
    expect(emails.body).toEqual([replied.body.reply_email]);
    expect(emails.body[0]).not.toHaveProperty('body_text');

    // Two people forget their passwords; the Admin gives the second a link by hand, which ends the emailed one:
    // that email says so at once, rather than waiting to deliver a dead link.
    const first = await t.employee();
    const second = await t.employee();
    const third = await t.employee();
    for (const person of [first, second, third]) {
      await t.api('POST', '/api/v1/forgotPassword', { token: null, body: { email: person.email } });
    }
    await t.app.services.passwordReset.idle();
    const given = await t.api('POST', `/api/v2/employees/${second.employeeId}/password-link`);
    expect(given.status).toBe(200);
    expect(await latestTo(t, second.email)).toMatchObject({
      status: 'Discarded',
      last_error: UNSENDABLE.replaced,
      secrets: null,
    });
    // The third's link expires before any mail server comes.
    const thirdEmail = await latestTo(t, third.email);
    await t.database.db
      .update(mailOutbox)
      .set({ secrets: { ...thirdEmail.secrets!, expiresAt: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(mailOutbox.id, thirdEmail.id));
    expect(await latestTo(t, first.email)).toMatchObject({ status: 'Pending', attempts: 0 });
    const list = await t.api('GET', `/api/v2/outbox?filter=${encodeURIComponent('{"status":"Pending"}')}`);
    expect(list.body.map((row: { to_address: string }) => row.to_address)).toEqual(
      expect.arrayContaining(['meera@example.org', first.email, third.email]),
    );

    // The server starts again, now with SMTP_URL: what waited leaves, each with its final status.
    later = await anotherServer(t, { SMTP_URL: smtp.url });
    await later.services.mail.kick();
    expect(received('meera@example.org')).toHaveLength(1);
    expect(received('meera@example.org')[0]!.decoded).toContain('Yes, for 120 students.');
    expect(received(first.email)).toHaveLength(1);
    expect(received(second.email)).toHaveLength(0);
    expect(received(third.email)).toHaveLength(0);
    expect(await latestTo(t, 'meera@example.org')).toMatchObject({ status: 'Sent', attempts: 1, secrets: null });
    expect(await latestTo(t, first.email)).toMatchObject({ status: 'Sent', secrets: null });
    expect(await latestTo(t, third.email)).toMatchObject({ status: 'Discarded', last_error: UNSENDABLE.expired });
    // The link that left works.
    const link = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(received(first.email)[0]!.decoded)?.[1];
    const reset = await t.api('POST', '/api/v1/resetPassword', {
      token: null,
      body: { token: link, password: 'a-fresh-password-42' },
    });
    expect(reset.status, reset.text).toBe(200);
    const [after] = (
      await later.inject({ url: `/api/v2/contact-messages/${messageId}/emails`, headers: auth(t) })
    ).json<Record<string, unknown>[]>();
    expect(after).toMatchObject({ status: 'Sent', mail_server: true, last_error: null });
  });

  it('lets only those who may view the message see what became of its reply', async () => {
    const messageId = await contactMessage(t, 'ravi@example.org');
    await reply(t, messageId);
    const clerk = await t.employee();
    const refused = await t.api('GET', `/api/v2/contact-messages/${messageId}/emails`, { token: clerk.token });
    expect(refused.status).toBe(403);
    const reader = await t.employee({
      permissions: { Contact: { 'Contact Messages': { Global: { View: true } } } },
    });
    const seen = await t.api('GET', `/api/v2/contact-messages/${messageId}/emails`, { token: reader.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toHaveLength(1);
    expect((await t.api('GET', '/api/v2/contact-messages/999999/emails')).status).toBe(404);
    expect((await t.api('GET', '/api/v2/contact-messages/abc/emails')).status).toBe(400);
  });
});

describe('with a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: smtp.url, MAIL_MAX_ATTEMPTS: '3', MAIL_RETRY_SECONDS: '2' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const due = (id: number) =>
    t.database.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.id, id));

  it('answers a reply with what became of its email: sent, or not yet with the reason', async () => {
    const sentId = await contactMessage(t, 'sent@example.org');
    const sent = await reply(t, sentId);
    expect(sent.body.reply_email).toMatchObject({ status: 'Sent', attempts: 1, mail_server: true });
    expect(received('sent@example.org')).toHaveLength(1);

    smtp.refuse = { code: 550, message: 'Mailbox unavailable' };
    const refusedId = await contactMessage(t, 'refused@example.org');
    const refused = await reply(t, refusedId);
    expect(refused.status).toBe(200);
    expect(refused.body.reply_email).toMatchObject({ status: 'Pending', attempts: 1, mail_server: true });
    expect(refused.body.reply_email.last_error).toMatch(/550 Mailbox unavailable/);
    expect(new Date(refused.body.reply_email.next_attempt_at).getTime()).toBeGreaterThan(Date.now());
  });

  it('retries with growing waits up to MAIL_MAX_ATTEMPTS, then marks the email Failed with the last error', async () => {
    smtp.refuse = { code: 451, message: 'Try again later' };
    const row = await t.app.services.mail.send({ to: 'retry@example.org', subject: 'Retried', text: 'Hello' });
    await t.app.services.mail.kick();
    let now = await rowOf(t, row.id);
    expect(now).toMatchObject({ status: 'Pending', attempts: 1, claimed_until: null });
    // MAIL_RETRY_SECONDS after the first failure, four times that after the second.
    const wait1 = now.next_attempt_at!.getTime() - now.updated_at.getTime();
    expect(wait1).toBe(2_000);
    await due(row.id);
    await t.app.services.mail.kick();
    now = await rowOf(t, row.id);
    expect(now).toMatchObject({ status: 'Pending', attempts: 2 });
    expect(now.next_attempt_at!.getTime() - now.updated_at.getTime()).toBe(8_000);
    // Not due yet: the worker leaves it.
    await t.app.services.mail.kick();
    expect(await rowOf(t, row.id)).toMatchObject({ attempts: 2 });
    await due(row.id);
    await t.app.services.mail.kick();
    now = await rowOf(t, row.id);
    expect(now).toMatchObject({ status: 'Failed', attempts: 3, next_attempt_at: null });
    expect(now.last_error).toMatch(/451 Try again later/);
    await due(row.id);
    await t.app.services.mail.kick();
    expect(await rowOf(t, row.id)).toMatchObject({ status: 'Failed', attempts: 3 });
    expect(received('retry@example.org')).toHaveLength(0);
  });

  it('lets an Admin resend a Pending or Failed email and discard one, audited; nobody else', async () => {
    const mail = t.app.services.mail;
    smtp.refuse = { code: 550, message: 'No such user' };
    const failed = await mail.send({ to: 'resend@example.org', subject: 'Resend me', text: 'Hello' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await due(failed.id);
      await mail.kick();
    }
    expect(await rowOf(t, failed.id)).toMatchObject({ status: 'Failed', attempts: 3 });
    const waiting = await mail.send({ to: 'discard@example.org', subject: 'Discard me', text: 'Hello' });
    await mail.kick();
    expect(await rowOf(t, waiting.id)).toMatchObject({ status: 'Pending', attempts: 1 });

    // A limited employee, even with every permission of a module, is refused: 403, nothing changes.
    const clerk = await t.employee({
      permissions: { Contact: { 'Contact Messages': { Global: { View: true, Add: true, Edit: true, Delete: true } } } },
    });
    for (const [id, action] of [
      [failed.id, 'resend'],
      [waiting.id, 'discard'],
    ] as const) {
      const refused = await t.api('POST', `/api/v2/outbox/${id}/${action}`, { token: clerk.token });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Only an administrator may do this.');
    }
    expect((await t.api('GET', '/api/v2/outbox/mail-server', { token: clerk.token })).status).toBe(403);
    expect(await rowOf(t, failed.id)).toMatchObject({ status: 'Failed', attempts: 3 });
    expect(await rowOf(t, waiting.id)).toMatchObject({ status: 'Pending' });

    // Resend: a new round, now; the mail server accepts it this time.
    smtp.refuse = undefined;
    const resent = await t.api('POST', `/api/v2/outbox/${failed.id}/resend`);
    expect(resent.status, resent.text).toBe(200);
    expect(resent.body).toMatchObject({ id: failed.id, status: 'Pending', attempts: 0 });
    expect(resent.body).not.toHaveProperty('body_text');
    expect(resent.body).not.toHaveProperty('secrets');
    await mail.kick();
    expect(await rowOf(t, failed.id)).toMatchObject({ status: 'Sent', attempts: 1, last_error: null });
    expect(received('resend@example.org')).toHaveLength(1);

    // Discard: never sent, whatever becomes due; its reason says who.
    const discarded = await t.api('POST', `/api/v2/outbox/${waiting.id}/discard`);
    expect(discarded.status, discarded.text).toBe(200);
    expect(discarded.body).toMatchObject({ status: 'Discarded', last_error: `Discarded by ${ADMIN_NAME}.` });
    await due(waiting.id);
    await mail.kick();
    expect(await rowOf(t, waiting.id)).toMatchObject({ status: 'Discarded', attempts: 1 });
    expect(received('discard@example.org')).toHaveLength(0);

    // Neither for a sent or discarded email, nor for one being sent at this moment, nor for none.
    for (const [id, action, message] of [
      [failed.id, 'resend', OUTBOX_MESSAGES.notResendable],
      [failed.id, 'discard', OUTBOX_MESSAGES.notDiscardable],
      [waiting.id, 'resend', OUTBOX_MESSAGES.notResendable],
      [waiting.id, 'discard', OUTBOX_MESSAGES.notDiscardable],
    ] as const) {
      const answer = await t.api('POST', `/api/v2/outbox/${id}/${action}`);
      expect(answer.status, `${action} ${id}`).toBe(409);
      expect(answer.body.message).toBe(message);
    }
    // Claimed by a process that is sending it now (its lease runs a minute more).
    const [busy] = await t.database.db
      .insert(mailOutbox)
      .values({
        to_address: 'busy@example.org',
        subject: 'Being sent',
        body_text: 'Hello',
        status: 'Pending',
        attempts: 1,
        next_attempt_at: new Date(),
        claimed_until: new Date(Date.now() + 60_000),
      })
      .returning();
    for (const action of ['resend', 'discard']) {
      const answer = await t.api('POST', `/api/v2/outbox/${busy!.id}/${action}`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(OUTBOX_MESSAGES.busy);
    }
    expect((await t.api('POST', '/api/v2/outbox/999999/discard')).status).toBe(404);
    expect((await t.api('POST', '/api/v2/outbox/x/discard')).status).toBe(400);

    // Each is in the audit trail, by whom, with the change of status.
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'mail_outbox'), inArray(auditLogs.record_id, [failed.id, waiting.id])));
    expect(audit.map((entry) => [entry.record_id, entry.performed_by_name, entry.details])).toEqual(
      expect.arrayContaining([
        [
          failed.id,
          ADMIN_NAME,
          expect.objectContaining({
            changes: expect.objectContaining({ status: { before: 'Failed', after: 'Pending' } }),
          }),
        ],
        [
          waiting.id,
          ADMIN_NAME,
          expect.objectContaining({
            changes: expect.objectContaining({ status: { before: 'Pending', after: 'Discarded' } }),
          }),
        ],
      ]),
    );
    expect(audit).toHaveLength(2);
  });

  it('forgets a discarded email’s attachments, and will not resend one whose link no longer works', async () => {
    const mail = t.app.services.mail;
    smtp.refuse = { code: 451, message: 'Later' };
    const withFile = await mail.send({
      to: 'file@example.org',
      subject: 'A file',
      text: 'Attached.',
      attachments: [{ filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('hello') }],
    });
    await mail.kick();
    const folder = join(t.app.services.config.UPLOADS_DIR, '.mail', String(withFile.id));
    expect(existsSync(folder)).toBe(true);
    expect((await t.api('POST', `/api/v2/outbox/${withFile.id}/discard`)).status).toBe(200);
    expect(existsSync(folder)).toBe(false);

    const person = await t.employee();
    await t.api('POST', '/api/v1/forgotPassword', { token: null, body: { email: person.email } });
    await t.app.services.passwordReset.idle();
    await mail.kick();
    const resetEmail = await latestTo(t, person.email);
    expect(resetEmail).toMatchObject({ status: 'Pending', attempts: 1 });
    // The token is gone (used elsewhere, replaced): the email is not sent again.
    await t.database.db.delete(passwordResetTokens).where(eq(passwordResetTokens.account_id, person.accountId));
    const refused = await t.api('POST', `/api/v2/outbox/${resetEmail.id}/resend`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(OUTBOX_MESSAGES.deadLink);
    smtp.refuse = undefined;
    await due(resetEmail.id);
    await mail.kick();
    expect(await rowOf(t, resetEmail.id)).toMatchObject({ status: 'Discarded', last_error: UNSENDABLE.replaced });
    expect(received(person.email)).toHaveLength(0);
  });
});

describe('two server processes on one database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('never send one email twice, however their workers meet', async () => {
    const workers = [0, 1, 2].map(
      () => new MailService(t.database, { smtpUrl: smtp.url, from: 'office@example.org', log: t.app.log }),
    );
    try {
      for (let round = 0; round < 2; round += 1) {
        smtp.received.length = 0;
        smtp.delayMs = round * 5;
        const written = [];
        for (let n = 0; n < 20; n += 1) {
          written.push(
            await t.app.services.mail.write({ to: `race-${round}-${n}@example.org`, subject: 'x', text: 'x' }),
          );
        }
        await Promise.all(workers.map((worker) => worker.kick()));
        const addresses = smtp.received.flatMap((mail) => mail.to);
        expect(addresses.length, `round ${round}`).toBe(20);
        expect(new Set(addresses).size).toBe(20);
        const rows = await t.database.db
          .select()
          .from(mailOutbox)
          .where(
            inArray(
              mailOutbox.id,
              written.map((row) => row.id),
            ),
          );
        expect(rows.every((row) => row.status === 'Sent' && row.attempts === 1 && row.claimed_until === null)).toBe(
          true,
        );
      }
    } finally {
      await Promise.all(workers.map((worker) => worker.stop()));
    }
  });
});
