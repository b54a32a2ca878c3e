import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';
import {
  isCommonPassword,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_POLICY,
  passwordProblem,
} from './password-policy.ts';

describe('the password policy', () => {
  it('accepts a long password that is not common', () => {
    expect(passwordProblem('violet-lantern-42')).toBeUndefined();
    expect(passwordProblem('a'.repeat(MAX_PASSWORD_LENGTH - 1) + 'b')).toBeUndefined();
  });

  it('asks for a password when none or only spaces are given', () => {
    expect(passwordProblem('')).toBe(PASSWORD_POLICY.required);
    expect(passwordProblem(' '.repeat(12))).toBe(PASSWORD_POLICY.required);
  });

  it(`refuses fewer than ${MIN_PASSWORD_LENGTH} characters, counting characters rather than UTF-16 units`, () => {
    expect(passwordProblem('short-pw9')).toBe(PASSWORD_POLICY.tooShort);
    expect(passwordProblem('sh0rt-pw9x')).toBeUndefined();
    // Nine characters outside the BMP are 18 UTF-16 units: still nine characters.
    expect(passwordProblem('🔑'.repeat(9))).toBe(PASSWORD_POLICY.tooShort);
    expect(passwordProblem('🔑'.repeat(10))).toBeUndefined();
  });

  it(`refuses more than ${MAX_PASSWORD_LENGTH} characters`, () => {
    expect(passwordProblem('x'.repeat(MAX_PASSWORD_LENGTH + 1))).toBe(PASSWORD_POLICY.tooLong);
  });

  it('refuses the most common passwords whatever their case and surrounding spaces', () => {
    for (const password of ['password123', 'qwertyuiop', '1234567890', 'Password123', ' QWERTYUIOP ', 'basketball']) {
      expect(isCommonPassword(password)).toBe(true);
      expect(passwordProblem(password)).toBe(PASSWORD_POLICY.common);
    }
    expect(isCommonPassword('violet-lantern-42')).toBe(false);
  });

  it('ships a list of about fifteen hundred long common passwords, one a line, lower-case', () => {
    const lines = COMMON_PASSWORDS_TEXT.split('\n').filter((line) => line !== '');
    expect(lines.length).toBeGreaterThan(1500);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.every((line) => line.length >= MIN_PASSWORD_LENGTH && line === line.trim().toLowerCase())).toBe(true);
    // Most common first.
    expect(lines.slice(0, 2)).toEqual(['qwertyuiop', '1234567890']);
  });
});
