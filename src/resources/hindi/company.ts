/** The Hindi words of the resources declared in src/resources/company.ts (see index.ts). */
import { type ResourcesHindi } from './words.ts';

export const companyHindi: ResourcesHindi = {
  departments: {
    name: 'विभाग |||| विभाग',
    fields: { department_name: 'विभाग का नाम', description: 'विवरण' },
    choices: {},
    emptyValue: {},
    title: { list: 'विभाग', create: 'विभाग जोड़ें', edit: 'विभाग संपादित करें', show: 'विभाग का विवरण' },
    add: 'विभाग जोड़ें',
    search: 'विभाग खोजें',
    empty: 'कोई विभाग नहीं मिला।',
    notFound: 'विभाग नहीं मिला।',
    created: 'विभाग सफलतापूर्वक जोड़ा गया।',
    updated: 'विभाग सफलतापूर्वक अपडेट किया गया।',
    deleted: 'विभाग सफलतापूर्वक हटाया गया।',
    deleteTitle: 'विभाग हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह विभाग हटाना चाहते हैं?',
    rowChip: 'इससे जुड़े पद हैं',
    deleteBlocked: { designations: 'इस विभाग में पद जुड़े हुए हैं। कृपया पहले उन्हें हटाएँ।' },
    deleteFailure: {
      refused: 'त्रुटि: %{message}',
      unexplained: 'अनपेक्षित त्रुटि हुई',
      unanswered: 'कोई त्रुटि हुई। कृपया थोड़ी देर बाद फिर प्रयास करें।',
    },
    form: {
      update: 'अपडेट करें',
      failure: {
        create: {
          refused: 'कुछ गड़बड़ हो गई।',
          unanswered: 'विभाग नहीं जोड़ा जा सका। कृपया थोड़ी देर बाद फिर प्रयास करें।',
        },
        edit: {
          refused: 'विभाग अपडेट नहीं किया जा सका। कृपया थोड़ी देर बाद फिर प्रयास करें।',
          unanswered: 'विभाग अपडेट नहीं किया जा सका। कृपया थोड़ी देर बाद फिर प्रयास करें।',
        },
      },
      editRequired: { department_name: 'विभाग का नाम भरना आवश्यक है!' },
      section: {},
    },
    subFeature: 'विभाग',
  },

  designations: {
    name: 'पद |||| पद',
    fields: { designation: 'पद का नाम', department_id: 'विभाग', description: 'विवरण' },
    choices: {},
    emptyValue: {},
    title: { list: 'पद', create: 'पद जोड़ें', edit: 'पद संपादित करें', show: 'पद का विवरण' },
    add: 'पद जोड़ें',
    search: 'पद खोजें',
    empty: 'कोई पद नहीं मिला।',
    notFound: 'पद नहीं मिला।',
    created: 'पद सफलतापूर्वक जोड़ा गया।',
    updated: 'पद सफलतापूर्वक अपडेट किया गया।',
    deleted: 'पद सफलतापूर्वक हटाया गया।',
    deleteTitle: 'पद हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह पद हटाना चाहते हैं? हटाया गया पद वापस नहीं लाया जा सकता।',
    headers: { department_id: 'विभाग का नाम' },
    deleteFailure: {
      refused: 'पद हटाया नहीं जा सका',
      unanswered: 'पद हटाया नहीं जा सका। कृपया थोड़ी देर बाद फिर प्रयास करें।',
    },
    form: {
      update: 'अपडेट करें',
      failure: {
        create: { refused: 'सर्वर पर त्रुटि हुई।', unanswered: 'पद नहीं जोड़ा जा सका।' },
        edit: { refused: 'पद अपडेट नहीं किया जा सका।', unanswered: 'पद अपडेट नहीं किया जा सका।' },
      },
      editRequired: {},
      section: {},
      choicesFailed: {
        refused: 'विभागों की सूची लोड नहीं हो सकी।',
        unanswered: 'विभागों की सूची नहीं मिल सकी। कृपया थोड़ी देर बाद फिर प्रयास करें।',
      },
    },
    subFeature: 'पद',
  },
};
