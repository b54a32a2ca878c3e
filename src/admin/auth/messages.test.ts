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
import { activities } from '../../resources/activities.ts';
import { users } from '../../resources/users.ts';
import { ACTIVITY, ACTIVITY_HI } from '../activity/messages.ts';
import { DECLARED_HI } from '../i18n/validation.ts';
import { fill } from '../i18n/words.ts';
import { USER, USER_HI } from '../users/messages.ts';
import { PASSWORD_WORDS, PASSWORD_WORDS_HI } from './messages.ts';

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

describe('a declared sentence kept in an area', () => {
  it("is the declaration's English, and the same Hindi as the validation table's (one Hindi per sentence)", () => {
    const pairs: [string, string][] = [
      [fill(PASSWORD_WORDS.tooShort, limits), fill(PASSWORD_WORDS_HI.tooShort, limits)],
      [fill(PASSWORD_WORDS.tooLong, limits), fill(PASSWORD_WORDS_HI.tooLong, limits)],
      [PASSWORD_WORDS.required, PASSWORD_WORDS_HI.required],
      [PASSWORD_WORDS.accountRequired, PASSWORD_WORDS_HI.accountRequired],
      [PASSWORD_WORDS.common, PASSWORD_WORDS_HI.common],
      [PASSWORD_WORDS.mismatch, PASSWORD_WORDS_HI.mismatch],
      [USER.required, USER_HI.required],
      [ACTIVITY.allRequired, ACTIVITY_HI.allRequired],
    ];
    for (const [english, hindi] of pairs) expect([english, DECLARED_HI[english]]).toEqual([english, hindi]);
    expect(USER.required).toBe(users.fields.username.required);
    expect(ACTIVITY.allRequired).toBe(activities.fields.account_id.required);
  });
});
