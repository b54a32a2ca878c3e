/**
 * The password policy's words say in English exactly what the policy (and the server) says, so that a sentence of
 * it is recognised and shown in the language chosen.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PASSWORD_REQUIRED,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_POLICY,
} from '../../resources/password-policy.ts';
import { fill } from '../i18n/words.ts';
import { PASSWORD_WORDS } from './messages.ts';

const limits = { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH };

describe('the password words', () => {
  it('are the policy sentences, word for word', () => {
    expect([fill(PASSWORD_WORDS.rules.length, limits), PASSWORD_WORDS.rules.common]).toEqual(PASSWORD_POLICY.rules);
    expect(PASSWORD_WORDS.required).toBe(PASSWORD_POLICY.required);
    expect(PASSWORD_WORDS.accountRequired).toBe(ACCOUNT_PASSWORD_REQUIRED);
    expect(fill(PASSWORD_WORDS.tooShort, limits)).toBe(PASSWORD_POLICY.tooShort);
    expect(fill(PASSWORD_WORDS.tooLong, limits)).toBe(PASSWORD_POLICY.tooLong);
    expect(PASSWORD_WORDS.common).toBe(PASSWORD_POLICY.common);
    expect(PASSWORD_WORDS.mismatch).toBe(PASSWORD_POLICY.mismatch);
  });
});
