/**
 * The public home and about pages in Chromium, with the Hindi text a new installation starts with: at 360 px and
 * 1280 px with no sideways scroll and axe-core without a serious or critical violation; the hero slider fading to the
 * next slide after 5 seconds, standing still while focus is inside it and for a reader who asks for reduced motion,
 * moved by its buttons and the arrow keys; and both pages whole with JavaScript turned off, the slider's box as high
 * as with it. With E2E_SCREENSHOTS=<dir>, each page is also saved there to be looked at.
 *
 * The first move is waited for in real time; the seconds in which the slider must stand still (or move) are run
 * through at once on Playwright's clock, paused (every timer due in them fires, in order, as it would have).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, adminToken, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
const SHOTS = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  const token = await adminToken(stack);
  const saved = await fetch(`${stack.url}/api/v2/trust-settings/1`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name_hi: 'श्री वेद विद्या गुरुकुल',
      address: 'ग्राम रामपुर, ज़िला वाराणसी, उत्तर प्रदेश 221001',
      phone: '+91 94150 12345',
      email: 'office@example.org',
    }),
  });
  expect(saved.status).toBe(200);
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function look(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The label of the slide in view ("स्लाइड 2 / 3"). */
const currentSlide = (page: Page) => page.locator('[data-slide].is-current').getAttribute('aria-label');

