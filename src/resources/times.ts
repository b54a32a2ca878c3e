/**
 * How an instant is written, in the trust's time zone, by every screen that shows one: the admin (both languages,
 * src/admin/i18n/format.ts), the public site (public-site/format.ts) and anything the server writes for people.
 *
 * - English: "26 Nov 2026, 4:58 am IST": the zone named, as the office says it.
 * - Hindi: "26 नव॰ 2026, सुबह 4:58" (`month: 'long'`: "26 नवंबर 2026 को सुबह 4:58 बजे"): the part of the day in
 *   Hindi (सुबह, दोपहर, शाम, रात) instead of "am"/"pm", which Hindi's Intl data keeps in Latin letters, and no zone
 *   name, which it has only as "IST" or the long "भारतीय मानक समय". Every time the office shows is the trust's, so
 *   leaving the name out says nothing different (docs/decisions.md).
 */
export type TimeLanguage = 'en' | 'hi';

const formats = new WeakMap<object, Map<string, Intl.DateTimeFormat>>();

/**
 * A date formatter of a locale, zone and options, made once: making one costs far more than using it (an import reads
 * 10,000 dates, an export writes 100,000). `options` is a constant of its caller's module (one object per kind of
 * format, the zone left out), so that the object itself is the key.
 */
export function dateFormat(
  locale: string,
  timeZone: string,
  options: Readonly<Intl.DateTimeFormatOptions>,
): Intl.DateTimeFormat {
  let byZone = formats.get(options);
  if (!byZone) formats.set(options, (byZone = new Map()));
  const key = `${locale} ${timeZone}`;
  let format = byZone.get(key);
  if (!format) byZone.set(key, (format = new Intl.DateTimeFormat(locale, { ...options, timeZone })));
  return format;
}

/** The Intl locale of a language's dates and numbers: Indian formats in both (lakh grouping, ₹). */
export const intlLocaleOf = (language: string): string => (language === 'hi' ? 'hi-IN' : 'en-IN');

const instants = new Map<string, Intl.DateTimeFormat>();

/** The format of an instant in `language` and `timeZone`, with the month short ("Nov", "नव॰") or long. */
export function instantFormat(
  language: string,
  timeZone: string,
  month: 'short' | 'long' = 'short',
): Intl.DateTimeFormat {
  const hindi = language === 'hi';
  const key = `${hindi ? 'hi' : 'en'} ${timeZone} ${month}`;
  let format = instants.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocaleOf(language), {
      day: 'numeric',
      month,
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      ...(hindi ? { dayPeriod: 'short' } : { timeZoneName: 'short' }),
    });
    instants.set(key, format);
  }
  return format;
}

/** An instant (a Date or ISO 8601 text) as `language` writes it in `timeZone`; '' when it is not one. */
export function formatInstant(
  value: unknown,
  language: string,
  timeZone: string,
  month: 'short' | 'long' = 'short',
): string {
  if (!(value instanceof Date) && typeof value !== 'string' && typeof value !== 'number') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return instantFormat(language, timeZone, month).format(date);
}
