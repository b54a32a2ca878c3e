/**
 * The login page in Chromium: opening it logs nothing in the console and makes no request
 * that fails (it used to log the session check's 401 on every visit), whether the browser never signed in or has
 * signed out. "Signed in" is the server's word, read without asking: the XSRF-TOKEN cookie it sets and clears with
 * the session. A session ended on the server while the browser kept its cookies costs one 401, which clears them:
 * the next visit is quiet again. At 1400 and 390 px.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, hasChromium, startStack, type Stack } from './harness.ts';

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
  /** Console errors, page errors, failed requests and answers of 400 or more since the page opened. */
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
  page.on('requestfailed', (request) =>
    problems.push(`failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? ''})`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      problems.push(`${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, context, problems };
}

/** Lets the page finish what it does on its own (its requests after the first render). */
const settled = (page: Page) => page.waitForLoadState('networkidle');

async function signIn(page: Page) {
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel(/^Password/).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The session's two cookies the browser holds (the sign-in throttle's `device` cookie is not the session's). */
const sessionCookies = async (context: BrowserContext) =>
  (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name === 'session' || name === 'XSRF-TOKEN')
    .sort();

describe.skipIf(!hasChromium)('the login page in Chromium', () => {
  for (const width of [1400, 390]) {
    it(`opens with no console error and no failed request, never signed in and after signing out (${width} px)`, async () => {
      const { page, context, problems } = await watchedPage(width);
      try {
        // The app's address sends a visitor who is not signed in to the sign-in form: react-admin asks the auth
        // provider for permissions on the way, which used to ask the server and log its 401.
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

        // Signed in: the dashboard, with the session asked for and answered.
        await signIn(page);
        await page.waitForURL(`${stack.url}/`);
        await page.getByRole('heading', { name: 'Monthly Donation Overview', includeHidden: true }).waitFor();
        // A phone opens on the menu drawer: closed to reach the header's profile menu.
        if (width < 600) await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Profile menu' }).waitFor();
        await settled(page);
        expect(problems).toEqual([]);
        expect(await sessionCookies(context)).toEqual(['XSRF-TOKEN', 'session']);

        // Signed out from the profile menu: the sign-in form, quiet, and quiet again on a fresh visit.
        await page.getByRole('button', { name: 'Profile menu' }).click();
        await page.getByRole('menuitem', { name: 'Logout' }).click();
        await page.waitForURL('**/login');
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        expect(await sessionCookies(context)).toEqual([]);
        await page.goto(`${stack.url}/employee`);
        await page.waitForURL('**/login');
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        await page.goto(`${stack.url}/login`);
        await page.getByRole('button', { name: 'Log In' }).waitFor();
        await settled(page);
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }

  it('meets a session ended on the server with one 401, which clears the cookies: the next visit is quiet', async () => {
    const { page, context, problems } = await watchedPage(1400);
    try {
      await page.goto(`${stack.url}/login`);
      await signIn(page);
      await page.waitForURL(`${stack.url}/`);
      await settled(page);
      const session = (await context.cookies()).find((cookie) => cookie.name === 'session')!;
      // Ended elsewhere (the same session signed out as an API client would), while this browser keeps its cookies.
      await page.goto('about:blank');
      const out = await fetch(`${stack.url}/api/v1/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.value}` },
      });
      expect(out.status).toBe(200);
      expect(await sessionCookies(context)).toEqual(['XSRF-TOKEN', 'session']);
      problems.length = 0;

      await page.goto(`${stack.url}/`);
      await page.waitForURL('**/login');
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await settled(page);
      // The one honest 401 (the browser logs it), and the server's answer cleared both cookies.
      expect(problems.filter((line) => !line.startsWith('console:'))).toEqual([`401: GET ${stack.url}/api/v2/session`]);
      expect(await sessionCookies(context)).toEqual([]);

      problems.length = 0;
      await page.goto(`${stack.url}/login`);
      await page.getByRole('button', { name: 'Log In' }).waitFor();
      await settled(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps a signed-in browser signed in across a full reload, with what its account may do', async () => {
    const { page, context, problems } = await watchedPage(1400);
    try {
      await page.goto(`${stack.url}/master/country`);
      await page.waitForURL('**/login');
      await signIn(page);
      await page.waitForURL('**/master/country');
      await page.getByRole('link', { name: 'Add Country' }).waitFor();
      for (let i = 0; i < 3; i++) {
        await settled(page);
        await page.reload();
        await page.getByRole('link', { name: 'Add Country' }).waitFor();
      }
      // Storage cleared (another tab, a privacy tool) while the session lives: the session names the account.
      await settled(page);
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await page.getByRole('link', { name: 'Add Country' }).waitFor();
      await page.getByRole('button', { name: 'Profile menu' }).click();
      await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
      await settled(page);
      // A reload cuts short the requests of the page it leaves (net::ERR_ABORTED): the test's doing, not a fault.
      expect(problems.filter((line) => !line.endsWith('(net::ERR_ABORTED)'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
