/**
 * Dates, times, numbers and money as the office reads them: Indian formats (en-IN, hi-IN: lakh grouping, ₹), and
 * every time in the trust's time zone (the server's TRUST_TIMEZONE, from the session), labelled with it in English
 * ("IST"), so that a screen shows the same hour whatever the browser's own zone; instants as src/resources/times.ts
 * writes them for every screen. One place for every screen, generated or not.
 */
import { useMemo } from 'react';
import { useLocaleState, usePermissions } from 'react-admin';
import { TRUST_TIME_ZONE, type Session } from '../auth/session-data.ts';
import { instantFormat } from '../../resources/times.ts';
import { intlLocale } from './locales.ts';
import { defineWords, hindi, useWords } from './words.ts';

export const FORMAT = defineWords('format', {
  /** Shown where a value is absent. */
  none: '—',
  invalid: 'Not a valid date',
} as const);

export const FORMAT_HI = hindi(FORMAT, { none: '—', invalid: 'मान्य तारीख़ नहीं' });

export interface Formats {
  /** An instant: "25 Nov 2026, 3:35 pm IST"; in Hindi "25 नव॰ 2026, दोपहर 3:35" (src/resources/times.ts). */
  dateTime: (value: unknown) => string;
  /** A calendar day (`YYYY-MM-DD`, no zone) or the day of an instant in the trust's zone: "25 Nov 2026". */
  date: (value: unknown) => string;
  /** Rupees: "₹12,34,567.50" (paise only when there are any). */
  money: (value: unknown) => string;
  /** A count: "12,34,567". */
  count: (value: unknown) => string;
  timeZone: string;
  locale: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function formatsFor(locale: string, timeZone: string, words = { none: '—', invalid: 'Not a valid date' }) {
  const tag = intlLocale(locale);
  // English names the zone ("IST"); Hindi says the part of the day instead of am/pm (src/resources/times.ts).
  const instant = instantFormat(locale, timeZone);
  const dayInZone = new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', year: 'numeric', timeZone });
  // A calendar day has no zone: read and written at UTC midnight, so that it never moves to the day before.
  const calendarDay = new Intl.DateTimeFormat(tag, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const rupees = new Intl.NumberFormat(tag, { style: 'currency', currency: 'INR', minimumFractionDigits: 0 });
  const counts = new Intl.NumberFormat(tag);
  const parse = (value: unknown): Date | undefined => {
    if (value instanceof Date) return value;
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  const blank = (value: unknown) => value === null || value === undefined || value === '';
  return {
    dateTime: (value: unknown) => {
      if (blank(value)) return words.none;
      const date = parse(value);
      return date ? instant.format(date) : words.invalid;
    },
    date: (value: unknown) => {
      if (blank(value)) return words.none;
      if (typeof value === 'string' && DAY.test(value)) return calendarDay.format(new Date(`${value}T00:00:00Z`));
      const date = parse(value);
      return date ? dayInZone.format(date) : words.invalid;
    },
    money: (value: unknown) => {
      if (blank(value)) return words.none;
      const amount = Number(value);
      return Number.isFinite(amount) ? rupees.format(amount) : String(value);
    },
    count: (value: unknown) => {
      if (blank(value)) return words.none;
      const amount = Number(value);
      return Number.isFinite(amount) ? counts.format(amount) : String(value);
    },
    timeZone,
    locale: tag,
  } satisfies Formats;
}

/** The formats of the language chosen, in the trust's time zone. */
export function useFormats(): Formats {
  const [locale] = useLocaleState();
  const { permissions } = usePermissions<Session | undefined>();
  const timeZone = permissions?.timeZone ?? TRUST_TIME_ZONE;
  const words = useWords(FORMAT);
  return useMemo(() => formatsFor(locale, timeZone, words), [locale, timeZone, words]);
}