describe.skipIf(!hasChromium)('the home and about pages in Chromium', () => {
  it('fit 360 px and 1280 px with no accessibility problem', async () => {
    for (const width of [360, 1280]) {
      const context = await stack.browser.newContext({ viewport: { width, height: 800 } });
      const page = await context.newPage();
      for (const path of ['/web', '/web/about-us']) {
        await page.goto(`${stack.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor({ state: 'attached' });
        if (path === '/web') {
          await page.locator('.hero.is-live').waitFor();
          await page.getByRole('heading', { name: 'हमारा परिचय' }).waitFor();
          await page.getByRole('heading', { name: 'सूचना पट' }).waitFor();
          await page.getByRole('region', { name: 'सूचना पट' }).getByText('कक्षा 5 उत्तीर्ण').waitFor();
        } else {
          const table = page.getByRole('table', { name: 'विद्यार्थियों की दैनिक समय-सारणी' });
          await table.waitFor();
          expect(await table.getByRole('row').count()).toBe(17);
          expect(await table.getByRole('rowheader').first().textContent()).toBe('सुबह 5:00');
          expect(await table.getByRole('rowheader').last().textContent()).toBe('रात 10:00');
        }
        expect(await accessibilityProblems(page), `${path} at ${width} px`).toEqual([]);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
        await look(page, `${path.slice(1).replace(/\//g, '-')}-${width}`);
      }
      await context.close();
    }
  }, 120_000);

  it('fades to the next slide after 5 seconds, stands still while focus is inside, and moves by hand', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // When the slider went live and when each slide first showed, as the page's own clock saw them: the test's
    // clock would count the time it took to notice (up to half a second on a busy machine).
    await page.addInitScript(() => {
      const seen: Record<string, number> = {};
      (window as unknown as { slidesSeen: Record<string, number> }).slidesSeen = seen;
      new MutationObserver(() => {
        if (document.querySelector('.hero.is-live')) seen.live ??= performance.now();
        const label = document.querySelector('[data-slide].is-current')?.getAttribute('aria-label');
        if (seen.live !== undefined && label) seen[label] ??= performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.goto(`${stack.url}/web`);
    await page.locator('.hero.is-live').waitFor();
    expect(await currentSlide(page)).toBe('स्लाइड 1 / 3');
    // Slides out of view are out of reach: their links take no focus.
    expect(
      await page
        .locator('[data-slide]:not(.is-current) a')
        .first()
        .evaluate((a) => a.closest('[inert]') !== null),
    ).toBe(true);
    await expect.poll(() => currentSlide(page), { timeout: 8000, interval: 100 }).toBe('स्लाइड 2 / 3');
    const seen = await page.evaluate(() => (window as unknown as { slidesSeen: Record<string, number> }).slidesSeen);
    const waited = seen['स्लाइड 2 / 3']! - seen.live!;
    expect(waited).toBeGreaterThan(4900);
    expect(waited).toBeLessThan(7000);
    // It fades: the slides' opacity changes over 0.8 s.
    const fade = await page
      .locator('[data-slide].is-current')
      .evaluate((el) => [getComputedStyle(el).transitionProperty, getComputedStyle(el).transitionDuration]);
    expect(fade).toEqual(['opacity', '0.8s']);
    await page.close();

    // The rest on the test's clock: the page's timers move only as the test says, so the seconds in which the
    // slider must stand still (or move) are run through at once.
    const held = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Paused before the page loads (nothing of its loading waits on a timer).
    const start = Date.now();
    await held.clock.install({ time: start });
    await held.clock.pauseAt(start + 60_000);
    await held.goto(`${stack.url}/web`);
    await held.locator('.hero.is-live').waitFor();
    expect(await currentSlide(held)).toBe('स्लाइड 1 / 3');

    // Focus inside: it stands still.
    const next = held.getByRole('button', { name: 'अगली स्लाइड' });
    await next.focus();
    await held.clock.runFor(6500);
    expect(await currentSlide(held)).toBe('स्लाइड 1 / 3');

    // By hand: the button, the arrow keys (round the ends both ways), the numbered links; each new slide is announced.
    await held.keyboard.press('Enter');
    expect(await currentSlide(held)).toBe('स्लाइड 2 / 3');
    expect(await held.locator('#hero-track').getAttribute('aria-live')).toBe('polite');
    await held.keyboard.press('ArrowLeft');
    expect(await currentSlide(held)).toBe('स्लाइड 1 / 3');
    await held.keyboard.press('ArrowLeft');
    expect(await currentSlide(held)).toBe('स्लाइड 3 / 3');
    await held.keyboard.press('ArrowRight');
    expect(await currentSlide(held)).toBe('स्लाइड 1 / 3');
    await held.getByRole('link', { name: /^स्लाइड 2 \/ 3: / }).click();
    expect(await currentSlide(held)).toBe('स्लाइड 2 / 3');
    expect(held.url()).toBe(`${stack.url}/web`);

    // The pause button stops it for good, and says what it will do next.
    const pause = held.getByRole('button', { name: 'स्लाइड शो रोकें' });
    await pause.click();
    await held.getByRole('button', { name: 'स्लाइड शो चलाएँ' }).waitFor();
    // Focus and pointer leave it.
    await held.getByRole('heading', { name: 'हमारा परिचय' }).click();
    await held.clock.runFor(6000);
    expect(await currentSlide(held)).toBe('स्लाइड 2 / 3');
    await held.getByRole('button', { name: 'स्लाइड शो चलाएँ' }).click();
    await held.getByRole('heading', { name: 'हमारा परिचय' }).click();
    // Playing again: the next slide 5 seconds on, not before.
    await held.clock.runFor(4900);
    expect(await currentSlide(held)).toBe('स्लाइड 2 / 3');
    await held.clock.runFor(200);
    expect(await currentSlide(held)).toBe('स्लाइड 3 / 3');
    await held.close();
  }, 60_000);

  it('stands still for a reader who asks for reduced motion', async () => {
    const context = await stack.browser.newContext({ reducedMotion: 'reduce', viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${stack.url}/web`);
    await page.locator('.hero.is-live').waitFor();
    await page.getByRole('button', { name: 'स्लाइड शो चलाएँ' }).waitFor();
    await page.clock.runFor(6000);
    expect(await currentSlide(page)).toBe('स्लाइड 1 / 3');
    await page.getByRole('button', { name: 'अगली स्लाइड' }).click();
    expect(await currentSlide(page)).toBe('स्लाइड 2 / 3');
    await context.close();
  }, 30_000);

  it('is whole with JavaScript turned off, the slider in the same box', async () => {
    const heroHeight = async (javaScriptEnabled: boolean) => {
      const context = await stack.browser.newContext({ javaScriptEnabled, viewport: { width: 360, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${stack.url}/web`);
      if (javaScriptEnabled) await page.locator('.hero.is-live').waitFor();
      const box = await page.locator('.hero').boundingBox();
      return { context, page, height: box!.height };
    };
    const withScript = await heroHeight(true);
    await withScript.context.close();
    const { context, page, height } = await heroHeight(false);
    expect(Math.abs(height - withScript.height)).toBeLessThan(1);

    // The first slide in view, every slide there, and the numbered links reach the others.
    const slides = page.locator('[data-slide]');
    expect(await slides.count()).toBe(3);
    const track = (await page.locator('#hero-track').boundingBox())!;
    const first = (await slides.nth(0).boundingBox())!;
    expect(Math.abs(first.x - track.x)).toBeLessThan(1);
    await page.getByRole('link', { name: /^स्लाइड 3 \/ 3: / }).click();
    await expect
      .poll(async () => {
        const third = (await slides.nth(2).boundingBox())!;
        return Math.abs(third.x - track.x) < 2;
      })
      .toBe(true);
    expect(await page.getByRole('link', { name: 'दान करें', exact: true }).count()).toBeGreaterThan(0);
    await page.getByRole('region', { name: 'सूचना पट' }).getByText('कक्षा 5 उत्तीर्ण').waitFor();
    // Nothing wider than the screen.
    expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(360);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, 'web-360-nojs.png'), fullPage: true });

    await page.goto(`${stack.url}/web/about-us`);
    const table = page.getByRole('table', { name: 'विद्यार्थियों की दैनिक समय-सारणी' });
    expect(await table.getByRole('row').count()).toBe(17);
    await page.getByRole('link', { name: 'संपर्क करें' }).last().waitFor();
    await context.close();
  }, 60_000);
});
