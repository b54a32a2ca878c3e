/**
 * `/login` opened directly: the login form (LoginForm.tsx) drawn into the page's HTML at build time, in both
 * languages' words carried in the page, and taken over by a script that holds React and this alone, not react-admin
 * or MUI (the sign-in page of a phone on a mobile network; docs/decisions.md, "The login page opened directly is the
 * login form without react-admin or MUI"). Signing in here calls the server itself (login-request.ts), then hands the
 * page to the back-office (main.tsx), whose script starts loading as soon as the person starts filling the form in.
 */
import { useState } from 'react';
import { chooseLocale } from '../i18n/chosen-locale.ts';
import { LOCALES, type Locale } from '../i18n/locales.ts';
import { signInSentenceHi } from '../i18n/sign-in-hindi.ts';
import { signInOnServer, type LoginFailureWords } from './login-request.ts';
import { LoginForm, type LoginWords } from './LoginForm.tsx';
import { browserFetch } from './request.ts';

/** What the page carries: the form's words in each language, and what a failed sign-in says. */
export type DrawnLoginWords = Readonly<Record<Locale, LoginWords & LoginFailureWords>>;

/** The id of the `<script type="application/json">` that carries them (written by scripts/vite-prerender.ts). */
export const DRAWN_LOGIN_WORDS_ID = 'login-words';

/** The words carried by the page, when it is the drawn login page; undefined otherwise. */
export function drawnLoginWords(): DrawnLoginWords | undefined {
  const carried = document.getElementById(DRAWN_LOGIN_WORDS_ID)?.textContent;
  if (!carried) return undefined;
  try {
    return JSON.parse(carried) as DrawnLoginWords;
  } catch {
    return undefined;
  }
}

/** The words as written into the page: `<` escaped, so that no word can close the script element. */
export function carryWords(words: DrawnLoginWords): string {
  return `<script type="application/json" id="${DRAWN_LOGIN_WORDS_ID}">${JSON.stringify(words).replaceAll('<', '\\u003c')}</script>`;
}

export interface DrawnLoginProps {
  words: DrawnLoginWords;
  /** The language the page was drawn in. */
  locale: Locale;
  /** Starts loading the back-office (the first time the form is touched, and on sending it). */
  preload: () => void;
  /** Signed in: the back-office takes the page over. */
  onSignedIn: () => void;
}

export function DrawnLogin({ words, locale: drawn, preload, onSignedIn }: DrawnLoginProps) {
  const [locale, setLocale] = useState(drawn);
  const chosen = words[locale];
  const other = LOCALES.find((entry) => entry.locale !== locale) ?? LOCALES[0];
  return (
    <div onFocusCapture={preload} onPointerDownCapture={preload}>
      <LoginForm
        words={chosen}
        otherLanguage={other}
        onChooseLanguage={(next) => {
          chooseLocale(next);
          setLocale(next);
        }}
        signIn={async (params) => {
          preload();
          await signInOnServer(browserFetch, params, chosen);
          onSignedIn();
        }}
        describeFailure={(message) => (locale === 'hi' ? (signInSentenceHi(message) ?? message) : message)}
      />
    </div>
  );
}
