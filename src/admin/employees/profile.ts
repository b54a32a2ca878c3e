/**
 * Step 1 of adding or editing an employee (the profile), checked before Next with the server's own rules and
 * sentences (src/resources/validation.ts on the declaration in src/resources/employees.ts, and the one password
 * policy of src/resources/password-policy.ts): every problem of the step at once, keyed by the declared field,
 * in the order the step shows its fields. The server still checks everything again.
 */
import { employees } from '../../resources/employees.ts';
import { accountPasswordProblem } from '../../resources/password-policy.ts';
import { validateFields } from '../../resources/validation.ts';
import { fill } from '../i18n/words.ts';
import { EMPLOYEE } from './messages.ts';

/** The step's values as its inputs hold them, by declared field (and `password`). */
export type ProfileValues = Record<string, string>;

/** The form field of the photo. */
export const PHOTO = 'user_profile';

/** The declared fields chosen rather than typed: a missing one is 'Please fill out {label}' (spec section 5). */
export const CHOICES = ['department_id', 'designation_id', 'role', PHOTO] as const;

/** The English sentence of a missing choice, as the screens keep it (ProfileInputs.tsx says it in the language). */
export function missingChoice(field: (typeof CHOICES)[number]): string {
  return fill(EMPLOYEE.choose, { label: employees.fields[field].label });
}

/** A number input's text as the server takes it: a number when it reads as one, the text otherwise (refused). */
function numberOf(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}

/** The declared fields among `names` as the server takes them: text trimmed, integers as numbers. */
export function profileRecord(values: ProfileValues, names: readonly string[]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const name of names) {
    const decl = employees.fields[name as keyof typeof employees.fields];
    if (!decl) continue;
    const text = values[name] ?? '';
    record[name] = decl.kind === 'integer' ? numberOf(text) : decl.kind === 'text' ? text.trim() : text;
  }
  return record;
}

export interface ProfileCheck {
  /** The declared fields of the step, in the order it shows them. */
  fields: readonly string[];
  /** The step takes the new account's password (adding). */
  password?: boolean;
  /** The photo: required (adding) or not (editing keeps the stored one). */
  photo?: { file: File | null; required: boolean };
  /** The order the step shows its inputs in, `password` and the photo included (by default: fields, then those). */
  order?: readonly string[];
}

/** Every problem of the step, by field, in the step's order (empty when Next may go on). */
export function profileProblems(values: ProfileValues, check: ProfileCheck): [string, string][] {
  const found = new Map<string, string>();
  for (const error of validateFields(employees, profileRecord(values, check.fields), [...check.fields])) {
    if (!found.has(error.field)) found.set(error.field, error.message);
  }
  if (check.password) {
    const problem = accountPasswordProblem(values.password ?? '');
    if (problem) found.set('password', problem);
  }
  if (check.photo?.required && !check.photo.file) found.set(PHOTO, missingChoice(PHOTO));
  const order = check.order ?? [...check.fields, 'password', PHOTO];
  return [...found.entries()].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
}
