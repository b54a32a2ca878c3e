/**
 * The password policy as a screen says it, in the language chosen: its rules, and any sentence of it, the form's own
 * check's or the server's (src/resources/password-rules.ts). The words are PASSWORD_WORDS (messages.ts).
 */
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import {
  ACCOUNT_PASSWORD_REQUIRED,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_POLICY,
} from '../../resources/password-rules.ts';
import { useWords } from '../i18n/words.ts';
import { PASSWORD_WORDS } from './messages.ts';

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
