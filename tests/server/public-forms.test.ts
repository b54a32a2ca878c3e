// engines: pglite, postgres — limits counted in the database; stored rows read back
/**
 * The public contact and donate forms (POST /api/public/contact and /api/public/donations): no session, the
 * declarations' validation sentences, what is stored and audited as "Public website", the hourly limits per client
 * address and per email address counted in the database, the honeypot, a plain HTML form post answered 303 to a
 * path of this site only, and the donation's UPI link (its exact encoding, and the QR code read back with jsQR).
 */
import { and, eq, like } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, rateLimits, tableOf } from '../../src/server/db/schema.ts';
import { contactMessages, donations } from '../../src/resources/index.ts';
import { PUBLIC_FORM_MESSAGES } from '../../src/server/routes/api/public/messages.ts';
import { upiLink } from '../../src/server/services/website-donations.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// jsQR is CommonJS: its function is module.exports and, as TypeScript reads it, its `default`.
const jsQR = jsQRModule.default;
let t: TestApp;
const messagesTable = tableOf(contactMessages);
const donationsTable = tableOf(donations);

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_FORM_LIMIT_PER_EMAIL: '3', PUBLIC_FORM_LIMIT_PER_ADDRESS: '6' } });
});
afterAll(async () => t?.close());
// Each test starts with fresh counters (they are the database's, and one client address posts them all).
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  t.api('POST', path, { body, token: null, headers });

/** A plain HTML form's post: urlencoded fields, no JavaScript, the browser's Referer. */
async function formPost(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text };
}

const messagesOf = (email: string) => t.database.db.select().from(messagesTable).where(eq(messagesTable.email, email));
const donationsOf = (email: string) =>
  t.database.db.select().from(donationsTable).where(eq(donationsTable.email, email));

const contact = (email: string, extra: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  email,
  phone: '9876543210',
  subject: 'Admission',
  message: 'When do admissions for class 6 open?',
  ...extra,
});

