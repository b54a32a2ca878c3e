/** The Hindi words of the resources declared in src/resources/activities.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const activitiesHindi: ResourcesHindi = {
  activities: {
    name: 'गतिविधि |||| गतिविधियाँ',
    fields: {
      account_id: 'उपयोगकर्ता आईडी',
      ride_id: 'राइड आईडी',
      action: 'कार्य',
      description: 'विवरण',
      occurred_at: 'समय',
      status: 'स्थिति',
    },
    choices: { status: { Success: 'सफल', Failed: 'विफल', Pending: 'लंबित' } },
    emptyValue: {},
    title: {
      list: 'गतिविधियाँ',
      create: 'गतिविधि जोड़ें',
      edit: 'गतिविधि संपादित करें',
      show: 'गतिविधि का विवरण',
    },
    add: 'गतिविधि जोड़ें',
    search: 'गतिविधियाँ खोजें',
    empty: 'कोई गतिविधि नहीं मिली।',
    notFound: 'गतिविधि नहीं मिली।',
    created: 'गतिविधि सफलतापूर्वक जोड़ी गई।',
    updated: 'गतिविधि सफलतापूर्वक अपडेट की गई।',
    deleted: 'गतिविधि सफलतापूर्वक हटाई गई।',
    deleteTitle: 'गतिविधि हटाएँ',
    deleteConfirm: 'क्या आप वाकई यह गतिविधि हटाना चाहते हैं?',
    form: plainForm(),
    subFeature: 'गतिविधि लॉग',
  },
};
