/**
 * The admin's first load as a phone meets it (docs/performance.md, "The admin's first load"), in Chromium on the real
 * server with the real build: the bytes transferred, counted by Chromium itself (compressed, headers included), which
 * do not vary from run to run as times do. The sign-in page stays at or under 250 KB and loads none of the back-office;
 * the dashboard after signing in, at or under 600 KB in all; scripts and the page come brotli-compressed. The sign-in
 * screens come drawn in their HTML, in the language the browser chose, and the script takes the drawn form over;
 * the login page's script is React and the form alone, and it loads the back-office once the form is touched.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  measureFirstLoad,
  TARGET_DASHBOARD_BYTES,
  TARGET_SIGN_IN_BYTES,
  type Transfer,
} from '../../bench/admin-load.ts';
import { accessibilityProblems, ADMIN, hasChromium, startStack, type Stack } from './harness.ts';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_BYTES } from '../../scripts/vite-precompress.ts';

/** Whether a built file is too small to be worth compressing (the build makes no copy of it: vite-precompress.ts). */
const tooSmallToCompress = (t: Transfer) =>
  statSync(join(import.meta.dirname, '../../dist/admin', new URL(t.url).pathname)).size < MIN_BYTES;
/** Brotli, unless the file is too small for it to pay. */
const compressed = (t: Transfer) =>
  tooSmallToCompress(t) ? t.encoding === '' || t.encoding === 'br' : t.encoding === 'br';

let stack: Stack;
beforeAll(async () => {
  if (hasChromium) stack = await startStack();
});
afterAll(async () => {
  await stack?.close();
});

const sum = (transfers: Transfer[]) => transfers.reduce((total, t) => total + t.bytes, 0);
const list = (transfers: Transfer[]) =>
  transfers.map((t) => `${t.status} ${new URL(t.url).pathname} ${t.encoding || 'identity'} ${t.bytes} B`).join('\n');

