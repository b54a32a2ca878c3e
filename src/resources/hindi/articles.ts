/** The Hindi words of the resources declared in src/resources/articles.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const articlesHindi: ResourcesHindi = {
  articles: {
    name: 'लेख |||| लेख',
    fields: { title: 'शीर्षक', description: 'विवरण', date: 'तिथि', author: 'लेखक', image: 'चित्र' },
    choices: {},
    emptyValue: {},
    title: { list: 'लेख', create: 'लेख जोड़ें', edit: 'लेख संपादित करें', show: 'लेख का विवरण' },
    add: 'लेख जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई लेख नहीं मिला।',
    notFound: 'लेख नहीं मिला।',
    created: 'लेख सफलतापूर्वक जोड़ा गया।',
    updated: 'लेख सफलतापूर्वक अपडेट किया गया।',
    deleted: 'लेख सफलतापूर्वक हटाया गया।',
    deleteTitle: 'लेख हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह लेख हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'लेख',
    subFeature: 'लेख',
  },
};
