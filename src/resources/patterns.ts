/** The patterns several declarations share: one rule for an email address, a phone number and a PAN everywhere. */

export const EMAIL = { source: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: 'Please enter a valid email address.' };

/** A phone number: digits, spaces and hyphens, an optional leading +, 8 to 20 characters. */
export const phone = (message: string) => ({ source: '^\\+?[0-9][0-9 -]{6,18}[0-9]$', message });

/** A Permanent Account Number: 5 letters, 4 digits and a letter (stored in capitals). */
export const PAN = {
  source: '^[A-Za-z]{5}[0-9]{4}[A-Za-z]$',
  message: 'PAN must be 5 letters, 4 digits and a letter.',
};
