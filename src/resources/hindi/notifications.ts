/** The Hindi words of the resources declared in src/resources/notifications.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const notificationsHindi: ResourcesHindi = {
  // The header bell's notifications. "नोटिफ़िकेशन" (feminine, as staff say it on their phones), not "सूचना":
  // that is the website's notice board (notices).
  notifications: {
    name: 'नोटिफ़िकेशन |||| नोटिफ़िकेशन',
    fields: {
      type: 'प्रकार',
      message: 'संदेश',
      is_read: 'पढ़ी गई',
      recipient_id: 'प्राप्तकर्ता',
      link: 'लिंक',
    },
    choices: {
      type: {
        'Server Error': 'सर्वर त्रुटि',
        Message: 'संदेश',
        'User Registered': 'नया उपयोगकर्ता',
        Email: 'ईमेल',
        Donation: 'दान',
        Backup: 'बैकअप',
      },
    },
    emptyValue: {},
    title: {
      list: 'नोटिफ़िकेशन',
      create: 'नोटिफ़िकेशन जोड़ें',
      edit: 'नोटिफ़िकेशन संपादित करें',
      show: 'नोटिफ़िकेशन का विवरण',
    },
    add: 'नोटिफ़िकेशन जोड़ें',
    search: 'नोटिफ़िकेशन खोजें',
    empty: 'कोई नोटिफ़िकेशन नहीं है।',
    notFound: 'नोटिफ़िकेशन नहीं मिली।',
    created: 'नोटिफ़िकेशन सफलतापूर्वक जोड़ी गई।',
    updated: 'नोटिफ़िकेशन सफलतापूर्वक अपडेट की गई।',
    deleted: 'नोटिफ़िकेशन सफलतापूर्वक हटाई गई।',
    deleteTitle: 'नोटिफ़िकेशन हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह नोटिफ़िकेशन हटाना चाहते हैं?',
    form: plainForm(),
  },
};
