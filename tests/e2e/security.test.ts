/**
 * The admin page under its Content-Security-Policy in a real browser: the built page has no inline script, its
 * answers carry the policy, signing in and opening the main screens raises no policy violation or page error, and
 * no source map is published.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;
const problems: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
});

afterAll(async () => {
  await stack?.close();
});

describe.skipIf(!hasChromium)('the admin page under its Content-Security-Policy', () => {
  it('is served with the policy and has no inline script', async () => {
    const res = await fetch(`${stack.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe/);
    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [tag, body] of scripts) {
      expect(tag).toMatch(/\ssrc="\/assets\/[^"]+-[A-Za-z0-9_-]{8}\.js"/);
      expect(body!.trim()).toBe('');
    }
  });

  it('publishes no source map', async () => {
    const html = await (await fetch(`${stack.url}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      const body = await (await fetch(`${stack.url}${asset}`)).text();
      // The comment a build appends when it links a map (the bundle's own code may mention the words).
      expect(body.slice(-500), asset).not.toMatch(/[#@] sourceMappingURL=\S+\s*(\*\/)?\s*$/);
      const map = await fetch(`${stack.url}${asset}.map`);
      expect(map.status, `${asset}.map`).toBe(404);
    }
  });

  it('signs in and opens the main screens without a policy violation', async () => {
    await page.goto(`${stack.url}/login`);
    await page.getByLabel(/email/i).first().fill(ADMIN.email);
    await page
      .getByLabel(/password/i)
      .first()
      .fill(ADMIN.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    for (const path of ['/', '/department', '/employee', '/audit-logs', '/master/country']) {
      await page.goto(`${stack.url}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await page.goto(`${stack.url}/api/docs`);
    // The description lists its operations in a virtual list: the first ones show.
    await page.getByText('/api/v2/activities').first().waitFor();
    expect(problems).toEqual([]);
  });
});
