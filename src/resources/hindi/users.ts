/** The Hindi words of the resources declared in src/resources/users.ts (see index.ts). */
import { plainForm, type ResourcesHindi } from './words.ts';

export const usersHindi: ResourcesHindi = {
  users: {
    name: 'उपयोगकर्ता |||| उपयोगकर्ता',
    fields: {
      username: 'उपयोगकर्ता नाम',
      email: 'ईमेल',
      pending_email: 'नया ईमेल (पुष्टि की प्रतीक्षा में)',
      user_type: 'उपयोगकर्ता का प्रकार',
      role_id: 'भूमिका',
      mobile: 'मोबाइल',
      is_active: 'सक्रिय',
      profile_image: 'प्रोफ़ाइल फ़ोटो',
      account_creation_date: 'खाता बनने की तिथि',
      account_id: 'लॉगिन खाता',
    },
    choices: {
      user_type: { Employee: 'कर्मचारी', Vendor: 'विक्रेता', Client: 'ग्राहक' },
      is_active: { true: 'सक्रिय', false: 'निष्क्रिय' },
    },
    headers: { is_active: 'स्थिति' },
    numberHeader: 'क्रम सं.',
    actionHeader: 'कार्रवाई',
    emptyValue: {},
    title: {
      list: 'उपयोगकर्ता सूची',
      create: 'उपयोगकर्ता जोड़ें',
      edit: 'उपयोगकर्ता संपादित करें',
      show: 'उपयोगकर्ता का विवरण',
    },
    add: 'उपयोगकर्ता जोड़ें',
    search: 'उपयोगकर्ता खोजें',
    empty: 'कोई उपयोगकर्ता नहीं मिला।',
    notFound: 'उपयोगकर्ता नहीं मिला।',
    created: 'उपयोगकर्ता सफलतापूर्वक जोड़ा गया।',
    updated: 'उपयोगकर्ता का विवरण सफलतापूर्वक अपडेट किया गया।',
    deleted: 'उपयोगकर्ता सफलतापूर्वक हटाया गया।',
    deleteTitle: 'उपयोगकर्ता हटाएँ',
    deleteConfirm: 'क्या आप वाकई इस उपयोगकर्ता को हटाना चाहते हैं?',
    deleteFailure: {
      unexplained: 'उपयोगकर्ता हटाया नहीं जा सका। कृपया फिर कोशिश करें।',
      unanswered: 'उपयोगकर्ता हटाया नहीं जा सका। कृपया फिर कोशिश करें।',
    },
    form: plainForm(),
    subFeature: 'उपयोगकर्ता सूची',
  },
};
