/**
 * The add-user form's password generator (spec section 5: random characters from letters, digits and !@#$%^&*,
 * drawn with crypto.getRandomValues, each character equally likely; bytes that would favour the first characters
 * of the alphabet are drawn again). The spec's generator made 8 characters; every account now has one password
 * policy (src/resources/password-policy.ts), so it makes GENERATED_PASSWORD_LENGTH characters (about 98 bits)
 * and draws again, however unlikely, a password the policy refuses.
 */
import { MIN_PASSWORD_LENGTH, passwordProblem } from '../../resources/password-policy.ts';

export const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const GENERATED_PASSWORD_LENGTH = Math.max(16, MIN_PASSWORD_LENGTH);

/** The largest multiple of the alphabet's size a byte can hold: bytes at or above it are drawn again. */
const LIMIT = 256 - (256 % PASSWORD_ALPHABET.length);

type Random = (bytes: Uint8Array) => Uint8Array;
const cryptoRandom: Random = (bytes) => crypto.getRandomValues(bytes);

/** `length` characters of the alphabet, uniformly drawn. */
export function randomCharacters(length: number, random: Random = cryptoRandom): string {
  let password = '';
  while (password.length < length) {
    for (const byte of random(new Uint8Array(length * 2))) {
      if (byte >= LIMIT) continue;
      password += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
      if (password.length === length) break;
    }
  }
  return password;
}

/** A password the policy accepts: GENERATED_PASSWORD_LENGTH random characters, drawn again until it passes. */
export function generatePassword(random: Random = cryptoRandom): string {
  for (;;) {
    const password = randomCharacters(GENERATED_PASSWORD_LENGTH, random);
    if (passwordProblem(password) === undefined) return password;
  }
}
