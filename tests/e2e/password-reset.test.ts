/**
 * Forgot and reset password in a real browser, on a server that sends email (a test SMTP server): the request, the
 * email under Outbox as an Admin sees it (its link hidden: nobody reads a live link through the admin), the
 * emailed link's form with the password policy, the new password signing in, and the old session ended.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import { ADMIN, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let page: Page;
let smtp: TestSmtp;

beforeAll(async () => {
  if (!hasChromium) return;
  smtp = await startSmtp();
  // Its own server: it changes the Admin's password (ending the Admin's sessions) and counts the reset emails in
  // the outbox; its SMTP server is the test's to read.
  stack = await startOwnStack({ env: { SMTP_URL: smtp.url } });
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

const NEW_PASSWORD = 'violet-lantern-42';

async function signIn(target: Page, password: string) {
  await target.getByLabel('Email').fill(ADMIN.email);
  await target.getByLabel(/^Password/).fill(password);
  await target.getByRole('button', { name: 'Log In' }).click();
}

describe.skipIf(!hasChromium)('password reset in Chromium', () => {
  it('emails a link that the outbox never shows, and the link sets a new password once', async () => {
    // Forgot password, without a session.
    await page.goto(`${stack.url}/forget-password`);
    await page.getByLabel(/^Email/).fill(ADMIN.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.waitForURL('**/reset-password');
    await page.getByText('A password reset link has been sent to your registered email address.').waitFor();

    // The email is under Outbox, which the Admin opens from the sidebar: sent, its link hidden.
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await page.waitForURL('**/login');
    await signIn(page, ADMIN.password);
    await page.waitForURL(`${stack.url}/`);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
    await page.waitForURL('**/outbox');
    const row = page.getByRole('row').filter({ hasText: 'Reset your Trust School password' });
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => row.innerText(), { timeout: 15_000 }).toContain('Sent');
    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/outbox\/\d+$/);
    const body = await page.getByLabel('Text').innerText();
    expect(body).toContain('[link hidden');
    expect(body).not.toMatch(/reset-password\?token=/);
    const received = smtp.received.find((mail) => mail.to.includes(ADMIN.email))!;
    const link = /(http:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(received.decoded)?.[1];
    expect(link).toBeDefined();

    // The link, opened elsewhere (PUBLIC_URL is localhost:PORT; the same server answers on 127.0.0.1).
    const context = await stack.browser.newContext();
    const other = await context.newPage();
    other.setDefaultTimeout(15_000);
    await other.goto(link!.replace(/^http:\/\/localhost:\d+/, stack.url));
    await other.getByText('Choose a new password for your account.').waitFor();
    await other.getByText('At least 10 characters.').waitFor();
    await other.getByLabel(/^New Password/).fill('qwertyuiop');
    await other.getByLabel(/^Confirm New Password/).fill('qwertyuiop');
    await other.getByRole('button', { name: 'Set New Password' }).click();
    await other.getByText('This password is one of the most common passwords. Please choose another.').waitFor();
    await other.getByLabel(/^New Password/).fill(NEW_PASSWORD);
    await other.getByLabel(/^Confirm New Password/).fill(NEW_PASSWORD);
    await other.getByRole('button', { name: 'Set New Password' }).click();
    await other.getByText('Your password has been reset. You can now sign in with your new password.').waitFor();
    await other.getByRole('link', { name: 'Go to Login' }).click();
    await other.waitForURL('**/login');
    await signIn(other, ADMIN.password);
    await other.getByText('Invalid email or password.').waitFor();
    await signIn(other, NEW_PASSWORD);
    await other.waitForURL(`${stack.url}/`);

    // The link works once.
    await other.goto(link!.replace(/^http:\/\/localhost:\d+/, stack.url));
    await other.getByLabel(/^New Password/).fill('another-good-password');
    await other.getByLabel(/^Confirm New Password/).fill('another-good-password');
    await other.getByRole('button', { name: 'Set New Password' }).click();
    await other
      .getByText('This password reset link is not valid or has already been used. Please ask for a new one.')
      .waitFor();
    await context.close();

    // The Admin's earlier session has ended.
    await page.goto(`${stack.url}/outbox`);
    await page.waitForURL('**/login');
  });
});
