/**
 * The admin's interface languages, English and Hindi, through ra-i18n-polyglot. Each catalogue has three parts:
 * react-admin's own words (ra-language-english; i18n/react-admin.hi.ts), the generated screens' words keyed from
 * the resource declarations (generator/messages.ts; i18n/hi/), and the hand-written screens' words under
 * `app.<area>` (i18n/areas.ts; their English is the default each lookup carries). The Hindi catalogue is loaded when first chosen. A key missing in Hindi fails
 * i18n/catalogues.test.ts; at run time a screen then shows its English (every lookup carries it as the default).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider, StringMap, TranslationMessages } from 'react-admin';
import englishMessages from 'ra-language-english';
import { announceLocale, storedLocale } from './i18n/chosen-locale.ts';
import { LOCALES } from './i18n/locales.ts';
import { hindiSentence } from './i18n/validation.ts';
import { setCurrentTranslate } from './i18n/words.ts';

/**
 * English: react-admin's words, and the declarations' once the back-office adds them (generator/messages.ts, as it
 * loads): the sign-in page downloads no declaration. The hand-written screens' English needs no catalogue: each
 * lookup carries it (useWords), so the words of every area come only with the Hindi catalogue.
 */
let backOffice: StringMap = {};
/** A field's English label → the key of its label in the catalogues (validation sentences name fields by label). */
let labelKey = new Map<string, string>();

export function englishAdminMessages(): TranslationMessages {
  // The back-office's `ra` words (the editor's buttons, ra.tiptap) join react-admin's own, not replace them.
  const { ra, ...rest } = backOffice;
  return { ...englishMessages, ...rest, ra: { ...englishMessages.ra, ...(ra as StringMap | undefined) } };
}

const polyglot = polyglotI18nProvider(
  (locale) =>
    locale === 'hi' ? import('./i18n/hindi.ts').then((module) => module.hindiAdminMessages) : englishAdminMessages(),
  'en',
  [...LOCALES],
  { allowMissing: true },
);

/**
 * The back-office's own English words (the declarations'), added as it loads; the catalogue of the language chosen
 * is read again so that they apply at once.
 */
export function addBackOfficeWords(english: StringMap, labels: Map<string, string>): Promise<void> {
  backOffice = english;
  labelKey = labels;
  return polyglot.changeLocale(polyglot.getLocale());
}

/**
 * react-admin's translator, which also says validation sentences in Hindi: react-admin passes a sentence it shows
 * (under a field, in a notification) through translate as if it were a key; one that is no key but a sentence the
 * declarations or the server made (i18n/validation.ts) comes out in Hindi too.
 */
export const i18nProvider: I18nProvider = {
  ...polyglot,
  async changeLocale(locale, options) {
    await polyglot.changeLocale(locale, options);
    announceLocale(locale);
  },
  translate(key, options) {
    const said = polyglot.translate(key, options);
    if (
      polyglot.getLocale() === 'en' ||
      typeof key !== 'string' ||
      said !== ((options?._ as string | undefined) ?? key)
    )
      return said;
    const english = typeof options?._ === 'string' ? options._ : key;
    return (
      hindiSentence(english, (label) => {
        const found = labelKey.get(label);
        return found ? polyglot.translate(found, { _: label }) : label;
      }) ?? said
    );
  },
};

// Code outside React (the auth provider's sentences) speaks the language chosen now.
setCurrentTranslate((key, options) => i18nProvider.translate(key, options));

/** Before the app renders: the Hindi catalogue when this browser chose Hindi last, so the first screen is in it. */
export async function prepareLocale(): Promise<void> {
  if (storedLocale() !== 'en') await i18nProvider.changeLocale(storedLocale());
  else announceLocale('en');
}
