/**
 * The public website's contact and donate forms in Chromium. With JavaScript turned off, a visitor sends the contact
 * form (first refused by the server, then sent), an online donation and a bank transfer; the admin then finds the
 * message and both Pending donations in the back-office's lists. With JavaScript on, the donate island shows the
 * chosen way's explanation and names the button for it. axe-core finds no serious or critical violation on either
 * page (empty, refused, done), at 360 px and 1280 px, and nothing scrolls sideways at 360 px. With
 * E2E_SCREENSHOTS=<dir>, each screen is also saved there to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORDS } from '../../public-site/words.ts';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
const SHOTS = process.env.E2E_SCREENSHOTS;
const words = WORDS.donatePage;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  const token = await adminToken(stack);
  const settings = await fetch(`${stack.url}/api/v2/trust-settings/1`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name_hi: 'श्री राम गुरुकुल ट्रस्ट',
      name_en: 'Shri Ram Gurukul Trust',
      address: 'ग्राम रामपुर, ज़िला अयोध्या, उत्तर प्रदेश 224001',
      phone: '+91 98765 43210',
      email: 'office@example.org',
      upi_id: 'shriram.gurukul@sbi',
      bank_account_name: 'Shri Ram Gurukul Trust',
      bank_account_number: '123456789012',
      bank_ifsc: 'SBIN0001234',
      bank_name: 'State Bank of India',
      bank_branch: 'Ayodhya',
    }),
  });
  expect(settings.status).toBe(200);
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function open(options: { width: number; javaScript: boolean }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await stack.browser.newContext({
    viewport: { width: options.width, height: 800 },
    javaScriptEnabled: options.javaScript,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return { context, page };
}

async function look(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The element that has the focus: its class and id. */
const focused = (page: Page) =>
  page.evaluate(() => ({ className: document.activeElement?.className, id: document.activeElement?.id }));

