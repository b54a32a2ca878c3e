/**
 * The login page in Chromium (issue 13, item 10): opening it logs nothing in the console and makes no request
 * that fails (it used to log a 401 on every visit), whether the browser never signed in or has signed out;
 * the sidebar's Login link signs out before it opens the form; signing in as an employee with User Type left at
 * Admin says which to choose. At 1400 and 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, adminToken, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

interface Watched {
  page: Page;
  context: BrowserContext;
  /** Console errors and failed requests since the page opened, one line each. */
  problems: string[];
}

async function watchedPage(width: number): Promise<Watched> {
  const context = await stack.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`failed: ${request.method()} ${request.url()}`));
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, context, problems };
}

/** Lets the page finish what it does on its own (its requests after the first render). */
const settled = (page: Page) => page.waitForLoadState('networkidle');

async function signIn(page: Page, email: string, password: string, userType?: 'Admin' | 'Employee') {
  if (userType) await page.getByLabel('User Type').selectOption(userType);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

describe.skipIf(!hasChromium)('the login page in Chromium', () => {
  for (const width of [1400, 390]) {
    it(`opens with no console error and no failed request, never signed in or signed out (${width} px)`, async () => {
      const { page, context, problems } = await watchedPage(width);
      try {
        // The app's address sends a visitor who is not signed in to the sign-in form: react-admin asks the auth
        // provider for the permissions on the way, which used to ask the server and log its 401.
        await page.goto(`${stack.url}/`);
        await page.waitForURL('**/login');
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        expect(problems).toEqual([]);
        await page.goto(`${stack.url}/login`);
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        expect(problems).toEqual([]);
        expect(await accessibilityProblems(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/login-page-${width}.png` });

        // Signed in, then signed out (cookie and identity gone): opening a page of the app is as quiet.
        await signIn(page, ADMIN.email, ADMIN.password);
        await page.waitForURL(`${stack.url}/`);
        await settled(page);
        // Forgotten while no page of the app is open (an open page would rightly meet the ended session's 401s).
        await page.evaluate(() => localStorage.clear());
        await page.goto('about:blank');
        await context.clearCookies();
        problems.length = 0;
        await page.goto(`${stack.url}/employee`);
        await page.waitForURL('**/login');
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('signs out before the sidebar’s Login link opens the sign-in form', async () => {
    const { page, context, problems } = await watchedPage(1400);
    try {
      await page.goto(`${stack.url}/login`);
      await signIn(page, ADMIN.email, ADMIN.password);
      await page.waitForURL(`${stack.url}/`);
      const nav = page.getByRole('navigation', { name: 'Main menu' });
      await nav.getByRole('button', { name: 'Company' }).click();
      await nav.getByRole('button', { name: 'Authentication' }).click();
      await nav.getByRole('link', { name: 'Login' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await settled(page);
      expect(problems).toEqual([]);
      // The session is over on the server: the dashboard sends back to the sign-in form.
      await page.goto(`${stack.url}/`);
      await page.waitForURL('**/login');
      await settled(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('tells an employee who left User Type at Admin to choose Employee', async () => {
    const token = await adminToken(stack);
    const email = `login-type-${Date.now()}@example.org`;
    const password = 'Employee-pass-2026!';
    const created = await fetch(`${stack.url}/api/v2/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ username: 'Asha Verma', email, password, user_type: 'Employee' }),
    });
    expect(created.status, await created.text()).toBe(201);
    const { page, context } = await watchedPage(390);
    try {
      await page.goto(`${stack.url}/login`);
      await signIn(page, email, password);
      await page
        .getByText('This account signs in as an Employee: choose Employee as the user type and sign in again.')
        .waitFor();
      await page.screenshot({ path: '/tmp/login-page-wrong-type-390.png' });
      await signIn(page, email, password, 'Employee');
      await page.waitForURL(`${stack.url}/`);
    } finally {
      await context.close();
    }
  });
});
