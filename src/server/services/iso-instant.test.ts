import { describe, expect, it } from 'vitest';
import { isoInstant } from './record-lists.ts';

describe('isoInstant', () => {
  it('gives what Date#toISOString gives for PostgreSQL’s text of an instant', () => {
    const texts = [
      '2026-11-15 22:53:55.327+00',
      '2026-11-15 22:53:55+00',
      '2026-11-15 22:53:55.3+00',
      '2026-11-15 22:53:55.32+00',
      '2026-11-15 22:53:55.327999+00',
      '2026-01-01 00:00:00.000001+00',
      '1999-12-31 23:59:59.999+00',
      '2026-11-16 04:23:55.327+05:30',
      '2026-11-15 17:53:55.327-05',
    ];
    for (const text of texts)
      expect(isoInstant(text)).toBe(new Date(text.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString());
  });

  it('turns other offsets into UTC', () => {
    expect(isoInstant('2026-11-16 04:23:55.327+05:30')).toBe('2026-11-15T22:53:55.327Z');
  });
});