describe('POST /api/public/contact', () => {
  it('adds an unread message without a session, audited as the public website', async () => {
    const response = await post('/api/public/contact', contact('asha@example.org'));
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ success: true, message: PUBLIC_FORM_MESSAGES.contactSent });
    const [row] = await messagesOf('asha@example.org');
    expect(row).toMatchObject({
      name: 'Asha Verma',
      phone: '9876543210',
      subject: 'Admission',
      is_read: false,
      read_at: null,
      created_by: null,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'contact_messages'), eq(auditLogs.record_id, row!.id)));
    expect(audit).toMatchObject({ action_type: 'Create', performed_by_id: null, performed_by_name: 'Public website' });
    expect((audit!.details as { after: { email: string } }).after.email).toBe('asha@example.org');
  });

  it("answers the declaration's sentences for bad input and stores nothing", async () => {
    const missing = await post('/api/public/contact', contact('missing@example.org', { name: '  ', message: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required.' },
        { field: 'message', message: 'Message is required.' },
      ]),
    );
    const email = await post('/api/public/contact', contact('not-an-email'));
    expect(email.status).toBe(400);
    expect(email.body.errors[0].field).toBe('email');
    const phone = await post('/api/public/contact', contact('phone@example.org', { phone: 'call me' }));
    expect(phone.status).toBe(400);
    expect(phone.body.errors).toEqual([{ field: 'phone', message: 'Please enter a valid phone number.' }]);
    const notObject = await t.api('POST', '/api/public/contact', { raw: '[1]', token: null });
    expect(notObject.status).toBe(400);
    expect(await messagesOf('missing@example.org')).toEqual([]);
    expect(await messagesOf('phone@example.org')).toEqual([]);
  });

  it('gives a bot that fills the hidden field the same answer, and keeps nothing', async () => {
    const person = await post('/api/public/contact', contact('person@example.org'));
    const bot = await post('/api/public/contact', contact('bot@example.org', { website: 'http://spam.example' }));
    expect(bot.status).toBe(person.status);
    expect(bot.body).toEqual(person.body);
    expect(await messagesOf('bot@example.org')).toEqual([]);
    expect(await messagesOf('person@example.org')).toHaveLength(1);
  });

  it('limits posts an hour per email address and per client address, counted in the database', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await post('/api/public/contact', contact('often@example.org'))).status).toBe(201);
    }
    const fourth = await post('/api/public/contact', contact('Often@Example.org'));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(PUBLIC_FORM_MESSAGES.tooManyFromEmail);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(3000);
    const [counter] = await t.database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, 'public:contact:email:often@example.org'));
    expect(counter?.count).toBe(4);
    expect(await messagesOf('often@example.org')).toHaveLength(3);
    // The address has posted 4 times; 2 more pass, the 7th is refused whatever the email.
    expect((await post('/api/public/contact', contact('other1@example.org'))).status).toBe(201);
    expect((await post('/api/public/contact', contact('other2@example.org'))).status).toBe(201);
    const seventh = await post('/api/public/contact', contact('other3@example.org'));
    expect(seventh.status).toBe(429);
    expect(seventh.body.message).toBe(PUBLIC_FORM_MESSAGES.tooManyFromAddress);
    expect(await messagesOf('other3@example.org')).toEqual([]);
    // Each form counts its own posts: the donate form is still open to this address.
    const [addressCounter] = await t.database.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, 'public:donation:address:%'));
    expect(addressCounter).toBeUndefined();
  });

  it('takes a plain HTML form post and answers 303 back to the page it came from', async () => {
    const sent = await formPost('/api/public/contact', contact('form@example.org') as Record<string, string>, {
      referer: `${t.url}/web/contact?lang=hi`,
    });
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/web/contact?lang=hi&sent=1');
    expect(await messagesOf('form@example.org')).toHaveLength(1);

    const refused = await formPost('/api/public/contact', { ...contact('form2@example.org'), name: '' } as never, {
      referer: `${t.url}/web/contact?sent=1`,
    });
    expect(refused.status).toBe(303);
    const back = new URL(refused.location!, 'http://x');
    expect(back.pathname).toBe('/web/contact');
    expect(back.searchParams.get('sent')).toBeNull();
    // A code and the fields at fault, never a sentence: the page says it in its own words.
    expect(back.searchParams.get('error')).toBe('invalid');
    expect(back.searchParams.get('fields')).toBe('name');
    expect(back.searchParams.get('draft')).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await messagesOf('form2@example.org')).toEqual([]);

    const asked = await formPost('/api/public/contact', {
      ...(contact('form3@example.org') as Record<string, string>),
      redirect: '/web/thanks',
    });
    expect(asked.location).toBe('/web/thanks?sent=1');
  });

  it('never sends a form post to another site', async () => {
    const fields = contact('redirect@example.org') as Record<string, string>;
    const targets = ['https://evil.example/x', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)'];
    for (const [i, redirect] of targets.entries()) {
      const answer = await formPost('/api/public/contact', { ...fields, email: `redirect${i}@example.org`, redirect });
      expect(answer.status, redirect).toBe(201);
      expect(answer.location, redirect).toBeNull();
    }
    const foreign = await formPost('/api/public/contact', fields, { referer: 'https://evil.example/web/contact' });
    expect(foreign.status).toBe(201);
    expect(foreign.location).toBeNull();
    expect(JSON.parse(foreign.text)).toEqual({ success: true, message: PUBLIC_FORM_MESSAGES.contactSent });
  });
});

