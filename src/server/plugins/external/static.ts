/**
 * Serves the built admin app (dist/admin) and answers every other GET with its index.html, so that deep links
 * such as /master/country load the app. Unknown /api paths answer 404 JSON, unknown /uploads paths a plain-text
 * 404; the spec's quirky routes (a doubled slash) redirect to their canonical form (src/server/redirect.ts).
 *
 * The build holds a brotli and a gzip copy of each file that compresses (scripts/vite-precompress.ts): a file is
 * answered with the copy the request's Accept-Encoding allows (brotli first), `Content-Encoding` naming it and
 * `Vary: Accept-Encoding`, and the file itself otherwise. Hashed files under /assets/ are cached for a year as
 * immutable; anything else (index.html above all) is revalidated on every use (`no-cache`).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../../resources/index.ts';
import { redirect, queryOf } from '../../redirect.ts';
import { notFoundUpload } from '../../routes/uploads.ts';
import { publicRoutes } from '../app/auth.ts';

/** The cookie in which the admin (src/admin/i18n.ts) tells which language this browser chose. */
export const LOCALE_COOKIE = 'admin_locale';
const DEFAULT_LOCALE = 'en';

const aliases = new Map<string, string>(resources.flatMap((r) => Object.entries(r.routes?.aliases ?? {})));

export async function registerAdminApp(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(join(staticDir, 'index.html'));
  if (built) {
    // The built app's files are public (the sign-in page is one of them); plugins/app/auth.ts decides by route.
    await publicRoutes(app, async (scope) => {
      await scope.register(fastifyStatic, {
        root: staticDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        maxAge: '1y',
        immutable: true,
        setHeaders(reply, path) {
          if (!path.includes('/assets/')) reply.header('Cache-Control', 'no-cache');
        },
      });
    });
  }

  // The page every deep link loads, kept in memory with its compressed forms (a new build comes with a restart).
  const indexHtml = built ? encoded(await readFile(join(staticDir, 'index.html'))) : undefined;
  // The sign-in screens drawn at build time, by path and language (scripts/vite-prerender.ts).
  const prerendered = built ? await readPrerendered(staticDir) : new Map<string, Map<string, Encoded>>();

  app.setNotFoundHandler((request, reply) => {
    // Judged as the router would read it: `/%61pi/x` is an API path too.
    const path = decodedPath(request.url);
    if (path.startsWith('/api/') || path === '/api') {
      return reply.status(404).send({
        success: false,
        message: `There is no API route ${request.method} ${path}.`,
        code: 'NOT_FOUND',
      });
    }
    // Uploaded files are answered by their route only; any other path under /uploads is not the admin app.
    if (path.startsWith('/uploads/') || path === '/uploads') return notFoundUpload(reply);
    const alias = aliases.get(path);
    if (alias) return redirect(reply, alias + queryOf(request.url), 308);
    // From the URL as it came (still encoded), never the decoded path: `//%5Cevil` is `/%5Cevil`, refused there.
    if (path.startsWith('//')) return redirect(reply, request.url.replace(/^\/+/, '/'), 308);
    // A file of the build that does not exist (a source map, which is never published) is not the app's page.
    if (path.startsWith('/assets/')) {
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ success: false, message: 'Not found.', code: 'NOT_FOUND' });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The admin app is not built. Run `npm run build` (npm start does it for you).');
    }
    // `(?<!\/)`: trailing slashes are looked for from the first of a run only (`\/+$` is quadratic in a run).
    const drawn = prerendered.get(path.replace(/(?<!\/)\/+$/, '') || '/');
    const page = drawn ? (drawn.get(localeOf(request)) ?? drawn.get(DEFAULT_LOCALE) ?? indexHtml) : indexHtml;
    const { bytes, encoding } = pick(String(request.headers['accept-encoding'] ?? ''), page);
    if (encoding) reply.header('Content-Encoding', encoding);
    return reply
      .header('Cache-Control', 'no-cache')
      .header('Vary', drawn ? 'Accept-Encoding, Cookie' : 'Accept-Encoding')
      .type('text/html; charset=utf-8')
      .send(bytes);
  });
}

/** The language this browser chose last (its cookie), else English. */
function localeOf(request: FastifyRequest): string {
  return request.cookies?.[LOCALE_COOKIE] ?? DEFAULT_LOCALE;
}

/** `prerendered/<path>.<locale>.html` of the build, read once, as `/<path>` → locale → the page's forms. */
async function readPrerendered(staticDir: string): Promise<Map<string, Map<string, Encoded>>> {
  const pages = new Map<string, Map<string, Encoded>>();
  const dir = join(staticDir, 'prerendered');
  if (!existsSync(dir)) return pages;
  for (const name of await readdir(dir)) {
    const match = /^(.+)\.([a-z]{2})\.html$/.exec(name);
    if (!match) continue;
    const [, page, locale] = match as unknown as [string, string, string];
    const forms = pages.get(`/${page}`) ?? new Map<string, Encoded>();
    forms.set(locale, encoded(await readFile(join(dir, name))));
    pages.set(`/${page}`, forms);
  }
  return pages;
}

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encoded(identity: Buffer): Encoded {
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
    gzip: gzipSync(identity, { level: zlib.Z_BEST_COMPRESSION }),
  };
}

/**
 * The form of `body` that `acceptEncoding` allows, brotli first, then gzip, else the bytes as they are. A coding
 * listed with `q=0` is refused (RFC 9110 §12.5.3).
 */
export function pick(acceptEncoding: string, body: Encoded): { bytes: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = new Set(
    acceptEncoding
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(param)))
      .map(([coding]) => coding!.trim()),
  );
  if (accepted.has('br')) return { bytes: body.br, encoding: 'br' };
  if (accepted.has('gzip')) return { bytes: body.gzip, encoding: 'gzip' };
  return { bytes: body.identity };
}

/** The path of a request URL, percent-decoded where it can be (left as it is where it cannot). */
function decodedPath(url: string): string {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
