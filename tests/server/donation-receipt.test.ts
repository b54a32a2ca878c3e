// engines: pglite, postgres — receipt data and the outbox, read back through the driver
/**
 * The donation receipt (src/server/services/receipt-document.ts, receipt-pdf.ts): its data, its PDF read back by
 * poppler's pdftotext (Hindi in logical reading order, the amount in figures and words, the receipt number), what is
 * missing said in words, the escaping of every value, a cancelled receipt, permissions (403, 404, 409), and the donor's
 * email with the PDF attached, through the outbox to a real SMTP server.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { donations, trustSettings } from '../../src/resources/index.ts';
import { mailOutbox, tableOf } from '../../src/server/db/schema.ts';
import { NO_RECEIPT_YET, hindiDate } from '../../src/server/services/receipt-document.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';

const work = mkdtempSync(join(tmpdir(), 'receipt-test-'));
let serial = 0;

/** The text of a PDF as pdftotext reads it (reading order), NFC. */
function pdfText(pdf: Buffer): string {
  const file = join(work, `r${(serial += 1)}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').normalize('NFC');
}

/** Each of `parts` appears in `text`, in this order. */
function expectInOrder(text: string, parts: string[]): void {
  let at = 0;
  for (const part of parts) {
    const found = text.indexOf(part.normalize('NFC'), at);
    expect(found, `"${part}" after position ${at} in:\n${text}`).toBeGreaterThanOrEqual(0);
    at = found + part.length;
  }
}

async function binary(t: TestApp, path: string, token?: string) {
  const response = await fetch(`${t.url}${path}`, { headers: { authorization: `Bearer ${token ?? t.token}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const TRUST = {
  name_hi: 'श्री विद्या प्रचारिणी न्यास',
  name_en: 'Shri Vidya Pracharini Trust',
  address: 'गुरुकुल मार्ग, वाराणसी 221001',
  pan: 'AAATS1234Q',
  registration_number: 'AAATS1234QE20214',
  registration_date: '2021-05-28',
  registration_valid_until: '2026-03-31',
  approval_number: 'AAATS1234QF20214',
  approval_date: '2021-05-28',
  approval_valid_until: '2026-03-31',
  signatory: 'अनिल शर्मा, सचिव',
};

describe('donation receipts', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startTestApp({ env: { SMTP_URL: smtp.url } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  /** A donation made through the API, then given a receipt number as the server issues it. */
  async function receipted(body: Record<string, unknown>): Promise<{ id: number; receiptNo: string }> {
    const created = await t.api('POST', '/api/v2/donations', {
      body: { donor_name: 'किशोर वर्मा', amount: 150000, date: '2025-06-15T06:30:00.000Z', status: 'Pending', ...body },
    });
    expect(created.status, created.text).toBe(201);
    const marked = await t.api('PUT', `/api/v2/donations/${created.body.id}`, { body: { status: 'Received' } });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body.receipt_no).toMatch(/^\d{4}-\d{2}\/\d{6}$/);
    return { id: created.body.id, receiptNo: marked.body.receipt_no };
  }

  it('says plainly what the trust has not filled in, and makes the PDF all the same', async () => {
    const { id, receiptNo } = await receipted({ date: '2026-11-24T06:30:00.000Z' });
    const data = await t.api('GET', `/api/v2/donations/${id}/receipt`);
    expect(data.status, data.text).toBe(200);
    expect(data.body.receiptNo).toBe(receiptNo);
    expect(data.body.financialYear).toBe('2026-27');
    expect(data.body.dateHindi).toBe('24 नवंबर 2026');
    // The 1961 Act's wording ends with 2025-26: the new Act's is for the trust to enter.
    expect(data.body.tax).toBeNull();
    const missing = data.body.missing.map((m: { field: string }) => m.field);
    expect(missing).toEqual(expect.arrayContaining(['trust_settings.pan', 'trust_settings.signatory', 'tax_wordings']));

    const pdf = await binary(t, `/api/v2/donations/${id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expectInOrder(text, ['यह रसीद अधूरी है', 'न्यास का पैन', 'वित्तीय वर्ष 2026-27 के लिए कर संबंधी विवरण']);
    expect(text).toContain('न्यास का पैन दर्ज नहीं है।');
    // No sample number stands in for the trust's.
    expect(text).not.toMatch(/[A-Z]{5}[0-9]{4}[A-Z](?![0-9])/);
  });

  it('prints the Hindi receipt: copied out in reading order, amount in figures and words, the year’s note', async () => {
    const settings = await t.api('PUT', '/api/v2/trust-settings/1', { body: TRUST });
    expect(settings.status, settings.text).toBe(200);
    const { id, receiptNo } = await receipted({
      address: 'मकान 12, शिवाजी नगर, पुणे',
      pan: 'ABCDE1234F',
      mode: 'Cash',
      transaction_id: 'UTR12345',
    });
    const pdf = await binary(t, `/api/v2/donations/${id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="receipt-${receiptNo.replace('/', '-')}.pdf"`,
    );
    const text = pdfText(pdf.bytes);
    expectInOrder(text, [
      TRUST.name_hi,
      'दान रसीद',
      `रसीद संख्या: ${receiptNo}`,
      `दिनांक: ${hindiDate('2025-06-15')}`,
      'AAATS1234Q',
      'धारा 12A/12AB',
      'AAATS1234QE20214',
      '28 मई 2021',
      '31 मार्च 2026 तक',
      'धारा 80G',
      'AAATS1234QF20214',
      'दाता का नाम',
      'किशोर वर्मा',
      'ABCDE1234F',
      '₹1,50,000',
      'एक लाख पचास हज़ार रुपये मात्र',
      'नकद',
      'UTR12345',
      '₹2,000 से अधिक का नकद दान धारा 80G के अंतर्गत आयकर कटौती के योग्य नहीं है।',
      'आयकर अधिनियम, 1961',
      'हस्ताक्षरकर्ता',
      'अनिल शर्मा, सचिव',
    ]);
    // Logical order: the vowel sign follows its consonant (कि), never the visual order (िक).
    expect(text).toContain('किशोर');
    expect(text).not.toContain('\u093F\u0915\u0936\u094B\u0930'); // िकशोर
    expect(text).toContain('अधिक');
    expect(text).not.toContain('दर्ज नहीं है');
  });

  it('says in Hindi when the registration or approval was not valid on the donation’s date', async () => {
    // TRUST's registration and approval end on 31 March 2026; this donation is of 26 November 2026 in India.
    const { id } = await receipted({ date: '2026-11-25T22:41:20.978Z' });
    const data = await t.api('GET', `/api/v2/donations/${id}/receipt`);
    expect(data.status, data.text).toBe(200);
    expect(data.body.day).toBe('2026-11-26');
    const expired = 'तक वैध था: दान की तिथि 26 नवंबर 2026 को यह वैध नहीं था।';
    expect(data.body.lapses).toEqual([
      {
        which: 'registration',
        standing: 'expired',
        number: TRUST.registration_number,
        from: '2021-05-28',
        until: '2026-03-31',
        hi: `न्यास का पंजीकरण, संख्या ${TRUST.registration_number}, 31 मार्च 2026 ${expired}`,
      },
      {
        which: 'approval',
        standing: 'expired',
        number: TRUST.approval_number,
        from: '2021-05-28',
        until: '2026-03-31',
        hi: `न्यास का अनुमोदन, संख्या ${TRUST.approval_number}, 31 मार्च 2026 ${expired}`,
      },
    ]);
    const pdf = await binary(t, `/api/v2/donations/${id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes).replace(/\s+/g, ' ');
    expectInOrder(text, [
      'पंजीकरण',
      'अनुमोदन',
      `ध्यान दें: न्यास का पंजीकरण, संख्या ${TRUST.registration_number}, 31 मार्च 2026 ${expired}`,
      `ध्यान दें: न्यास का अनुमोदन, संख्या ${TRUST.approval_number}, 31 मार्च 2026 ${expired}`,
      'दाता का नाम',
    ]);

    // A registration that begins after the donation's day; and a donation within both: nothing said.
    await t.api('PUT', '/api/v2/trust-settings/1', {
      body: { approval_date: '2027-01-01', approval_valid_until: '2031-03-31' },
    });
    const { id: laterId } = await receipted({ date: '2026-11-25T22:41:20.978Z' });
    const later = await t.api('GET', `/api/v2/donations/${laterId}/receipt`);
    expect(later.body.lapses.map((l: { which: string; standing: string }) => [l.which, l.standing])).toEqual([
      ['registration', 'expired'],
      ['approval', 'not-yet-valid'],
    ]);
    expect(later.body.lapses[1].hi).toBe(
      `न्यास का अनुमोदन, संख्या ${TRUST.approval_number}, 1 जनवरी 2027 से वैध है: दान की तिथि 26 नवंबर 2026 को यह अभी वैध नहीं था।`,
    );
    await t.api('PUT', '/api/v2/trust-settings/1', { body: TRUST });
    const within = await receipted({ date: '2025-06-15T06:30:00.000Z' });
    expect((await t.api('GET', `/api/v2/donations/${within.id}/receipt`)).body.lapses).toEqual([]);
    expect(pdfText((await binary(t, `/api/v2/donations/${within.id}/receipt.pdf`)).bytes)).not.toContain('ध्यान दें');
  });

  it('prints, once issued, the registration and approval it was issued under, though the trust renews them', async () => {
    const { id, receiptNo } = await receipted({ date: '2025-06-15T06:30:00.000Z' });
    // Renewed: a new registration from 1 April 2026; the approval not yet.
    const renewed = {
      registration_number: 'AAATS1234QE20264',
      registration_date: '2026-04-01',
      registration_valid_until: '2031-03-31',
    };
    expect((await t.api('PUT', '/api/v2/trust-settings/1', { body: renewed })).status).toBe(200);
    try {
      const old = await t.api('GET', `/api/v2/donations/${id}/receipt`);
      expect(old.body.receiptNo).toBe(receiptNo);
      expect(old.body.trust.registration).toEqual({
        number: TRUST.registration_number,
        date: '28 मई 2021',
        validUntil: '31 मार्च 2026',
      });
      expect(old.body.lapses).toEqual([]);
      const oldPdf = pdfText((await binary(t, `/api/v2/donations/${id}/receipt.pdf`)).bytes);
      expect(oldPdf).toContain(TRUST.registration_number);
      expect(oldPdf).not.toContain(renewed.registration_number);
      expect(oldPdf).not.toContain('ध्यान दें');

      // A receipt issued now prints the renewed registration, valid on its day; the approval had expired.
      const { id: newId } = await receipted({ date: '2026-11-25T22:41:20.978Z' });
      const fresh = await t.api('GET', `/api/v2/donations/${newId}/receipt`);
      expect(fresh.body.trust.registration.number).toBe(renewed.registration_number);
      expect(fresh.body.lapses.map((l: { which: string }) => l.which)).toEqual(['approval']);
    } finally {
      await t.api('PUT', '/api/v2/trust-settings/1', { body: TRUST });
    }
  });

  it('tells the person issuing a receipt, before it is issued, which registration did not hold on its day', async () => {
    const check = (date: string, token?: string | null) =>
      t.api('GET', `/api/v2/donations/registration-check?date=${encodeURIComponent(date)}`, { token });
    const late = await check('2026-11-26T10:00:00+05:30');
    expect(late.status, late.text).toBe(200);
    expect(late.body).toEqual({
      day: '2026-11-26',
      lapses: [
        expect.objectContaining({ which: 'registration', standing: 'expired', until: '2026-03-31' }),
        expect.objectContaining({ which: 'approval', standing: 'expired', until: '2026-03-31' }),
      ],
    });
    // The day is the trust's: 23:59 on 31 March in India is still within.
    expect((await check('2026-03-31T18:29:00Z')).body).toEqual({ day: '2026-03-31', lapses: [] });
    expect((await check('2026-03-31T18:31:00Z')).body.day).toBe('2026-04-01');

    for (const bad of ['', 'yesterday', '2026-11-26', '2026-02-30T10:00:00Z']) {
      const refused = await check(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toBe(
        "Please give the donation's date and time, such as ?date=2026-11-26T10:00:00+05:30.",
      );
    }
    expect((await check('2026-11-26T10:00:00Z', null)).status).toBe(401);
    const viewer = await t.employee({ permissions: { Donations: { Donations: { Global: { View: true } } } } });
    expect((await check('2026-11-26T10:00:00Z', viewer.token)).status).toBe(403);
    const clerk = await t.employee({ permissions: { Donations: { Donations: { Global: { Add: true } } } } });
    expect((await check('2026-11-26T10:00:00Z', clerk.token)).status).toBe(200);
  });

  it('prints every value as text: nothing typed runs as Typst', async () => {
    const hostile = '#import "x": * ] $x$ #panic("boom") <l> @r \\ ) }';
    const updated = await t.api('PUT', '/api/v2/trust-settings/1', { body: { name_en: '#panic("trust") ]' } });
    expect(updated.status, updated.text).toBe(200);
    const { id } = await receipted({ donor_name: hostile, remarks: '#read("/etc/passwd")' });
    const pdf = await binary(t, `/api/v2/donations/${id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('#panic("trust") ]');
    expect(text.replace(/\s+/g, ' ')).toContain(hostile.replace(/\s+/g, ' '));
    expect(text).not.toContain('root:');
  });

  it('marks a cancelled receipt cancelled, with its reason; shows the logo, and skips one whose file is gone', async () => {
    const { id } = await receipted({});
    await t.database.db
      .update(tableOf(donations))
      .set({ status: 'Cancelled', cancel_reason: 'दोहरी प्रविष्टि', cancelled_at: new Date() })
      .where(eq(tableOf(donations).id, id));
    // A logo whose variant is stored, and a seal whose file is missing.
    const logoId = 'a'.repeat(32);
    const uploads = t.app.services.config.UPLOADS_DIR;
    mkdirSync(join(uploads, 'images'), { recursive: true });
    await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a1f1f' } })
      .webp()
      .toFile(join(uploads, 'images', `${logoId}-640.webp`));
    await t.database.db
      .update(tableOf(trustSettings))
      .set({ logo: `/uploads/images/${logoId}.png`, seal: `/uploads/images/${'b'.repeat(32)}.png` })
      .where(eq(tableOf(trustSettings).id, 1));

    const data = await t.api('GET', `/api/v2/donations/${id}/receipt`);
    expect(data.body.cancelled).toMatchObject({ reason: 'दोहरी प्रविष्टि' });
    const pdf = await binary(t, `/api/v2/donations/${id}/receipt.pdf`);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.bytes);
    expectInOrder(text, ['यह रसीद रद्द कर दी गई है।', 'कारण: दोहरी प्रविष्टि']);
    const file = join(work, 'cancelled.pdf');
    writeFileSync(file, pdf.bytes);
    const images = execFileSync('pdfimages', ['-list', file]).toString();
    expect(images.trim().split('\n').length - 2, images).toBe(1);
  });

  it('answers 403 without View on Donations, 404 for no such donation, 409 for one without a receipt', async () => {
    const created = await t.api('POST', '/api/v2/donations', { body: { donor_name: 'प्रतीक्षा', amount: 500 } });
    expect(created.status, created.text).toBe(201);
    for (const path of [
      `/api/v2/donations/${created.body.id}/receipt`,
      `/api/v2/donations/${created.body.id}/receipt.pdf`,
    ]) {
      const pending = await t.api('GET', path);
      expect(pending.status).toBe(409);
      expect(pending.body.message).toBe(NO_RECEIPT_YET);
      expect((await t.api('GET', path.replace(`/${created.body.id}/`, '/999999/'))).status).toBe(404);
      const nobody = await t.employee({ permissions: {} });
      expect((await t.api('GET', path, { token: nobody.token })).status).toBe(403);
      const viewer = await t.employee({
        permissions: { Donations: { Donations: { Global: { View: true } } } },
      });
      expect((await t.api('GET', path, { token: viewer.token })).status).toBe(409);
      expect((await t.api('GET', path, { token: null })).status).toBe(401);
    }
    const doc = await t.api('GET', '/api/docs/json', { token: null });
    expect(doc.body.paths['/api/v2/donations/{id}/receipt.pdf'].get.summary).toContain('PDF');
  });

  it('emails the donor the receipt with its PDF once, when the donation becomes Received', async () => {
    smtp.received.length = 0;
    const { id, receiptNo } = await receipted({ email: 'donor@example.org' });
    await t.app.services.mail.kick();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual(['donor@example.org']);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(mail.raw).toContain(`receipt-${receiptNo.replace('/', '-')}.pdf`);
    const base64 = /Content-Type: application\/pdf[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/i.exec(mail.raw)?.[1];
    expectInOrder(pdfText(Buffer.from(base64!.replace(/\s+/g, ''), 'base64')), ['दान रसीद', receiptNo]);
    // Sent: its attachment is not kept.
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'donor@example.org'));
    expect(row!.status).toBe('Sent');
    expect(existsSync(join(t.app.services.config.UPLOADS_DIR, '.mail', String(row!.id)))).toBe(false);
    // The donation's screen says what became of it (routes/api/v2/outbox.ts, emailsAboutRoute).
    const emails = await t.api('GET', `/api/v2/donations/${id}/emails`);
    expect(emails.body).toEqual([
      expect.objectContaining({ id: row!.id, to_address: 'donor@example.org', status: 'Sent', mail_server: true }),
    ]);

    // Another change of the donation sends nothing more; nor does a receipt without an address.
    await t.api('PUT', `/api/v2/donations/${id}`, { body: { remarks: 'धन्यवाद' } });
    await receipted({});
    await t.app.services.mail.kick();
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps the PDF with the email while it waits, so a retry sends the same file', async () => {
    smtp.received.length = 0;
    smtp.refuse = { code: 451, message: 'try later' };
    const { id } = await receipted({ email: 'later@example.org' });
    await t.app.services.mail.kick();
    const [row] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to_address, 'later@example.org'));
    expect(row!.status).toBe('Pending');
    // Not sent yet, and why; only for those who may view donations.
    const [waiting] = (await t.api('GET', `/api/v2/donations/${id}/emails`)).body;
    expect(waiting).toMatchObject({ status: 'Pending', attempts: 1, mail_server: true });
    expect(waiting.last_error).toMatch(/451 try later/);
    const clerk = await t.employee();
    expect((await t.api('GET', `/api/v2/donations/${id}/emails`, { token: clerk.token })).status).toBe(403);
    const folder = join(t.app.services.config.UPLOADS_DIR, '.mail', String(row!.id));
    expect(readdirSync(folder)).toEqual([expect.stringMatching(/^0-receipt-.*\.pdf$/)]);
    // The stored file is not served as an upload.
    expect((await fetch(`${t.url}/uploads/.mail/${row!.id}/${readdirSync(folder)[0]}`)).status).toBe(404);
    smtp.refuse = undefined;
    await t.database.db.update(mailOutbox).set({ next_attempt_at: new Date() }).where(eq(mailOutbox.id, row!.id));
    await t.app.services.mail.kick();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.raw).toMatch(/Content-Type: application\/pdf/i);
  });
});