describe.skipIf(!hasChromium)('first load', () => {
  it('signs in and shows the dashboard within the budgets, compressed, the back-office only after the sign-in', async () => {
    const { signIn, dashboard } = await measureFirstLoad(stack.browser, stack.url, ADMIN);

    // The sign-in page: its HTML and the entry script, nothing of the back-office, within 250 KB; not even
    // react-admin's start (start.tsx), which the drawn form loads once it is touched.
    expect(signIn.length, list(signIn)).toBeGreaterThanOrEqual(2);
    expect(sum(signIn), list(signIn)).toBeLessThanOrEqual(TARGET_SIGN_IN_BYTES);
    expect(
      signIn.some((t) => /\/assets\/(App|start)-[\w-]+\.js$/.test(t.url)),
      list(signIn),
    ).toBe(false);
    for (const t of signIn) {
      expect(t.status, list(signIn)).toBe(200);
      if (t.type === 'Document') expect(t.encoding, list(signIn)).toBe('br');
      if (t.type === 'Script') expect(compressed(t), list(signIn)).toBe(true);
    }

    // Signing in brings the back-office's script (compressed) and the dashboard's data; in all within 600 KB.
    const scripts = dashboard.filter((t) => t.type === 'Script');
    expect(
      scripts.some((t) => /\/assets\/App-[\w-]+\.js$/.test(t.url)),
      list(dashboard),
    ).toBe(true);
    for (const t of scripts) expect(compressed(t), list(dashboard)).toBe(true);
    expect(
      dashboard.some((t) => new URL(t.url).pathname === '/api/v2/dashboard'),
      list(dashboard),
    ).toBe(true);
    expect(sum(signIn) + sum(dashboard), list([...signIn, ...dashboard])).toBeLessThanOrEqual(TARGET_DASHBOARD_BYTES);
  });

  it('publishes no source map', async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.push(response.url());
      });
      await page.goto(`${stack.url}/login`);
      await page.locator('#login-email').waitFor();
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) {
        const source = await (await fetch(script)).text();
        expect(source, script).not.toMatch(/sourceMappingURL/);
        expect((await fetch(`${script}.map`)).status, `${script}.map`).toBe(404);
      }
    } finally {
      await context.close();
    }
  });

  it('sends the sign-in form drawn in its HTML, in the language chosen, and takes it over without drawing it again', async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      // The scripts held back: what shows is the HTML alone.
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/.+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(`${stack.url}/login`, { waitUntil: 'commit' });
      const email = page.locator('#login-email');
      await email.waitFor();
      await page.getByRole('heading', { name: 'Log In' }).waitFor();
      // Shown, but not to be sent before the script is there (it would go to the server as a plain form).
      expect(await page.getByRole('button', { name: 'Log In' }).isDisabled()).toBe(true);
      // Styled by the stylesheet sent with it (LoginForm.css: its heading and card), not bare browser elements.
      expect(
        await page.getByRole('heading', { name: 'Log In' }).evaluate((heading) => getComputedStyle(heading).fontSize),
      ).toBe('24px');
      expect(await page.locator('.signin-card').evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
        'rgb(255, 255, 255)',
      );
      await email.evaluate((input) => ((input as HTMLInputElement & { drawnAhead?: true }).drawnAhead = true));
      // Filled in while the script is on its way: what was typed stays.
      await email.fill('early@example.org');

      release();
      await expect.poll(() => page.getByRole('button', { name: 'Log In' }).isEnabled(), { timeout: 15_000 }).toBe(true);
      // The script's form answers (its own check of the form) and is the same element: taken over, not redrawn, with
      // what was typed before as its value.
      expect(await email.inputValue()).toBe('early@example.org');
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByText('Password is required.').first().waitFor();
      expect(await page.getByText('Email is required.').count()).toBe(0);
      expect(await email.evaluate((input) => (input as HTMLInputElement & { drawnAhead?: true }).drawnAhead)).toBe(
        true,
      );
      expect(problems).toEqual([]);

      // Hindi chosen (on the page, which carries both languages' words): the server sends the form drawn in Hindi
      // from then on, and it is taken over as well.
      await page.getByRole('button', { name: /हिन्दी/ }).click();
      await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      const html = await (await page.request.get(`${stack.url}/login`)).text();
      expect(html).toContain('data-prerendered="hi"');
      expect(html).toContain('लॉग इन करें');
      await page.reload();
      await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
      await expect
        .poll(() => page.getByRole('button', { name: 'लॉग इन करें' }).isEnabled(), { timeout: 15_000 })
        .toBe(true);
      await page.getByRole('button', { name: 'लॉग इन करें' }).click();
      await page.getByText('ईमेल आवश्यक है।').first().waitFor();
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('signs in on the drawn page itself: says what is wrong in the language chosen, then opens the back-office', async () => {
    const context = await stack.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const page = await context.newPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${stack.url}/login`);
      const logIn = page.getByRole('button', { name: 'Log In' });
      await expect.poll(() => logIn.isEnabled(), { timeout: 15_000 }).toBe(true);
      // Not one script of react-admin's start until the form is touched; touching it starts loading it.
      expect(scripts.filter((path) => /\/start-/.test(path))).toEqual([]);
      await page.locator('#login-email').fill(ADMIN.email);
      await expect.poll(() => scripts.some((path) => /\/start-/.test(path))).toBe(true);

      // Each field's problem under it, read out with the field; no serious accessibility problem, empty or refused.
      await logIn.click();
      await page.getByText('Password is required.').waitFor();
      expect(await page.getByLabel(/^Password/).getAttribute('aria-invalid')).toBe('true');
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.locator('#login-password').fill('not-the-password');
      await logIn.click();
      await page.getByRole('alert').getByText('Invalid email or password.').waitFor();
      expect(await logIn.isEnabled()).toBe(true);
      expect(await accessibilityProblems(page)).toEqual([]);
      // The server's sentence in Hindi, once Hindi is chosen (the page's own table: no catalogue has loaded).
      await page.getByRole('button', { name: /हिन्दी/ }).click();
      await page.getByRole('button', { name: 'लॉग इन करें' }).click();
      await page.getByRole('alert').getByText('ईमेल या पासवर्ड सही नहीं है।').waitFor();
      await page.getByRole('button', { name: /English/ }).click();

      await page.locator('#login-password').fill(ADMIN.password);
      await page.getByRole('checkbox', { name: 'Save Password' }).check();
      await logIn.click();
      // The back-office takes the page over at its home: the dashboard, the same page (no reload).
      await page.waitForURL(`${stack.url}/`);
      await page.locator('.recharts-surface').first().waitFor({ state: 'attached' });
      expect(await page.evaluate(() => localStorage.getItem('savedLoginEmail'))).toBe(ADMIN.email);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);

      // Signed out, the next visit draws the form with the address remembered and Save Password ticked.
      await context.clearCookies();
      await page.goto(`${stack.url}/login`);
      await expect.poll(() => logIn.isEnabled(), { timeout: 15_000 }).toBe(true);
      expect(await page.locator('#login-email').inputValue()).toBe(ADMIN.email);
      expect(await page.getByRole('checkbox', { name: 'Save Password' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('opens the back-office as a page of its own when its script does not come after signing in', async () => {
    const context = await stack.browser.newContext();
    try {
      const page = await context.newPage();
      // react-admin's start does not come to the login page (a dropped connection each time); it comes to the next.
      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      let refused = 0;
      await page.route(/\/assets\/start-[\w-]+\.js$/, async (route) => {
        if (documents.length === 1) {
          refused += 1;
          await route.abort('connectionreset');
        } else await route.continue();
      });
      await page.goto(`${stack.url}/login`);
      const logIn = page.getByRole('button', { name: 'Log In' });
      await expect.poll(() => logIn.isEnabled(), { timeout: 15_000 }).toBe(true);
      await page.locator('#login-email').fill(ADMIN.email);
      await page.locator('#login-password').fill(ADMIN.password);
      await logIn.click();
      await page.waitForURL(`${stack.url}/`);
      await page.locator('.recharts-surface').first().waitFor({ state: 'attached' });
      expect(refused).toBeGreaterThanOrEqual(1);
      expect(documents).toEqual([`${stack.url}/login`, `${stack.url}/`]);
    } finally {
      await context.close();
    }
  });
});
