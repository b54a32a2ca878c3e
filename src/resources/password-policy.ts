/**
 * The password policy, shared by the server (which enforces it) and the admin (which shows the same sentences
 * before sending): at least MIN_PASSWORD_LENGTH characters, at most MAX_PASSWORD_LENGTH, and not one of the most
 * common passwords (common-passwords.ts, compared without regard to case or surrounding spaces).
 */
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import {
  ACCOUNT_PASSWORD_REQUIRED,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_POLICY,
} from './password-rules.ts';

export * from './password-rules.ts';

let common: Set<string> | undefined;

/** Whether a password is on the list of the most common ones (case and surrounding spaces ignored). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n').filter((line) => line !== ''));
  return common.has(password.trim().toLowerCase());
}

/** The sentence saying what is wrong with a new password, or undefined when the policy accepts it. */
export function passwordProblem(password: string): string | undefined {
  if (password.trim() === '') return PASSWORD_POLICY.required;
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return PASSWORD_POLICY.tooShort;
  if (length > MAX_PASSWORD_LENGTH) return PASSWORD_POLICY.tooLong;
  if (isCommonPassword(password)) return PASSWORD_POLICY.common;
  return undefined;
}

/**
 * The password of a new account (an employee, a user of the User List) as a form or an API client sends it: the
 * same policy as reset and the account page, with the add forms' sentence when it is missing. The server refuses
 * with this sentence; the forms show it before asking the server.
 */
export function accountPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.trim() === '') return ACCOUNT_PASSWORD_REQUIRED;
  return passwordProblem(password);
}
