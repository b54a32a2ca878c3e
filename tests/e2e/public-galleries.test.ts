/**
 * The public galleries in Chromium against the real server, from albums created through /api/v2 with real
 * uploads: the albums' grid → an album → the lightbox by keyboard alone (open, next, Tab kept inside, Escape, the
 * focus back on the picture that opened it); a video album that asks nothing of YouTube or Vimeo until a preview
 * is clicked, then shows the player; axe-core finds no serious or critical violation; no sideways scroll at 360 px;
 * with JavaScript turned off every picture and video is still a link that works. With E2E_SCREENSHOTS=<dir>, each
 * page is saved there at 360 and 1280 px to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants } from '../../src/resources/media.ts';
import { accessibilityProblems, adminToken, hasChromium, startStack, type Stack } from './harness.ts';

let stack: Stack;
const SHOTS = process.env.E2E_SCREENSHOTS;
let imageAlbum: number;
let videoAlbum: number;
let pictures: string[];
const YOUTUBE_ID = 'aBcDeFgHi_1';
const VIMEO_ID = '76979871';
/** What a poll waits at most: a busy machine decodes a 1280 px picture in more than the default second. */
const WAIT = { timeout: 15_000 };

async function api(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { id: number };
  expect(response.status, JSON.stringify(json)).toBeLessThan(300);
  return json;
}

/** A photo made with sharp, uploaded for a field as the admin's form uploads it: its public path. */
async function upload(token: string, resource: string, field: string, colour: string, width = 1600, height = 1000) {
  const bytes = await sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('resource', resource);
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${stack.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as { path: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.path;
}

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
  const token = await adminToken(stack);
  pictures = [
    await upload(token, 'image_albums', 'images.files', '#264'),
    await upload(token, 'image_albums', 'images.files', '#a53', 1000, 1500),
    await upload(token, 'image_albums', 'images.files', '#639'),
  ];
  imageAlbum = (
    await api(token, 'POST', '/api/v2/gallery-images', {
      title: 'वार्षिकोत्सव 2026',
      description: 'विद्यार्थियों ने नाटक और नृत्य प्रस्तुत किए।',
      date: '2026-02-14',
      thumbnail: await upload(token, 'image_albums', 'thumbnail', '#7a1f1f'),
      images: [
        { description: 'मंच पर नाटक', files: pictures.slice(0, 2) },
        { description: 'पुरस्कार वितरण', files: pictures.slice(2) },
      ],
    })
  ).id;
  await api(token, 'POST', '/api/v2/gallery-images', {
    title: 'योग दिवस',
    description: 'प्रातःकाल का योग।',
    date: '2025-06-21',
    thumbnail: await upload(token, 'image_albums', 'thumbnail', '#357'),
    images: [{ description: 'सूर्य नमस्कार', files: [await upload(token, 'image_albums', 'images.files', '#753')] }],
  });
  videoAlbum = (
    await api(token, 'POST', '/api/v2/gallery-videos', {
      title: 'गुरुकुल की दिनचर्या',
      description: 'सुबह 5 बजे से रात 10 बजे तक।',
      date: '2026-03-01',
      thumbnail: await upload(token, 'video_albums', 'thumbnail', '#246', 1280, 720),
      video: `https://www.youtube.com/watch?v=${YOUTUBE_ID}`,
      videos: [{ description: 'योग और प्राणायाम', url: `https://vimeo.com/${VIMEO_ID}` }],
    })
  ).id;
});
afterAll(async () => {
  await stack?.close();
});

