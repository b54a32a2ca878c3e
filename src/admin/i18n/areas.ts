/**
 * Every area of hand-written words, with its Hindi. Each area registers its own: its `messages.ts` (the admin's
 * folder or one of its area folders) exports `WORDS`, its English and Hindi trees in pairs, and nothing here names the
 * areas. i18n.ts puts each under `app.<area>` in the two catalogues; catalogues.test.ts checks that the Hindi has every
 * key, the same placeholders, and Devanagari.
 */
import { FORMAT, FORMAT_HI } from './format.ts';
import { SAID, SAID_HI } from './said.ts';
import { areaOf, type AreaWords, type Templates } from './words.ts';

// Not the generated screens' messages: they are the declarations' words, which come with the back-office (the Hindi
// catalogue must not bring the declarations to the sign-in page).
const registered = import.meta.glob<AreaWords | undefined>(
  ['../messages.ts', '../*/messages.ts', '!../generator/messages.ts'],
  {
    eager: true,
    import: 'WORDS',
  },
);

export const AREAS: AreaWords = [
  [FORMAT, FORMAT_HI],
  [SAID, SAID_HI],
  // A messages.ts without WORDS adds nothing (catalogues.test.ts names an area that is declared and not registered).
  ...Object.values(registered).flatMap((words) => words ?? []),
];

export function englishAreas(): Record<string, Templates> {
  return Object.fromEntries(AREAS.map(([english]) => [areaOf(english), english]));
}

export function hindiAreas(): Record<string, Templates> {
  return Object.fromEntries(AREAS.map(([english, hindi]) => [areaOf(english), hindi]));
}