describe('POST /api/public/donations', () => {
  const donation = (email: string, extra: Record<string, unknown> = {}) => ({
    name: 'Ravi Kumar',
    email,
    amount: 1100,
    payment_method: 'online',
    message: 'For the library',
    pan: 'abcde1234f',
    ...extra,
  });

  const settings = (values: Record<string, unknown>) =>
    t.api('PUT', '/api/v2/trust-settings/1', { body: values }).then((r) => expect(r.status).toBe(200));

  it('says plainly when the trust has not entered its UPI ID or bank account, and stores nothing', async () => {
    const online = await post('/api/public/donations', donation('early@example.org'));
    expect(online.status).toBe(503);
    expect(online.body.message).toBe(PUBLIC_FORM_MESSAGES.noUpi);
    const bank = await post('/api/public/donations', donation('early@example.org', { payment_method: 'bank' }));
    expect(bank.status).toBe(503);
    expect(bank.body.message).toBe(PUBLIC_FORM_MESSAGES.noBank);
    expect(await donationsOf('early@example.org')).toEqual([]);
  });

  it('adds a Pending website donation and answers its UPI link and a QR code that reads back to it', async () => {
    await settings({ name_en: 'Shri Ram Trust & School', upi_id: 'shriram.trust@sbi' });
    const response = await post('/api/public/donations', donation('ravi@example.org'));
    expect(response.status).toBe(201);
    const { reference, upi } = response.body;
    expect(reference).toMatch(/^DN[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(response.body).toMatchObject({ success: true, amount: 1100, payment_method: 'online' });
    expect(upi.link).toBe(
      `upi://pay?pa=shriram.trust@sbi&pn=Shri%20Ram%20Trust%20%26%20School&am=1100.00&cu=INR&tn=${reference}&tr=${reference}`,
    );
    expect(upi.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const png = PNG.sync.read(Buffer.from(upi.qr_png.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(decoded?.data).toBe(upi.link);

    const [row] = await donationsOf('ravi@example.org');
    expect(row).toMatchObject({
      donor_name: 'Ravi Kumar',
      amount: 1100,
      payment_method: 'Online Payment',
      status: 'Pending',
      source: 'Website',
      reference,
      pan: 'ABCDE1234F',
      remarks: 'For the library',
      mode: 'Electronic',
      receipt_no: null,
      created_by: null,
    });
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'donations'), eq(auditLogs.record_id, row!.id)));
    expect(audit).toMatchObject({ action_type: 'Create', performed_by_name: 'Public website', performed_by_id: null });
  });

  it('answers a website donation by its reference, with how to pay while it is Pending and nothing personal', async () => {
    await settings({ name_en: 'Shri Ram Trust', upi_id: 'shriram.trust@sbi' });
    const posted = await post('/api/public/donations', donation('meera@example.org'));
    expect(posted.status).toBe(201);
    const reference = posted.body.reference as string;
    const found = await t.api('GET', `/api/public/donations/${reference}`, { token: null });
    expect(found.status, found.text).toBe(200);
    expect(found.body).toMatchObject({ reference, amount: 1100, payment_method: 'online', status: 'Pending' });
    expect(found.body.upi.link).toBe(posted.body.upi.link);
    expect(found.text).not.toContain('meera');
    expect(found.text).not.toContain('ABCDE1234F');

    const [row] = await donationsOf('meera@example.org');
    const received = await t.api('PUT', `/api/v2/donations/${row!.id}`, { body: { status: 'Received' } });
    expect(received.status, received.text).toBe(200);
    const paid = await t.api('GET', `/api/public/donations/${reference}`, { token: null });
    expect(paid.body).toEqual({ reference, amount: 1100, payment_method: 'online', status: 'Received' });

    for (const unknown of ['DN0000000000', 'dn' + reference.slice(2), '1', 'DN%27%20or%201=1']) {
      const res = await t.api('GET', `/api/public/donations/${unknown}`, { token: null });
      expect(res.status, unknown).toBe(404);
      expect(res.body.message).toBe('No donation has this reference.');
    }
  });

  it('encodes every value of the UPI link (names in Hindi, spaces, ampersands)', () => {
    expect(upiLink({ upiId: 'trust@okaxis', name: 'श्री राम' }, 5, 'DN0123456789')).toBe(
      'upi://pay?pa=trust@okaxis&pn=%E0%A4%B6%E0%A5%8D%E0%A4%B0%E0%A5%80%20%E0%A4%B0%E0%A4%BE%E0%A4%AE&am=5.00&cu=INR&tn=DN0123456789&tr=DN0123456789',
    );
    expect(upiLink({ upiId: 'a.b@ybl' }, 100000, 'DNX')).toBe('upi://pay?pa=a.b@ybl&am=100000.00&cu=INR&tn=DNX&tr=DNX');
  });

  it("answers the trust's bank details with the reference to write in the transfer's remarks", async () => {
    await settings({
      bank_account_name: 'Shri Ram Trust',
      bank_account_number: '123456789012',
      bank_ifsc: 'SBIN0001234',
      bank_name: 'State Bank of India',
      bank_branch: 'Ayodhya',
    });
    const response = await post('/api/public/donations', donation('bank@example.org', { payment_method: 'bank' }));
    expect(response.status).toBe(201);
    expect(response.body.upi).toBeUndefined();
    expect(response.body.bank).toEqual({
      account_name: 'Shri Ram Trust',
      account_number: '123456789012',
      ifsc: 'SBIN0001234',
      bank_name: 'State Bank of India',
      branch: 'Ayodhya',
      remarks: response.body.reference,
    });
    expect(response.body.message).toContain(response.body.reference);
    const [row] = await donationsOf('bank@example.org');
    expect(row).toMatchObject({
      payment_method: 'Bank Transfer',
      status: 'Pending',
      reference: response.body.reference,
    });
  });

  it('refuses bad input with sentences named by the form, and cannot be made Received', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 0 }, 'amount', 'Amount (₹) must be at least 1.'],
      [{ amount: 12.5 }, 'amount', 'Amount (₹) must be a whole number.'],
      [{ email: '' }, 'email', PUBLIC_FORM_MESSAGES.emailRequired],
      [{ name: '' }, 'name', 'Donor Name is required.'],
      [{ payment_method: 'cash' }, 'payment_method', PUBLIC_FORM_MESSAGES.paymentMethod],
      [{ pan: 'ABC' }, 'pan', ''],
    ];
    for (const [i, [change, field, message]] of cases.entries()) {
      const response = await post('/api/public/donations', donation(`bad${i}@example.org`, change));
      expect(response.status, JSON.stringify(change)).toBe(400);
      const error = response.body.errors.find((e: { field: string }) => e.field === field);
      expect(error, JSON.stringify(response.body)).toBeDefined();
      if (message) expect(error.message).toBe(message);
    }
    await t.database.db.delete(rateLimits);
    const sneaky = await post(
      '/api/public/donations',
      donation('sneaky@example.org', { status: 'Received', receipt_no: '2026-27/000001', source: 'Office' }),
    );
    expect(sneaky.status).toBe(201);
    const [row] = await donationsOf('sneaky@example.org');
    expect(row).toMatchObject({ status: 'Pending', receipt_no: null, source: 'Website' });
    expect(await t.database.db.select().from(donationsTable).where(like(donationsTable.email, 'bad%'))).toEqual([]);
  });

  it('answers a bot like a person and stores nothing', async () => {
    const bot = await post('/api/public/donations', donation('bot@example.org', { website: 'x' }));
    expect(bot.status).toBe(201);
    expect(bot.body.reference).toMatch(/^DN/);
    expect(Object.keys(bot.body).sort()).toEqual(
      ['success', 'message', 'reference', 'amount', 'payment_method', 'upi'].sort(),
    );
    expect(await donationsOf('bot@example.org')).toEqual([]);
  });

  it('takes a form post (amount as text) and goes back with the reference; limits per email', async () => {
    const fields = { ...donation('formdonor@example.org'), amount: '501' } as Record<string, string>;
    const answer = await formPost('/api/public/donations', fields, { referer: `${t.url}/web/donate` });
    expect(answer.status).toBe(303);
    const back = new URL(answer.location!, 'http://x');
    expect(back.pathname).toBe('/web/donate');
    const reference = back.searchParams.get('donation');
    const [row] = await donationsOf('formdonor@example.org');
    expect(row).toMatchObject({ amount: 501, reference });

    for (let i = 0; i < 2; i += 1)
      expect((await post('/api/public/donations', donation('formdonor@example.org'))).status).toBe(201);
    const limited = await formPost('/api/public/donations', fields, { referer: `${t.url}/web/donate` });
    expect(new URL(limited.location!, 'http://x').searchParams.get('error')).toBe('rate_limited');
    expect(await donationsOf('formdonor@example.org')).toHaveLength(3);
  });
});

describe('the API description', () => {
  it('describes both forms, as JSON and as form posts, open to anyone', async () => {
    const { body } = await t.api('GET', '/api/docs/json', { token: null });
    for (const path of ['/api/public/contact', '/api/public/donations']) {
      const operation = body.paths[path].post;
      expect(operation.security).toEqual([]);
      expect(Object.keys(operation.requestBody.content)).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
      ]);
      expect(operation.responses).toHaveProperty('429');
    }
    expect(body.paths['/api/public/donations'].post.responses).toHaveProperty('503');
  });
});
