/** Dates and numbers as a Hindi reader expects them: "22 नवंबर 2026", ₹1,50,000. */
import { dateFormat, formatInstant } from '../src/resources/times.ts';

export { formatRupees } from '../src/resources/indian-numbers.ts';

/** A date as a Hindi reader writes it: "22 नवंबर 2026". */
const HINDI_DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };

const dayFormat = (timeZone: string) => dateFormat('hi-IN', timeZone, HINDI_DAY);

/** A calendar day (`2026-11-22`) or an instant, as a Hindi date in the trust's time zone: "22 नवंबर 2026". */
export function hindiDate(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  // A calendar day has no time zone of its own: it is read at noon UTC, which is the same day everywhere in India.
  const instant =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  if (Number.isNaN(instant.getTime())) return '';
  return dayFormat(/^\d{4}-\d{2}-\d{2}$/.test(String(value)) ? 'UTC' : timeZone).format(instant);
}

/** The machine-readable form of a date for `<time datetime>`: the day itself, or the instant in ISO form. */
export function isoDate(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  return undefined;
}

/** Plain text of stored rich text (already cleaned by the server's allow-list), for descriptions and summaries. */
export function plainText(html: unknown, limit = 160): string {
  if (typeof html !== 'string') return '';
  const text = html
    // `[^<>]`: a run of `<` without `>` is not scanned again from each `<` (quadratic).
    .replace(/<[^<>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const space = cut.lastIndexOf(' ');
  return `${(space > limit * 0.6 ? cut.slice(0, space) : cut).trim()}…`;
}

/**
 * An instant as a Hindi date and time in the trust's time zone: "22 नवंबर 2026 को शाम 5:30 बजे" (the one way every
 * screen writes times: src/resources/times.ts).
 */
export function hindiDateTime(value: unknown, timeZone: string): string {
  if (typeof value !== 'string' && !(value instanceof Date)) return '';
  return formatInstant(value, 'hi', timeZone, 'long');
}
