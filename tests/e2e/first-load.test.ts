/**
 * The admin's first load as a phone meets it (issue 13, "The first load"), in Chromium on the real server with the
 * real build: the bytes transferred, counted by Chromium itself (compressed, headers included), which do not vary
 * from run to run as times do. The sign-in page stays at or under 250 KB and loads none of the back-office; the
 * dashboard after signing in, at or under 600 KB in all; scripts and the page come brotli-compressed.
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
});
