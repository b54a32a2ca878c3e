// engines: pglite, postgres — dated items in pages, the feed and the sitemap
/**
 * The public website's frame and its article and event pages, on a real server and database: what is public and
 * what never is (drafts, future items: in pages, the feed and the sitemap, cached or not), the page cache forgotten
 * by a write, ETag and compression, Hindi 404s, and the documents for machines.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTimeZone } from '../../src/server/services/calendar.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL: 'https://school.example.org' } });
});
afterAll(async () => {
  await t?.close();
});

const TIME_ZONE = 'Asia/Kolkata';
/** A calendar day `days` from the trust's today. */
function day(days: number): string {
  const today = inTimeZone(new Date(), TIME_ZONE).slice(0, 10);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${t.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

async function news(title: string, publishDate: string, status = 'Active', content = `<p>${title}: पूरा विवरण।</p>`) {
  const res = await t.api('POST', '/api/v2/news', { body: { title, content, publish_date: publishDate, status } });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

/** An image uploaded for a resource's field, as the admin's form uploads it: its public path. */
async function uploadImage(resource: string, field: string): Promise<string> {
  const bytes = await sharp({ create: { width: 800, height: 450, channels: 3, background: '#a53' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.append('resource', resource);
  form.append('field', field);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'event.jpg');
  const response = await fetch(`${t.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${t.token}` },
  });
  const body = (await response.json()) as { path: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.path;
}

async function blogPost(title: string, publishDate: string, status = 'Published') {
  const res = await t.api('POST', '/api/v2/blog', {
    body: { title, content: `<p>${title}</p>`, publish_date: publishDate, status },
  });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: number };
}

describe('public website', () => {
  it('shows published news and never a draft or a future item, in any page, the feed or the sitemap', async () => {
    const shown = await news('वार्षिक परीक्षा परिणाम', day(-1));
    const draft = await news('अप्रकाशित सूचना', day(-1), 'Inactive');
    const future = await news('कल की सूचना', day(1));
    const list = await get('/web/news');
    expect(list.status).toBe(200);
    expect(list.text).toContain('वार्षिक परीक्षा परिणाम');
    expect(list.text).not.toContain('अप्रकाशित सूचना');
    expect(list.text).not.toContain('कल की सूचना');

    const item = await get(`/web/news/${shown.id}`);
    expect(item.status).toBe(200);
    expect(item.text).toContain('<h1>वार्षिक परीक्षा परिणाम</h1>');
    expect(item.text).toContain('वार्षिक परीक्षा परिणाम: पूरा विवरण।');
    expect(item.text).toContain(`<link rel="canonical" href="https://school.example.org/web/news/${shown.id}"/>`);
    expect(item.text).toContain('"@type":"NewsArticle"');
    for (const hidden of [draft, future]) {
      const missing = await get(`/web/news/${hidden.id}`);
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('समाचार नहीं मिला');
      expect(missing.text).toContain('href="/web/news"');
    }
    for (const path of ['/web/rss.xml', '/web/sitemap.xml']) {
      const document = await get(path);
      expect(document.status, path).toBe(200);
      expect(document.text, path).toContain(`/web/news/${shown.id}<`);
      expect(document.text, path).not.toContain(`/web/news/${draft.id}<`);
      expect(document.text, path).not.toContain(`/web/news/${future.id}<`);
    }

    // Published through the back-office: on every page at once, the cached copies forgotten.
    const published = await t.api('PUT', `/api/v2/news/${draft.id}`, { body: { status: 'Active' } });
    expect(published.status, published.text).toBe(200);
    expect((await get('/web/news')).text).toContain('अप्रकाशित सूचना');
    expect((await get(`/web/news/${draft.id}`)).status).toBe(200);
    expect((await get('/web/rss.xml')).text).toContain(`/web/news/${draft.id}<`);
    // And taken back: gone at once.
    await t.api('PUT', `/api/v2/news/${draft.id}`, { body: { status: 'Inactive' } });
    expect((await get('/web/news')).text).not.toContain('अप्रकाशित सूचना');
    expect((await get(`/web/news/${draft.id}`)).status).toBe(404);
  });

  it('pages news five at a time with links that work without a script', async () => {
    for (let i = 1; i <= 6; i++) await news(`पृष्ठ परीक्षण ${i}`, `2020-01-0${i}`);
    const total = Number((await t.api('GET', '/api/v2/public/news?perPage=1')).body.total as number);
    const pages = Math.ceil(total / 5);
    const first = await get('/web/news');
    expect(first.text).toContain(`पृष्ठ 1 / ${pages}`);
    expect(first.text).toContain('href="/web/news?page=2"');
    const last = await get(`/web/news?page=${pages}`);
    expect(last.text).toContain(`पृष्ठ ${pages} / ${pages}`);
    expect(last.text).toContain('पृष्ठ परीक्षण 1');
    // Past the last page, or not a page number: still a page of news, never an error.
    expect((await get('/web/news?page=999')).text).toContain(`पृष्ठ ${pages} / ${pages}`);
    expect((await get('/web/news?page=abc')).text).toContain(`पृष्ठ 1 / ${pages}`);
  });

  it('answers the blog the same way, with its own Hindi 404', async () => {
    const post = await blogPost('विद्यार्थियों का अनुभव', day(0));
    const draft = await blogPost('अधूरा लेख', day(0), 'Draft');
    expect((await get('/web/blog')).text).toContain('विद्यार्थियों का अनुभव');
    expect((await get('/web/blog')).text).not.toContain('अधूरा लेख');
    const item = await get(`/web/blog/${post.id}`);
    expect(item.text).toContain('"@type":"BlogPosting"');
    for (const path of [`/web/blog/${draft.id}`, '/web/blog/999999', '/web/blog/abc', '/web/blog/99999999999']) {
      const missing = await get(path);
      expect(missing.status, path).toBe(404);
      expect(missing.text, path).toContain('ब्लॉग नहीं मिला');
      expect(missing.text, path).toContain('href="/web/blog"');
    }
  });

  it('lists the events of today and later, soonest first', async () => {
    const at = (days: number, time: string) => `${day(days)}T${time}:00+05:30`;
    // An upload belongs to one record: each event has its own.
    const create = async (name: string, dateTime: string) => {
      const res = await t.api('POST', '/api/v2/events', {
        body: {
          image: await uploadImage('events', 'image'),
          event_name: name,
          description: 'विवरण',
          date_time: dateTime,
          venue: 'विद्यालय प्रांगण',
          organizer: 'ट्रस्ट',
          status: 'Scheduled',
        },
      });
      expect(res.status, res.text).toBe(201);
    };
    await create('बीता हुआ कार्यक्रम', at(-2, '10:00'));
    await create('बाद का कार्यक्रम', at(20, '10:00'));
    await create('पहले का कार्यक्रम', at(3, '09:30'));
    const page = await get('/web/events');
    expect(page.text).not.toContain('बीता हुआ कार्यक्रम');
    const soon = page.text.indexOf('पहले का कार्यक्रम');
    const later = page.text.indexOf('बाद का कार्यक्रम');
    expect(soon).toBeGreaterThan(-1);
    expect(later).toBeGreaterThan(soon);
    expect(page.text).toContain('"@type":"Event"');
    // Each event's picture is a small variant of its upload, never the original.
    expect(page.text).toMatch(/srcSet="\/uploads\/images\/[0-9a-f]{32}-320\.webp 320w/);
  });

  it('serves a page compressed, with an ETag, and 304 when it has not changed', async () => {
    await news('संग्रहीत पृष्ठ', day(-3));
    const plain = await get('/web/news');
    const etag = plain.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(plain.headers.get('cache-control')).toBe('public, no-cache');
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(plain.headers.get('content-security-policy')).toContain("script-src 'self'");

    const br = await fetch(`${t.url}/web/news`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    // fetch decodes it; the bytes sent are smaller than the page.
    expect(await br.text()).toBe(plain.text);
    const raw = await t.app.inject({ method: 'GET', url: '/web/news', headers: { 'accept-encoding': 'gzip' } });
    expect(raw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(raw.rawPayload).toString()).toBe(plain.text);
    const rawBr = await t.app.inject({ method: 'GET', url: '/web/news', headers: { 'accept-encoding': 'br' } });
    expect(rawBr.rawPayload.length).toBeLessThan(plain.text.length / 2);
    expect(brotliDecompressSync(rawBr.rawPayload).toString()).toBe(plain.text);

    const again = await get('/web/news', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    await news('नया समाचार', day(-1));
    const changed = await get('/web/news', { 'if-none-match': etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('is a Hindi document with a title, a description, Open Graph and the font preloaded', async () => {
    const page = await get('/web/news');
    expect(page.text.startsWith('<!DOCTYPE html><html lang="hi">')).toBe(true);
    expect(page.text).toMatch(/<title>समाचार \| [^<]+<\/title>/);
    expect(page.text).toContain('<meta name="description" content="');
    expect(page.text).toContain('<meta property="og:url" content="https://school.example.org/web/news"/>');
    const font = /<link rel="preload" href="([^"]+)" as="font"/.exec(page.text)?.[1];
    expect(font).toBeDefined();
    const fontFile = await fetch(`${t.url}${font}`);
    expect(fontFile.status).toBe(200);
    expect(fontFile.headers.get('content-type')).toBe('font/woff2');
    expect(fontFile.headers.get('cache-control')).toContain('immutable');
    expect((await fontFile.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    // The styles are inline and minified by a parser: a descendant selector keeps its space.
    const css = /<style>([\s\S]*?)<\/style>/.exec(page.text)?.[1] ?? '';
    expect(css).toContain('.lightbox :focus-visible');
    expect(css).not.toContain('/*');
    // No script on a page that needs none.
    expect(page.text).not.toContain('<script type="module"');
    expect((await fetch(`${t.url}/web/fonts/0.0.0/x.woff2`)).status).toBe(404);
    expect((await fetch(`${t.url}/web/fonts/${font!.split('/')[3]}/../../package.json`)).status).toBe(404);
  });

  it('answers an unknown address under /web with a Hindi 404, and robots.txt points at the sitemap', async () => {
    const missing = await get('/web/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('पृष्ठ नहीं मिला');
    expect(missing.text).toContain('href="/web"');
    const robots = await get('/robots.txt');
    expect(robots.text).toContain('Sitemap: https://school.example.org/web/sitemap.xml');
    expect(robots.text).toContain('Disallow: /\n');
    const sitemap = await get('/web/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain('<loc>https://school.example.org/web/about-us</loc>');
  });
});
