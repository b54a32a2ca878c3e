/** The Hindi words of the resources declared in src/resources/blog.ts (see index.ts). */
import { plainForm, PUBLISHED, type ResourcesHindi } from './words.ts';

export const blogHindi: ResourcesHindi = {
  blog_posts: {
    name: 'ब्लॉग |||| ब्लॉग',
    fields: {
      title: 'शीर्षक',
      content: 'सामग्री',
      author: 'लेखक',
      publish_date: 'प्रकाशन तिथि',
      status: 'स्थिति',
      image: 'चित्र',
    },
    choices: { status: PUBLISHED },
    emptyValue: {},
    title: { list: 'ब्लॉग', create: 'ब्लॉग जोड़ें', edit: 'ब्लॉग संपादित करें', show: 'ब्लॉग का विवरण' },
    add: 'ब्लॉग जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई ब्लॉग नहीं मिला।',
    // English has no full stop here either (the spec's words).
    notFound: 'ब्लॉग नहीं मिला',
    created: 'ब्लॉग सफलतापूर्वक जोड़ा गया।',
    updated: 'ब्लॉग सफलतापूर्वक अपडेट किया गया।',
    deleted: 'ब्लॉग सफलतापूर्वक हटाया गया।',
    deleteTitle: 'ब्लॉग हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह ब्लॉग हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'ब्लॉग',
    subFeature: 'ब्लॉग',
  },
};
