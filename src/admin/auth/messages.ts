/**
 * The password policy's sentences as a screen shows them, in English and Hindi (i18n/words.ts): the sign-in screens
 * (a new password by a reset link), My Profile, and the employee and user forms say them. The policy's English is
 * src/resources/password-policy.ts, which the server speaks too: a sentence of it, from the form's own check or from
 * the server, is shown in the language chosen.
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_POLICY } from '../../resources/password-rules.ts';
import { ACCOUNT_PASSWORD_REQUIRED } from '../../resources/password-rules.ts';
import { defineWords, hindi, useWords, type AreaWords } from '../i18n/words.ts';

/** The password policy's sentences (src/resources/password-policy.ts), by what they say. */
export const PASSWORD_WORDS = defineWords('password', {
  rules: {
    length: 'At least %{min} characters.',
    common: 'Not one of the most common passwords (such as "password123" or "qwertyuiop").',
  },
  required: 'Password is required.',
  accountRequired: 'Please fill out Password',
  tooShort: 'The password must be at least %{min} characters long.',
  tooLong: 'The password must be at most %{max} characters long.',
  common: 'This password is one of the most common passwords. Please choose another.',
  mismatch: 'The two passwords do not match.',
} as const);

export const PASSWORD_WORDS_HI = hindi(PASSWORD_WORDS, {
  rules: {
    length: 'कम से कम %{min} अक्षर।',
    common: 'सबसे आम पासवर्डों में से कोई न हो (जैसे "password123" या "qwertyuiop")।',
  },
  required: 'पासवर्ड आवश्यक है।',
  accountRequired: 'कृपया पासवर्ड भरें',
  tooShort: 'पासवर्ड कम से कम %{min} अक्षरों का होना चाहिए।',
  tooLong: 'पासवर्ड अधिकतम %{max} अक्षरों का हो सकता है।',
  common: 'यह सबसे आम पासवर्डों में से एक है। कृपया कोई दूसरा चुनें।',
  mismatch: 'दोनों पासवर्ड एक जैसे नहीं हैं।',
});

/** The policy in the language chosen: its rules, and any sentence of it (English from the policy or the server). */
export function usePasswordPolicy(): { rules: string[]; say: (sentence: string) => string } {
  const w = useWords(PASSWORD_WORDS);
  const translate = useTranslate();
  return useMemo(() => {
    const limits = { min: MIN_PASSWORD_LENGTH, max: MAX_PASSWORD_LENGTH };
    const said = new Map<string, string>([
      [PASSWORD_POLICY.required, w.required],
      [ACCOUNT_PASSWORD_REQUIRED, w.accountRequired],
      [PASSWORD_POLICY.tooShort, w.tooShort(limits)],
      [PASSWORD_POLICY.tooLong, w.tooLong(limits)],
      [PASSWORD_POLICY.common, w.common],
      [PASSWORD_POLICY.mismatch, w.mismatch],
    ]);
    return {
      rules: [w.rules.length(limits), w.rules.common],
      // Another sentence (the server's own) as the translator says it (i18n/validation.ts knows some), else as it came.
      say: (sentence: string) => said.get(sentence) ?? translate(sentence, { _: sentence }),
    };
  }, [w, translate]);
}

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[PASSWORD_WORDS, PASSWORD_WORDS_HI]];
