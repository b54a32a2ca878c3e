import { intlLocaleOf } from '../../resources/times.ts';

/** The back-office's languages (the server accepts the same: PUT /api/v2/session/preferences). */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'hi', name: 'हिन्दी' },
] as const;

export type Locale = (typeof LOCALES)[number]['locale'];

export const isLocale = (value: unknown): value is Locale => LOCALES.some((entry) => entry.locale === value);

/** The Intl locale of dates, numbers and money: Indian formats in both languages (src/resources/times.ts). */
export const intlLocale = intlLocaleOf;
