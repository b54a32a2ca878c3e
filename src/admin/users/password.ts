/**
 * The add-user form's password generator (spec section 5): 8 random characters from letters, digits and
 * !@#$%^&*, drawn with crypto.getRandomValues, each character equally likely (bytes that would favour the first
 * characters of the alphabet are drawn again).
 */
export const PASSWORD_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*';
export const GENERATED_PASSWORD_LENGTH = 8;

/** The largest multiple of the alphabet's size a byte can hold: bytes at or above it are drawn again. */
const LIMIT = 256 - (256 % PASSWORD_ALPHABET.length);

export function generatePassword(
  length: number = GENERATED_PASSWORD_LENGTH,
  random: (bytes: Uint8Array) => Uint8Array = (bytes) => crypto.getRandomValues(bytes),
): string {
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
