import { describe, expect, it } from 'vitest';
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../resources/password-policy.ts';
import { GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET, generatePassword, randomCharacters } from './password.ts';

describe('generatePassword', () => {
  it('makes passwords the one password policy accepts, from letters, digits and !@#$%^&*', () => {
    expect(PASSWORD_ALPHABET).toHaveLength(26 + 26 + 10 + 8);
    expect(GENERATED_PASSWORD_LENGTH).toBeGreaterThanOrEqual(MIN_PASSWORD_LENGTH);
    for (let i = 0; i < 5000; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]+$/);
      expect(passwordProblem(password), password).toBeUndefined();
    }
  });

  it('differs from one call to the next and uses the whole alphabet', () => {
    const seen = new Set<string>();
    const passwords = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const password = generatePassword();
      passwords.add(password);
      for (const c of password) seen.add(c);
    }
    expect(passwords.size).toBe(500);
    expect(seen.size).toBe(PASSWORD_ALPHABET.length);
  });

  it('draws again the bytes that would favour the first characters', () => {
    const bytes = [255, 210, 0, 69, 70, 209, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const password = randomCharacters(8, (buffer) => {
      buffer.set(bytes.slice(0, buffer.length));
      return buffer;
    });
    // 255 and 210 are at or above 210 (3 × 70) and skipped; 0 → A, 69 → *, 70 → A, 209 → *, 1 → B, ...
    expect(password).toBe('A*A*BCDE');
  });

  it('draws again a password the policy refuses (one of the most common)', () => {
    // q1w2e3r4t5y6u7i8 is on the list of common passwords: drawn first, it is drawn again.
    const alphabetIndex = (c: string) => PASSWORD_ALPHABET.indexOf(c);
    const common = 'q1w2e3r4t5y6u7i8';
    expect(passwordProblem(common)).toBeDefined();
    const sequences = [[...common].map(alphabetIndex), [...'Violet-Lantern42'.replace('-', '$')].map(alphabetIndex)];
    let call = 0;
    const password = generatePassword((buffer) => {
      const next = sequences[Math.min(call++, 1)]!;
      buffer.fill(255);
      buffer.set(next.slice(0, buffer.length));
      return buffer;
    });
    expect(password).toBe('Violet$Lantern42');
    expect(call).toBe(2);
  });
});
