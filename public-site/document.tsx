/**
 * A page as a whole HTML document: the head (title, description, canonical address, Open Graph, structured data,
 * the fonts and the styles inline, so the first paint needs no other request), the frame, and the page's islands.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Layout, siteName } from './layout.tsx';
import type { PageResult, Trust } from './site.ts';

export interface DocumentAssets {
  /** The site's styles, fonts' `@font-face` rules included. */
  css: string;
  /** The font file to preload: the Devanagari subset of the regular weight. */
  preloadFont: string;
  /** The public path of each island's script. */
  island(name: string): string;
}

export function renderDocument(
  page: PageResult,
  context: { trust: Trust; origin: string; path: string; assets: DocumentAssets },
): string {
  const { trust, origin, path, assets } = context;
  const name = siteName(trust);
  const title = page.title === name ? name : `${page.title} | ${name}`;
  const canonical = `${origin}${path}`;
  const image = page.image ? new URL(page.image, origin).toString() : undefined;
  const html = renderToStaticMarkup(
    <html lang="hi">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={page.description} />
        <link rel="canonical" href={canonical} />
        <link rel="icon" href="/web/favicon.svg" type="image/svg+xml" />
        <link rel="alternate" type="application/rss+xml" title={name} href="/web/rss.xml" />
        <meta name="theme-color" content="#7a1f1f" />
        <meta property="og:site_name" content={name} />
        <meta property="og:locale" content="hi_IN" />
        <meta property="og:type" content={page.type ?? 'website'} />
        <meta property="og:title" content={page.title} />
        <meta property="og:description" content={page.description} />
        <meta property="og:url" content={canonical} />
        {image ? <meta property="og:image" content={image} /> : null}
        <link rel="preload" href={assets.preloadFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        <style dangerouslySetInnerHTML={{ __html: assets.css }} />
        {(page.jsonLd ?? []).map((data, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />
        ))}
      </head>
      <body>
        <Layout trust={trust} section={page.section}>
          {page.body}
        </Layout>
        {(page.islands ?? []).map((island) => (
          <script key={island} type="module" src={assets.island(island)} />
        ))}
      </body>
    </html>,
  );
  return `<!DOCTYPE html>${html}`;
}

/** JSON inside a `<script>` element: `<` escaped, so no text of it can close the element. */
function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
