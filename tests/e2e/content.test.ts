/**
 * Content in a real browser against the real server: a news item with an uploaded image (added with real
 * progress, listed with its thumbnail, shown from its variants), an image album with several files chosen at
 * once (a progress bar each), a video by its YouTube address; axe-core finds no serious or critical violation
 * on these screens. With E2E_SCREENSHOTS=<dir>, each screen is also saved there to be looked at.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessibilityProblems, ADMIN, hasChromium, searchList, startStack, uniqueTag, type Stack } from './harness.ts';

let stack: Stack;
let page: Page;
const SHOTS = process.env.E2E_SCREENSHOTS;
/** The titles are this file's own: the server is shared. */
const tag = uniqueTag();
const NEWS = `Annual results ${tag}`;
const ALBUM = `Sports day ${tag}`;
const VIDEO = `Morning prayer ${tag}`;

beforeAll(async () => {
  if (!hasChromium) return;
  stack = await startStack();
  page = await stack.browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(20_000);
  if (SHOTS) await mkdir(SHOTS, { recursive: true });
});
afterAll(async () => {
  await stack?.close();
});

/** A photo of `width`×`height` in one colour, as a camera would give it (JPEG). */
const photo = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function look(name: string) {
  if (SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The file input of the upload field labelled `label` (the button in front of it opens it). */
const fileInput = (label: string, nth = 0) =>
  page.locator(`xpath=//label[normalize-space()="${label}"]/following-sibling::input[@type="file"][1]`).nth(nth);

/** Every image on the page named `name` has loaded (the server served it). */
async function imageLoaded(name: string | RegExp) {
  const image = page.getByRole('img', { name }).first();
  await image.waitFor();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
    .toBe(true);
}

describe.skipIf(!hasChromium)('content in Chromium', () => {
  it('adds a news item with an uploaded image, lists it with its thumbnail and shows it', async () => {
    await page.goto(`${stack.url}/media/news/add`);
    await page.waitForURL('**/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel(/^Password/).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL('**/media/news/add');

    await page.getByRole('textbox', { name: 'Title' }).fill(NEWS);
    const editor = page.locator('.ProseMirror[contenteditable="true"]');
    await editor.click();
    await page.keyboard.type('Every pupil of class 5 passed.');
    await page.getByLabel('Publish Date').fill('2026-01-15');
    await fileInput('Image').setInputFiles({
      name: 'results.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(2400, 1600, '#c84'),
    });
    await imageLoaded('results.jpg');
    await look('news-add');
    expect(await accessibilityProblems(page)).toEqual([]);
    // The list asks for its rows without the body it does not show (most of a news item's bytes).
    const listRequest = page.waitForRequest((request) => /\/api\/v2\/news\?/.test(request.url()));
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('News added successfully.').waitFor();
    await page.waitForURL(/\/media\/news$/);
    const fields = new URL((await listRequest).url()).searchParams.get('fields');
    expect(JSON.parse(fields ?? '[]')).toEqual(expect.arrayContaining(['id', 'title', 'image', 'status']));
    expect(JSON.parse(fields ?? '[]')).not.toContain('content');

    // Found by the list's search: the shared server's other news may come first.
    await searchList(page, 'Search by title', NEWS);
    const row = page.getByRole('row', { name: new RegExp(NEWS) });
    await row.waitFor();
    const thumbnail = row.getByRole('img');
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    // The list sends a small variant, never the original.
    expect(await thumbnail.getAttribute('src')).toMatch(/-320\.webp$/);
    await look('news-list');
    expect(await accessibilityProblems(page)).toEqual([]);

    await row.getByRole('link', { name: 'View' }).click();
    await page.waitForURL(/\/media\/news\/view/);
    await page.getByText('Every pupil of class 5 passed.').waitFor();
    await imageLoaded(NEWS);
    const shown = page.getByRole('img', { name: NEWS }).first();
    expect(await shown.getAttribute('srcset')).toContain('-640.webp 640w');
    await look('news-show');
    expect(await accessibilityProblems(page)).toEqual([]);

    // Edit, opened from the list, holds the whole record: the body the list left out is in the editor.
    await page.goBack();
    await page
      .getByRole('row', { name: new RegExp(NEWS) })
      .getByRole('link', { name: 'Edit' })
      .click();
    await page.waitForURL(/\/media\/news\/edit/);
    await expect.poll(() => editor.textContent()).toBe('Every pupil of class 5 passed.');
  });

  it('adds an album with several images uploaded at once, each with its own progress bar', async () => {
    await page.goto(`${stack.url}/gallery/images/add`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please fill all required fields.').first().waitFor();

    await page.getByRole('textbox', { name: 'Title' }).fill(ALBUM);
    await page.getByRole('textbox', { name: 'Description' }).first().fill('Races on the school ground.');
    await page.getByLabel('Date', { exact: true }).fill('2026-02-10');
    await fileInput('Thumbnail').setInputFiles({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(1600, 900, '#48c'),
    });
    await imageLoaded('cover.jpg');

    await page.getByRole('button', { name: 'Add Image' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter description for image #1.').first().waitFor();
    await page.getByRole('textbox', { name: 'Description' }).nth(1).fill('The relay');
    const files = await Promise.all(
      ['#e33', '#3e3', '#33e'].map(async (colour, index) => ({
        name: `relay-${index + 1}.jpg`,
        mimeType: 'image/jpeg',
        buffer: await photo(3000, 2000, colour),
      })),
    );
    await fileInput('Files').setInputFiles(files);
    // One bar per file while they go up (they may finish before a look: then their thumbnails are there).
    for (const file of files) await imageLoaded(file.name);
    await look('album-add');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Image added successfully.').waitFor();
    await page.waitForURL(/\/gallery\/images$/);

    await searchList(page, 'Search by title', ALBUM);
    await page
      .getByRole('row', { name: new RegExp(ALBUM) })
      .getByRole('link', { name: 'View' })
      .click();
    const grid = page.getByRole('region', { name: 'All Images' });
    await grid.waitFor();
    await expect.poll(() => grid.getByRole('img').count()).toBe(3);
    for (let i = 0; i < 3; i++)
      await expect
        .poll(() =>
          grid
            .getByRole('img')
            .nth(i)
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true);
    await look('album-show');
    expect(await accessibilityProblems(page)).toEqual([]);
  });

  it('adds a video by its YouTube address and shows it as a YouTube link', async () => {
    await page.goto(`${stack.url}/gallery/videos/add`);
    await page.getByRole('textbox', { name: 'Title' }).fill(VIDEO);
    await page.getByRole('textbox', { name: 'Description' }).first().fill('The assembly at six.');
    await page.getByLabel('Date', { exact: true }).fill('2026-03-01');
    await fileInput('Thumbnail').setInputFiles({
      name: 'prayer.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(1280, 720, '#a6c'),
    });
    await imageLoaded('prayer.jpg');
    await page.getByRole('textbox', { name: /or a video address/ }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await look('video-add');
    expect(await accessibilityProblems(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Video added successfully.').waitFor();
    await page.waitForURL(/\/gallery\/videos$/);

    await searchList(page, 'Search by title', VIDEO);
    await page
      .getByRole('row', { name: new RegExp(VIDEO) })
      .getByRole('link', { name: 'View' })
      .click();
    // The address itself, and the album's own card in its "All Videos" grid: both open the video on YouTube.
    const links = page.getByRole('link', { name: /YouTube/ });
    await links.first().waitFor();
    expect(await links.count()).toBe(2);
    for (const link of await links.all()) {
      expect(await link.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      expect(await link.getAttribute('target')).toBe('_blank');
    }
    await look('video-show');
    expect(await accessibilityProblems(page)).toEqual([]);
  });
});
