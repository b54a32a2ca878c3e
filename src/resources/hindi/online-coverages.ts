/** The Hindi words of the resources declared in src/resources/online-coverages.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const onlineCoveragesHindi: ResourcesHindi = {
  // What a newspaper's or portal's website wrote about the school: "कवरेज", as media people say it (masculine).
  online_coverages: {
    name: 'ऑनलाइन कवरेज |||| ऑनलाइन कवरेज',
    fields: {
      title: 'शीर्षक',
      description: 'विवरण',
      date: 'तिथि',
      publisher: 'प्रकाशक',
      link: 'लिंक',
      image: 'चित्र',
    },
    choices: {},
    emptyValue: {},
    title: {
      list: 'ऑनलाइन कवरेज',
      create: 'ऑनलाइन कवरेज जोड़ें',
      edit: 'ऑनलाइन कवरेज संपादित करें',
      show: 'ऑनलाइन कवरेज का विवरण',
    },
    add: 'ऑनलाइन कवरेज जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई कवरेज नहीं मिला।',
    notFound: 'कवरेज नहीं मिला।',
    created: 'ऑनलाइन कवरेज सफलतापूर्वक जोड़ा गया।',
    updated: 'ऑनलाइन कवरेज सफलतापूर्वक अपडेट किया गया।',
    deleted: 'ऑनलाइन कवरेज सफलतापूर्वक हटाया गया।',
    deleteTitle: 'ऑनलाइन कवरेज हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह ऑनलाइन कवरेज हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'ऑनलाइन कवरेज',
    subFeature: 'ऑनलाइन कवरेज',
  },
};
