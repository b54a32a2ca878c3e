/**
 * The admin page under its Content-Security-Policy in a real browser: the built page has no inline script, its
 * answers carry the policy, signing in and opening the main screens raises no policy violation or page error, and
 * no source map is published. A gallery's pictures given by their https:// address show, on the admin's screens and
 * on the public site, with no violation (the https site answering them is Playwright's, as this machine has no
 * internet; the page asks for them as it would ask the real site, and its policy applies before any answer).
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, adminToken, hasChromium, startStack, uniqueTag, type Stack } from './harness.ts';

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

  it('shows pictures given by their https:// address on the admin screens and the public site, with no violation', async () => {
    const tag = uniqueTag();
    const host = `https://pictures-${tag}.example.org`;
    const album = {
      title: `By address ${tag}`,
      description: 'Pictures kept on another site.',
      date: '2026-03-10',
      thumbnail: `${host}/cover.png`,
      images: [{ description: 'The yard', url: `${host}/yard.png` }],
    };
    const token = await adminToken(stack);
    const created = await fetch(`${stack.url}/api/v2/gallery-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(album),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const seen = await context.newPage();
      seen.setDefaultTimeout(15_000);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      const asked: string[] = [];
      await seen.route(`${host}/**`, async (route) => {
        asked.push(new URL(route.request().url()).pathname);
        await route.fulfill({ status: 200, contentType: 'image/png', body: png });
      });
      // Every violation the page reports (console lines, and the event, which names the directive and the address).
      const violations: string[] = [];
      seen.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      await seen.exposeFunction('reportViolation', (line: string) => violations.push(line));
      await seen.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as { reportViolation: (line: string) => void }).reportViolation(
            `${event.violatedDirective} ${event.blockedURI}`,
          );
        });
      });
      /** The natural width of each picture of the page whose address is on `host`, once all have loaded or failed. */
      const widths = async () => {
        await seen.waitForFunction(
          (origin) =>
            [...document.images].filter((img) => img.src.startsWith(origin)).length > 0 &&
            [...document.images].filter((img) => img.src.startsWith(origin)).every((img) => img.complete),
          host,
        );
        return seen.evaluate(
          (origin) =>
            Object.fromEntries(
              [...document.images]
                .filter((img) => img.src.startsWith(origin))
                .map((img) => [new URL(img.src).pathname, img.naturalWidth]),
            ),
          host,
        );
      };

      await seen.goto(`${stack.url}/login`);
      await seen.getByLabel('Email').fill(ADMIN.email);
      await seen.getByLabel(/^Password/).fill(ADMIN.password);
      await seen.getByRole('button', { name: 'Log In' }).click();
      await seen.waitForURL((url) => !url.pathname.startsWith('/login'));

      await seen.goto(`${stack.url}/gallery/images/view/${id}`);
      await seen.getByRole('heading', { name: album.title }).waitFor();
      await seen.getByRole('img', { name: album.title }).scrollIntoViewIfNeeded();
      await seen.getByRole('img', { name: 'The yard' }).scrollIntoViewIfNeeded();
      expect(await widths()).toEqual({ '/cover.png': 64, '/yard.png': 64 });

      await seen.goto(`${stack.url}/gallery/images/edit/${id}`);
      await seen.getByRole('textbox', { name: 'Title' }).waitFor();
      expect((await widths())['/cover.png']).toBe(64);

      await seen.goto(`${stack.url}/web/images`);
      await seen.locator(`a[href="/web/images/${id}"] img`).scrollIntoViewIfNeeded();
      expect((await widths())['/cover.png']).toBe(64);
      await seen.goto(`${stack.url}/web/images/${id}`);
      expect(await widths()).toEqual({ '/yard.png': 64 });

      expect(asked).toEqual(expect.arrayContaining(['/cover.png', '/yard.png']));
      expect(violations).toEqual([]);
    } finally {
      await context.close();
      await fetch(`${stack.url}/api/v2/gallery-images/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token}` },
      });
    }
  });
});
