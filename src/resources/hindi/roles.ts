/** The Hindi words of the resources declared in src/resources/roles.ts (see index.ts). */
import { type ResourcesHindi } from './words.ts';

export const rolesHindi: ResourcesHindi = {
  roles: {
    name: 'भूमिका |||| भूमिकाएँ',
    fields: {
      role_name: 'भूमिका का नाम',
      responsibility: 'ज़िम्मेदारी',
      is_active: 'सक्रिय',
      department_id: 'विभाग',
      designation_id: 'पद',
    },
    choices: {},
    emptyValue: {},
    title: { list: 'भूमिकाएँ', create: 'भूमिका जोड़ें', edit: 'भूमिका संपादित करें', show: 'भूमिका का विवरण' },
    add: 'भूमिका जोड़ें',
    search: 'खोजें',
    empty: 'कोई भूमिका नहीं मिली।',
    notFound: 'भूमिका नहीं मिली।',
    created: 'भूमिका सफलतापूर्वक जोड़ी गई।',
    updated: 'भूमिका सफलतापूर्वक अपडेट की गई।',
    deleted: 'भूमिका सफलतापूर्वक हटाई गई।',
    deleteTitle: 'भूमिका हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह भूमिका हटाना चाहते हैं?',
    headers: { role_name: 'भूमिका' },
    actionHeader: 'कार्रवाई',
    deleteFailure: { unexplained: 'भूमिका हटाई नहीं जा सकी।' },
    show: {
      missingId: 'भूमिका की आईडी नहीं दी गई।',
      refused: 'भूमिका का विवरण नहीं मिल सका।',
      unanswered: 'भूमिका लाते समय कुछ गड़बड़ हो गई।',
      noData: 'भूमिका का कोई डेटा उपलब्ध नहीं है।',
    },
    form: {
      update: 'अपडेट करें',
      failure: {
        create: { refused: 'भूमिका नहीं जोड़ी जा सकी।', unanswered: 'कुछ गड़बड़ हो गई। कृपया फिर प्रयास करें।' },
        edit: {
          refused: 'भूमिका अपडेट नहीं की जा सकी।',
          unanswered: 'भूमिका अपडेट नहीं की जा सकी। कृपया थोड़ी देर बाद फिर प्रयास करें।',
        },
      },
      editRequired: {},
      section: {},
      choicesFailed: { refused: 'विभाग और पद की सूचियाँ लोड नहीं हो सकीं। कृपया फिर प्रयास करें।' },
    },
    subFeature: 'भूमिकाएँ',
  },
};
