/** The Hindi words of the resources declared in src/resources/events.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const eventsHindi: ResourcesHindi = {
  // कार्यक्रम, as the public site's menu calls the school's events.
  events: {
    name: 'कार्यक्रम |||| कार्यक्रम',
    fields: {
      event_name: 'कार्यक्रम का नाम',
      description: 'विवरण',
      date_time: 'तिथि और समय',
      venue: 'स्थान',
      organizer: 'आयोजक',
      status: 'स्थिति',
      image: 'थंबनेल',
      images: 'चित्र',
      'images.title': 'शीर्षक',
      'images.files': 'फ़ाइलें',
      'images.item': 'चित्र #%{n}',
      'images.add': 'चित्र जोड़ें',
      'images.all': 'सभी चित्र',
      'images.count': '%{smart_count} चित्र |||| %{smart_count} चित्र',
    },
    choices: { status: { Scheduled: 'निर्धारित', Completed: 'संपन्न' } },
    emptyValue: {},
    title: {
      list: 'कार्यक्रम',
      create: 'कार्यक्रम जोड़ें',
      edit: 'कार्यक्रम संपादित करें',
      show: 'कार्यक्रम का विवरण',
    },
    add: 'कार्यक्रम जोड़ें',
    search: 'कार्यक्रम के नाम से खोजें',
    empty: 'कोई कार्यक्रम नहीं मिला।',
    notFound: 'कार्यक्रम की कोई जानकारी नहीं मिली',
    created: 'कार्यक्रम सफलतापूर्वक जोड़ा गया।',
    updated: 'कार्यक्रम सफलतापूर्वक अपडेट किया गया।',
    deleted: 'कार्यक्रम सफलतापूर्वक हटाया गया।',
    deleteTitle: 'कार्यक्रम हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह कार्यक्रम हटाना चाहते हैं?',
    form: plainForm(),
    menu: 'कार्यक्रम',
    subFeature: 'कार्यक्रम',
  },
};
