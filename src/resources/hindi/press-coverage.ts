/** The Hindi words of the resources declared in src/resources/press-coverage.ts (see index.ts). */
import { plainForm, PUBLISHED, type ResourcesHindi } from './words.ts';

export const pressCoverageHindi: ResourcesHindi = {
  // One record is a press release (प्रेस विज्ञप्ति, feminine); the list and the menu are the press coverage.
  press_coverage: {
    name: 'प्रेस विज्ञप्ति |||| प्रेस कवरेज',
    fields: {
      title: 'शीर्षक',
      content: 'सामग्री',
      publish_date: 'प्रकाशन तिथि',
      author: 'लेखक',
      status: 'स्थिति',
      image: 'चित्र',
    },
    choices: { status: PUBLISHED },
    emptyValue: {},
    title: {
      list: 'प्रेस कवरेज',
      create: 'प्रेस विज्ञप्ति जोड़ें',
      edit: 'प्रेस विज्ञप्ति संपादित करें',
      show: 'प्रेस विज्ञप्ति का विवरण',
    },
    add: 'प्रेस विज्ञप्ति जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई प्रेस विज्ञप्ति नहीं मिली।',
    notFound: 'प्रेस विज्ञप्ति नहीं मिली।',
    created: 'प्रेस विज्ञप्ति सफलतापूर्वक जोड़ी गई।',
    updated: 'प्रेस विज्ञप्ति सफलतापूर्वक अपडेट की गई।',
    deleted: 'प्रेस विज्ञप्ति सफलतापूर्वक हटाई गई।',
    deleteTitle: 'प्रेस विज्ञप्ति हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह प्रेस विज्ञप्ति हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'प्रेस कवरेज',
    subFeature: 'प्रेस कवरेज',
  },
};