async function look(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Presses Tab until the focus is on an element matching `selector` (at most 40 times): the keyboard alone. */
async function tabTo(page: Page, selector: string) {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}${element.closest('dialog') ? ' in dialog' : ''}` : '';
  });

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every request the page makes to an origin other than the site's own. */
function thirdParty(page: Page): string[] {
  const requests: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(stack.url) && !request.url().startsWith('data:')) requests.push(request.url());
  });
  return requests;
}

describe.skipIf(!hasChromium)('the public galleries in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    if (!hasChromium) return;
    context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('goes from the albums to an album and through its pictures in the lightbox by keyboard alone', async () => {
    const requests = thirdParty(page);
    await page.goto(`${stack.url}/web/images`);
    await page.getByRole('heading', { level: 1, name: 'चित्र दीर्घा' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await look(page, 'images-1280');

    await tabTo(page, `a[href="/web/images/${imageAlbum}"]`);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/web/images/${imageAlbum}`);
    await page.getByRole('heading', { level: 1, name: 'वार्षिकोत्सव 2026' }).waitFor();
    // The island is loaded (a module script) before the keyboard tries it.
    await page.waitForLoadState('load');
    expect(await accessibilityProblems(page)).toEqual([]);
    await look(page, 'album-1280');

    await tabTo(page, 'a.photo');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^चित्र 1 \/ 3 — मंच पर नाटक$/ });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focused(page)).toBe('button in dialog');
    const large = page.locator('dialog#lightbox img.lightbox-image');
    expect(await large.getAttribute('src')).toBe(`${stack.url}${imageVariants(pictures[0])!.widths[1280]}`);
    expect(await large.getAttribute('alt')).toBe('मंच पर नाटक (1/2)');
    await expect
      .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 1280), WAIT)
      .toBe(true);
    expect(await accessibilityProblems(page)).toEqual([]);
    await look(page, 'lightbox-1280');

    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'चित्र 2 / 3 — मंच पर नाटक' }).waitFor();
    expect(await large.getAttribute('src')).toBe(`${stack.url}${imageVariants(pictures[1])!.widths[1280]}`);
    await page.keyboard.press('ArrowRight');
    await page.getByRole('dialog', { name: 'चित्र 3 / 3 — पुरस्कार वितरण' }).waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('dialog', { name: 'चित्र 2 / 3 — मंच पर नाटक' }).waitFor();
    // Tab and Shift+Tab go round the dialog's buttons and never leave it.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await focused(page), key).toBe('button in dialog');
    }
    // The next button, reached and pressed by keyboard.
    await page.getByRole('button', { name: 'अगला →' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'चित्र 3 / 3 — पुरस्कार वितरण' }).waitFor();

    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.locator('dialog#lightbox').evaluate((d: HTMLDialogElement) => d.open), WAIT)
      .toBe(false);
    // The focus is back on the picture that opened the lightbox.
    expect(await page.evaluate(() => document.activeElement === document.querySelectorAll('a.photo')[0])).toBe(true);

    // Space opens the focused picture too; the close button closes it.
    await page.keyboard.press('Tab');
    await page.keyboard.press(' ');
    await page.getByRole('dialog', { name: 'चित्र 2 / 3 — मंच पर नाटक' }).waitFor();
    await page.getByRole('button', { name: 'बंद करें ✕' }).press('Enter');
    await expect
      .poll(() => page.locator('dialog#lightbox').evaluate((d: HTMLDialogElement) => d.open), WAIT)
      .toBe(false);
    expect(await page.evaluate(() => document.activeElement === document.querySelectorAll('a.photo')[1])).toBe(true);

    // Back to the albums by the link at the top.
    await page.getByRole('link', { name: '← सभी एल्बम' }).click();
    await page.waitForURL('**/web/images');
    expect(requests).toEqual([]);
  });

  it('asks nothing of YouTube or Vimeo until a preview is clicked, then shows the player', async () => {
    const requests = thirdParty(page);
    // The players' requests are recorded, and answered here instead of going out.
    await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>player</title>' }),
    );
    await page.goto(`${stack.url}/web/videos`);
    await page.getByRole('heading', { level: 1, name: 'वीडियो दीर्घा' }).waitFor();
    expect(await accessibilityProblems(page)).toEqual([]);
    await look(page, 'videos-1280');
    await page.getByRole('link', { name: 'गुरुकुल की दिनचर्या' }).click();
    await page.waitForURL(`**/web/videos/${videoAlbum}`);
    await page.waitForLoadState('networkidle');
    expect(await accessibilityProblems(page)).toEqual([]);
    await look(page, 'video-album-1280');
    expect(requests).toEqual([]);
    expect(await page.locator('iframe').count()).toBe(0);

    await page.getByRole('link', { name: 'वीडियो चलाएँ (YouTube): गुरुकुल की दिनचर्या' }).click();
    const youtube = page.locator(`iframe[title="गुरुकुल की दिनचर्या (YouTube)"]`);
    await youtube.waitFor();
    expect(await youtube.getAttribute('src')).toBe(`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`);
    await expect
      .poll(() => requests, WAIT)
      .toEqual([`https://www.youtube-nocookie.com/embed/${YOUTUBE_ID}?autoplay=1`]);
    // The player has the focus, and may start at once (the page's Permissions-Policy lets it).
    expect(await focused(page)).toBe('iframe');
    expect(
      await youtube.evaluate(
        (frame) =>
          (
            frame as HTMLIFrameElement & { featurePolicy?: { allowsFeature(f: string): boolean } }
          ).featurePolicy?.allowsFeature('autoplay') ?? true,
      ),
    ).toBe(true);

    // The Vimeo preview, by keyboard.
    await tabTo(page, 'a.video-play');
    await page.keyboard.press('Enter');
    await page.locator('iframe[title="योग और प्राणायाम (Vimeo)"]').waitFor();
    await expect.poll(() => requests.length, WAIT).toBe(2);
    expect(requests[1]).toBe(`https://player.vimeo.com/video/${VIMEO_ID}?dnt=1&autoplay=1`);
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.unroute(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//);
  });

  it('has no sideways scroll at 360 px, the lightbox open or not', async () => {
    const phone = await stack.browser.newPage({ viewport: { width: 360, height: 740 } });
    const requests = thirdParty(phone);
    try {
      for (const [path, name] of [
        ['/web/images', 'images-360'],
        [`/web/images/${imageAlbum}`, 'album-360'],
        ['/web/videos', 'videos-360'],
        [`/web/videos/${videoAlbum}`, 'video-album-360'],
        ['/web/images/999999', 'album-404-360'],
      ] as const) {
        await phone.goto(`${stack.url}${path}`, { waitUntil: 'load' });
        expect(await sidewaysScroll(phone), path).toBe(0);
        expect(await accessibilityProblems(phone), path).toEqual([]);
        await look(phone, name);
      }
      await phone.goto(`${stack.url}/web/images/${imageAlbum}`, { waitUntil: 'load' });
      await phone.locator('a.photo').nth(1).click();
      await phone.getByRole('dialog', { name: /^चित्र 2 \/ 3/ }).waitFor();
      expect(await sidewaysScroll(phone)).toBe(0);
      // The whole of the large picture and the three buttons are on the screen.
      const large = phone.locator('dialog#lightbox img.lightbox-image');
      await expect
        .poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), WAIT)
        .toBe(true);
      const picture = (await large.boundingBox())!;
      expect(picture.x).toBeGreaterThanOrEqual(0);
      expect(picture.x + picture.width).toBeLessThanOrEqual(360);
      expect(picture.y + picture.height).toBeLessThanOrEqual(740);
      for (const button of await phone.getByRole('dialog').getByRole('button').all()) {
        expect(await button.isVisible()).toBe(true);
        const box = (await button.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(360);
        expect(box.y + box.height).toBeLessThanOrEqual(740);
      }
      if (SHOTS) await phone.screenshot({ path: join(SHOTS, 'lightbox-360.png') });
      expect(requests).toEqual([]);
    } finally {
      await phone.close();
    }
  });

  it('works with JavaScript turned off: each picture opens large, each video opens on its site', async () => {
    const noScript = await stack.browser.newContext({
      viewport: { width: 360, height: 740 },
      javaScriptEnabled: false,
    });
    const plain = await noScript.newPage();
    try {
      const requests = thirdParty(plain);
      await plain.goto(`${stack.url}/web/images/${imageAlbum}`);
      expect(await plain.locator('a.photo').count()).toBe(3);
      expect(await plain.getByRole('dialog').count()).toBe(0);
      expect(await plain.locator('dialog#lightbox').isVisible()).toBe(false);
      await look(plain, 'album-360-nojs');
      await plain.locator('a.photo').nth(1).click();
      await plain.waitForURL(`**${imageVariants(pictures[1])!.widths[1280]}`);
      await plain.goBack();

      await plain.goto(`${stack.url}/web/videos/${videoAlbum}`);
      expect(requests).toEqual([]);
      await look(plain, 'video-album-360-nojs');
      await plain.route('https://www.youtube.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<!DOCTYPE html><title>YouTube</title>' }),
      );
      await plain.getByRole('link', { name: 'वीडियो चलाएँ (YouTube): गुरुकुल की दिनचर्या' }).click();
      await plain.waitForURL(`https://www.youtube.com/watch?v=${YOUTUBE_ID}`);
      await plain.goBack();
      expect(await plain.getByRole('link', { name: 'वीडियो चलाएँ (Vimeo): योग और प्राणायाम' }).getAttribute('href')).toBe(
        `https://vimeo.com/${VIMEO_ID}`,
      );
    } finally {
      await noScript.close();
    }
  });
});
