import { describe, expect, it } from 'vitest';
import { inTimeZone, startOfDay, startOfNextDay } from './calendar.ts';

describe('calendar days in a time zone', () => {
  it('begins a day in India at 18:30 UTC the evening before', () => {
    expect(startOfDay('2026-11-01', 'Asia/Kolkata').toISOString()).toBe('2026-10-31T18:30:00.000Z');
    expect(startOfNextDay('2026-11-03', 'Asia/Kolkata').toISOString()).toBe('2026-11-03T18:30:00.000Z');
  });

  it('crosses month and year ends', () => {
    expect(startOfNextDay('2026-12-31', 'Asia/Kolkata').toISOString()).toBe('2026-12-31T18:30:00.000Z');
    expect(startOfNextDay('2028-02-28', 'UTC').toISOString()).toBe('2028-02-29T00:00:00.000Z');
  });

  it('follows summer time where there is one', () => {
    expect(startOfDay('2026-07-01', 'Europe/London').toISOString()).toBe('2026-06-30T23:00:00.000Z');
    expect(startOfDay('2026-01-01', 'Europe/London').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it("writes an instant as the zone's clocks show it, with the offset", () => {
    const instant = new Date('2026-11-22T05:00:00.123Z');
    expect(inTimeZone(instant, 'Asia/Kolkata')).toBe('2026-11-22T10:30:00.123+05:30');
    expect(inTimeZone(instant, 'UTC')).toBe('2026-11-22T05:00:00.123+00:00');
    expect(inTimeZone(new Date('2026-07-01T03:00:00Z'), 'America/New_York')).toBe('2026-06-30T23:00:00.000-04:00');
    expect(new Date(inTimeZone(instant, 'Asia/Kolkata')).getTime()).toBe(instant.getTime());
  });
});
