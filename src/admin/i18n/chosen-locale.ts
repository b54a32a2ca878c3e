/**
 * The language this browser chose, where it is kept: react-admin's store (`RaStore.locale` in localStorage), which the
 * back-office reads, and the `admin_locale` cookie, which tells the server which language to send the sign-in screens
 * drawn in (src/server/plugins/external/static.ts reads it; scripts/vite-prerender.ts draws them). Nothing personal: a language.
 * Nothing of react-admin here: the sign-in page drawn in its HTML switches language before react-admin has loaded.
 */
import { isLocale, type Locale } from './locales.ts';

export const LOCALE_COOKIE = 'admin_locale';
const STORE_KEY = 'RaStore.locale';

/** The language this browser chose last; English when none or an unknown one. */
export function storedLocale(): Locale {
  try {
    const stored: unknown = JSON.parse(globalThis.localStorage?.getItem(STORE_KEY) ?? 'null');
    return isLocale(stored) ? stored : 'en';
  } catch {
    return 'en';
  }
}

/** The language chosen, told to the page (`<html lang>`, for screen readers and fonts) and to the server. */
export function announceLocale(locale: string): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = locale;
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Chooses a language without react-admin: kept where react-admin's store will find it, and announced. */
export function chooseLocale(locale: Locale): void {
  localStorage.setItem(STORE_KEY, JSON.stringify(locale));
  announceLocale(locale);
}
