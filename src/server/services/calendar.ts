/**
 * Calendar days of the trust's time zone as instants: a filter "from 1 to 3 November" means from the start of
 * 1 November to the start of 4 November in Asia/Kolkata (by default), whatever the server's own zone.
 */
import { dateFormat } from '../../resources/times.ts';

/** A zone's wall clock, to the second. */
const WALL_CLOCK: Intl.DateTimeFormatOptions = {
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The zone's offset from UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = dateFormat('en-US', timeZone, WALL_CLOCK).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a calendar day (`YYYY-MM-DD`, already checked) begins in `timeZone`. */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, date);
  let instant = wall - offsetAt(wall, timeZone);
  // Once more at the found instant, for days when the offset changes (summer time elsewhere).
  instant = wall - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The instant the day after `day` begins: the exclusive end of an inclusive day range. */
export function startOfNextDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return startOfDay(next.toISOString().slice(0, 10), timeZone);
}

/**
 * An instant as ISO 8601 in `timeZone`, with that zone's offset: `2026-11-22T10:30:00.000+05:30`. The same
 * instant as the `Z` form, written as the trust's clocks showed it, so that a screen can show it as such.
 */
export function inTimeZone(instant: Date, timeZone: string): string {
  const offset = offsetAt(instant.getTime(), timeZone);
  const wall = new Date(instant.getTime() + offset).toISOString().slice(0, -1);
  const minutes = Math.round(Math.abs(offset) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  return `${wall}${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
