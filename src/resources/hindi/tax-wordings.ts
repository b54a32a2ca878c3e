/** The Hindi words of the resources declared in src/resources/tax-wordings.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const taxWordingsHindi: ResourcesHindi = {
  // The tax law's words printed on receipts for a span of financial years: its Act, sections and forms.
  tax_wordings: {
    name: 'कर शब्दावली |||| कर शब्दावली',
    fields: {
      from_year: 'प्रारंभिक वित्तीय वर्ष',
      until_year: 'अंतिम वित्तीय वर्ष',
      act_name: 'अधिनियम',
      registration_section: 'पंजीकरण की धारा',
      deduction_section: 'कटौती की धारा',
      statement_form: 'दान विवरणी का फ़ॉर्म',
      certificate_form: 'दानदाता प्रमाणपत्र का फ़ॉर्म',
      receipt_note: 'रसीद पर टिप्पणी (हिंदी में)',
    },
    choices: {},
    emptyValue: { from_year: 'शुरू से', until_year: 'आगे भी लागू' },
    title: {
      list: 'कर शब्दावली',
      create: 'कर शब्दावली जोड़ें',
      edit: 'कर शब्दावली संपादित करें',
      show: 'कर शब्दावली का विवरण',
    },
    add: 'कर शब्दावली जोड़ें',
    search: 'वर्ष से खोजें',
    empty: 'कोई कर शब्दावली दर्ज नहीं है।',
    notFound: 'कर शब्दावली नहीं मिली।',
    created: 'कर शब्दावली सफलतापूर्वक जोड़ी गई।',
    updated: 'कर शब्दावली सफलतापूर्वक अपडेट की गई।',
    deleted: 'कर शब्दावली सफलतापूर्वक हटाई गई।',
    deleteTitle: 'कर शब्दावली हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह कर शब्दावली हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'कर शब्दावली',
    subFeature: 'कर शब्दावली',
  },
};
