// engines: pglite, postgres — records and their files written in transactions; lists
/**
 * Content on the declarations: the one upload route (images re-encoded into variants, bad files refused with
 * nothing left behind), files following records (attach, replace, delete, the sweep), formatted text cleaned by
 * the allow-list, and what the public website may read. News is the resource under test.
 */
import { readdir, utimes, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariants } from '../../src/resources/media.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let uploadsDir: string;

beforeAll(async () => {
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  uploadsDir = await mkdtemp(join(tmpdir(), 'trust-content-'));
  t = await startTestApp({ uploadsDir, env: { UPLOAD_IMAGE_MAX_MB: '1' } });
});
afterAll(async () => {
  await t?.close();
  const { rm } = await import('node:fs/promises');
  await rm(uploadsDir, { recursive: true, force: true });
});

/** A JPEG whose EXIF says "rotate 90°" (orientation 6), with a camera make that must not survive. */
async function phonePhoto(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .jpeg({ quality: 80 })
    .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'SecretCam', Model: 'X1' } } })
    .toBuffer();
}

async function upload(
  bytes: Buffer | string,
  options: { resource?: string; field?: string; filename?: string; token?: string | null; type?: string } = {},
) {
  const form = new FormData();
  form.append('resource', options.resource ?? 'news');
  form.append('field', options.field ?? 'image');
  form.append(
    'file',
    new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: options.type ?? 'image/jpeg' }),
    options.filename ?? 'photo.jpg',
  );
  const token = options.token === undefined ? t.token : options.token;
  const response = await fetch(`${t.url}/api/v2/uploads`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, text };
}

async function storedFiles(): Promise<string[]> {
  const names: string[] = [];
  for (const folder of ['images', 'files']) {
    try {
      for (const name of await readdir(join(uploadsDir, folder))) names.push(`${folder}/${name}`);
    } catch {
      // none yet
    }
  }
  return names.sort();
}

const today = () => new Date().toISOString().slice(0, 10);
const newsBody = (extra: Record<string, unknown> = {}) => ({
  title: 'Annual day',
  content: '<p>The school celebrated its <strong>annual day</strong>.</p>',
  publish_date: '2026-01-15',
  status: 'Active',
  ...extra,
});

