/**
 * A visitor's message, in Chromium: posted to /api/public/contact without a session, it appears in /contact-us as
 * new; opened, it is marked read; answered from its page, the reply reaches a real SMTP server and is kept with the
 * message. axe-core finds no serious or critical violation on the list, the message and the reply dialog. On the shared
 * server, whose SMTP server writes what it receives for the test to read (harness.ts, sharedMail).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessibilityProblems,
  ADMIN,
  dialogsSettled,
  hasChromium,
  searchList,
  sharedMail,
  startStack,
  uniqueTag,
  type Stack,
} from './harness.ts';

let stack: Stack;
let page: Page;
const SHOTS = process.env.E2E_SCREENSHOTS;
/** The visitor is this file's own: the server is shared. */
const tag = uniqueTag();
const VISITOR = { name: `Sunita Devi ${tag}`, email: `sunita-${tag}@example.org` };

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe.skipIf(!hasChromium)('contact messages in Chromium', () => {
  it('shows a posted message as new, marks it read when opened, and sends the reply', async () => {
    const posted = await fetch(`${stack.url}/api/public/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: VISITOR.name,
        email: VISITOR.email,
        phone: '9812345678',
        subject: 'Admission for my son',
        message: 'Namaste. Is there a seat in class 6 this year?',
      }),
    });
    expect(posted.status).toBe(201);

    await page.goto(`${stack.url}/login`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contact Us' }).click();
    await page.waitForURL('**/contact-us');
    // Found by the list's search: messages posted meanwhile by other files come first.
    await searchList(page, 'Search by name', VISITOR.name);
    const row = page.getByRole('row').filter({ hasText: VISITOR.name });
    await row.getByText('New', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('From').count()).toBe(1);
    await shot('contact-list-new');
    expect(await accessibilityProblems(page)).toEqual([]);

    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/contact-us\/view/);
    await page.getByText('Namaste. Is there a seat in class 6 this year?').waitFor();
    await page.getByRole('button', { name: 'Mark as unread' }).waitFor(); // opened: marked read
    await shot('contact-show-read');
    expect(await accessibilityProblems(page)).toEqual([]);

    await page.getByRole('button', { name: 'Reply', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply by email' });
    await expect.poll(() => dialog.getByLabel('Subject').inputValue()).toBe('Re: Admission for my son');
    await dialog.getByLabel('Message').fill('Yes, admissions for class 6 are open until 30 April. Please visit us.');
    await dialogsSettled(page);
    await shot('contact-reply-dialog');
    expect(await accessibilityProblems(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    await page.getByText(`Reply sent to ${VISITOR.email}.`).waitFor();
    await page.getByText('Yes, admissions for class 6 are open until 30 April. Please visit us.').first().waitFor();
    await shot('contact-show-replied');

    await expect
      .poll(() => sharedMail().filter((mail) => mail.to.includes(VISITOR.email)).length, { timeout: 15_000 })
      .toBe(1);
    const mail = sharedMail().find((m) => m.to.includes(VISITOR.email))!;
    expect(mail.decoded).toContain('Subject: Re: Admission for my son');
    expect(mail.decoded).toContain('admissions for class 6 are open until 30 April');

    await page.goto(`${stack.url}/contact-us`);
    await searchList(page, 'Search by name', VISITOR.name);
    const after = page.getByRole('row').filter({ hasText: VISITOR.name });
    await after.getByText('Read', { exact: true }).waitFor();
    expect(await after.getByText('New', { exact: true }).count()).toBe(0);
  });
});
