/**
 * The public website at /web (public-site/): each page rendered on the server from what the public may read, kept
 * as HTML (compressed, with its ETag) until something public is written or the trust's day changes, and served with
 * `Cache-Control: public, no-cache` so that browsers and a CDN in front ask again and get 304 while it holds. The
 * site's fonts (self-hosted woff2 subsets) and its few scripts (islands, bundled at start) have content-named or
 * versioned addresses and are cached for a year.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DocumentAssets, renderDocument as RenderDocument } from '../../../../public-site/document.tsx';
import type * as Feeds from '../../../../public-site/feeds.ts';
import type { IslandName, PageResult, PublicPage, SiteData } from '../../../../public-site/site.ts';
import { startOfNextDay, inTimeZone } from '../../services/calendar.ts';
import { FormDrafts } from '../../services/form-drafts.ts';
import { websiteDonation } from '../../services/website-donations.ts';
import { queryOf, redirect } from '../../redirect.ts';
import { publicRoutes } from '../../plugins/app/auth.ts';
import { PERMISSIONS_POLICY } from '../../plugins/app/security-headers.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const SITE_DIR = join(ROOT, 'public-site');
const FONT_PACKAGE = join(ROOT, 'node_modules/@fontsource/noto-sans-devanagari');

/** The public pages' policy: the admin's, plus images from elsewhere (an album's address) and the video players. */
export const PUBLIC_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "media-src 'self'",
  'frame-src https://www.youtube-nocookie.com https://player.vimeo.com',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The public pages' Permissions-Policy: the admin's, except that the two video players may play at once, when the
 * reader has clicked a video's preview (the video island); every other feature stays off.
 */
export const PUBLIC_PERMISSIONS_POLICY = PERMISSIONS_POLICY.replace(
  'autoplay=()',
  'autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")',
);

/** Pages kept at most (each about 10–30 KB, three encodings). */
const CACHED_PAGES = 1000;

interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

function encode(body: string | Buffer): Encoded {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 9 }),
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
  };
}

/** The encoding to answer with: brotli, then gzip, when the request accepts it. */
function pick(request: FastifyRequest, body: Encoded): { bytes: Buffer; encoding?: 'br' | 'gzip' } {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { bytes: body.br, encoding: 'br' };
  if (/\bgzip\b/.test(accepted)) return { bytes: body.gzip, encoding: 'gzip' };
  return { bytes: body.identity };
}

function send(request: FastifyRequest, reply: FastifyReply, body: Encoded, type: string, cacheControl: string) {
  reply.header('Content-Type', type).header('Cache-Control', cacheControl).header('ETag', body.etag);
  reply.header('Vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  // Split and trimmed, not split(/\s*,\s*/): that pattern scans a run of spaces from each of its spaces (quadratic).
  if (typeof match === 'string' && match.split(',').some((tag) => tag.trim() === body.etag))
    return reply.status(304).send();
  const { bytes, encoding } = pick(request, body);
  if (encoding) reply.header('Content-Encoding', encoding);
  return reply.send(bytes);
}

interface CachedPage {
  status: number;
  body: Encoded;
  generation: number;
  until: number;
  /** One visitor's page (PageResult.private): never kept, sent `private, no-store`. */
  private?: boolean;
}

/**
 * Rendered pages by address, forgotten all at once by a write of anything the public may read (its generation), and
 * each at the start of the trust's next day, when a scheduled item's day comes.
 */
class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private generation = 0;
  /** Whether what is kept may be trusted: false while another process's writes are not heard (db/changes.ts). */
  private readonly live: () => boolean;

  constructor(live: () => boolean) {
    this.live = live;
  }

  forget(): void {
    this.generation += 1;
    this.pages.clear();
  }

  get(key: string, now: number): CachedPage | undefined {
    if (!this.live()) return undefined;
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (page.generation !== this.generation || now >= page.until) {
      this.pages.delete(key);
      return undefined;
    }
    // Most recently used last: the first entry is the one to drop.
    this.pages.delete(key);
    this.pages.set(key, page);
    return page;
  }

  /** The generation a render starts in: its result is kept only if nothing was written meanwhile. */
  current(): number {
    return this.generation;
  }

  set(key: string, page: CachedPage): void {
    if (page.generation !== this.generation || !this.live()) return;
    if (this.pages.size >= CACHED_PAGES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(key, page);
  }
}

/** The fonts' `@font-face` rules for the site's weights, pointing at the fonts' addresses here (woff2 only). */
async function fontFaces(version: string): Promise<string> {
  const rules: string[] = [];
  for (const weight of [400, 700]) {
    const css = await readFile(join(FONT_PACKAGE, `${weight}.css`), 'utf8');
    rules.push(
      css.replace(
        /src: url\(\.\/files\/([a-z0-9-]+\.woff2)\) format\('woff2'\)(, url\([^)]*\) format\('woff'\))?/g,
        (_all, file: string) => {
          // A phone that has the font already (Android ships Noto Sans Devanagari) uses its own copy: no download,
          // no swap.
          const local = file.includes('-devanagari-')
            ? `local('Noto Sans Devanagari${weight === 700 ? ' Bold' : ''}'), local('NotoSansDevanagari-${weight === 700 ? 'Bold' : 'Regular'}'), `
            : '';
          return `src: ${local}url(/web/fonts/${version}/${file}) format('woff2')`;
        },
      ),
    );
  }
  return rules.join('\n');
}

