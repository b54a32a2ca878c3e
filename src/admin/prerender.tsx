/**
 * The sign-in screens drawn at build time (scripts/vite-prerender.ts runs this in Node, through Vite): the HTML and
 * the styles of `path` in `locale`, put into index.html so that a phone shows the form before any script has run.
 *
 * - `/login`: the login form without react-admin or MUI (auth/DrawnLogin.tsx), with the words of both languages in
 *   the page; main.tsx takes it over with React alone; its stylesheet is the entry's.
 * - `/forget-password`: react-admin's screen (FirstScreen), which start.tsx takes over (hydrateRoot) with the same
 *   tree and the same styles: MUI's emotion, whose cache (key `css`, emotion's default, the one the browser uses)
 *   finds the style tags written here by their `data-emotion` names and does not write them again.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createAuthProvider } from './auth/auth-provider.ts';
import { carryWords, DrawnLogin, type DrawnLoginWords } from './auth/DrawnLogin.tsx';
import type { LoginFailureWords } from './auth/login-request.ts';
import type { LoginWords } from './auth/LoginForm.tsx';
import { backOffice, FirstScreen } from './FirstScreen.tsx';
import { i18nProvider } from './i18n.ts';
import { LOCALES, type Locale } from './i18n/locales.ts';
import { wordsNow } from './i18n/words.ts';
import { AUTH } from './auth/messages.ts';
import { SHELL } from './messages.ts';

/** The sign-in screens drawn ahead: their content depends on nothing but the language (reset's on its link's token). */
export const PRERENDERED_PATHS = ['/login', '/forget-password'] as const;

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The `<style data-emotion>` tags that go in the head. */
  styles: string;
  /** What follows `<div id="root">` (the drawn login page's words). */
  after?: string;
}

/** The words of the drawn login page in the language chosen now (AUTH's and SHELL's). */
function loginWordsNow(): LoginWords & LoginFailureWords {
  const auth = wordsNow(AUTH);
  const shell = wordsNow(SHELL);
  return {
    appTitle: shell.appTitle,
    language: shell.language,
    loginTitle: auth.loginTitle,
    userType: auth.userType,
    userTypeNames: auth.userTypeNames,
    email: auth.email,
    password: auth.password,
    savePassword: auth.savePassword,
    forgotPasswordLink: auth.forgotPasswordLink,
    logIn: auth.logIn,
    emailRequired: auth.emailRequired,
    passwordRequired: auth.passwordRequired,
    loginFailed: auth.loginFailed,
    somethingWrong: auth.somethingWrong,
  };
}

async function drawnLogin(locale: Locale): Promise<Prerendered> {
  const words: Partial<Record<Locale, LoginWords & LoginFailureWords>> = {};
  for (const { locale: each } of LOCALES) {
    await i18nProvider.changeLocale(each);
    words[each] = loginWordsNow();
  }
  const all = words as DrawnLoginWords;
  const nothing = () => undefined;
  const html = renderToString(<DrawnLogin words={all} locale={locale} preload={nothing} onSignedIn={nothing} />);
  return { html, styles: '', after: carryWords(all) };
}

export async function prerender(path: string, locale: Locale): Promise<Prerendered> {
  if (path === '/login') return drawnLogin(locale);
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
