/**
 * The dated registrations a receipt prints (Trust Settings, src/resources/trust-settings.ts): the trust's
 * registration under 12A/12AB and its approval under 80G (or the sections that renumber them, Tax Wording), each
 * with the day it begins and the day its validity ends. A receipt of a day outside one of them says so
 * (services/receipt-document.ts), the person issuing it is warned first (src/admin/donations), and the dashboard
 * shows an Admin the ones that have run out or run out within DEADLINE_DAYS. Days are `YYYY-MM-DD` of the trust's
 * calendar; a day compares with another as text. Shared by the server and the admin.
 */

/** The two registrations a receipt carries, in the order it prints them. */
export const REGISTRATIONS = ['registration', 'approval'] as const;
export type RegistrationKind = (typeof REGISTRATIONS)[number];

/** What Trust Settings holds of one registration: its number, first day and last day, each possibly empty. */
export interface RegistrationDates {
  number: string | null;
  from: string | null;
  until: string | null;
}

/** A registration printed on a receipt that did not hold on the donation's day. */
export interface RegistrationLapse extends RegistrationDates {
  which: RegistrationKind;
  /** `expired`: its validity ended before the day; `not-yet-valid`: it begins after the day. */
  standing: 'expired' | 'not-yet-valid';
}

/** A registration whose validity has ended, or ends within DEADLINE_DAYS of today. */
export interface RegistrationDeadline extends RegistrationDates {
  which: RegistrationKind;
  until: string;
  standing: 'expired' | 'expiring';
  /** Days from today to its last day: 0 on the last day, negative once it has ended. */
  daysLeft: number;
}

/** How far ahead the dashboard looks for a validity that ends (renewal under 12AB is applied for months ahead). */
export const DEADLINE_DAYS = 90;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOrNull = (value: unknown): string | null => {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && DAY.test(value.slice(0, 10)) ? value.slice(0, 10) : null;
};
const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The two registrations of a Trust Settings record (`registration_date`, `approval_valid_until`, …). */
export function registrationsOf(
  settings: Readonly<Record<string, unknown>>,
): Record<RegistrationKind, RegistrationDates> {
  const of = (which: RegistrationKind): RegistrationDates => ({
    number: textOrNull(settings[`${which}_number`]),
    from: dayOrNull(settings[`${which}_date`]),
    until: dayOrNull(settings[`${which}_valid_until`]),
  });
  return { registration: of('registration'), approval: of('approval') };
}

/**
 * The registrations that did not hold on `day`: begun after it, or ended before it (the last day itself is
 * valid). One without the date in question is not judged: the receipt already says that date is missing.
 */
export function registrationLapses(settings: Readonly<Record<string, unknown>>, day: string): RegistrationLapse[] {
  const registrations = registrationsOf(settings);
  return REGISTRATIONS.flatMap((which): RegistrationLapse[] => {
    const dates = registrations[which];
    if (dates.until !== null && day > dates.until) return [{ which, standing: 'expired', ...dates }];
    if (dates.from !== null && day < dates.from) return [{ which, standing: 'not-yet-valid', ...dates }];
    return [];
  });
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The registrations whose validity has ended by `today`, or ends within DEADLINE_DAYS of it, soonest first. */
export function registrationDeadlines(
  settings: Readonly<Record<string, unknown>>,
  today: string,
  within: number = DEADLINE_DAYS,
): RegistrationDeadline[] {
  const registrations = registrationsOf(settings);
  return REGISTRATIONS.flatMap((which): RegistrationDeadline[] => {
    const { until, ...rest } = registrations[which];
    if (until === null) return [];
    const daysLeft = daysBetween(today, until);
    if (daysLeft > within) return [];
    return [{ which, ...rest, until, standing: daysLeft < 0 ? 'expired' : 'expiring', daysLeft }];
  }).sort((a, b) => a.daysLeft - b.daysLeft);
}