/** The stylesheet minified by esbuild (a parser: a descendant selector such as `.box :focus` keeps its space). */
async function minifyCss(css: string): Promise<string> {
  const { transform } = await import('esbuild');
  return (
    await transform(css, { loader: 'css', minify: true, target: ['chrome100', 'safari15', 'firefox100'] })
  ).code.trim();
}

const ISLANDS: readonly IslandName[] = ['slider', 'lightbox', 'donate', 'video'];

/** Each island that exists (public-site/islands/<name>.ts), bundled and minified for browsers, by content name. */
async function bundleIslands(): Promise<Map<IslandName, { file: string; body: Encoded }>> {
  const { build } = await import('esbuild');
  const bundles = new Map<IslandName, { file: string; body: Encoded }>();
  for (const name of ISLANDS) {
    const entry = join(SITE_DIR, 'islands', `${name}.ts`);
    const exists = await readFile(entry).then(
      () => true,
      () => false,
    );
    if (!exists) continue;
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      target: ['es2020'],
      write: false,
      legalComments: 'none',
    });
    const code = result.outputFiles[0]!.contents;
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 12);
    bundles.set(name, { file: `${name}.${hash}.js`, body: encode(Buffer.from(code)) });
  }
  return bundles;
}

interface SiteModule {
  PAGES: readonly PublicPage[];
  notFoundPage(): PageResult;
  renderDocument: typeof RenderDocument;
  feeds: typeof Feeds;
}

async function loadSite(): Promise<SiteModule> {
  // Node loads the site's JSX as strip-types.ts compiles it, through typescript-hooks.js: in place already in the
  // server (main.ts), and here for any other process that renders the site (npm run seed:demo). Vitest compiles the
  // files it runs itself, and the hooks leave it what it does not ask Node for.
  await import('../../typescript-hooks.js');
  const [pages, document, feeds] = await Promise.all([
    import('../../../../public-site/pages/index.ts'),
    import('../../../../public-site/document.tsx'),
    import('../../../../public-site/feeds.ts'),
  ]);
  return { PAGES: pages.PAGES, notFoundPage: pages.notFoundPage, renderDocument: document.renderDocument, feeds };
}

