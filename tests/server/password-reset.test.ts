// engines: pglite, postgres — tokens, sessions and the outbox read back from the database
/**
 * Forgot and reset password by real email: a real SMTP server on loopback receives the link; the token resets the
 * password once and ends every session; without SMTP_URL the email waits in the outbox that Admins read; a
 * refused or unreachable SMTP server leaves the email Pending, then Failed, with its error, and it is retried.
 */
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_POLICY } from '../../src/resources/password-policy.ts';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import {
  accounts,
  activities,
  auditLogs,
  mailOutbox,
  passwordResetTokens,
  sessions,
} from '../../src/server/db/schema.ts';
import { HIDDEN_SECRET, MAIL_MAX_ATTEMPTS, MailService, OUTBOX_MESSAGES } from '../../src/server/services/mail.ts';
import {
  RESET_EMAIL_SPACING_MS,
  RESET_EMAIL_SUBJECT,
  RESET_EMAILS_PER_HOUR,
  RESET_MESSAGES,
  RESET_REQUESTS_PER_ADDRESS,
} from '../../src/server/services/password-reset.ts';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app.ts';
import { closedPort, startSmtp, type ReceivedMail, type TestSmtp } from '../helpers/smtp.ts';

const PUBLIC_URL = 'https://school.example.org';
const SENT = { success: true, message: 'Reset password link sent to your email.' };
const NEW_PASSWORD = 'violet-lantern-42';

/** Handles the reset requests taken, then sends what is due; resolves when the SMTP server has answered. */
async function settle(t: TestApp): Promise<void> {
  await t.app.services.passwordReset.idle();
  await t.app.services.mail.kick();
}

function linkIn(text: string): { link: string; token: string } {
  const match = /(https?:\/\/[^\s"<>]+\/reset-password\?token=([A-Za-z0-9_-]+))/.exec(text);
  if (!match) throw new Error(`No reset link in:\n${text}`);
  return { link: match[1]!, token: match[2]! };
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function forgot(t: TestApp, email: string) {
  return t.api('POST', '/api/v1/forgotPassword', { body: { email }, token: null });
}

async function reset(t: TestApp, token: unknown, password: unknown = NEW_PASSWORD) {
  return t.api('POST', '/api/v1/resetPassword', { body: { token, password }, token: null });
}

async function login(t: TestApp, email: string, password: string) {
  return t.api('POST', '/api/v1/login', { body: { email, password }, token: null });
}

/** A logger that keeps what it is given, to check what the log says (and does not say). */
function recordingLogger(lines: string[]): FastifyBaseLogger {
  const keep = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  };
  const logger = { info: keep, warn: keep, error: keep, debug: keep, trace: keep, fatal: keep, level: 'info' };
  return { ...logger, child: () => logger, silent: () => {} } as unknown as FastifyBaseLogger;
}

describe('mail configuration', () => {
  it('has documented defaults: no SMTP, a sender of its own, links to localhost on PORT', () => {
    const config = loadConfig({});
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.MAIL_FROM).toBe('Trust School <no-reply@localhost>');
    expect(config.PUBLIC_URL).toBe('http://localhost:5000');
    expect(loadConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://admin.example.org/school/' }).PUBLIC_URL).toBe(
      'https://admin.example.org/school',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://user:pa%40ss@mail.example.org:465', MAIL_FROM: 'a@b.org' })).toMatchObject({
      SMTP_URL: 'smtps://user:pa%40ss@mail.example.org:465',
      MAIL_FROM: 'a@b.org',
    });
  });

  it('stops on a wrong value with a sentence naming the variable, never its value', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://user:secret@mail.example.org' })).toThrow(ConfigError);
    try {
      loadConfig({ SMTP_URL: 'mail.example.org:secret' });
    } catch (error) {
      expect((error as Error).message).toMatch(/^Configuration error: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect((error as Error).message).not.toContain('secret');
    }
    expect(() => loadConfig({ MAIL_FROM: 'Trust School' })).toThrow(/^Configuration error: MAIL_FROM must be/);
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://example.org' })).toThrow(/^Configuration error: PUBLIC_URL must be/);
    expect(() => loadConfig({ PUBLIC_URL: 'https://example.org/?x=1' })).toThrow(/PUBLIC_URL/);
  });
});

