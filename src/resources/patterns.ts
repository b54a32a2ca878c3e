/** The patterns several declarations share: one rule for an email address, a phone number and a PAN everywhere. */

/**
 * An email address: something, `@`, then a domain with a dot that is neither its first nor its last character.
 * Written so that it cannot backtrack: the domain's first character, then up to its first dot (the run before it
 * holds no dot, so a failed try gives back nothing), then the rest. `^[^\s@]+@[^\s@]+\.[^\s@]+$`, which accepts
 * the same addresses, tried every dot against every end: quadratic, six seconds of the event loop for 100,000
 * characters. src/server/patterns-linear.test.ts holds every pattern of the product to linear time.
 */
export const EMAIL = {
  source: '^[^\\s@]+@[^\\s@][^\\s@.]*\\.[^\\s@]+$',
  message: 'Please enter a valid email address.',
};

/** A phone number: digits, spaces and hyphens, an optional leading +, 8 to 20 characters. */
export const phone = (message: string) => ({ source: '^\\+?[0-9][0-9 -]{6,18}[0-9]$', message });

/** A Permanent Account Number: 5 letters, 4 digits and a letter (stored in capitals). */
export const PAN = {
  source: '^[A-Za-z]{5}[0-9]{4}[A-Za-z]$',
  message: 'PAN must be 5 letters, 4 digits and a letter.',
};
