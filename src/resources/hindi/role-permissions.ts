/** The Hindi words of the resources declared in src/resources/role-permissions.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const rolePermissionsHindi: ResourcesHindi = {
  // A role's permission matrix (one per role): "अनुमति" for the record, "अनुमतियाँ" for the list and the matrix.
  role_permissions: {
    name: 'अनुमति |||| अनुमतियाँ',
    fields: { role_id: 'भूमिका', permissions: 'अनुमतियाँ' },
    choices: {},
    emptyValue: {},
    title: {
      list: 'अनुमतियाँ',
      create: 'अनुमति जोड़ें',
      edit: 'अनुमति संपादित करें',
      show: 'अनुमति का विवरण',
    },
    add: 'अनुमति जोड़ें',
    search: 'अनुमतियाँ खोजें',
    empty: 'कोई अनुमति नहीं मिली।',
    notFound: 'अनुमति नहीं मिली।',
    created: 'अनुमति सफलतापूर्वक जोड़ी गई।',
    updated: 'अनुमति सफलतापूर्वक अपडेट की गई।',
    deleted: 'अनुमति सफलतापूर्वक हटाई गई।',
    deleteTitle: 'अनुमति हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह अनुमति हटाना चाहते हैं?',
    form: plainForm(),
    subFeature: 'भूमिका अनुमतियाँ',
  },
};
