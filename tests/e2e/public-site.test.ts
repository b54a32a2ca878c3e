/**
 * The public website's article and event pages in Chromium, as visitors meet them: at 360 px and 1280 px with no
 * sideways scroll, axe-core without a serious or critical violation, the keyboard's way in (skip link, header
 * links with a visible focus), pages through the pager, and the same pages with JavaScript turned off.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, adminToken, hasChromium, startOwnStack, type OwnStack } from './harness.ts';

let stack: OwnStack;
let token: string;
const made: Record<string, number> = {};

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { id: number };
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

beforeAll(async () => {
  if (!hasChromium) return;
  // Its own server: the public news, blog and events are exactly its own (7 news items in pages of 5, no event).
  stack = await startOwnStack();
  token = await adminToken(stack);
  await api('PUT', '/api/v2/trust-settings/1', {
    name_hi: 'श्री वेद विद्या गुरुकुल',
    address: 'ग्राम रामपुर, ज़िला वाराणसी, उत्तर प्रदेश 221001',
    phone: '+91 94150 12345',
    email: 'office@example.org',
  });
  for (let i = 1; i <= 7; i++) {
    const item = await api('POST', '/api/v2/news', {
      title: `समाचार संख्या ${i}`,
      content: `<p>समाचार संख्या ${i} का <strong>पूरा</strong> विवरण।</p>`,
      publish_date: `2026-01-${String(10 + i).padStart(2, '0')}`,
      status: 'Active',
    });
    made[`news${i}`] = item.id;
  }
  made.post = (
    await api('POST', '/api/v2/blog', {
      title: 'गुरुकुल की दिनचर्या',
      content: '<p>प्रातः पाँच बजे जागरण से दिन आरंभ होता है।</p>',
      publish_date: '2026-01-05',
      status: 'Published',
    })
  ).id;
}, 120_000);
afterAll(async () => {
  await stack?.close();
});

async function noSidewaysScroll(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe.skipIf(!hasChromium)('the public website in Chromium', () => {
  it('reads the news at 360 px and 1280 px: list, pager, an item and back, without a violation', async () => {
    for (const width of [360, 1280]) {
      const page = await stack.browser.newPage({ viewport: { width, height: 800 } });
      await page.goto(`${stack.url}/web/news`);
      expect(await page.title()).toBe('समाचार | श्री वेद विद्या गुरुकुल');
      await expect.poll(() => page.getByRole('article').count()).toBe(5);
      await noSidewaysScroll(page, width);
      expect(await accessibilityProblems(page)).toEqual([]);

      await page.getByRole('link', { name: /अगला/ }).click();
      await page.waitForURL(/\/web\/news\?page=2$/);
      await expect.poll(() => page.getByRole('article').count()).toBe(2);
      await page.getByRole('link', { name: 'समाचार संख्या 1', exact: true }).click();
      await page.waitForURL(new RegExp(`/web/news/${made.news1}$`));
      await page.getByRole('heading', { level: 1, name: 'समाचार संख्या 1' }).waitFor();
      expect(await page.locator('.prose strong').textContent()).toBe('पूरा');
      await noSidewaysScroll(page, width);
      expect(await accessibilityProblems(page)).toEqual([]);
      await page.getByRole('link', { name: /सभी समाचार/ }).click();
      await page.waitForURL(/\/web\/news$/);
      await page.close();
    }
  });

  it('names a news item’s author and the office hours in Hindi, not in the back-office’s English', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${stack.url}/web/news/${made.news1}`);
    // Written by the Admin ("Administrator"): the item is the trust's, by its Hindi name (public-site/layout.tsx).
    expect(await page.locator('.meta').innerText()).toContain('लेखक: श्री वेद विद्या गुरुकुल');
    // The office hours the settings start with (the spec's "9:00 AM - 6:00 PM, Mon - Sat"), as Hindi says them.
    const footer = await page.locator('footer').innerText();
    expect(footer).toContain('सोमवार से शनिवार, सुबह 9:00 से शाम 6:00 बजे तक');
    const visible = `${await page.locator('main').innerText()}\n${footer}`;
    expect(visible.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '').match(/\b[A-Za-z]{3,}\b/g) ?? []).toEqual([]);
    await page.close();
  });

  it('is usable by keyboard alone: the skip link first, then the header links with a visible focus', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 360, height: 800 } });
    await page.goto(`${stack.url}/web/blog`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'मुख्य सामग्री पर जाएँ' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    // The focused skip link comes into view (it hides above the page until then).
    expect(await skip.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('गुरुकुल की दिनचर्या');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/web/blog/${made.post}$`));
    // A focused header link shows its focus ring.
    await page.goto(`${stack.url}/web/blog`);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await page.close();
  });

  it('says in Hindi when an item is not there, with the way back', async () => {
    const page = await stack.browser.newPage({ viewport: { width: 360, height: 800 } });
    const news = await page.goto(`${stack.url}/web/news/987654`);
    expect(news?.status()).toBe(404);
    await page.getByRole('heading', { name: 'समाचार नहीं मिला' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    const blog = await page.goto(`${stack.url}/web/blog/987654`);
    expect(blog?.status()).toBe(404);
    await page.getByRole('heading', { name: 'ब्लॉग नहीं मिला' }).waitFor();
    await page.getByRole('link', { name: /सभी लेख/ }).click();
    await page.waitForURL(/\/web\/blog$/);
    const events = await page.goto(`${stack.url}/web/events`);
    expect(events?.status()).toBe(200);
    await page.getByText('अभी कोई आगामी कार्यक्रम नहीं है।').waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.close();
  });

  it('works the same with JavaScript turned off, and sends no script at all', async () => {
    const context = await stack.browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(`${stack.url}/web/news`);
    await page.getByRole('link', { name: /अगला/ }).click();
    await page.waitForURL(/page=2/);
    await page.getByRole('link', { name: 'समाचार संख्या 1', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'समाचार संख्या 1' }).waitFor();
    await page.goto(`${stack.url}/web/blog`);
    await page.getByRole('link', { name: 'गुरुकुल की दिनचर्या', exact: true }).waitFor();
    expect(scripts).toEqual([]);
    await context.close();
  });
});
