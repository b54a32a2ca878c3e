/**
 * The password policy, shared by the server (which enforces it) and the admin (which shows the same sentences
 * before sending): at least MIN_PASSWORD_LENGTH characters, at most MAX_PASSWORD_LENGTH, and not one of the most
 * common passwords (common-passwords.ts, compared without regard to case or surrounding spaces).
 */
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

export const PASSWORD_POLICY = {
  /** The rules as the reset form lists them. */
  rules: [
    `At least ${MIN_PASSWORD_LENGTH} characters.`,
    'Not one of the most common passwords (such as "password123" or "qwertyuiop").',
  ],
  required: 'Password is required.',
  tooShort: `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
  tooLong: `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`,
  common: 'This password is one of the most common passwords. Please choose another.',
  mismatch: 'The two passwords do not match.',
} as const;

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

/** The sentence of a missing password on the forms that create an account (spec section 5's alert style). */
export const ACCOUNT_PASSWORD_REQUIRED = 'Please fill out Password';

/**
 * The password of a new account (an employee, a user of the User List) as a form or an API client sends it: the
 * same policy as reset and the account page, with the add forms' sentence when it is missing. The server refuses
 * with this sentence; the forms show it before asking the server.
 */
export function accountPasswordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.trim() === '') return ACCOUNT_PASSWORD_REQUIRED;
  return passwordProblem(password);
}
