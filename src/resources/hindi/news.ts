/** The Hindi words of the resources declared in src/resources/news.ts (see index.ts). */
import { plainForm, ACTIVE, type ResourcesHindi } from './words.ts';

export const newsHindi: ResourcesHindi = {
  news: {
    name: 'समाचार |||| समाचार',
    fields: {
      title: 'शीर्षक',
      content: 'सामग्री',
      author: 'लेखक',
      publish_date: 'प्रकाशन तिथि',
      status: 'स्थिति',
      image: 'चित्र',
    },
    choices: { status: ACTIVE },
    emptyValue: {},
    title: { list: 'समाचार', create: 'समाचार जोड़ें', edit: 'समाचार संपादित करें', show: 'समाचार का विवरण' },
    add: 'समाचार जोड़ें',
    search: 'शीर्षक से खोजें',
    empty: 'कोई समाचार नहीं मिला।',
    notFound: 'समाचार की कोई जानकारी नहीं मिली',
    created: 'समाचार सफलतापूर्वक जोड़ा गया।',
    updated: 'समाचार सफलतापूर्वक अपडेट किया गया।',
    deleted: 'समाचार सफलतापूर्वक हटाया गया।',
    deleteTitle: 'समाचार हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह समाचार हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'समाचार',
    subFeature: 'समाचार',
  },
};
