// engines: pglite — multipart parsing and files on disk; no SQL of its own
/**
 * The upload pipeline over HTTP: readMultipart() on a small Fastify instance registered the way the app registers
 * it (the app has no upload route of its own yet), and the real app serving stored images at /uploads.
 */
import { request as httpRequest } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.ts';
import { AppError } from '../../src/server/errors.ts';
import { registerErrorHandler } from '../../src/server/plugins/app/errors.ts';
import { ImageStore } from '../../src/server/services/images.ts';
import { readMultipart, registerMultipart } from '../../src/server/plugins/external/multipart.ts';
import { startTestApp, type TestApp } from '../helpers/app.ts';

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();
const jpeg = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
    .jpeg()
    .toBuffer();

/** GET with the path sent exactly as written (fetch would normalise `..` and `%2e`). */
function rawGet(
  base: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname, port, path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('readMultipart', () => {
  let app: FastifyInstance;
  let url: string;
  let base: string;
  let store: ImageStore;

  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'trust-multipart-'));
    store = new ImageStore(join(base, 'uploads'));
    app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
    // As in app.ts: the catch-all parser first, then the multipart registration.
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
      if (body === '') done(null, undefined);
      else done(new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as application/json.'), undefined);
    });
    registerErrorHandler(app);
    await registerMultipart(app);
    app.post('/upload', { config: { multipart: true } }, async (request) => {
      const { fields, file } = await readMultipart(request, { fileField: 'photo' });
      const path = file ? await store.save(file.bytes, 'employees') : undefined;
      return { fields, filename: file?.filename, size: file?.bytes.length, path };
    });
    app.post('/json', async (request) => ({ body: request.body ?? null }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await rm(base, { recursive: true, force: true });
  });

  async function post(path: string, body: FormData | string, headers: Record<string, string> = {}) {
    const response = await fetch(`${url}${path}`, { method: 'POST', body, headers });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : undefined };
  }

  const form = (entries: [string, string | Blob, string?][]) => {
    const data = new FormData();
    for (const [name, value, filename] of entries) {
      if (typeof value === 'string') data.append(name, value);
      else data.append(name, value, filename);
    }
    return data;
  };

  it('reads the fields and the file', async () => {
    const bytes = await png();
    const res = await post(
      '/upload',
      form([
        ['first_name', 'Asha'],
        ['notes', 'line one\nline two, ünïcode'],
        ['photo', new Blob([bytes], { type: 'image/png' }), 'me.png'],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      // FormData sends line breaks as CRLF, as browsers do; they reach the route as sent.
      fields: { first_name: 'Asha', notes: 'line one\r\nline two, ünïcode' },
      filename: 'me.png',
      size: bytes.length,
    });
    expect(res.body.path).toMatch(/^\/uploads\/employees\/[0-9a-f]{32}\.png$/);
  });

  it('reads a form without a file, and the empty part a browser sends for "no file chosen"', async () => {
    const none = await post('/upload', form([['first_name', 'Asha']]));
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ fields: { first_name: 'Asha' } });
    // What a browser sends: filename="" and no bytes.
    const browser = [
      '--b0undary',
      'Content-Disposition: form-data; name="first_name"',
      '',
      'Ravi',
      '--b0undary',
      'Content-Disposition: form-data; name="photo"; filename=""',
      'Content-Type: application/octet-stream',
      '',
      '',
      '--b0undary--',
      '',
    ].join('\r\n');
    const empty = await post('/upload', browser, { 'content-type': 'multipart/form-data; boundary=b0undary' });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ fields: { first_name: 'Ravi' } });
    // undici's FormData leaves the file name out altogether.
    const undici = await post(
      '/upload',
      form([
        ['first_name', 'Ravi'],
        ['photo', new Blob([]), ''],
      ]),
    );
    expect(undici.status).toBe(200);
    expect(undici.body).toEqual({ fields: { first_name: 'Ravi' } });
  });

  it('judges the file by its bytes, not its name or declared type', async () => {
    const text = await post(
      '/upload',
      form([['photo', new Blob(['not a picture at all'], { type: 'image/jpeg' }), 'photo.jpg']]),
    );
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'BAD_REQUEST', message: 'The photo must be a JPEG, PNG or WebP image.' });

    const disguised = await post('/upload', form([['photo', new Blob([await png()], { type: 'image/gif' }), 'x.gif']]));
    expect(disguised.status).toBe(200);
    expect(disguised.body.path).toMatch(/\.png$/);

    const broken = (await jpeg(400, 300)).subarray(0, 600);
    const damaged = await post(
      '/upload',
      form([['photo', new Blob([Buffer.concat([broken, Buffer.alloc(3000, 0x41)])]), 'p.jpg']]),
    );
    expect(damaged.status).toBe(400);
    expect(damaged.body.message).toBe('The photo could not be read; the file may be damaged.');
  });

  it('answers 413 with the sentence for a file above 5 MB', async () => {
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await post('/upload', form([['photo', new Blob([big], { type: 'image/jpeg' }), 'big.jpg']]));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'The photo is larger than 5 MB.' });
  });

  it('refuses a second file, a file in another field, a field given twice, a file where text belongs', async () => {
    const image = new Blob([await png()], { type: 'image/png' });
    const cases: [FormData, string][] = [
      [
        form([
          ['photo', image, 'a.png'],
          ['photo', image, 'b.png'],
        ]),
        'Send one file only.',
      ],
      [form([['avatar', image, 'a.png']]), 'The form has a file in "avatar"; send the file in "photo".'],
      [
        form([
          ['first_name', 'A'],
          ['first_name', 'B'],
        ]),
        'The form field "first_name" is given twice.',
      ],
      [form([['photo', 'a text value']]), 'The form field "photo" must be text, not a file.'],
    ];
    for (const [body, message] of cases) {
      const res = await post('/upload', body);
      expect(res.status, message).toBe(400);
      expect(res.body, message).toEqual({ success: false, code: 'BAD_REQUEST', message });
    }
  });

  it('answers 413 for too many fields or a field too long', async () => {
    const many = form(Array.from({ length: 101 }, (_, i): [string, string] => [`f${i}`, 'x']));
    const tooMany = await post('/upload', many);
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe('The form has too many fields.');

    const long = await post('/upload', form([['notes', 'x'.repeat(64 * 1024 + 1)]]));
    expect(long.status).toBe(413);
    expect(long.body.message).toBe('The form field "notes" is too long (at most 64 KB).');
  });

  it('answers 400, not 500, for a body that is not valid multipart', async () => {
    for (const body of [
      'garbage without any boundary',
      '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nunterminated',
    ]) {
      const res = await post('/upload', body, { 'content-type': 'multipart/form-data; boundary=xyz' });
      expect(res.status, body).toBe(400);
      expect(res.body, body).toMatchObject({ message: 'The form data is not valid multipart/form-data.' });
    }
    const noBoundary = await post('/upload', 'a', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
  });

  it('answers 415 when an upload route gets JSON, and when a JSON route gets a form', async () => {
    const json = await post('/upload', JSON.stringify({ first_name: 'Asha' }), { 'content-type': 'application/json' });
    expect(json.status).toBe(415);
    expect(json.body).toEqual({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the form as multipart/form-data.',
    });
    const multipart = await post('/json', form([['first_name', 'Asha']]));
    expect(multipart.status).toBe(415);
    expect(multipart.body.message).toBe('Send the request body as application/json.');
    // The control: the JSON route reads JSON.
    const ok = await post('/json', JSON.stringify({ a: 1 }), { 'content-type': 'application/json' });
    expect(ok.body).toEqual({ body: { a: 1 } });
  });

  it('keeps the connection usable after refusing a form midway', async () => {
    const image = new Blob([await png(300, 300)], { type: 'image/png' });
    for (let i = 0; i < 3; i++) {
      const refused = await post(
        '/upload',
        form([
          ['avatar', image, 'a.png'],
          ['first_name', 'A'],
        ]),
      );
      expect(refused.status).toBe(400);
      const accepted = await post('/upload', form([['photo', image, 'a.png']]));
      expect(accepted.status).toBe(200);
    }
  });
});

