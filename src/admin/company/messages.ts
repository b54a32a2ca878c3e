/**
 * The department, designation and role screens' own words, in English and Hindi (i18n/words.ts), so that screens
 * and tests read the same text. Sentences in quotes in the product spec (sections 2, 4, 5, 8 and 9) are copied
 * exactly. What a declaration already says (src/resources/company.ts, roles.ts: the titles, Add buttons, field
 * labels, empty-list texts, search placeholders, delete confirmations, "… deleted successfully.") is not repeated
 * here: the screens read it through react-admin's translator (`resources.<name>.…`, Hindi in
 * src/resources/hindi/company.ts and roles.ts), as the generated screens do; so do react-admin's own words (Edit,
 * Delete, Cancel) and the generated screens' (S.No, Created At, Action, View, All, Yes, No).
 */
import { departments, designations, roles } from '../../resources/index.ts';
import { defineWords, hindi } from '../i18n/words.ts';

/** The server's sentence for a refused delete (src/resources/messages.ts `connected`), for tests and docs. */
export const DEPARTMENT_CONNECTED = 'This department is connected to designations. Please remove them first.';

export const COMPANY = defineWords('company', {
  /** The filter dropdown's button says 'Filter: All', 'Filter: HR'. */
  filterLabel: 'Filter',
  departments: {
    hasDesignations: 'Has Related Designations',
    deleteBlocked: 'This department has designations assigned to it. Please remove them first.',
    /** The server answered with a refusal. */
    deleteFailed: 'Error: %{message}',
    unexpected: 'An unexpected error occurred',
    /** No answer (network failure). */
    deleteError: 'An error occurred. Please try again later.',
  },
  designations: {
    deleteFailed: 'Failed to delete designation',
    deleteError: 'Failed to delete designation. Please try again later.',
  },
  roles: {
    actions: 'Actions',
    deleteFailed: 'Failed to delete role.',
    back: 'Back',
    noId: 'No role ID provided.',
    fetchRefused: 'Failed to fetch role details.',
    fetchFailed: 'Something went wrong while fetching role.',
    noData: 'No role data available.',
  },
} as const);

export const COMPANY_HI = hindi(COMPANY, {
  filterLabel: 'फ़िल्टर',
  departments: {
    hasDesignations: 'इससे जुड़े पद हैं',
    deleteBlocked: 'इस विभाग में पद जुड़े हुए हैं। कृपया पहले उन्हें हटाएँ।',
    deleteFailed: 'त्रुटि: %{message}',
    unexpected: 'अनपेक्षित त्रुटि हुई',
    deleteError: 'कोई त्रुटि हुई। कृपया थोड़ी देर बाद फिर प्रयास करें।',
  },
  designations: {
    deleteFailed: 'पद हटाया नहीं जा सका',
    deleteError: 'पद हटाया नहीं जा सका। कृपया थोड़ी देर बाद फिर प्रयास करें।',
  },
  roles: {
    actions: 'कार्रवाई',
    deleteFailed: 'भूमिका हटाई नहीं जा सकी।',
    back: 'वापस',
    noId: 'भूमिका की आईडी नहीं दी गई।',
    fetchRefused: 'भूमिका का विवरण नहीं मिल सका।',
    fetchFailed: 'भूमिका लाते समय कुछ गड़बड़ हो गई।',
    noData: 'भूमिका का कोई डेटा उपलब्ध नहीं है।',
  },
});

/** The department list's routes and page size (declared). */
export const DEPARTMENT = {
  listRoute: departments.routes.list,
  addRoute: departments.routes.create,
  editRoute: departments.routes.edit,
  pageSize: departments.list.pageSize,
} as const;

/** The designation list's routes and page size (declared). */
export const DESIGNATION = {
  listRoute: designations.routes.list,
  addRoute: designations.routes.create,
  editRoute: designations.routes.edit,
  pageSize: designations.list.pageSize,
} as const;

/** The role screens' routes and page size (declared), and the formats the export and import menus name. */
export const ROLE = {
  listRoute: roles.routes.list,
  /** The spec's other reading of the list's address. */
  listAlias: '/employee-role',
  addRoute: roles.routes.create,
  editRoute: roles.routes.edit,
  showRoute: roles.routes.show,
  pageSize: roles.list.pageSize,
} as const;