describe('the upload route', () => {
  it('re-encodes an image upright without its metadata, in the original and three WebP variants', async () => {
    const res = await upload(await phonePhoto());
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ kind: 'image', contentType: 'image/jpeg', width: 1200, height: 1600 });
    expect(res.body.path).toMatch(/^\/uploads\/images\/[0-9a-f]{32}\.jpg$/);

    const original = await fetch(`${t.url}${res.body.path}`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await original.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    // Rotated by its orientation before anything else, and nothing of the camera's metadata kept.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);

    const variants = imageVariants(res.body.path)!;
    for (const width of IMAGE_WIDTHS) {
      const variant = await fetch(`${t.url}${variants.widths[width]}`);
      expect(variant.status, variants.widths[width]).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/webp');
      const info = await sharp(Buffer.from(await variant.arrayBuffer())).metadata();
      expect(info.format).toBe('webp');
      expect(info.width).toBe(Math.min(width, 1200));
    }
  });

  it('refuses what is not an image, and keeps nothing of it', async () => {
    const before = await storedFiles();
    const waiting = await t.app.services.uploads.waitingCount();
    const valid = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
      .jpeg()
      .toBuffer();
    const cases: [string, Buffer | string, number, RegExp][] = [
      ['HTML named .jpg', '<html><script>alert(1)</script></html>', 400, /JPEG, PNG or WebP/],
      [
        'SVG with a script named .jpg',
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        400,
        /JPEG, PNG or WebP/,
      ],
      ['an empty file', '', 400, /empty/],
      ['a truncated JPEG', valid.subarray(0, Math.floor(valid.length / 2)), 400, /could not be read/],
      [
        'a polyglot (JPEG magic, then a page)',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>alert(1)</script>')]),
        400,
        /could not be read/,
      ],
      ['a file over the limit (1 MB here)', Buffer.alloc(1024 * 1024 + 10, 0xff), 413, /larger than 1 MB/],
    ];
    for (const [name, bytes, status, message] of cases) {
      const res = await upload(typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      expect(res.body.message, name).toMatch(message);
    }
    expect(await storedFiles()).toEqual(before);
    expect(await t.app.services.uploads.waitingCount()).toBe(waiting);
    const incoming = await readdir(join(uploadsDir, '.incoming')).catch(() => []);
    expect(incoming).toEqual([]);
  });

  it('refuses an image with too many pixels before decoding it', async () => {
    // 8000 × 8000 = 64 megapixels of one colour: a small file that would decode to about 190 MB.
    const huge = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(1024 * 1024);
    const res = await upload(huge, { type: 'image/png' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/at most 50 megapixels/);
  });

  it('names what is wrong with the form', async () => {
    const image = await phonePhoto(40, 30);
    expect((await upload(image, { resource: 'nothing' })).body.message).toMatch(/is not a resource/);
    expect((await upload(image, { field: 'title' })).body.message).toMatch(/not an image or file field of News/);
    expect((await upload(image, { token: null })).status).toBe(401);
    const noFile = new FormData();
    noFile.append('resource', 'news');
    noFile.append('field', 'image');
    const res = await fetch(`${t.url}/api/v2/uploads`, {
      method: 'POST',
      body: noFile,
      headers: { authorization: `Bearer ${t.token}` },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/Send the file/);
    const json = await t.api('POST', '/api/v2/uploads', { body: { resource: 'news' } });
    expect(json.status).toBe(415);
  });

  it('lets an account upload only for what it may add or edit', async () => {
    const image = await phonePhoto(40, 30);
    const reader = await t.employee({ permissions: { Media: { News: { Global: { View: true } } } } });
    expect((await upload(image, { token: reader.token })).status).toBe(403);
    const writer = await t.employee({ permissions: { Media: { News: { Self: { View: true, Add: true } } } } });
    expect((await upload(image, { token: writer.token })).status).toBe(201);
  });

  it('serves a byte range of a stored file (206) and refuses one beyond it (416)', async () => {
    const res = await upload(await phonePhoto(400, 300));
    const whole = Buffer.from(await (await fetch(`${t.url}${res.body.path}`)).arrayBuffer());
    const part = await fetch(`${t.url}${res.body.path}`, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${whole.length}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(whole.subarray(10, 20));
    const tail = await fetch(`${t.url}${res.body.path}`, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(whole.subarray(whole.length - 5));
    const beyond = await fetch(`${t.url}${res.body.path}`, { headers: { range: `bytes=${whole.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${whole.length}`);
  });
});

describe('files follow records', () => {
  it('attaches an upload to the record that names it, removes the old files on replace and all on delete', async () => {
    const first = (await upload(await phonePhoto(200, 100))).body.path as string;
    const created = await t.api('POST', '/api/v2/news', { body: newsBody({ image: first }) });
    expect(created.status, created.text).toBe(201);
    expect(created.body.image).toBe(first);
    const id = first.slice(15, 47);
    expect((await storedFiles()).filter((f) => f.includes(id))).toHaveLength(4);

    const second = (await upload(await phonePhoto(200, 100))).body.path as string;
    const replaced = await t.api('PUT', `/api/v2/news/${created.body.id}`, { body: { image: second } });
    expect(replaced.status, replaced.text).toBe(200);
    expect((await storedFiles()).filter((f) => f.includes(id))).toEqual([]);
    expect((await fetch(`${t.url}${first}`)).status).toBe(404);

    const secondId = second.slice(15, 47);
    expect((await t.api('DELETE', `/api/v2/news/${created.body.id}`)).status).toBe(200);
    expect((await storedFiles()).filter((f) => f.includes(secondId))).toEqual([]);
  });

  it('refuses a path that is not a waiting upload of the same author, and changes nothing', async () => {
    const made = (await upload(await phonePhoto(50, 50))).body.path as string;
    const record = await t.api('POST', '/api/v2/news', { body: newsBody({ image: made }) });
    expect(record.status).toBe(201);
    // Already named by another record: taking it would let one record delete another's files.
    const taken = await t.api('POST', '/api/v2/news', { body: newsBody({ image: made }) });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe('Image: the uploaded file was not found; upload it again.');
    // Invented, and uploaded by someone else.
    const invented = await t.api('POST', '/api/v2/news', {
      body: newsBody({ image: `/uploads/images/${'0'.repeat(32)}.jpg` }),
    });
    expect(invented.status).toBe(400);
    const other = await t.employee({ permissions: { Media: { News: { Global: { View: true, Add: true } } } } });
    const theirs = (await upload(await phonePhoto(50, 50), { token: other.token })).body.path as string;
    expect((await t.api('POST', '/api/v2/news', { body: newsBody({ image: theirs }) })).status).toBe(400);
    // Not an upload path at all.
    const bad = await t.api('POST', '/api/v2/news', { body: newsBody({ image: 'https://example.org/a.jpg' }) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toEqual({ field: 'image', message: 'Image must be an uploaded image.' });
  });

  it('sweeps uploads left waiting and files no row records, and keeps the rest', async () => {
    const kept = (await upload(await phonePhoto(60, 60))).body.path as string;
    await t.api('POST', '/api/v2/news', { body: newsBody({ image: kept }) });
    const abandoned = (await upload(await phonePhoto(60, 60))).body.path as string;
    await mkdir(join(uploadsDir, 'images'), { recursive: true });
    const stray = join(uploadsDir, 'images', `${'a'.repeat(32)}.jpg`);
    await writeFile(stray, 'left by a crash');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    await utimes(stray, old, old);

    const result = await t.app.services.uploads.sweep(0);
    expect(result.waiting).toBeGreaterThanOrEqual(1);
    expect(result.unrecorded).toBeGreaterThanOrEqual(1);
    const files = await storedFiles();
    expect(files.some((f) => f.includes(kept.slice(15, 47)))).toBe(true);
    expect(files.some((f) => f.includes(abandoned.slice(15, 47)))).toBe(false);
    expect(files.some((f) => f.includes('a'.repeat(32)))).toBe(false);
  });
});

describe('formatted text', () => {
  it('keeps the allow-list and drops scripts, event handlers and javascript: links', async () => {
    const res = await t.api('POST', '/api/v2/news', {
      body: newsBody({
        content:
          '<p onclick="steal()">Hello <a href="javascript:alert(1)">x</a> <a href="https://example.org" target="_blank">ok</a></p>' +
          '<script>alert(1)</script><img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
          '<h2 style="text-align: center; color: red">Title</h2>',
      }),
    });
    expect(res.status, res.text).toBe(201);
    const html = res.body.content as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|color/i);
    expect(html).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">ok</a>');
    expect(html).toContain('<h2 style="text-align:center">Title</h2>');
  });

  it('refuses required text that the allow-list leaves empty', async () => {
    const res = await t.api('POST', '/api/v2/news', {
      body: newsBody({ content: '<script>alert(1)</script><p></p>' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'content', message: 'Content is required.' }]);
  });
});

describe('public read', () => {
  it('shows only Active news whose day has come, with the declared fields only, without signing in', async () => {
    const tag = `pub-${Date.now()}`;
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const shown = await t.api('POST', '/api/v2/news', {
      body: newsBody({ title: `${tag} shown`, publish_date: today() }),
    });
    const hidden = await t.api('POST', '/api/v2/news', {
      body: newsBody({ title: `${tag} inactive`, status: 'Inactive' }),
    });
    const scheduled = await t.api('POST', '/api/v2/news', {
      body: newsBody({ title: `${tag} scheduled`, publish_date: future }),
    });
    const list = await t.api('GET', '/api/v2/public/news?perPage=50', { token: null });
    expect(list.status).toBe(200);
    const titles = (list.body.items as { title: string }[]).map((i) => i.title).filter((x) => x.startsWith(tag));
    expect(titles).toEqual([`${tag} shown`]);
    expect(Object.keys(list.body.items[0]).sort()).toEqual([
      'author',
      'content',
      'id',
      'image',
      'publish_date',
      'title',
    ]);

    expect((await t.api('GET', `/api/v2/public/news/${shown.body.id}`, { token: null })).status).toBe(200);
    for (const id of [hidden.body.id, scheduled.body.id, 999999, 'abc']) {
      const res = await t.api('GET', `/api/v2/public/news/${id}`, { token: null });
      expect(res.status, String(id)).toBe(404);
      expect(res.body.message).toBe('No News Data Found');
    }
    expect((await t.api('GET', '/api/v2/public/news?perPage=500', { token: null })).status).toBe(400);
    // A resource without a public read has no public route.
    expect((await t.api('GET', '/api/v2/public/countries', { token: null })).status).toBe(404);
  });
});
