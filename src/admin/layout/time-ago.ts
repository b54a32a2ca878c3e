import { intlLocale } from '../i18n/locales.ts';

const relatives = new Map<string, Intl.RelativeTimeFormat>();

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "5 minutes ago", "yesterday" in English; "5 मिनट पहले", "कल" in Hindi (`locale`: the admin's language); empty when
 * the date is missing or unreadable.
 */
export function timeAgo(iso: string | undefined, locale = 'en', now: number = Date.now()): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return '';
  const tag = intlLocale(locale);
  let relative = relatives.get(tag);
  if (!relative) {
    relative = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    relatives.set(tag, relative);
  }
  const seconds = Math.round((time - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return relative.format(0, 'second');
}
