/**
 * The password policy's numbers and sentences, without the list of common passwords (password-policy.ts, which
 * re-exports these): what a screen shows before anyone types, so that the sign-in screens need not download the list.
 */
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

/** The sentence of a missing password on the forms that create an account (spec section 5's alert style). */
export const ACCOUNT_PASSWORD_REQUIRED = 'Please fill out Password';