export async function registerPublicSite(
  app: FastifyInstance,
  options: {
    /**
     * How long a rendered page may be kept at most, besides until a write (of this process, or of another heard
     * through the database's change notices, db/changes.ts) or the trust's next day: Infinity unless a test sets one.
     */
    maxAgeMs: number;
  },
): Promise<void> {
  const { publicContent, records, config } = app.services;
  const site = await loadSite();
  const fontVersion = (JSON.parse(await readFile(join(FONT_PACKAGE, 'package.json'), 'utf8')) as { version: string })
    .version;
  const css = await minifyCss(
    `${await fontFaces(fontVersion)}\n${await readFile(join(SITE_DIR, 'styles.css'), 'utf8')}`,
  );
  const islands = await bundleIslands();
  const favicon = encode(await readFile(join(SITE_DIR, 'favicon.svg')));
  const assets: DocumentAssets = {
    css,
    preloadFont: `/web/fonts/${fontVersion}/noto-sans-devanagari-devanagari-400-normal.woff2`,
    island(name) {
      const bundle = islands.get(name as IslandName);
      if (!bundle) throw new Error(`The page asks for the island "${name}", which public-site/islands lacks.`);
      return `/web/assets/${bundle.file}`;
    },
  };
  const drafts = new FormDrafts(app.services.database);
  const data: SiteData = {
    page: (resource, options) => publicContent.page(resource, options),
    one: (resource, id) => publicContent.one(resource, id),
    index: (resource, limit) => publicContent.index(resource, limit),
    trust: () => publicContent.trust(),
    donation: (reference) => websiteDonation(app.services, reference),
    formDraft: (key) => drafts.take(key),
  };
  const changes = app.services.database.changes;
  const cache = new PageCache(() => changes.live);
  const robots = encode(site.feeds.robotsTxt(config.PUBLIC_URL));
  // Whatever the public may read, or the trust's details in every footer, changes every page that shows it.
  records.onWrite((resource) => {
    if (resource.publicRead || resource.singleton) cache.forget();
  });
  const origin = config.PUBLIC_URL;
  const timeZone = config.TRUST_TIMEZONE;
  const endOfDay = (now: Date) => startOfNextDay(inTimeZone(now, timeZone).slice(0, 10), timeZone).getTime();
  /** Until when a page rendered now may be served: the trust's next day, or the most a page is kept, if sooner. */
  const keptUntil = (now: Date) => Math.min(endOfDay(now), now.getTime() + options.maxAgeMs);

  async function render(page: PublicPage | undefined, request: FastifyRequest, params: Record<string, string>) {
    const url = new URL(request.url, 'http://site');
    const generation = cache.current();
    const request_ = { path: url.pathname, params, query: url.searchParams, data, origin, timeZone };
    const [result, trust] = await Promise.all([
      page ? page.render(request_) : Promise.resolve(site.notFoundPage()),
      data.trust(),
    ]);
    const html = site.renderDocument(result, { trust, origin, path: url.pathname, assets });
    const status = result.status ?? 200;
    return { status, body: encode(html), generation, until: keptUntil(new Date()), private: result.private === true };
  }

  const servePage = (page: PublicPage | undefined) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = page ? request.url : '404';
    // Every change committed before this request came is heard before a kept page answers it (db/changes.ts).
    const heard = changes.sync();
    if (heard) await heard;
    const now = Date.now();
    let cached = cache.get(key, now);
    if (!cached) {
      cached = await render(page, request, (request.params ?? {}) as Record<string, string>);
      if (!cached.private) cache.set(key, cached);
    }
    reply.status(cached.status).header('Content-Security-Policy', PUBLIC_CONTENT_SECURITY_POLICY);
    reply.header('Permissions-Policy', PUBLIC_PERMISSIONS_POLICY);
    const cacheControl = cached.private ? 'private, no-store' : 'public, no-cache';
    return send(request, reply, cached.body, 'text/html; charset=utf-8', cacheControl);
  };

  /** A document for machines (sitemap, feed), kept like the pages. */
  const serveDocument =
    (type: string, make: () => Promise<string>) => async (request: FastifyRequest, reply: FastifyReply) => {
      const key = new URL(request.url, 'http://site').pathname;
      const heard = changes.sync();
      if (heard) await heard;
      let cached = cache.get(key, Date.now());
      if (!cached) {
        const generation = cache.current();
        cached = { status: 200, body: encode(await make()), generation, until: keptUntil(new Date()) };
        cache.set(key, cached);
      }
      return send(request, reply, cached.body, type, 'public, no-cache');
    };

  await publicRoutes(app, async (scope) => {
    scope.get(
      '/web/sitemap.xml',
      serveDocument('application/xml; charset=utf-8', () => site.feeds.sitemap(data, origin)),
    );
    scope.get(
      '/web/rss.xml',
      serveDocument('application/rss+xml; charset=utf-8', () => site.feeds.feed(data, origin)),
    );
    scope.get('/robots.txt', async (request, reply) =>
      send(request, reply, robots, 'text/plain; charset=utf-8', 'public, max-age=86400'),
    );
    for (const page of site.PAGES) scope.get(page.path, servePage(page));
    scope.get('/web/', async (request, reply) => redirect(reply, `/web${queryOf(request.url)}`, 308));
    scope.get('/web/*', servePage(undefined));

    const YEAR = 'public, max-age=31536000, immutable';
    scope.get('/web/favicon.svg', async (request, reply) =>
      send(request, reply, favicon, 'image/svg+xml', 'public, max-age=86400'),
    );
    scope.get('/web/assets/:file', async (request, reply) => {
      const file = (request.params as { file: string }).file;
      const bundle = [...islands.values()].find((island) => island.file === file);
      if (!bundle) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
      return send(request, reply, bundle.body, 'text/javascript; charset=utf-8', YEAR);
    });
    const fonts = new Map<string, Encoded>();
    scope.get('/web/fonts/:version/:file', async (request, reply) => {
      const { version, file } = request.params as { version: string; file: string };
      if (version !== fontVersion || !/^noto-sans-devanagari-[a-z-]+-(400|700)-normal\.woff2$/.test(file)) {
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
      }
      let font = fonts.get(file);
      if (!font) {
        const bytes = await readFile(join(FONT_PACKAGE, 'files', file)).catch(() => undefined);
        if (!bytes) return reply.status(404).type('text/plain; charset=utf-8').send('Not found.');
        // woff2 is compressed already: the other encodings would only cost time.
        font = { identity: bytes, br: bytes, gzip: bytes, etag: `"${fontVersion}-${file}"` };
        fonts.set(file, font);
      }
      reply.header('Access-Control-Allow-Origin', '*');
      return reply
        .header('Content-Type', 'font/woff2')
        .header('Cache-Control', YEAR)
        .header('ETag', font.etag)
        .send(font.identity);
    });
  });
}
