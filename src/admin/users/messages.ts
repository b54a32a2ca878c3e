/**
 * The words of the user screens, in English and Hindi (i18n/words.ts), so that screens and tests read the same text.
 * The declared words (field labels, user types, the empty list, the search box, the delete confirmation) come from
 * src/resources/users.ts, which the server speaks too, through the declaration's keys (`useResourceText(users)`);
 * the spec's required-fields sentence is the declaration's, here in the two languages.
 */
import { USER_TYPES, users } from '../../resources/users.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The routes (spec section 3, "Users"). */
export const USER_ROUTES = {
  list: users.routes.list,
  add: users.routes.create,
  edit: users.routes.edit,
  profile: users.routes.show,
} as const;

/** How the screens behave (not words). */
export const USER_SCREENS = {
  userTypes: USER_TYPES,
  /** Spec section 9: after a successful save, back to the list after 2 seconds. */
  redirectDelayMs: 2000,
} as const;

export const USER = defineWords('users', {
  // The profile's link to the edit form.
  edit: 'Edit',

  // The add and edit forms.
  addTitle: 'Add User',
  editTitle: 'Edit User',
  password: 'Password',
  noRole: 'No role',
  generate: 'Generate',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  chooseImage: 'Choose Image',
  removeImage: 'Remove Image',
  imageHint: 'JPEG, PNG or WebP, at most 5 MB.',
  /** The edit form has no password: the user changes it, or an administrator sends a reset link. */
  passwordNote: 'The password is changed by the user, or reset by email from the profile (Send reset link).',
  /** Spec section 5: one sentence when username, email or user type is missing (the declaration's). */
  required: 'Username, Email, and User Type are required fields.',
  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  created: 'User added successfully.',
  updated: 'User updated successfully.',
  somethingWrong: 'Something went wrong!',
  saveFailed: 'Error: %{message}',
  imageFailed: 'The user was saved, but the profile image was not: %{message}',

  // The profile.
  profileTitle: 'User Profile',
  notFound: 'User not found',
  basicInfo: 'Basic Info',
  noImage: 'No image',
  activityTitle: 'Activity Summary',
  loading: 'Loading',
  signIns: 'Sign-ins',
  failedSignIns: 'Failed sign-ins',
  lastSignIn: 'Last sign-in',
  never: 'Never',
  recentActivity: 'Recent activity',
  noActivity: 'No activity recorded yet.',
  activityColumns: { action: 'Action', status: 'Status', description: 'Description', time: 'Time' },
  activityFailed: 'Failed to load the activity summary.',
  settingsTitle: 'Account Settings',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activated: 'The account is active; the user can sign in.',
  deactivated: 'The account is deactivated; the user is signed out and cannot sign in.',
  statusFailed: 'Failed to change the account status: %{message}',
  sendReset: 'Send reset link',
  /** The forgot-password answer is shown as the server gives it; these are for no answer or a refusal. */
  resetFailed: 'Failed to send reset link.',
  resetError: 'Something went wrong. Please try again later.',
  back: 'Back',
} as const);

export const USER_HI = hindi(USER, {
  edit: 'संपादित करें',

  addTitle: 'उपयोगकर्ता जोड़ें',
  editTitle: 'उपयोगकर्ता संपादित करें',
  password: 'पासवर्ड',
  noRole: 'कोई भूमिका नहीं',
  generate: 'बनाएँ',
  showPassword: 'पासवर्ड दिखाएँ',
  hidePassword: 'पासवर्ड छिपाएँ',
  chooseImage: 'फ़ोटो चुनें',
  removeImage: 'फ़ोटो हटाएँ',
  imageHint: 'JPEG, PNG या WebP, अधिकतम 5 MB।',
  passwordNote: 'पासवर्ड उपयोगकर्ता स्वयं बदलते हैं, या प्रोफ़ाइल से ईमेल द्वारा रीसेट होता है (रीसेट लिंक भेजें)।',
  required: 'उपयोगकर्ता नाम, ईमेल और उपयोगकर्ता प्रकार आवश्यक हैं।',
  save: 'सहेजें',
  update: 'अपडेट करें',
  cancel: 'रद्द करें',
  created: 'उपयोगकर्ता सफलतापूर्वक जोड़ा गया।',
  updated: 'उपयोगकर्ता का विवरण सफलतापूर्वक अपडेट किया गया।',
  somethingWrong: 'कुछ गड़बड़ हो गई!',
  saveFailed: 'त्रुटि: %{message}',
  imageFailed: 'उपयोगकर्ता सहेजा गया, पर प्रोफ़ाइल फ़ोटो नहीं: %{message}',

  profileTitle: 'उपयोगकर्ता प्रोफ़ाइल',
  notFound: 'उपयोगकर्ता नहीं मिला',
  basicInfo: 'मूल जानकारी',
  noImage: 'फ़ोटो नहीं',
  activityTitle: 'गतिविधि सारांश',
  loading: 'लोड हो रहा है',
  signIns: 'लॉग इन',
  failedSignIns: 'विफल लॉग इन',
  lastSignIn: 'पिछला लॉग इन',
  never: 'कभी नहीं',
  recentActivity: 'हाल की गतिविधि',
  noActivity: 'अभी तक कोई गतिविधि दर्ज नहीं हुई।',
  activityColumns: { action: 'कार्य', status: 'स्थिति', description: 'विवरण', time: 'समय' },
  activityFailed: 'गतिविधि सारांश लोड नहीं हो सका।',
  settingsTitle: 'खाता सेटिंग',
  activate: 'सक्रिय करें',
  deactivate: 'निष्क्रिय करें',
  activated: 'खाता सक्रिय है; उपयोगकर्ता लॉग इन कर सकते हैं।',
  deactivated: 'खाता निष्क्रिय कर दिया गया है; उपयोगकर्ता लॉग आउट हो गए हैं और लॉग इन नहीं कर सकते।',
  statusFailed: 'खाते की स्थिति बदली नहीं जा सकी: %{message}',
  sendReset: 'रीसेट लिंक भेजें',
  resetFailed: 'रीसेट लिंक नहीं भेजा जा सका।',
  resetError: 'कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  back: 'वापस',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[USER, USER_HI]];
