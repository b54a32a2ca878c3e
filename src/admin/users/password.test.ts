import { describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_LENGTH, PASSWORD_ALPHABET, generatePassword } from './password.ts';

describe('generatePassword', () => {
  it('makes 8 characters from letters, digits and !@#$%^&*', () => {
    expect(PASSWORD_ALPHABET).toHaveLength(26 + 26 + 10 + 8);
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(GENERATED_PASSWORD_LENGTH);
      expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{8}$/);
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
    const password = generatePassword(8, (buffer) => {
      buffer.set(bytes.slice(0, buffer.length));
      return buffer;
    });
    // 255 and 210 are at or above 210 (3 × 70) and skipped; 0 → A, 69 → *, 70 → A, 209 → *, 1 → B, ...
    expect(password).toBe('A*A*BCDE');
  });
});
