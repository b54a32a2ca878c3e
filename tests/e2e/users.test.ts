/**
 * The User List in a real browser against the real server: the add form with a generated password and a real
 * PNG (stored through PUT /api/v2/users/:id/profile-image after the user), the list, the user signing in with
 * the generated password, and the profile's activity summary, deactivation and reset link.
 */
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, searchList, startStack, uniqueTag, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;
/** The user's name and email are this file's own: the server is shared. */
const tag = uniqueTag();
const NAME = `Kiran Traders ${tag}`;
const EMAIL = `kiran-${tag}@example.org`;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
});
afterAll(async () => {
  await stack?.close();
});

async function choose(label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const signIn = (email: string, password: string) =>
  fetch(`${stack.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

describe.skipIf(!hasChromium)('the User List in Chromium', () => {
  it('adds a user with a generated password and an image, who signs in; the profile acts on the account', async () => {
    await page.goto(`${stack.url}/user/add`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/user/add');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Username, Email, and User Type are required fields.' }).waitFor();
    await page.getByLabel('Username').fill(NAME);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await choose('User Type', 'Vendor');
    await page.getByRole('button', { name: 'Generate' }).click();
    const password = await page.getByLabel('Password', { exact: true }).inputValue();
    expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{16}$/);
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await page.getByLabel('Profile Image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('User added successfully.').waitFor();
    await page.waitForURL(/\/user$/);
    // Found by the list's search: users made meanwhile by other files come first.
    await searchList(page, 'Search users', EMAIL);
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(expect.arrayContaining([NAME, EMAIL, 'Vendor', 'Active']));

    // The generated password signs in (twice), a wrong one fails once: the profile counts them.
    expect((await signIn(EMAIL, password)).status).toBe(200);
    expect((await signIn(EMAIL, password)).status).toBe(200);
    expect((await signIn(EMAIL, 'wrong-password')).status).toBe(401);

    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/user\/profile\/\d+$/);
    const info = page.getByRole('region', { name: 'Basic Info' });
    await info.getByText(EMAIL).waitFor();
    const image = await info.locator('img').getAttribute('src');
    expect(image).toMatch(/^\/uploads\/users\/[0-9a-f]{32}\.png$/);
    const served = await fetch(`${stack.url}${image}`);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(512);

    const activity = page.getByRole('region', { name: 'Activity Summary' });
    await activity.getByText('Sign-ins: 2').waitFor();
    await activity.getByText('Failed sign-ins: 1').waitFor();

    const settings = page.getByRole('region', { name: 'Account Settings' });
    await settings.getByRole('button', { name: 'Send reset link' }).click();
    await settings.getByText('Reset password link sent to your email.').waitFor();
    await settings.getByRole('button', { name: 'Deactivate' }).click();
    await settings.getByText('The account is deactivated; the user is signed out and cannot sign in.').waitFor();
    expect((await signIn(EMAIL, password)).status).toBe(401);
    await settings.getByRole('button', { name: 'Activate' }).click();
    await settings.getByText('The account is active; the user can sign in.').waitFor();
    expect((await signIn(EMAIL, password)).status).toBe(200);
  });
});
