/**
 * The admin shell's own words (its title, footer, language switch), in English and Hindi (i18n/words.ts); each area
 * has its words in its own messages.ts. Sentences in quotes in the product spec are copied exactly; the rest are plain
 * labels of the spec's controls.
 */
import { defineWords, hindi, type AreaWords } from './i18n/words.ts';

export const SHELL = defineWords('shell', {
  appTitle: 'Trust School Back-office',
  /** The footer's developer credit (spec: "footer with the current year and a developer credit"). */
  footer: '© %{year} Trust School Back-office. Developed by the Trust School IT team.',
  language: 'Language',
  languageFailed: 'The language could not be saved for your account. It applies in this browser only.',
  /** What a screen reader says of the spinner while the back-office's script arrives. */
  loading: 'Loading',
} as const);

export const SHELL_HI = hindi(SHELL, {
  appTitle: 'ट्रस्ट विद्यालय बैक-ऑफ़िस',
  footer: '© %{year} ट्रस्ट विद्यालय बैक-ऑफ़िस। विकास: ट्रस्ट विद्यालय आईटी टीम।',
  language: 'भाषा',
  languageFailed: 'भाषा आपके खाते में सहेजी नहीं जा सकी। यह केवल इस ब्राउज़र में लागू है।',
  loading: 'लोड हो रहा है',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[SHELL, SHELL_HI]];
