// engines: pglite — the admin's files, their encodings and cache headers; no SQL of its own
/**
 * The admin's files as a phone receives them (docs/decisions.md, "The sign-in screens load without the back-office; the
 * build's files are compressed once"): the build's brotli and gzip copies (written here by the build's own plugin,
 * scripts/vite-precompress.ts) are sent as the request's Accept-Encoding allows, with Content-Encoding and Vary:
 * Accept-Encoding; hashed assets are cached for a year, index.html is revalidated on every use; the sign-in screens
 * come drawn, in the language the browser's cookie names. On the real app, over HTTP, read byte for byte (node:http
 * does not decompress).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../scripts/vite-precompress.ts';
import { pick } from '../../src/server/plugins/external/static.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

let t: TestApp;
let staticDir: string;
const INDEX = `<!doctype html><html><head><title>admin</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
// A script like a bundle's (repetitive text) and a font-like binary that compresses a little.
const SCRIPT = Array.from({ length: 2000 }, (_, i) => `export const value${i} = "item ${i}";`).join('\n');
const TINY = 'console.log(1)';

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'trust-assets-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(join(staticDir, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(staticDir, 'assets', 'tiny-abc123.js'), TINY);
  await writeFile(join(staticDir, 'assets', 'photo-abc123.webp'), randomBytes(4096));
  // The sign-in screens drawn at build time (scripts/vite-prerender.ts), in each language.
  await mkdir(join(staticDir, 'prerendered'));
  for (const [page, locale, words] of [
    ['login', 'en', 'Log In'],
    ['login', 'hi', 'लॉग इन'],
    ['forget-password', 'en', 'Forgot Password'],
  ]) {
    await writeFile(
      join(staticDir, 'prerendered', `${page}.${locale}.html`),
      INDEX.replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}"><h1>${words}</h1></div>`),
    );
  }
  await precompress(staticDir);
  t = await startTestApp({ staticDir });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** GET `path` with exactly the given headers; the body as it came over the wire. */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(`${t.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const varies = (raw: Raw) => String(raw.headers.vary ?? '').toLowerCase();

describe('the build writes compressed copies', () => {
  it('writes .br and .gz beside the files that compress, not beside tiny files or images', async () => {
    const files = (await readdir(join(staticDir, 'assets'))).sort();
    expect(files).toEqual([
      'index-abc123.js',
      'index-abc123.js.br',
      'index-abc123.js.gz',
      'photo-abc123.webp',
      'tiny-abc123.js',
    ]);
    expect((await readdir(staticDir)).sort()).toEqual([
      'assets',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'prerendered',
    ]);
  });
});

describe('hashed assets', () => {
  it('answers brotli to a browser that accepts it, smaller, with the headers a cache needs', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(varies(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(res.body).toString()).toBe(SCRIPT);
  });

  it('answers gzip where brotli is not accepted', async () => {
    const res = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(gunzipSync(res.body).toString()).toBe(SCRIPT);
  });

  it('answers the file itself, still varying on Accept-Encoding, where neither is accepted', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get('/assets/index-abc123.js', headers);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(varies(res)).toContain('accept-encoding');
      expect(res.body.toString()).toBe(SCRIPT);
    }
  });

  it('answers a file with no compressed copy as it is', async () => {
    const tiny = await get('/assets/tiny-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.status).toBe(200);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe(TINY);
    const photo = await get('/assets/photo-abc123.webp', { 'accept-encoding': 'br, gzip' });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.body.length).toBe(4096);
  });

  it('answers 404, not the app, for an asset that is not there (a source map: none is published)', async () => {
    const res = await get('/assets/index-abc123.js.map', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(404);
    expect(res.body.toString()).not.toContain('<div id="root">');
  });
});

describe('index.html (every deep link)', () => {
  it('is compressed as accepted and revalidated on every use', async () => {
    for (const path of ['/', '/employee', '/master/country']) {
      const br = await get(path, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.status, path).toBe(200);
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['cache-control'], path).toBe('no-cache');
      expect(varies(br), path).toContain('accept-encoding');
      expect(brotliDecompressSync(br.body).toString(), path).toBe(INDEX);

      const gzip = await get(path, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).toString(), path).toBe(INDEX);

      const plain = await get(path);
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers['cache-control'], path).toBe('no-cache');
      expect(plain.body.toString(), path).toBe(INDEX);
    }
  });

  it('honours a coding refused with q=0', () => {
    const body = { identity: Buffer.from('i'), br: Buffer.from('b'), gzip: Buffer.from('g') };
    expect(pick('br;q=0, gzip', body).encoding).toBe('gzip');
    expect(pick('br; q=0.0, gzip;q=0', body).encoding).toBeUndefined();
    expect(pick('BR;q=0.5', body).encoding).toBe('br');
    expect(pick('', body).encoding).toBeUndefined();
  });
});

describe('the sign-in screens, drawn at build time', () => {
  const text = (raw: Raw) =>
    (raw.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw.body) : raw.body).toString('utf8');

  it('sends /login drawn in English, compressed, varying on the cookie that names the language', async () => {
    const raw = await get('/login', { 'Accept-Encoding': 'br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(text(raw)).toContain('data-prerendered="en"><h1>Log In</h1>');
    expect(varies(raw)).toContain('accept-encoding');
    expect(varies(raw)).toContain('cookie');
    expect(raw.headers['cache-control']).toBe('no-cache');
    // The same with a trailing slash, or a query (the sign-in form's own ?next=).
    expect(text(await get('/login/?next=%2Femployee'))).toContain('<h1>Log In</h1>');
  });

  it('sends it drawn in Hindi to a browser that chose Hindi, and in English for a language it does not know', async () => {
    expect(text(await get('/login', { Cookie: 'admin_locale=hi' }))).toContain('<h1>लॉग इन</h1>');
    expect(text(await get('/login', { Cookie: 'other=1; admin_locale=hi' }))).toContain('<h1>लॉग इन</h1>');
    expect(text(await get('/login', { Cookie: 'admin_locale=fr' }))).toContain('<h1>Log In</h1>');
    // A page drawn in English only is sent in English to a browser that chose Hindi: the script draws it anew.
    expect(text(await get('/forget-password', { Cookie: 'admin_locale=hi' }))).toContain('<h1>Forgot Password</h1>');
  });

  it('sends every other path the empty page, varying on the encoding only', async () => {
    for (const path of ['/', '/employee', '/reset-password']) {
      const raw = await get(path, { Cookie: 'admin_locale=hi' });
      expect(text(raw), path).toContain('<div id="root"></div>');
      expect(varies(raw), path).not.toContain('cookie');
    }
  });
});
