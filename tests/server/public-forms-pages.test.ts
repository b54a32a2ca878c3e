// engines: pglite, postgres — limits counted in the database; stored rows read back
/**
 * The public website's contact and donate pages (/web/connect-us, /web/donate-now) on a real server and database:
 * what they show from the trust's settings, a plain HTML form post as a browser without JavaScript sends it
 * (application/x-www-form-urlencoded, the page's own `redirect`) that stores the message or the Pending donation and
 * comes back to a page saying so in Hindi, the donation's own page (UPI link and QR code, or bank details) kept out
 * of every cache, and refused posts: each error code said in the page's own words next to its field, what was typed
 * given back once, and nothing of an unknown code or a sentence put in the address.
 */
import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, donations } from '../../src/resources/index.ts';
import { rateLimits, tableOf } from '../../src/server/db/schema.ts';
import { FORM_ERROR_CODES } from '../../src/server/routes/api/public/form-posts.ts';
import { WORDS } from '../../public-site/words.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

// jsdom (a devDependency, without type declarations of its own) parses the pages as a browser would.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string) => { window: { document: Document } };
};

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_FORM_LIMIT_PER_EMAIL: '3', PUBLIC_FORM_LIMIT_PER_ADDRESS: '50' } });
});
afterAll(async () => t?.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const messagesTable = tableOf(contactMessages);
const donationsTable = tableOf(donations);
const CONTACT = '/web/connect-us';
const DONATE = '/web/donate-now';

async function page(path: string) {
  const response = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
  const html = await response.text();
  return { status: response.status, headers: response.headers, html, document: new JSDOM(html).window.document };
}

/** What a browser without JavaScript sends: the form's fields, urlencoded, to the form's action; the 303's Location. */
async function submit(action: string, fields: Record<string, string>) {
  const response = await fetch(`${t.url}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${t.url}/web/elsewhere` },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  expect(response.status, await response.clone().text()).toBe(303);
  return response.headers.get('location')!;
}

/** The fields a browser would send from the page's form as it is rendered (hidden ones included), with `typed`. */
function formFields(
  document: Document,
  typed: Record<string, string>,
): { action: string; fields: Record<string, string> } {
  const form = document.querySelector('form')!;
  const fields: Record<string, string> = {};
  for (const element of form.querySelectorAll<HTMLInputElement>('input, textarea')) {
    if (element.type === 'radio' && !element.checked) continue;
    fields[element.name] = element.value;
  }
  return { action: form.getAttribute('action')!, fields: { ...fields, ...typed } };
}

const settings = (values: Record<string, unknown>) =>
  t.api('PUT', '/api/v2/trust-settings/1', { body: values }).then((r) => expect(r.status, r.text).toBe(200));

const BANK = {
  bank_account_name: 'Shri Ram Gurukul Trust',
  bank_account_number: '123456789012',
  bank_ifsc: 'SBIN0001234',
  bank_name: 'State Bank of India',
  bank_branch: 'Ayodhya',
};
const NO_BANK = Object.fromEntries(Object.keys(BANK).map((key) => [key, null]));
const textOf = (element: Element | null) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('/web/connect-us', () => {
  it("shows the form with its labels and the trust's office hours, address, phone and email", async () => {
    const fresh = await page(CONTACT);
    expect(fresh.status).toBe(200);
    // A new installation's office hours, from the settings' default (the spec's English), as this Hindi site says them.
    expect(textOf(fresh.document.querySelector('.pf-aside'))).toContain(WORDS.footer.defaultHours);
    expect(textOf(fresh.document.querySelector('.pf-aside'))).not.toContain('9:00 AM - 6:00 PM, Mon - Sat');

    await settings({
      address: 'ग्राम रामपुर, ज़िला अयोध्या',
      phone: '+91 98765 43210',
      email: 'office@gurukul.example.org',
      office_hours: '8:00 AM - 2:00 PM, Mon - Sat',
    });
    const { document, headers } = await page(CONTACT);
    expect(headers.get('cache-control')).toBe('public, no-cache');
    const form = document.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/api/public/contact');
    expect(form.querySelector<HTMLInputElement>('input[name="redirect"]')!.value).toBe(CONTACT);
    const input = (name: string) => form.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    const label = (name: string) => textOf(document.querySelector(`label[for="${input(name).id}"]`));
    expect(label('name')).toBe(WORDS.contactPage.name);
    expect(label('phone')).toBe(`${WORDS.contactPage.phone} (${WORDS.forms.optional})`);
    expect([input('name').autocomplete, input('email').autocomplete, input('phone').autocomplete]).toEqual([
      'name',
      'email',
      'tel',
    ]);
    expect([input('email').type, input('phone').type]).toEqual(['email', 'tel']);
    expect([input('name').required, input('email').required, input('message').required]).toEqual([true, true, true]);
    expect([input('phone').required, input('subject').required]).toEqual([false, false]);
    // The phone pattern compiles with the `v` flag browsers use, and agrees with the declaration's rule.
    const phone = new RegExp(`^(?:${input('phone').pattern})$`, 'v');
    expect(['9876543210', '+91 98765 43210', '0522-2345678'].every((v) => phone.test(v))).toBe(true);
    expect(['call me', '12'].some((v) => phone.test(v))).toBe(false);
    // The field for bots: out of the tab order, hidden from assistive technology.
    const trap = input('website');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();

    const aside = textOf(document.querySelector('.pf-aside'));
    for (const shown of ['8:00 AM - 2:00 PM, Mon - Sat', 'ग्राम रामपुर, ज़िला अयोध्या', '+91 98765 43210'])
      expect(aside).toContain(shown);
    expect(document.querySelector('.pf-aside a[href="mailto:office@gurukul.example.org"]')).not.toBeNull();
    expect(document.querySelector('.pf-aside a[href="tel:+919876543210"]')).not.toBeNull();
    expect(document.querySelectorAll('script[src]')).toHaveLength(0);
  });

  it('takes the form as a browser without JavaScript posts it, stores the message and says so in Hindi', async () => {
    const { document } = await page(CONTACT);
    const { action, fields } = formFields(document, {
      name: 'आशा वर्मा',
      email: 'asha.pages@example.org',
      phone: '98765 43210',
      subject: 'प्रवेश',
      message: 'कक्षा 6 में प्रवेश कब से है?',
    });
    const location = await submit(action, fields);
    expect(location).toBe(`${CONTACT}?sent=1`);
    const [row] = await t.database.db
      .select()
      .from(messagesTable)
      .where(eq(messagesTable.email, 'asha.pages@example.org'));
    expect(row).toMatchObject({ name: 'आशा वर्मा', subject: 'प्रवेश', message: 'कक्षा 6 में प्रवेश कब से है?', is_read: false });

    const after = await page(location);
    expect(after.status).toBe(200);
    const done = after.document.querySelector('.pf-done')!;
    expect(textOf(done)).toContain(WORDS.contactPage.sent);
    expect(done.hasAttribute('autofocus')).toBe(true);
    expect(after.document.title).toContain(WORDS.contactPage.sentTitle);
  });

  it('says what is wrong next to the field, gives back what was typed once, and is kept from every cache', async () => {
    const { document } = await page(CONTACT);
    const { action, fields } = formFields(document, {
      name: 'Ramesh',
      // The browser's own check takes `a@b`; the server's rule wants a dot after the @.
      email: 'ramesh@localhost',
      phone: '',
      subject: 'Fees',
      message: 'What are the fees for class 9?',
    });
    const location = await submit(action, fields);
    const back = new URL(location, t.url);
    expect(back.pathname).toBe(CONTACT);
    expect(back.searchParams.get('error')).toBe('invalid');
    expect(back.searchParams.get('fields')).toBe('email');
    expect(await t.database.db.select().from(messagesTable).where(eq(messagesTable.name, 'Ramesh'))).toEqual([]);

    const refused = await page(location);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    const doc = refused.document;
    const summary = doc.querySelector('.pf-summary')!;
    expect(summary.hasAttribute('autofocus')).toBe(true);
    expect(summary.getAttribute('tabindex')).toBe('-1');
    expect(textOf(summary)).toContain(WORDS.forms.errors.invalid);
    const link = summary.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('#contact-email');
    expect(textOf(link)).toBe(WORDS.contactPage.fieldErrors.email);
    const email = doc.querySelector<HTMLInputElement>('#contact-email')!;
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(textOf(doc.getElementById(email.getAttribute('aria-describedby')!))).toBe(
      WORDS.contactPage.fieldErrors.email,
    );
    expect(doc.querySelector('#contact-name')!.getAttribute('aria-invalid')).toBeNull();
    // What was typed is back in its fields.
    expect(email.value).toBe('ramesh@localhost');
    expect(doc.querySelector<HTMLInputElement>('#contact-name')!.value).toBe('Ramesh');
    expect(doc.querySelector<HTMLInputElement>('#contact-subject')!.value).toBe('Fees');
    expect(doc.querySelector('#contact-message')!.textContent).toBe('What are the fees for class 9?');

    // Once: the same address again (another visitor given the link) finds the error but nothing typed.
    const again = await page(location);
    expect(textOf(again.document.querySelector('.pf-summary'))).toContain(WORDS.contactPage.fieldErrors.email);
    expect(again.document.querySelector<HTMLInputElement>('#contact-name')!.value).toBe('');
    expect(again.html).not.toContain('Ramesh');
  });

  it("says each error code in the page's own words, and nothing of an unknown code or a sentence in the address", async () => {
    for (const code of FORM_ERROR_CODES) expect(WORDS.forms.errors[code], code).toBeTruthy();
    const limited = await page(`${CONTACT}?error=rate_limited`);
    expect(textOf(limited.document.querySelector('.pf-summary'))).toContain(WORDS.forms.errors.rate_limited);

    const phishing = 'Donations now go to UPI fraud@ybl';
    for (const query of [
      `error=${encodeURIComponent(phishing)}`,
      `error=unknown_code&fields=${encodeURIComponent(phishing)}`,
      `sent=${encodeURIComponent(phishing)}`,
      `error=invalid&fields=${encodeURIComponent(`email,${phishing},<b>x</b>`)}`,
    ]) {
      const shown = await page(`${CONTACT}?${query}`);
      expect(shown.status, query).toBe(200);
      expect(shown.html, query).not.toContain('fraud');
      expect(shown.html, query).not.toContain('<b>x');
    }
    const unknown = await page(`${CONTACT}?error=${encodeURIComponent(phishing)}`);
    expect(unknown.document.querySelector('.pf-summary')).toBeNull();
    expect(unknown.document.querySelector('[aria-invalid]')).toBeNull();
    // Only the form's own fields are marked.
    const mixed = await page(`${CONTACT}?error=invalid&fields=email,${encodeURIComponent(phishing)}`);
    expect([...mixed.document.querySelectorAll('[aria-invalid="true"]')].map((e) => e.id)).toEqual(['contact-email']);
  });

  it('answers a post past the hourly limit with its own sentence, keeping what was typed', async () => {
    const { document } = await page(CONTACT);
    let location = '';
    for (let i = 0; i < 4; i += 1) {
      const { action, fields } = formFields(document, {
        name: 'Often',
        email: 'often.pages@example.org',
        message: `Message ${i}`,
      });
      location = await submit(action, fields);
    }
    expect(new URL(location, t.url).searchParams.get('error')).toBe('rate_limited');
    const shown = await page(location);
    expect(textOf(shown.document.querySelector('.pf-summary'))).toContain(WORDS.forms.errors.rate_limited);
    expect(shown.document.querySelector('#contact-message')!.textContent).toBe('Message 3');
  });
});

describe('/web/donate-now', () => {
  it('offers only what the trust can take: nothing, online alone, the bank alone, or both with the island', async () => {
    await settings({ upi_id: null, ...NO_BANK });
    const none = await page(DONATE);
    expect(none.document.querySelector('form')).toBeNull();
    expect(textOf(none.document.querySelector('main'))).toContain(WORDS.donatePage.none);

    await settings({ upi_id: 'gurukul.trust@sbi' });
    const online = await page(DONATE);
    const radios = (doc: Document) =>
      [...doc.querySelectorAll<HTMLInputElement>('input[name="payment_method"]')].map((r) => r.value);
    expect(radios(online.document)).toEqual(['online']);
    expect(textOf(online.document.querySelector('button[type="submit"]'))).toBe(WORDS.donatePage.pay);
    expect(textOf(online.document.querySelector('fieldset'))).toContain(WORDS.donatePage.noBank);
    expect(online.document.querySelectorAll('script[src]')).toHaveLength(0);

    await settings({ upi_id: null, ...BANK });
    const bank = await page(DONATE);
    expect(radios(bank.document)).toEqual(['bank']);
    expect(textOf(bank.document.querySelector('button[type="submit"]'))).toBe(WORDS.donatePage.request);
    expect(textOf(bank.document.querySelector('[data-method="bank"]'))).toContain('SBIN0001234');

    await settings({ upi_id: 'gurukul.trust@sbi' });
    const both = await page(DONATE);
    const doc = both.document;
    expect(radios(doc)).toEqual(['online', 'bank']);
    expect(doc.querySelector<HTMLInputElement>('input[value="online"]')!.checked).toBe(true);
    // Without JavaScript: both explanations, and a button true of both; the island names it for the choice.
    expect(doc.querySelectorAll('[data-method]')).toHaveLength(2);
    const button = doc.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(textOf(button)).toBe(WORDS.donatePage.proceed);
    expect([button.dataset.labelOnline, button.dataset.labelBank]).toEqual([
      WORDS.donatePage.pay,
      WORDS.donatePage.request,
    ]);
    const island = doc.querySelector('script[src^="/web/assets/donate."]')!;
    expect(island).not.toBeNull();
    expect((await fetch(`${t.url}${island.getAttribute('src')}`)).status).toBe(200);
    const field = (name: string) => doc.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
    expect([field('name').autocomplete, field('email').autocomplete, field('email').type]).toEqual([
      'name',
      'email',
      'email',
    ]);
    expect(field('amount').inputMode).toBe('numeric');
    expect(field('amount').required).toBe(true);
    expect([field('message').required, field('pan').required]).toEqual([false, false]);
  });

  it('takes an online donation without JavaScript and shows its UPI link and QR code on a private page', async () => {
    await settings({ name_en: 'Shri Ram Gurukul Trust', upi_id: 'gurukul.trust@sbi', ...BANK });
    const { document } = await page(DONATE);
    const { action, fields } = formFields(document, {
      name: 'रवि कुमार',
      email: 'ravi.pages@example.org',
      amount: '1100',
      pan: 'abcde1234f',
    });
    expect(fields.payment_method).toBe('online');
    const location = await submit(action, fields);
    const reference = new URL(location, t.url).searchParams.get('donation')!;
    expect(reference).toMatch(/^DN[0-9A-Z]{10}$/);
    const [row] = await t.database.db
      .select()
      .from(donationsTable)
      .where(eq(donationsTable.email, 'ravi.pages@example.org'));
    expect(row).toMatchObject({
      donor_name: 'रवि कुमार',
      amount: 1100,
      status: 'Pending',
      source: 'Website',
      payment_method: 'Online Payment',
      reference,
      pan: 'ABCDE1234F',
    });

    const shown = await page(location);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const doc = shown.document;
    expect(textOf(doc.querySelector('.pf-done'))).toContain(WORDS.donatePage.thanksTitle);
    expect(textOf(doc.querySelector('.pf-done'))).toContain(reference);
    expect(textOf(doc.querySelector('.pf-done'))).toContain('₹1,100');
    const upi = doc.querySelector<HTMLAnchorElement>('a.pf-upi')!;
    expect(upi.getAttribute('href')).toBe(
      `upi://pay?pa=gurukul.trust@sbi&pn=Shri%20Ram%20Gurukul%20Trust&am=1100.00&cu=INR&tn=${reference}&tr=${reference}`,
    );
    const qr = doc.querySelector<HTMLImageElement>('img.pf-qr')!;
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(qr.getAttribute('src')!.slice('data:image/svg+xml,'.length))).toMatch(
      /^<svg[\s\S]*<\/svg>/,
    );
    expect(qr.getAttribute('alt')).toBe(WORDS.donatePage.qrAlt('₹1,100', reference));
    // Nothing personal on the page.
    expect(shown.html).not.toContain('ravi.pages');
    expect(shown.html).not.toContain('ABCDE1234F');

    // Never kept: once Received, the same address says so at once.
    const received = await t.api('PUT', `/api/v2/donations/${row!.id}`, { body: { status: 'Received' } });
    expect(received.status, received.text).toBe(200);
    const paid = await page(location);
    expect(textOf(paid.document.querySelector('.pf-done'))).toContain(WORDS.donatePage.received);
    expect(paid.document.querySelector('a.pf-upi')).toBeNull();
  });

  it("takes a bank transfer without JavaScript and shows the trust's account with the reference to write", async () => {
    await settings({ upi_id: 'gurukul.trust@sbi', ...BANK });
    const { document } = await page(DONATE);
    const { action, fields } = formFields(document, {
      name: 'Meera',
      email: 'meera.pages@example.org',
      amount: '5000',
      payment_method: 'bank',
      message: 'पुस्तकालय के लिए',
    });
    const location = await submit(action, fields);
    const reference = new URL(location, t.url).searchParams.get('donation')!;
    const [row] = await t.database.db
      .select()
      .from(donationsTable)
      .where(eq(donationsTable.email, 'meera.pages@example.org'));
    expect(row).toMatchObject({ payment_method: 'Bank Transfer', status: 'Pending', amount: 5000, reference });
    expect(row!.remarks).toBe('पुस्तकालय के लिए');

    const shown = await page(location);
    expect(shown.headers.get('cache-control')).toBe('private, no-store');
    const pay = textOf(shown.document.querySelector('.pf-pay'));
    expect(pay).toContain(WORDS.donatePage.payBankTitle);
    for (const value of ['Shri Ram Gurukul Trust', '123456789012', 'SBIN0001234', 'State Bank of India', reference])
      expect(pay).toContain(value);
    expect(shown.document.querySelector('img.pf-qr')).toBeNull();
  });

  it('refuses bad input next to its fields, keeps the choice and what was typed; an unknown reference is a 404', async () => {
    await settings({ upi_id: 'gurukul.trust@sbi', ...BANK });
    const { document } = await page(DONATE);
    const { action, fields } = formFields(document, {
      name: 'Kamala',
      email: 'kamala.pages@example.org',
      amount: '0',
      payment_method: 'bank',
      pan: 'ABC',
    });
    const location = await submit(action, fields);
    const back = new URL(location, t.url);
    expect(back.searchParams.get('error')).toBe('invalid');
    expect(back.searchParams.get('fields')!.split(',').sort()).toEqual(['amount', 'pan']);
    const doc = (await page(location)).document;
    const amount = doc.querySelector<HTMLInputElement>('#donate-amount')!;
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe('donate-amount-hint donate-amount-error');
    expect(textOf(doc.getElementById('donate-amount-error'))).toBe(
      WORDS.donatePage.fieldErrors.amount('₹1', '₹10,00,00,000'),
    );
    expect(textOf(doc.getElementById('donate-pan-error'))).toBe(WORDS.donatePage.fieldErrors.pan);
    expect(amount.value).toBe('0');
    expect(doc.querySelector<HTMLInputElement>('#donate-name')!.value).toBe('Kamala');
    expect(doc.querySelector<HTMLInputElement>('input[value="bank"]')!.checked).toBe(true);
    expect(doc.querySelector<HTMLInputElement>('input[value="online"]')!.checked).toBe(false);
    expect(await t.database.db.select().from(donationsTable).where(eq(donationsTable.donor_name, 'Kamala'))).toEqual(
      [],
    );

    // The trust took its UPI ID away after the page was shown: the page says so in its own words.
    await settings({ upi_id: null });
    const stale = await submit('/api/public/donations', {
      ...fields,
      amount: '100',
      pan: '',
      payment_method: 'online',
    });
    expect(new URL(stale, t.url).searchParams.get('error')).toBe('no_upi');
    expect(textOf((await page(stale)).document.querySelector('.pf-summary'))).toContain(WORDS.forms.errors.no_upi);

    for (const reference of ['DN0000000000', 'dn123', '<script>']) {
      const missing = await page(`${DONATE}?donation=${encodeURIComponent(reference)}`);
      expect(missing.status, reference).toBe(404);
      expect(missing.headers.get('cache-control')).toBe('private, no-store');
      expect(textOf(missing.document.querySelector('h1'))).toBe(WORDS.donatePage.notFoundTitle);
      expect(missing.html).not.toContain('<script>');
    }
  });
});
