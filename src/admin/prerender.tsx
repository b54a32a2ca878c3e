/**
 * The sign-in screens drawn at build time (scripts/vite-prerender.ts runs this in Node, through Vite): the HTML and
 * the styles of `path` in `locale`, put into index.html so that a phone shows the form before any script has run.
 * main.tsx then takes the drawn screen over (hydrateRoot), which needs the same tree (FirstScreen) and the same
 * styles: MUI's emotion, whose cache (key `css`, emotion's default, the one the browser uses) finds the style tags
 * written here by their `data-emotion` names and does not write them again.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createAuthProvider } from './auth/authProvider.ts';
import { backOffice, FirstScreen } from './FirstScreen.tsx';
import { i18nProvider } from './i18n.ts';
import type { Locale } from './i18n/locales.ts';

/** The sign-in screens drawn ahead: their content depends on nothing but the language (reset's on its link's token). */
export const PRERENDERED_PATHS = ['/login', '/forget-password'] as const;

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<style data-emotion>` tags that go in the head. */
  styles: string;
}

export async function prerender(path: string, locale: Locale): Promise<Prerendered> {
  await i18nProvider.changeLocale(locale);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const authProvider = createAuthProvider();
  const html = renderToString(
    <CacheProvider value={cache}>
      <StaticRouter location={path}>
        <FirstScreen authProvider={authProvider} loadBackOffice={backOffice(authProvider)} />
      </StaticRouter>
    </CacheProvider>,
  );
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}
