/** The Hindi words of the resources declared in src/resources/advertisements.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const advertisementsHindi: ResourcesHindi = {
  advertisements: {
    name: 'विज्ञापन |||| विज्ञापन',
    fields: { title: 'शीर्षक', date: 'तिथि', image: 'चित्र' },
    choices: {},
    emptyValue: {},
    title: { list: 'विज्ञापन', create: 'विज्ञापन जोड़ें', edit: 'विज्ञापन संपादित करें', show: 'विज्ञापन का विवरण' },
    add: 'विज्ञापन जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई विज्ञापन नहीं मिला।',
    notFound: 'विज्ञापन नहीं मिला।',
    created: 'विज्ञापन सफलतापूर्वक जोड़ा गया।',
    updated: 'विज्ञापन सफलतापूर्वक अपडेट किया गया।',
    deleted: 'विज्ञापन सफलतापूर्वक हटाया गया।',
    deleteTitle: 'विज्ञापन हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह विज्ञापन हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'विज्ञापन',
    subFeature: 'विज्ञापन',
  },
};
