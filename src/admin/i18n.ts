/** The admin's interface language: English, from react-admin's own English messages. */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

export const i18nProvider = polyglotI18nProvider(() => englishMessages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: true,
});