describe('GET /uploads on the app', () => {
  let t: TestApp;
  let staticDir: string;
  let base: string;
  beforeAll(async () => {
    // A built admin app, so that a path the upload route refuses could fall through to index.html.
    staticDir = await mkdtemp(join(tmpdir(), 'trust-static-'));
    await writeFile(join(staticDir, 'index.html'), '<!doctype html><div id="root"></div>');
    // UPLOADS_DIR inside a directory of the test's own, so that a file can wait just outside it.
    base = await mkdtemp(join(tmpdir(), 'trust-uploads-base-'));
    t = await startTestApp({ staticDir, uploadsDir: join(base, 'uploads') });
  });
  afterAll(async () => {
    await t?.close();
    await rm(staticDir, { recursive: true, force: true });
    await rm(base, { recursive: true, force: true });
  });

  it('stores in UPLOADS_DIR, outside the static directory', async () => {
    const path = await t.app.services.images.save(await png(), 'employees');
    const root = t.app.services.config.UPLOADS_DIR;
    expect(t.app.services.images.rootDir).toBe(root);
    expect(root.startsWith(staticDir)).toBe(false);
    expect(await readdir(join(root, 'employees'))).toEqual([path.split('/').pop()]);
    await t.app.services.images.remove(path);
  });

  it('serves a stored image, publicly, with its type, nosniff and a year of immutable cache', async () => {
    for (const [bytes, type] of [
      [await jpeg(), 'image/jpeg'],
      [await png(), 'image/png'],
      [
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
          .webp()
          .toBuffer(),
        'image/webp',
      ],
    ] as const) {
      const path = await t.app.services.images.save(bytes, 'employees');
      const response = await fetch(`${t.url}${path}`);
      expect(response.status, type).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals(await readFile(t.app.services.images.resolve(path)!.filePath))).toBe(true);
      expect(response.headers.get('content-length')).toBe(String(body.length));

      const head = await fetch(`${t.url}${path}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe(type);
    }
  });

  it('answers a plain 404 for a removed or unknown file, never the admin app', async () => {
    const path = await t.app.services.images.save(await png(), 'employees');
    await t.app.services.images.remove(path);
    const gone = await t.api('GET', path, { token: null });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(gone.headers.get('x-content-type-options')).toBe('nosniff');
    expect(gone.text).toBe('Not found.');
    for (const other of [
      '/uploads',
      '/uploads/',
      '/uploads/employees',
      `/uploads/employees/${'b'.repeat(32)}.jpg`,
      `/uploads/employees/${'b'.repeat(32)}.jpg/more`,
      '/uploads/employees/index.html',
    ]) {
      const res = await t.api('GET', other, { token: null });
      expect(res.status, other).toBe(404);
      expect(res.text, other).toBe('Not found.');
    }
    // The control: an unknown path elsewhere is the admin app.
    expect((await t.api('GET', '/somewhere', { token: null })).text).toContain('<div id="root">');
  });

  it('refuses path tricks', async () => {
    const root = t.app.services.config.UPLOADS_DIR;
    expect(root).toBe(join(base, 'uploads'));
    await writeFile(join(base, `${'c'.repeat(32)}.png`), 'outside');
    await mkdir(join(root, 'employees'), { recursive: true });
    await writeFile(join(root, 'employees', 'secret.txt'), 'not an upload');
    for (const path of [
      '/uploads/employees/..%2F..%2Fpackage.json',
      '/uploads/employees/%2e%2e%2fsecret.txt',
      '/uploads/..%2F..%2Fetc/passwd',
      '/uploads/%2e%2e/' + `${'c'.repeat(32)}.png`,
      '/uploads/employees/../../package.json',
      '/uploads/employees/secret.txt',
      '/uploads/employees/%00.jpg',
      `/uploads/Employees/${'c'.repeat(32)}.png`,
    ]) {
      const res = await rawGet(t.url, path);
      // A NUL is not text: refused before any route looks at it (plugins/app/input-text.ts).
      expect(res.status, path).toBe(path.includes('%00') ? 400 : 404);
      expect(res.text, path).not.toContain('not an upload');
      expect(res.text, path).not.toContain('outside');
      expect(res.text, path).not.toContain('"name"');
    }
  });

  it('keeps JSON routes refusing a multipart body with 415', async () => {
    const data = new FormData();
    data.append('email', 'admin@example.org');
    data.append('password', 'correct-horse-battery');
    const login = await fetch(`${t.url}/api/v1/login`, { method: 'POST', body: data });
    expect(login.status).toBe(415);
    expect(await login.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as application/json.',
    });
  });
});

describe('UPLOADS_DIR', () => {
  it('is a fresh temporary directory in tests unless given, removed on close', async () => {
    const app = await startTestApp();
    const dir = app.app.services.config.UPLOADS_DIR;
    expect(dir.startsWith(tmpdir())).toBe(true);
    await app.app.services.images.save(await png(), 'employees');
    expect(await readdir(dir)).toEqual(['employees']);
    await app.close();
    await expect(readdir(dir)).rejects.toThrow(/ENOENT/);
  });

  it('defaults to DATA_DIR/uploads, and can be set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/trust' }).UPLOADS_DIR).toBe('/srv/trust/uploads');
    expect(loadConfig({ UPLOADS_DIR: '/var/lib/uploads' }).UPLOADS_DIR).toBe('/var/lib/uploads');
  });

  it('may not be served as-is: inside STATIC_DIR, or containing it, stops the start', () => {
    expect(() => loadConfig({ STATIC_DIR: '/srv/admin', UPLOADS_DIR: '/srv/admin/uploads' })).toThrow(ConfigError);
    expect(() => loadConfig({ STATIC_DIR: '/srv/admin', UPLOADS_DIR: '/srv/admin' })).toThrow(ConfigError);
    expect(() => loadConfig({ STATIC_DIR: '/srv/up/admin', UPLOADS_DIR: '/srv/up' })).toThrow(
      'Configuration error: UPLOADS_DIR must not be inside STATIC_DIR, nor contain it.',
    );
    expect(loadConfig({ STATIC_DIR: '/srv/admin', UPLOADS_DIR: '/srv/admin-uploads' }).UPLOADS_DIR).toBe(
      '/srv/admin-uploads',
    );
  });
});
