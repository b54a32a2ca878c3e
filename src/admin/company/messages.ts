/**
 * The role view's own words, in English and Hindi (i18n/words.ts), so that the screen and its tests read the same
 * text. Sentences in quotes in the product spec (sections 4, 8 and 9) are copied exactly. The department,
 * designation and role lists and forms are generated: their words are declared (src/resources/company.ts, roles.ts,
 * Hindi in src/resources/hindi/company.ts and roles.ts), and so are the view's labels and title, read through
 * react-admin's translator (`resources.roles.…`).
 */
import { roles } from '../../resources/index.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const COMPANY = defineWords('company', {
  roles: {
    back: 'Back',
    noId: 'No role ID provided.',
    fetchRefused: 'Failed to fetch role details.',
    fetchFailed: 'Something went wrong while fetching role.',
    noData: 'No role data available.',
  },
} as const);

export const COMPANY_HI = hindi(COMPANY, {
  roles: {
    back: 'वापस',
    noId: 'भूमिका की आईडी नहीं दी गई।',
    fetchRefused: 'भूमिका का विवरण नहीं मिल सका।',
    fetchFailed: 'भूमिका लाते समय कुछ गड़बड़ हो गई।',
    noData: 'भूमिका का कोई डेटा उपलब्ध नहीं है।',
  },
});

/** The role view's way back: the list's route (declared). */
export const ROLE = { listRoute: roles.routes.list } as const;

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[COMPANY, COMPANY_HI]];
