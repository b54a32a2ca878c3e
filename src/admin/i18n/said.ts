/**
 * The sentences the server writes into records (the activity log, notifications), in the reader's language. The
 * English templates and which values are words of a list are the server's (src/resources/sentences.ts); the Hindi is
 * here, checked key by key and placeholder by placeholder like every area (catalogues.test.ts). A record that carries
 * a known key is said from its template and values; anything else (an entry staff typed, a record kept before keys
 * existed whose text matched no sentence) is shown as stored.
 */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import {
  STORED,
  STORED_TERMS,
  STORED_VALUE_TERMS,
  storedSentenceOf,
  type TermList,
} from '../../resources/sentences.ts';
import { STORED_HI } from '../../resources/hindi/sentences.ts';
import { defineWords, hindi, placeholders } from './words.ts';

/** Each list's words as English templates of themselves (`{ accountType: { Admin: 'Admin', … } }`). */
const TERMS = Object.fromEntries(
  Object.entries(STORED_TERMS).map(([list, words]) => [list, Object.fromEntries(words.map((word) => [word, word]))]),
) as { readonly [L in TermList]: { readonly [W in (typeof STORED_TERMS)[L][number]]: W } };

export const SAID = defineWords('said', { sentences: STORED, terms: TERMS });

export const SAID_HI = hindi(SAID, STORED_HI);

const KEY = 'app.said';

export interface Saying {
  /**
   * A record's sentence in the language chosen: from its key and values when they are a sentence of the server's,
   * otherwise its stored text as it is.
   */
  sentence: (text: unknown, key: unknown, values: unknown) => string;
  /** A word of one of the server's lists (an activity's Action) in the language chosen; other text as it is. */
  term: (list: TermList, word: unknown) => string;
}

/** Says stored sentences and words in the language chosen (the two languages' catalogues). */
export function useSaid(): Saying {
  const translate = useTranslate();
  const term = useCallback(
    (list: TermList, word: unknown): string => {
      if (typeof word !== 'string') return word === null || word === undefined ? '' : String(word);
      if (!(STORED_TERMS[list] as readonly string[]).includes(word)) return word;
      return translate(`${KEY}.terms.${list}.${word}`, { _: word });
    },
    [translate],
  );
  const sentence = useCallback(
    (text: unknown, key: unknown, values: unknown): string => {
      const said = storedSentenceOf(key, values);
      const shown = typeof text === 'string' ? text : text === null || text === undefined ? '' : String(text);
      // A sentence whose values are not all there (a record changed by hand) is shown as stored.
      if (!said || placeholders(STORED[said.key]).some((name) => !Object.hasOwn(said.values, name))) return shown;
      const terms = STORED_VALUE_TERMS[said.key] ?? {};
      const filled: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(said.values))
        filled[name] = terms[name] ? term(terms[name], value) : value;
      return translate(`${KEY}.sentences.${said.key}`, { _: STORED[said.key], ...filled });
    },
    [translate, term],
  );
  return { sentence, term };
}