describe('with SMTP_URL', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let staff: Awaited<ReturnType<TestApp['employee']>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'School Office <office@school.example.org>', PUBLIC_URL: `${PUBLIC_URL}/` },
    });
    staff = await t.employee();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.received.length = 0;
    smtp.refuse = undefined;
    smtp.delayMs = 0;
  });

  async function requestLink(email: string): Promise<{ mail: ReceivedMail; token: string; link: string }> {
    const before = smtp.received.length;
    expect((await forgot(t, email)).body).toEqual(SENT);
    await settle(t);
    expect(smtp.received.length).toBe(before + 1);
    const mail = smtp.received.at(-1)!;
    return { mail, ...linkIn(mail.decoded) };
  }

  it('answers the same for a known and an unknown address, and emails the link only to the account', async () => {
    const known = await forgot(t, staff.email.toUpperCase());
    const unknown = await forgot(t, 'nobody-here@example.org');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(SENT);
    expect(unknown.body).toEqual(SENT);
    await settle(t);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual([staff.email]);
    expect(mail!.from).toBe('office@school.example.org');
    // In Hindi and English: the account's person has chosen no language (services/email-language.ts).
    expect(mail!.subject).toBe(RESET_EMAIL_SUBJECT);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/);
    const { link, token } = linkIn(mail!.decoded);
    expect(link).toBe(`${PUBLIC_URL}/reset-password?token=${token}`);
    expect(mail!.decoded).toContain(`<a href="${link}">`);
    // 256 random bits, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Stored hashed, one hour; the email is in the outbox as Sent.
    const [stored] = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.account_id, staff.accountId));
    expect(stored!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored!.expires_at.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    const outbox = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ to_address: staff.email, status: 'Sent', attempts: 1, last_error: null });
    expect(outbox[0]!.sent_at).toBeInstanceOf(Date);
    // Sent: the link reached its reader and is kept no longer; the stored body holds only its placeholder.
    expect(outbox[0]!.secrets).toBeNull();
    expect(JSON.stringify(outbox[0])).not.toContain(token);
    const shown = await t.api('GET', `/api/v2/outbox/${outbox[0]!.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain(token);
    expect(shown.body.body_text).toContain(HIDDEN_SECRET);

    // The unknown address left nothing but the same answer.
    const tokens = await t.database.db.select().from(passwordResetTokens);
    expect(tokens.map((row) => row.account_id)).toEqual([staff.accountId]);
  });

  it('answers without waiting for the SMTP server', async () => {
    smtp.delayMs = 3_000;
    const started = Date.now();
    const known = await forgot(t, staff.email);
    const knownMs = Date.now() - started;
    const unknown = await forgot(t, 'still-nobody@example.org');
    expect(known.body).toEqual(SENT);
    expect(unknown.body).toEqual(SENT);
    expect(knownMs).toBeLessThan(1_500);
    await settle(t);
    expect(smtp.received).toHaveLength(1);
  });

  it('resets the password once: the old one and every session stop working, the new one signs in', async () => {
    const member = await t.employee();
    const otherSession = (await login(t, member.email, member.password)).body.user.token as string;
    expect((await t.api('GET', '/api/v2/session', { token: member.token })).status).toBe(200);
    const { token } = await requestLink(member.email);
    // Waits from failed sign-ins are lifted by the reset.
    for (let i = 0; i < 6; i++) await login(t, member.email, 'wrong-password-123');
    expect((await login(t, member.email, member.password)).status).toBe(429);

    const done = await reset(t, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: RESET_MESSAGES.done });

    for (const session of [member.token, otherSession]) {
      expect((await t.api('GET', '/api/v2/session', { token: session })).status).toBe(401);
    }
    expect(await t.database.db.select().from(sessions).where(eq(sessions.account_id, member.accountId))).toEqual([]);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(account!.password_hash).toMatch(/^\$argon2id\$/);
    expect((await login(t, member.email, member.password)).status).toBe(401);
    const fresh = await login(t, member.email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);

    // Single use.
    const again = await reset(t, token, 'another-good-password');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_MESSAGES.invalid);
    expect((await login(t, member.email, NEW_PASSWORD)).status).toBe(200);

    // Recorded: the activity log and the audit trail, without the password or the token.
    const recorded = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.account_id, member.accountId), eq(activities.action, 'Password reset')));
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ status: 'Success' });
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'accounts'), eq(auditLogs.record_id, member.accountId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action_type: 'Update', performed_by_id: member.accountId });
    const traces = JSON.stringify([recorded, audit]);
    expect(traces).not.toContain(NEW_PASSWORD);
    expect(traces).not.toContain(token);
  });

  it('refuses a password the policy refuses, and the link still works afterwards', async () => {
    const member = await t.employee();
    const { token } = await requestLink(member.email);
    const short = await reset(t, token, 'short-pw9');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PASSWORD_POLICY.tooShort);
    expect(short.body.errors).toEqual([{ field: 'password', message: PASSWORD_POLICY.tooShort }]);
    const common = await reset(t, token, 'Password123');
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(PASSWORD_POLICY.common);
    const missing = await t.api('POST', '/api/v1/resetPassword', { body: { token }, token: null });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Password is required.');
    expect((await login(t, member.email, member.password)).status).toBe(200);
    expect((await reset(t, token)).status).toBe(200);
  });

  it('answers 400 with a sentence for an expired, unknown, malformed or missing token', async () => {
    const member = await t.employee();
    const { token } = await requestLink(member.email);
    await t.database.db
      .update(passwordResetTokens)
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where(eq(passwordResetTokens.account_id, member.accountId));
    const expired = await reset(t, token);
    expect(expired.status).toBe(400);
    expect(expired.body).toMatchObject({ success: false, message: RESET_MESSAGES.expired });
    expect((await reset(t, token)).body.message).toBe(RESET_MESSAGES.invalid);
    expect((await login(t, member.email, member.password)).status).toBe(200);

    const unknown = await reset(t, 'A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(RESET_MESSAGES.invalid);
    expect((await reset(t, 'not a token!')).body.message).toBe(RESET_MESSAGES.invalid);
    for (const body of [{ password: NEW_PASSWORD }, { token: '', password: NEW_PASSWORD }, { token: 42 }]) {
      const res = await t.api('POST', '/api/v1/resetPassword', { body, token: null });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(RESET_MESSAGES.missingToken);
    }
    expect((await t.api('POST', '/api/v1/resetPassword', { raw: '[]', token: null })).status).toBe(400);
  });

  it('replaces the earlier link with a new request', async () => {
    const member = await t.employee();
    const first = await requestLink(member.email);
    const second = await requestLink(member.email);
    expect(second.token).not.toBe(first.token);
    const rows = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.account_id, member.accountId));
    expect(rows.map((row) => row.token_hash)).toEqual([sha256(second.token)]);
    expect((await reset(t, first.token)).body.message).toBe(RESET_MESSAGES.invalid);
    expect((await reset(t, second.token)).status).toBe(200);
  });

  it('sends at most three links an hour asked from one client address for one account, with the same answer', async () => {
    const member = await t.employee();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS; i++) await requestLink(member.email);
    expect((await forgot(t, member.email)).body).toEqual(SENT);
    await settle(t);
    expect(smtp.received).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
    const rows = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.account_id, member.accountId), eq(activities.action, 'Password reset request')));
    expect(rows.map((row) => row.status).sort()).toEqual(['Failed', 'Success', 'Success', 'Success']);
    // Another account is not held back by it.
    await requestLink(staff.email);
  });

  /** Forgot password from another client address (127.0.0.0/8 is all loopback): what strangers elsewhere send. */
  function forgotFrom(address: string, email: string): Promise<number> {
    const url = new URL(t.url);
    const body = JSON.stringify({ email });
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path: '/api/v1/forgotPassword',
          localAddress: address,
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /**
   * The reset emails written to `email`: what the limits count. An email whose link a later request replaced before
   * it left is not sent but Discarded (services/mail.ts), so the mailbox may receive fewer than were written.
   */
  async function writtenTo(email: string) {
    return t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, email)).orderBy(mailOutbox.id);
  }

  /** Moves the reset emails to `email` back in time, as if `ms` had passed since they were written. */
  async function age(email: string, ms: number): Promise<void> {
    await t.database.db
      .update(mailOutbox)
      .set({ created_at: sql`${mailOutbox.created_at} - ${`${ms} milliseconds`}::interval` })
      .where(eq(mailOutbox.to_address, email));
  }

  it('still emails the owner a link after three anonymous requests from elsewhere', async () => {
    const member = await t.employee();
    for (let i = 0; i < 3; i++) expect(await forgotFrom('127.0.0.2', member.email)).toBe(200);
    await settle(t);
    expect(await writtenTo(member.email)).toHaveLength(3);
    expect(smtp.received.length).toBeLessThanOrEqual(3);
    // The owner, at their own address, asks and gets a link of their own at once.
    const own = await requestLink(member.email);
    expect((await reset(t, own.token)).status).toBe(200);
  });

  it('under a flood from many addresses, sends a bounded number of emails, keeps the last link, and emails the owner again within the spacing', async () => {
    const member = await t.employee();
    for (let round = 0; round < 5; round++) {
      for (const address of ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) {
        expect(await forgotFrom(address, member.email)).toBe(200);
      }
    }
    await settle(t);
    // The mailbox gets the burst and no more (those whose link the next replaced before they left, not at all).
    expect(await writtenTo(member.email)).toHaveLength(RESET_EMAILS_PER_HOUR);
    const burst = smtp.received.length;
    expect(burst).toBeGreaterThan(0);
    expect(burst).toBeLessThanOrEqual(RESET_EMAILS_PER_HOUR);
    expect(smtp.received.every((mail) => mail.to.includes(member.email))).toBe(true);
    // The owner asking now gets no new email, but one emailed moments ago holds the live link: refused requests
    // replaced nothing.
    const liveHash = async () =>
      (
        await t.database.db
          .select()
          .from(passwordResetTokens)
          .where(eq(passwordResetTokens.account_id, member.accountId))
      )[0]!.token_hash;
    const live = await liveHash();
    expect(smtp.received.map((mail) => sha256(linkIn(mail.decoded).token))).toContain(live);
    expect((await forgot(t, member.email)).body).toEqual(SENT);
    await settle(t);
    expect(await writtenTo(member.email)).toHaveLength(RESET_EMAILS_PER_HOUR);
    expect(smtp.received).toHaveLength(burst);
    expect(await liveHash()).toBe(live);

    // Once the spacing has passed since the last email, the next request (the owner's) is emailed at once, and
    // the flood that follows gets nothing until the spacing passes again.
    await age(member.email, RESET_EMAIL_SPACING_MS);
    const own = await requestLink(member.email);
    for (const address of ['127.0.0.8', '127.0.0.9']) await forgotFrom(address, member.email);
    await settle(t);
    expect(await writtenTo(member.email)).toHaveLength(RESET_EMAILS_PER_HOUR + 1);
    expect(smtp.received).toHaveLength(burst + 1);
    expect((await reset(t, own.token)).status).toBe(200);
  });

  it('behind one shared address (a proxy), emails the owner once the spacing has passed after strangers used its share', async () => {
    const member = await t.employee();
    for (let i = 0; i < RESET_REQUESTS_PER_ADDRESS + 2; i++) await forgotFrom('127.0.0.10', member.email);
    await settle(t);
    expect(await writtenTo(member.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS);
    const before = smtp.received.length;
    await age(member.email, RESET_EMAIL_SPACING_MS);
    expect(await forgotFrom('127.0.0.10', member.email)).toBe(200);
    await settle(t);
    expect(await writtenTo(member.email)).toHaveLength(RESET_REQUESTS_PER_ADDRESS + 1);
    expect(smtp.received).toHaveLength(before + 1);
    const own = linkIn(smtp.received.at(-1)!.decoded);
    expect((await reset(t, own.token)).status).toBe(200);
  });

  it('sends nothing for a deactivated account, with the same answer', async () => {
    const member = await t.employee();
    await t.database.db.update(accounts).set({ is_active: false }).where(eq(accounts.id, member.accountId));
    expect((await forgot(t, member.email)).body).toEqual(SENT);
    await settle(t);
    expect(smtp.received).toHaveLength(0);
    const [row] = await t.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.account_id, member.accountId), eq(activities.action, 'Password reset request')));
    expect(row).toMatchObject({ status: 'Failed' });
  });

  it('keeps a refused email Pending with its error, retries it later, then marks it Failed after the last attempt', async () => {
    smtp.refuse = { code: 550, message: 'Mailbox unavailable' };
    expect((await forgot(t, ADMIN.email)).body).toEqual(SENT);
    await settle(t);
    const [first] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(first).toMatchObject({ to_address: ADMIN.email, status: 'Pending', attempts: 1 });
    expect(first!.last_error).toMatch(/550/);
    expect(first!.last_error).toMatch(/Mailbox unavailable/);
    // The next attempt waits a minute.
    expect(first!.next_attempt_at!.getTime() - Date.now()).toBeGreaterThan(50_000);
    await t.app.services.mail.kick();
    expect((await t.app.services.mail.get(first!.id)).attempts).toBe(1);

    // Due again and accepted this time.
    smtp.refuse = undefined;
    await t.database.db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.id, first!.id));
    await t.app.services.mail.kick();
    expect(await t.app.services.mail.get(first!.id)).toMatchObject({ status: 'Sent', attempts: 2, last_error: null });
    expect(smtp.received).toHaveLength(1);

    // Refused at the last attempt: Failed, with the error, and no further attempt.
    smtp.refuse = { code: 451, message: 'Try again later' };
    await forgot(t, ADMIN.email);
    await settle(t);
    const [second] = await t.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
    expect(second).toMatchObject({ status: 'Pending', attempts: 1 });
    await t.database.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1, next_attempt_at: new Date(Date.now() - 1_000) })
      .where(eq(mailOutbox.id, second!.id));
    await t.app.services.mail.kick();
    const failed = await t.app.services.mail.get(second!.id);
    expect(failed).toMatchObject({ status: 'Failed', attempts: MAIL_MAX_ATTEMPTS, next_attempt_at: null });
    expect(failed.last_error).toMatch(/451/);

    // An Admin sees it and sends it again; an employee may not.
    const list = await t.api('GET', `/api/v2/outbox?filter=${encodeURIComponent('{"status":"Failed"}')}`);
    expect(list.status).toBe(200);
    expect(list.body.map((row: { id: number }) => row.id)).toEqual([second!.id]);
    const employee = await t.employee();
    expect((await t.api('POST', `/api/v2/outbox/${second!.id}/resend`, { token: employee.token })).status).toBe(403);
    smtp.refuse = undefined;
    const retried = await t.api('POST', `/api/v2/outbox/${second!.id}/resend`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: second!.id, status: 'Pending', attempts: 0 });
    await t.app.services.mail.kick();
    expect(await t.app.services.mail.get(second!.id)).toMatchObject({ status: 'Sent', attempts: 1, last_error: null });
    expect(linkIn(smtp.received.at(-1)!.decoded).token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A sent email is not sent again; the resend is in the audit trail.
    const twice = await t.api('POST', `/api/v2/outbox/${second!.id}/resend`);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(OUTBOX_MESSAGES.notResendable);
    expect((await t.api('POST', '/api/v2/outbox/999999/resend')).status).toBe(404);
    const audit = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'mail_outbox'), eq(auditLogs.record_id, second!.id)));
    expect(audit).toHaveLength(1);
  });
});

describe('without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves the email in the outbox with its link hidden: not even an Admin reads a live link through the API', async () => {
    expect(t.app.services.mail.sends).toBe(false);
    const member = await t.employee();
    expect((await forgot(t, member.email)).body).toEqual(SENT);
    await settle(t);
    const list = await t.api('GET', '/api/v2/outbox');
    expect(list.status).toBe(200);
    expect(list.headers.get('content-range')).toBe('outbox 0-0/1');
    expect(list.body).toHaveLength(1);
    const [summary] = list.body;
    expect(summary).toMatchObject({
      to_address: member.email,
      subject: RESET_EMAIL_SUBJECT,
      status: 'Pending',
      attempts: 0,
      last_error: null,
      sent_at: null,
    });
    expect(summary).not.toHaveProperty('body_text');
    expect(summary).not.toHaveProperty('secrets');

    // The live link is kept for sending only (an Admin could once read it and take over the account).
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, summary.id));
    const { link, token } = linkIn(row!.secrets!.values.reset_link!);
    // PUBLIC_URL defaults to http://localhost:<PORT> (the tests leave PORT at its default).
    expect(link).toBe(`http://localhost:5000/reset-password?token=${token}`);
    const one = await t.api('GET', `/api/v2/outbox/${summary.id}`);
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty('secrets');
    expect(one.body.body_text).toContain(HIDDEN_SECRET);
    expect(one.body.body_html).toContain(HIDDEN_SECRET);
    const answers = [
      list.text,
      one.text,
      (await t.api('GET', `/api/v2/outbox?filter=${encodeURIComponent(JSON.stringify({ q: token.slice(0, 12) }))}`))
        .text,
      (await t.api('GET', `/api/v2/outbox?filter=${encodeURIComponent(JSON.stringify({ q: 'reset-password' }))}`)).text,
      (await t.api('GET', `/api/v2/outbox?filter=${encodeURIComponent(JSON.stringify({ id: [summary.id] }))}`)).text,
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(token);
      expect(answer).not.toContain('reset-password?token=');
    }
    // The link itself still works for its owner.
    expect((await reset(t, token)).status).toBe(200);
    expect((await login(t, member.email, NEW_PASSWORD)).status).toBe(200);

    // A secret does not outlive its link: once expired, it is cleared.
    await t.database.db
      .update(mailOutbox)
      .set({ secrets: { values: { reset_link: link }, expiresAt: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(mailOutbox.id, summary.id));
    await t.app.services.mail.forgetExpiredSecrets();
    const [cleared] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, summary.id));
    expect(cleared!.secrets).toBeNull();

    // The log line says an email waits, never where the link is.
    const lines: string[] = [];
    const mail = new MailService(t.database, { from: 'a@b.org', log: recordingLogger(lines) });
    const sent = await mail.send({ to: 'x@example.org', subject: 'Hello', text: 'secret-link-text' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Email #${sent.id} ("Hello") is waiting in the outbox`);
    expect(lines[0]).not.toContain('secret-link-text');
    expect(lines[0]).not.toContain('x@example.org');
    await mail.stop();

    // No sending without SMTP.
    const retry = await t.api('POST', `/api/v2/outbox/${summary.id}/resend`);
    expect(retry.status).toBe(409);
    expect(retry.body.message).toBe(OUTBOX_MESSAGES.noMailServer);
  });

  it('lists with sort, range and filters, with the same 400s as the other lists', async () => {
    const mail = t.app.services.mail;
    for (const n of [1, 2, 3]) await mail.send({ to: `list-${n}@example.org`, subject: `Subject ${n}`, text: 'x' });
    const q = (query: string) => t.api('GET', `/api/v2/outbox?${query}`);
    const enc = encodeURIComponent;
    const sorted = await q(`sort=${enc('["to_address","ASC"]')}&range=${enc('[0,1]')}&filter=${enc('{"q":"list-"}')}`);
    expect(sorted.status).toBe(200);
    expect(sorted.headers.get('content-range')).toBe('outbox 0-1/3');
    expect(sorted.body.map((row: { to_address: string }) => row.to_address)).toEqual([
      'list-1@example.org',
      'list-2@example.org',
    ]);
    const bySubject = await q(`filter=${enc('{"q":"subject 3","status":["Pending","Failed"]}')}`);
    expect(bySubject.body.map((row: { to_address: string }) => row.to_address)).toEqual(['list-3@example.org']);
    const none = await q(`filter=${enc('{"status":"Sent"}')}`);
    expect(none.body).toEqual([]);
    expect(none.headers.get('content-range')).toBe('outbox */0');
    const ids = (await q(`filter=${enc('{"q":"list-"}')}`)).body.map((row: { id: number }) => row.id) as number[];
    const many = await q(`filter=${enc(JSON.stringify({ id: ids.slice(0, 2) }))}`);
    expect(many.body.map((row: { id: number }) => row.id).sort()).toEqual(ids.slice(0, 2).sort());

    for (const [query, message] of [
      [`sort=${enc('["body_text","ASC"]')}`, 'Cannot sort emails by "body_text".'],
      [`sort=${enc('["id","UP"]')}`, 'The sort order must be ASC or DESC.'],
      [`range=${enc('[5,1]')}`, 'The range must end at or after its start.'],
      [`range=${enc('[0,5000]')}`, 'A page holds at most 1000 records.'],
      [
        `filter=${enc('{"status":"Lost"}')}`,
        'The status filter must be one or more of: Pending, Sent, Failed, Discarded.',
      ],
      [`filter=${enc('{"body_text":"x"}')}`, 'Cannot filter emails by "body_text".'],
      ['filter=nope', 'The filter parameter is not valid JSON.'],
      ['page=1', 'Unknown query parameter "page". Use sort, range and filter.'],
    ] as const) {
      const res = await q(query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await t.api('GET', '/api/v2/outbox/999999')).status).toBe(404);
    expect((await t.api('GET', '/api/v2/outbox/abc')).status).toBe(400);
  });

  it('is for Admins only: 401 without a session, 403 for an employee even with every permission of a module', async () => {
    const employee = await t.employee({
      permissions: { Company: { Employees: { Global: { View: true, Add: true, Edit: true, Delete: true } } } },
    });
    for (const [method, path] of [
      ['GET', '/api/v2/outbox'],
      ['GET', '/api/v2/outbox/1'],
      ['GET', '/api/v2/outbox/mail-server'],
      ['POST', '/api/v2/outbox/1/resend'],
      ['POST', '/api/v2/outbox/1/discard'],
    ] as const) {
      expect((await t.api(method, path, { token: null })).status, `${method} ${path}`).toBe(401);
      const refused = await t.api(method, path, { token: employee.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.message).toBe('Only an administrator may do this.');
    }
  });

  // The app of this block sends nothing, so only the service made here claims the email.
  it('keeps the connection error when nothing listens on the SMTP port', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const mail = new MailService(t.database, {
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'office@school.example.org',
      log: recordingLogger(lines),
    });
    try {
      const row = await mail.send({ to: 'someone@example.org', subject: 'Closed port', text: 'Hello' });
      await mail.kick();
      const after = await mail.get(row.id);
      expect(after).toMatchObject({ status: 'Pending', attempts: 1 });
      expect(after.last_error).toMatch(/ECONNREFUSED/);
      expect(lines.join('\n')).toMatch(new RegExp(`Email #${row.id} could not be sent \\(attempt 1 of 5\\)`));
    } finally {
      await mail.stop();
    }
  });
});
