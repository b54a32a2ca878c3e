/**
 * The admin's interface language: English, from react-admin's own English messages and the words of the
 * generated screens, keyed from the resource declarations (generated/messages.ts).
 */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { declarationMessages } from './generated/messages.ts';

export const englishAdminMessages = { ...englishMessages, ...declarationMessages() };

export const i18nProvider = polyglotI18nProvider(
  () => englishAdminMessages,
  'en',
  [{ locale: 'en', name: 'English' }],
  { allowMissing: true },
);
