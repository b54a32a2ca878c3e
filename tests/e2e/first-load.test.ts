/**
 * The admin's first load as a phone meets it (issue 13, "The first load"), in Chromium on the real server with the
 * real build: the bytes transferred, counted by Chromium itself (compressed, headers included), which do not vary
 * from run to run as times do. The sign-in page stays at or under 250 KB and loads none of the back-office; the
 * dashboard after signing in, at or under 600 KB in all; scripts and the page come brotli-compressed. The sign-in
 * screens come drawn in their HTML, in the language the browser chose, and the script takes the drawn form over.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  measureFirstLoad,
  TARGET_DASHBOARD_BYTES,
  TARGET_SIGN_IN_BYTES,
  type Transfer,
} from '../../bench/admin-load.ts';
import { ADMIN, hasChromium, startStack, type Stack } from './harness.ts';
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

    // The sign-in page: its HTML and the entry script, nothing of the back-office, within 250 KB.
    expect(signIn.length, list(signIn)).toBeGreaterThanOrEqual(2);
    expect(sum(signIn), list(signIn)).toBeLessThanOrEqual(TARGET_SIGN_IN_BYTES);
    expect(
      signIn.some((t) => /\/assets\/App-[\w-]+\.js$/.test(t.url)),
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
      // Styled by the styles sent with it (MUI's h5 heading and card), not bare browser elements.
      expect(
        await page.getByRole('heading', { name: 'Log In' }).evaluate((heading) => getComputedStyle(heading).fontSize),
      ).toBe('24px');
      expect(await page.locator('.MuiCard-root').evaluate((card) => getComputedStyle(card).backgroundColor)).toBe(
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

      // Hindi chosen: the server sends the form drawn in Hindi from then on, and it is taken over as well.
      await page.getByRole('button', { name: /हिन्दी/ }).click();
      await page.getByRole('heading', { name: 'लॉग इन' }).waitFor();
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
});
