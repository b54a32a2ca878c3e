/**
 * Forgot and reset password in a real browser, first in an office without a mail server, then with one:
 *
 * - the walk (docs/decisions.md, "Without a mail server, an Admin gives a one-time password link by hand"): without
 *   SMTP_URL a person forgets their password; the Outbox says the email waits for a mail server; the Admin gives a
 *   password link from the employee's page, with which the person chooses a new password and signs in; a reply to a
 *   visitor says it waits in the Outbox, never that it was sent. Then the server is started again on the same data with
 *   a mail server, and the waiting emails leave: the reply is Sent, and the reset email, whose link the password link
 *   replaced, is Discarded with the reason rather than sent;
 * - then, with the mail server: the request, the email under Outbox as an Admin sees it (its link hidden: nobody
 *   reads a live link through the admin), the emailed link's form with the password policy, the new password
 *   signing in, and the old session ended.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type TestSmtp } from '../helpers/smtp.ts';
import {
  accessibilityProblems,
  adminToken,
  ADMIN,
  hasChromium,
  searchList,
  startOwnStack,
  type OwnStack,
} from './harness.ts';

let stack: OwnStack;
let page: Page;
let smtp: TestSmtp;

beforeAll(async () => {
  if (!hasChromium) return;
  smtp = await startSmtp();
  // Its own server: it starts without a mail server and is started again with one on the same data; it changes the
  // Admin's password (ending the Admin's sessions) and counts the reset emails in the outbox.
  stack = await startOwnStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
  await smtp?.close();
});

const NEW_PASSWORD = 'violet-lantern-42';
const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};
const PERSON = { name: 'Kamla Devi', email: 'kamla.devi@example.org', password: 'kamla-first-password-1' };
const VISITOR = { name: 'Raghav Joshi', email: 'raghav.joshi@example.org' };

async function signIn(target: Page, password: string, email = ADMIN.email, userType?: 'Employee') {
  if (userType) await target.getByLabel('User Type').selectOption(userType);
  await target.getByLabel('Email').fill(email);
  await target.getByLabel(/^Password/).fill(password);
  await target.getByRole('button', { name: 'Log In' }).click();
}

/** The Admin's API, for what the walk does not show being made. */
async function api(token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The Outbox's row of the email to `address` about `subject` (its text, once it says `status`). */
async function outboxRow(address: string, subject: RegExp | string, status: string): Promise<string> {
  await page.goto(`${stack.url}/outbox`);
  const row = page.getByRole('row').filter({ hasText: address }).filter({ hasText: subject });
  await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
  await expect.poll(async () => (await row.innerText()).includes(status), { timeout: 15_000 }).toBe(true);
  return row.innerText();
}

describe.skipIf(!hasChromium)('an office without a mail server, then with one, in Chromium', () => {
  // A long walk with a restart of the server in it: over a minute on a busy machine.
  it(
    'lets the Admin help a person back in, says honestly what waits, and sends it once mail works',
    { timeout: 180_000 },
    async () => {
      const token = await adminToken(stack);
      const department = await api(token, 'POST', '/api/v2/departments', {
        department_name: 'Kitchen',
        description: 'Meals',
      });
      const designation = await api(token, 'POST', '/api/v2/designations', {
        designation: 'Cook',
        description: 'Cooks the meals',
        department_id: department.id,
      });
      const person = await api(token, 'POST', '/api/v2/employees', {
        full_name: PERSON.name,
        email: PERSON.email,
        password: PERSON.password,
        mobile: '9876543210',
        gender: 'Female',
        dob: '1985-02-10',
        hire_date: '2023-06-01',
        salary: 18000,
        contract_start_date: '2023-06-01',
        contract_last_date: '2027-05-31',
        role: 'user',
        permissions: {},
        department_id: department.id,
        designation_id: designation.id,
      });
      const posted = await fetch(`${stack.url}/api/public/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...VISITOR, phone: '9812345670', subject: 'Hostel', message: 'Is there a hostel?' }),
      });
      expect(posted.status).toBe(201);

      // The person forgets their password: there is no mail server, so the email cannot reach them.
      const personContext = await stack.browser.newContext();
      const theirs = await personContext.newPage();
      theirs.setDefaultTimeout(15_000);
      await theirs.goto(`${stack.url}/forget-password`);
      await theirs.getByLabel(/^Email/).fill(PERSON.email);
      await theirs.getByRole('button', { name: 'Reset' }).click();
      await theirs.waitForURL('**/reset-password');

      // The Admin sees it waiting in the Outbox, for a mail server that is not there.
      await page.goto(`${stack.url}/login`);
      await signIn(page, ADMIN.password);
      await page.waitForURL(`${stack.url}/`);
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Outbox' }).click();
      await page.waitForURL('**/outbox');
      await page.getByText('No mail server is configured (SMTP_URL), so nothing is sent').waitFor();
      expect(await outboxRow(PERSON.email, /password/i, 'Waiting for a mail server')).toContain('Pending');
      await shot('outbox-waiting');
      expect(await accessibilityProblems(page)).toEqual([]);

      // The Admin helps from the person's page: a link shown once, passed on by hand.
      await page.goto(`${stack.url}/employee/view/${person.id}`);
      await page.getByRole('button', { name: 'Give a Password Link' }).click();
      await page.getByRole('button', { name: 'Give Link' }).click();
      const given = await page
        .getByRole('dialog', { name: `Password link for ${PERSON.name}` })
        .getByLabel('Link')
        .inputValue();
      expect(given).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
      await page.getByRole('button', { name: 'Done' }).click();

      // The person must choose a new password with it; then signs in with it, and the old one no longer works.
      await theirs.goto(given.replace(/^http:\/\/localhost:\d+/, stack.url));
      await theirs.getByText('Choose a new password for your account.').waitFor();
      await theirs.getByLabel(/^New Password/).fill('kamla-new-password-7');
      await theirs.getByLabel(/^Confirm New Password/).fill('kamla-new-password-7');
      await theirs.getByRole('button', { name: 'Set New Password' }).click();
      await theirs.getByText('Your password has been reset. You can now sign in with your new password.').waitFor();
      await theirs.getByRole('link', { name: 'Go to Login' }).click();
      await theirs.waitForURL('**/login');
      await signIn(theirs, PERSON.password, PERSON.email, 'Employee');
      await theirs.getByText('Invalid email or password.').waitFor();
      await signIn(theirs, 'kamla-new-password-7', PERSON.email, 'Employee');
      await theirs.waitForURL((url) => url.pathname !== '/login');
      await personContext.close();

      // The emailed link can no longer work: the Outbox says so, rather than calling it waiting.
      const discarded = await outboxRow(PERSON.email, /password/i, 'Discarded');
      expect(discarded).toContain('a newer link replaced it, or it was used');

      // A reply to the visitor: kept, and the screen says its email waits in the Outbox, not that it was sent.
      const openMessage = async () => {
        await page.goto(`${stack.url}/contact-us`);
        await searchList(page, 'Search by name', VISITOR.name);
        await page.getByRole('row').filter({ hasText: VISITOR.name }).getByRole('link', { name: 'View' }).click();
        await page.waitForURL(/\/contact-us\/view/);
      };
      await openMessage();
      await page.getByRole('button', { name: 'Reply', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Reply by email' });
      await dialog.getByLabel('Message').fill('Yes, the school has a hostel for 120 students.');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await page
        .getByText(
          `Reply kept with the message. Its email to ${VISITOR.email} waits in the Outbox: no mail server is configured, so it has not been sent.`,
          { exact: false },
        )
        .waitFor();
      expect(await page.getByText(`Reply sent to ${VISITOR.email}.`).count()).toBe(0);
      const replyStatus = page.getByRole('status').filter({ hasText: 'Reply email:' });
      await expect.poll(() => replyStatus.innerText()).toContain('Waiting in the Outbox: no mail server is configured');
      await shot('contact-reply-waiting');
      expect(await accessibilityProblems(page)).toEqual([]);
      expect(smtp.received).toHaveLength(0);

      // A mail server is configured: the server starts again on the same data, and what waited leaves.
      await stack.restart({ env: { SMTP_URL: smtp.url } });
      await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1);
      expect(smtp.received[0]!.to).toEqual([VISITOR.email]);
      expect(smtp.received[0]!.decoded).toContain('Yes, the school has a hostel for 120 students.');

      // Each with its final status: under Outbox, and on the message's page.
      expect(await outboxRow(VISITOR.email, 'Re: Hostel', 'Sent')).not.toContain('Pending');
      expect(await page.getByText('No mail server is configured (SMTP_URL)').count()).toBe(0);
      expect(await outboxRow(PERSON.email, /password/i, 'Discarded')).toContain('a newer link replaced it');
      await shot('outbox-after-mail-server');
      expect(await accessibilityProblems(page)).toEqual([]);
      await openMessage();
      await expect.poll(() => replyStatus.innerText()).toContain(`Sent to ${VISITOR.email} on`);
      await shot('contact-reply-sent');
      expect(smtp.received.some((mail) => mail.to.includes(PERSON.email))).toBe(false);
    },
  );
});

describe.skipIf(!hasChromium)('password reset in Chromium, with a mail server', () => {
  it('emails a link that the outbox never shows, and the link sets a new password once', async () => {
    // A browser of its own: the walk above left the Admin signed in.
    page = await (await stack.browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    page.setDefaultTimeout(15_000);
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
    const row = page
      .getByRole('row')
      .filter({ hasText: ADMIN.email })
      .filter({ hasText: /password/i });
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
