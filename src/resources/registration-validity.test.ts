import { describe, expect, it } from 'vitest';
import { daysBetween, registrationDeadlines, registrationLapses } from './registration-validity.ts';

const SETTINGS = {
  registration_number: 'AAATS1234QE20214',
  registration_date: '2021-05-28',
  registration_valid_until: '2026-03-31',
  approval_number: 'AAATS1234QF20214',
  approval_date: '2026-12-01',
  approval_valid_until: '2031-03-31',
};

describe('registration validity', () => {
  it('finds the registrations that did not hold on a day: ended before it, or begun after it', () => {
    expect(registrationLapses(SETTINGS, '2026-11-26')).toEqual([
      {
        which: 'registration',
        standing: 'expired',
        number: 'AAATS1234QE20214',
        from: '2021-05-28',
        until: '2026-03-31',
      },
      {
        which: 'approval',
        standing: 'not-yet-valid',
        number: 'AAATS1234QF20214',
        from: '2026-12-01',
        until: '2031-03-31',
      },
    ]);
    // The first and the last day are valid.
    expect(registrationLapses(SETTINGS, '2026-03-31').map((l) => l.which)).toEqual(['approval']);
    expect(registrationLapses({ ...SETTINGS, approval_date: '2026-03-31' }, '2026-03-31')).toEqual([]);
    // A date not filled in is not judged (the receipt says it is missing).
    expect(registrationLapses({}, '2026-11-26')).toEqual([]);
  });

  it('lists the validities that have ended or end within 90 days, soonest first', () => {
    expect(registrationDeadlines(SETTINGS, '2026-01-01')).toEqual([
      expect.objectContaining({ which: 'registration', until: '2026-03-31', standing: 'expiring', daysLeft: 89 }),
    ]);
    expect(registrationDeadlines(SETTINGS, '2025-12-31').map((d) => d.daysLeft)).toEqual([90]);
    expect(registrationDeadlines(SETTINGS, '2025-12-30')).toEqual([]);
    expect(registrationDeadlines(SETTINGS, '2026-04-01')).toEqual([
      expect.objectContaining({ which: 'registration', standing: 'expired', daysLeft: -1 }),
    ]);
    expect(
      registrationDeadlines({ ...SETTINGS, approval_valid_until: '2026-03-01' }, '2026-03-15').map((d) => [
        d.which,
        d.standing,
        d.daysLeft,
      ]),
    ).toEqual([
      ['approval', 'expired', -14],
      ['registration', 'expiring', 16],
    ]);
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });
});
