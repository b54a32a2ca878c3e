/**
 * Writes the sign-in screens, drawn (src/admin/prerender.tsx), into copies of the built index.html: one page per
 * path and language, `prerendered/<path>.<locale>.html` in the build, which the server sends for that path in the
 * language its `admin_locale` cookie names (src/server/plugins/external/static.ts). The page shows the form before
 * any script has run; the script then takes it over (src/admin/main.tsx).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { createServer } from 'vite';
import type * as Prerender from '../src/admin/prerender.tsx';
import { LOCALES } from '../src/admin/i18n/locales.ts';

export const PRERENDERED_DIR = 'prerendered';

/** Where the page of `path` in `locale` is, under the build's directory. */
export const prerenderedFile = (path: string, locale: string): string =>
  join(PRERENDERED_DIR, `${path.replace(/^\/+/, '')}.${locale}.html`);

/** Writes every drawn page into `outDir` (the build's directory, whose index.html is the frame). */
export async function writePrerendered(root: string, outDir: string): Promise<string[]> {
  const frame = await readFile(join(outDir, 'index.html'), 'utf8');
  if (!frame.includes('<div id="root"></div>')) throw new Error('index.html has no empty <div id="root"></div>.');
  // Through Vite (TypeScript, JSX, the CSS the modules import), without this project's config and its plugins; a
  // server rather than a one-off import, as the Hindi words are a module loaded when that language is chosen.
  const vite = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const module = (await vite.ssrLoadModule('/src/admin/prerender.tsx')) as typeof Prerender;
    const written: string[] = [];
    for (const path of module.PRERENDERED_PATHS) {
      for (const { locale } of LOCALES) {
        const { html, styles, after = '' } = await module.prerender(path, locale);
        const page = frame
          .replace(/<html lang="[^"]*">/, `<html lang="${locale}">`)
          .replace('</head>', `${styles}</head>`)
          .replace('<div id="root"></div>', `<div id="root" data-prerendered="${locale}">${html}</div>${after}`);
        const file = prerenderedFile(path, locale);
        await mkdir(dirname(join(outDir, file)), { recursive: true });
        await writeFile(join(outDir, file), page);
        written.push(file);
      }
    }
    return written;
  } finally {
    await vite.close();
  }
}
