/**
 * The bell in a real browser against the real server: with the admin open, a message posted to the public contact
 * form makes the bell's count go up by itself (the server's NOTIFICATION_REFRESH_SECONDS is 2 here, 30 by
 * default), the dropdown shows it, View More lists it on /notifications where it is marked read, and opening one
 * from the dropdown goes to the message and marks it read.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;
const SHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the bell asks every 2 seconds, and the Admin's unread count starts at 0.
  stack = await startOwnStack({ env: { NOTIFICATION_REFRESH_SECONDS: '2' } });
  page = await stack.browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

const bell = (unread: number) => page.getByRole('button', { name: `Notifications, ${unread} unread` });

async function postMessage(name: string, subject: string) {
  const res = await fetch(`${stack.url}/api/public/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email: 'visitor@example.org', subject, message: 'When does admission open?' }),
  });
  expect(res.status, await res.text()).toBe(201);
}

async function signIn(on: Page, path: string) {
  await on.goto(`${stack.url}${path}`);
  await on.waitForURL('**/login');
  await on.getByLabel('Email').fill(ADMIN.email);
  await on.getByLabel(/^Password/).fill(ADMIN.password);
  await on.getByRole('button', { name: 'Log In' }).click();
  await on.waitForURL(`**${path}`);
}

async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe.skipIf(!hasChromium)('notifications in Chromium', () => {
  it('counts a new contact message without a reload, lists it, and marks it read', async () => {
    await signIn(page, '/');
    await bell(0).waitFor();

    await postMessage('Asha Verma', 'Admission');
    // No reload: the bell asks again by itself.
    await bell(1).waitFor({ timeout: 10_000 });
    await bell(1).click();
    const dropdown = page.getByRole('region', { name: 'Notifications' });
    await dropdown.getByText('New contact message from Asha Verma: Admission').waitFor();
    await shot('bell-1400');

    await dropdown.getByRole('link', { name: 'View More' }).click();
    await page.waitForURL('**/notifications');
    const row = page.getByRole('row', { name: /New contact message from Asha Verma/ });
    await row.getByText('New', { exact: true }).waitFor();
    await shot('notifications-1400');
    if (SHOTS) {
      // A phone's width.
      const phone = await stack.browser.newPage({ viewport: { width: 390, height: 844 } });
      await signIn(phone, '/notifications');
      await phone
        .getByText(/New contact message from Asha Verma/)
        .first()
        .waitFor();
      // The layout opens its sidebar over the page at this width; close it as a person would.
      await phone.keyboard.press('Escape');
      await phone.locator('.MuiDrawer-modal').waitFor({ state: 'hidden' });
      await phone.screenshot({ path: `${SHOTS}/notifications-390.png` });
      await phone.getByRole('button', { name: 'Notifications, 1 unread' }).click();
      await phone
        .getByRole('region', { name: 'Notifications' })
        .getByText(/Asha Verma/)
        .waitFor();
      await phone.screenshot({ path: `${SHOTS}/bell-390.png` });
      await phone.close();
    }

    await row.getByRole('button', { name: 'Mark as read' }).click();
    await row.getByText('Read', { exact: true }).waitFor();
    await bell(0).waitFor();
    await row.getByRole('button', { name: 'Mark as unread' }).click();
    await bell(1).waitFor();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await bell(0).waitFor();
    await shot('notifications-read-1400');
  });

  it('opens a notification from the dropdown at its message, and marks it read', async () => {
    await postMessage('Meera', 'Visit');
    await bell(1).waitFor({ timeout: 10_000 });
    await bell(1).click();
    await page
      .getByRole('region', { name: 'Notifications' })
      .getByText('New contact message from Meera: Visit')
      .click();
    await page.waitForURL(/\/contact-us\/view\/\d+$/);
    await bell(0).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/contact-us\/view\/\d+$/);
  });
});