describe.skipIf(!hasChromium)('the contact and donate forms in Chromium', () => {
  it('sends the contact form and both donations with JavaScript turned off; the admin finds them', async () => {
    const { context, page } = await open({ width: 360, javaScript: false });

    // The contact form, refused once by the server (the browser takes `name@localhost`, the server wants a dot).
    await page.goto(`${stack.url}/web/connect-us`);
    await page.getByLabel(WORDS.contactPage.name, { exact: true }).fill('सुनीता देवी');
    await page.getByLabel(WORDS.contactPage.email, { exact: true }).fill('sunita@localhost');
    await page.getByLabel(new RegExp(`^${WORDS.contactPage.subject}`)).fill('प्रवेश');
    await page.getByLabel(WORDS.contactPage.message, { exact: true }).fill('क्या इस वर्ष कक्षा 6 में स्थान है?');
    await page.getByRole('button', { name: WORDS.contactPage.send }).click();
    await page.waitForURL(/\/web\/connect-us\?error=invalid&fields=email&draft=/);
    expect(await focused(page)).toMatchObject({ className: 'pf-summary' });
    const email = page.getByRole('textbox', { name: WORDS.contactPage.email });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('contact-email-error');
    await page.locator('#contact-email-error').getByText(WORDS.contactPage.fieldErrors.email).waitFor();
    expect(await page.getByLabel(WORDS.contactPage.name, { exact: true }).inputValue()).toBe('सुनीता देवी');
    expect(await page.getByLabel(WORDS.contactPage.message, { exact: true }).inputValue()).toBe(
      'क्या इस वर्ष कक्षा 6 में स्थान है?',
    );
    await noSidewaysScroll(page);
    await look(page, 'contact-refused-360');
    // The summary's link takes the keyboard to the field at fault.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ id: 'contact-email' });
    await email.fill('sunita@example.org');
    await page.getByRole('button', { name: WORDS.contactPage.send }).click();
    await page.waitForURL(/\/web\/connect-us\?sent=1$/);
    await page.getByText(WORDS.contactPage.sent).waitFor();
    expect(await focused(page)).toMatchObject({ className: 'pf-done' });
    await look(page, 'contact-sent-360');

    // An online donation: without JavaScript both ways are explained and the button says what is true of both.
    await page.goto(`${stack.url}/web/donate-now`);
    const button = page.locator('form button[type="submit"]');
    expect((await button.textContent())?.trim()).toBe(words.proceed);
    expect(await page.getByText(words.onlineExplain).isVisible()).toBe(true);
    expect(await page.getByText(words.bankExplain).isVisible()).toBe(true);
    await noSidewaysScroll(page);
    await look(page, 'donate-no-js-360');
    await page.getByLabel(words.name, { exact: true }).fill('रवि कुमार');
    await page.getByLabel(words.email, { exact: true }).fill('ravi@example.org');
    await page.getByLabel(words.amount, { exact: true }).fill('1100');
    expect(await page.getByLabel(words.online).isChecked()).toBe(true);
    await button.click();
    await page.waitForURL(/\/web\/donate-now\?donation=DN[0-9A-Z]{10}$/);
    const online = new URL(page.url()).searchParams.get('donation')!;
    await page.getByRole('heading', { name: words.thanksTitle }).waitFor();
    const upi = page.getByRole('link', { name: new RegExp(words.upiButton) });
    expect(await upi.getAttribute('href')).toMatch(
      new RegExp(
        `^upi://pay\\?pa=shriram\\.gurukul@sbi&pn=Shri%20Ram%20Gurukul%20Trust&am=1100\\.00&cu=INR&tn=${online}`,
      ),
    );
    const qr = page.getByRole('img', { name: words.qrAlt('₹1,100', online) });
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await noSidewaysScroll(page);
    await look(page, 'donate-online-done-360');

    // A bank transfer.
    await page.getByRole('link', { name: words.another }).click();
    await page.waitForURL(/\/web\/donate-now$/);
    await page.getByLabel(words.name, { exact: true }).fill('मीरा शर्मा');
    await page.getByLabel(words.email, { exact: true }).fill('meera@example.org');
    await page.getByLabel(words.amount, { exact: true }).fill('5000');
    await page.getByLabel(words.bank).check();
    await page.getByLabel(new RegExp(`^${words.message}`)).fill('पुस्तकालय के लिए');
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(/\/web\/donate-now\?donation=DN[0-9A-Z]{10}$/);
    const bank = new URL(page.url()).searchParams.get('donation')!;
    await page.getByRole('heading', { name: words.payBankTitle }).waitFor();
    const details = (await page.locator('.pf-pay').textContent()) ?? '';
    for (const shown of ['123456789012', 'SBIN0001234', 'State Bank of India', bank]) expect(details).toContain(shown);
    await look(page, 'donate-bank-done-360');
    await context.close();

    // The back-office (which needs JavaScript): the message, and both donations, Pending.
    const admin = await open({ width: 1280, javaScript: true });
    await admin.page.goto(`${stack.url}/login`);
    await admin.page.getByLabel('Email').fill(ADMIN.email);
    await admin.page.getByLabel(/^Password/).fill(ADMIN.password);
    await admin.page.getByRole('button', { name: 'Log In' }).click();
    await admin.page.waitForURL(`${stack.url}/`);
    await admin.page.goto(`${stack.url}/contact-us`);
    const message = admin.page.getByRole('row').filter({ hasText: 'सुनीता देवी' });
    await message.getByText('New', { exact: true }).waitFor();
    expect(await message.textContent()).toContain('प्रवेश');
    await admin.page.goto(`${stack.url}/donation`);
    for (const [donor, amount] of [
      ['रवि कुमार', '₹1,100'],
      ['मीरा शर्मा', '₹5,000'],
    ] as const) {
      const row = admin.page.getByRole('row').filter({ hasText: donor });
      await row.getByText('Pending', { exact: true }).waitFor();
      expect(await row.textContent()).toContain(amount);
    }
    await look(admin.page, 'admin-donations');
    await admin.context.close();
  });

  it('with JavaScript on, names the button for the way chosen and shows only its explanation', async () => {
    const { context, page } = await open({ width: 1280, javaScript: true });
    await page.goto(`${stack.url}/web/donate-now`);
    const button = page.locator('form button[type="submit"]');
    await expect.poll(() => button.textContent()).toBe(words.pay);
    expect(await page.getByText(words.onlineExplain).isVisible()).toBe(true);
    expect(await page.getByText(words.bankExplain).isVisible()).toBe(false);
    // By keyboard: the arrow keys move the choice within the radio group.
    await page.getByLabel(words.online).focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel(words.bank).isChecked()).toBe(true);
    await expect.poll(() => button.textContent()).toBe(words.request);
    expect(await page.getByText(words.bankExplain).isVisible()).toBe(true);
    expect(await page.getByText(words.onlineExplain).isVisible()).toBe(false);
    await look(page, 'donate-js-bank-1280');
    await page.getByLabel(words.online).check();
    await expect.poll(() => button.textContent()).toBe(words.pay);
    await context.close();
  });

  it('has no serious accessibility violation and no sideways scroll, empty, refused and done', async () => {
    const screens = [
      '/web/connect-us',
      '/web/connect-us?error=invalid&fields=name,email,phone,message',
      '/web/connect-us?sent=1',
      '/web/donate-now',
      '/web/donate-now?error=invalid&fields=name,email,amount,payment_method,pan',
      '/web/donate-now?error=rate_limited',
    ];
    // A donation's own page, of each way.
    for (const method of ['online', 'bank']) {
      const posted = await fetch(`${stack.url}/api/public/donations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Axe', email: `axe-${method}@example.org`, amount: 501, payment_method: method }),
      });
      expect(posted.status).toBe(201);
      screens.push(`/web/donate-now?donation=${((await posted.json()) as { reference: string }).reference}`);
    }
    for (const width of [360, 1280]) {
      const { context, page } = await open({ width, javaScript: true });
      for (const path of screens) {
        await page.goto(`${stack.url}${path}`);
        await noSidewaysScroll(page);
        expect(await accessibilityProblems(page), `${path} at ${width}`).toEqual([]);
      }
      await page.goto(`${stack.url}/web/connect-us`);
      await look(page, `contact-${width}`);
      await page.goto(`${stack.url}/web/donate-now`);
      await look(page, `donate-${width}`);
      // The keyboard's way through the donate form: every stop shows where it is.
      await page.locator('#donate-name').focus();
      for (let i = 0; i < 8; i += 1) {
        const outline = await page.evaluate(() => {
          const style = getComputedStyle(document.activeElement!);
          return `${style.outlineStyle} ${style.outlineWidth}`;
        });
        expect(outline, `stop ${i}`).toBe('solid 3px');
        await page.keyboard.press('Tab');
      }
      await context.close();
    }
  });
});
