/** The Hindi words of the resources declared in src/resources/contact-messages.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const contactMessagesHindi: ResourcesHindi = {
  contact_messages: {
    name: 'संपर्क संदेश |||| संपर्क संदेश',
    fields: {
      name: 'नाम',
      email: 'ईमेल',
      phone: 'फ़ोन',
      subject: 'विषय',
      message: 'संदेश',
      is_read: 'पढ़ा गया',
      read_at: 'पढ़ने का समय',
      reply: 'उत्तर',
      replied_at: 'उत्तर देने का समय',
      replied_by: 'उत्तर देने वाले',
    },
    choices: {},
    emptyValue: { phone: 'नहीं दिया गया', subject: 'नहीं दिया गया', reply: 'अभी उत्तर नहीं दिया गया' },
    title: {
      list: 'संपर्क संदेश',
      create: 'संपर्क संदेश जोड़ें',
      edit: 'संपर्क संदेश संपादित करें',
      show: 'संपर्क संदेश का विवरण',
    },
    add: 'संपर्क संदेश जोड़ें',
    search: 'नाम से खोजें',
    empty: 'कोई संदेश नहीं मिला।',
    notFound: 'संपर्क संदेश नहीं मिला।',
    created: 'संपर्क संदेश सफलतापूर्वक जोड़ा गया।',
    updated: 'संपर्क संदेश सफलतापूर्वक अपडेट किया गया।',
    deleted: 'संपर्क संदेश सफलतापूर्वक हटाया गया।',
    deleteTitle: 'संपर्क संदेश हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह संदेश हटाना चाहते हैं?',
    form: plainForm(),
    subFeature: 'संपर्क संदेश',
  },
};
