/**
 * The words of /register (docs/decisions.md, "/register"): back-office accounts are made by an administrator, so the
 * screen says how to get one, sends whoever may add users to the forms that do, and lets anyone else ask the
 * administrators for an account for someone. English and Hindi (i18n/words.ts).
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const REGISTER_ROUTE = '/register';
/** The server's route of a request (src/server/routes/api/v2/account-requests.ts). */
export const ACCOUNT_REQUESTS_API = '/api/v2/account-requests';

export const REGISTER = defineWords('register', {
  title: 'Register',
  intro:
    'Accounts of this back-office are created by an administrator: every account can see records of the trust, its staff and its donors, so nobody signs themselves up.',
  canAddTitle: 'You may create accounts',
  canAddText:
    'Create the account yourself: an employee gets one with the employee record; a user with the user record.',
  addEmployee: 'Add Employee',
  addUser: 'Add User',
  requestTitle: 'Request an account for someone',
  requestText:
    'The administrators are notified and create the account; the person then gets their sign-in details from them.',
  name: 'Full name',
  email: 'Email',
  note: 'Note for the administrators (optional)',
  noteHelp: 'Their department and work, and from when they need the account.',
  send: 'Send request',
  sending: 'Sending…',
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  noteTooLong: 'Note must be at most 1000 characters.',
  sent: 'Your request has been sent to the administrators. They will create the account and tell the person how to sign in.',
  another: 'Request another account',
  failed: 'The request could not be sent. Please try again.',
} as const);

export const REGISTER_HI = hindi(REGISTER, {
  title: 'पंजीकरण',
  intro:
    'इस बैक-ऑफ़िस के खाते व्यवस्थापक बनाते हैं: हर खाता ट्रस्ट, उसके कर्मचारियों और दानदाताओं के रिकॉर्ड देख सकता है, इसलिए कोई स्वयं पंजीकरण नहीं करता।',
  canAddTitle: 'आप खाते बना सकते हैं',
  canAddText: 'खाता स्वयं बनाएँ: कर्मचारी का खाता कर्मचारी रिकॉर्ड के साथ बनता है, उपयोगकर्ता का उपयोगकर्ता रिकॉर्ड के साथ।',
  addEmployee: 'कर्मचारी जोड़ें',
  addUser: 'उपयोगकर्ता जोड़ें',
  requestTitle: 'किसी के लिए खाते का अनुरोध करें',
  requestText: 'व्यवस्थापकों को सूचना मिलती है और वे खाता बनाते हैं; फिर वह व्यक्ति लॉग इन का विवरण उन्हीं से पाता है।',
  name: 'पूरा नाम',
  email: 'ईमेल',
  note: 'व्यवस्थापकों के लिए टिप्पणी (वैकल्पिक)',
  noteHelp: 'उनका विभाग और काम, और उन्हें खाता कब से चाहिए।',
  send: 'अनुरोध भेजें',
  sending: 'भेजा जा रहा है…',
  nameRequired: 'नाम आवश्यक है।',
  emailRequired: 'ईमेल आवश्यक है।',
  emailInvalid: 'कृपया मान्य ईमेल पता दर्ज करें।',
  noteTooLong: 'टिप्पणी अधिकतम 1000 अक्षरों की हो सकती है।',
  sent: 'आपका अनुरोध व्यवस्थापकों को भेज दिया गया है। वे खाता बनाएँगे और उस व्यक्ति को लॉग इन करने का तरीका बताएँगे।',
  another: 'एक और खाते का अनुरोध करें',
  failed: 'अनुरोध नहीं भेजा जा सका। कृपया फिर से कोशिश करें।',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[REGISTER, REGISTER_HI]];
