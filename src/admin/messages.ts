/**
 * The admin shell's words, in English and Hindi (i18n/words.ts), so that screens and tests read the same text.
 * Sentences in quotes in the product spec are copied exactly; the rest are plain labels of the spec's controls.
 */
import { defineWords, hindi, type AreaWords } from './i18n/words.ts';

export const SHELL = defineWords('shell', {
  appTitle: 'Trust School Back-office',
  /** The footer's developer credit (spec: "footer with the current year and a developer credit"). */
  footer: '© %{year} Trust School Back-office. Developed by the Trust School IT team.',
  language: 'Language',
  languageFailed: 'The language could not be saved for your account. It applies in this browser only.',
  /** What a screen reader says of the spinner while the back-office's script arrives. */
  loading: 'Loading',
} as const);

export const SHELL_HI = hindi(SHELL, {
  appTitle: 'ट्रस्ट विद्यालय बैक-ऑफ़िस',
  footer: '© %{year} ट्रस्ट विद्यालय बैक-ऑफ़िस। विकास: ट्रस्ट विद्यालय आईटी टीम।',
  language: 'भाषा',
  languageFailed: 'भाषा आपके खाते में सहेजी नहीं जा सकी। यह केवल इस ब्राउज़र में लागू है।',
  loading: 'लोड हो रहा है',
});

export { USER_TYPES, type UserType } from './auth/user-types.ts';

export const AUTH = defineWords('auth', {
  loginTitle: 'Log In',
  userType: 'User Type',
  userTypeNames: { Admin: 'Admin', Employee: 'Employee' },
  email: 'Email',
  password: 'Password',
  savePassword: 'Save Password',
  forgotPasswordLink: 'Forgot Password',
  logIn: 'Log In',
  emailRequired: 'Email is required.',
  passwordRequired: 'Password is required.',
  loginFailed: 'Login failed. Please check your credentials.',
  forgotTitle: 'Forgot Password',
  reset: 'Reset',
  backToLogin: 'Back to Login',
  resetLinkSent: 'Reset password link sent to your email.',
  resetFailed: 'Failed to send reset link.',
  somethingWrong: 'Something went wrong. Please try again later.',
  resetTitle: 'Reset Password',
  resetLinkSentScreen: 'A password reset link has been sent to your registered email address.',
  goToLogin: 'Go to Login',
  // The new-password form of the emailed link (/reset-password?token=…); the policy's sentences are shared with
  // the server (src/resources/password-policy.ts).
  newPasswordIntro: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  setPassword: 'Set New Password',
  passwordRules: 'Password rules',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  passwordResetFailed: 'The password could not be reset.',
  sessionEnded: 'Your session has expired or was ended. Please sign in again.',
  // /confirm-email?token=…: the old address confirms a change of the sign-in email (src/server/services/email-change.ts).
  confirmEmailTitle: 'Confirm New Sign-in Email',
  confirmEmailIntro:
    'Someone asked to change the sign-in email of your account. Confirm only if you expected it: you will then sign in with the new address, and your open sessions end.',
  confirmEmailButton: 'Confirm the Change',
  confirmEmailDone: 'Your sign-in email has been changed. Sign in with the new address.',
  confirmEmailInvalid:
    'This confirmation link is not valid, has already been used or has expired. The sign-in email was not changed.',
  confirmEmailTaken: 'Another account now signs in with this email, so the change cannot be made.',
} as const);

export const AUTH_HI = hindi(AUTH, {
  loginTitle: 'लॉग इन',
  userType: 'उपयोगकर्ता प्रकार',
  userTypeNames: { Admin: 'एडमिन', Employee: 'कर्मचारी' },
  email: 'ईमेल',
  password: 'पासवर्ड',
  savePassword: 'पासवर्ड याद रखें',
  forgotPasswordLink: 'पासवर्ड भूल गए',
  logIn: 'लॉग इन करें',
  emailRequired: 'ईमेल आवश्यक है।',
  passwordRequired: 'पासवर्ड आवश्यक है।',
  loginFailed: 'लॉग इन नहीं हो सका। कृपया अपना ईमेल और पासवर्ड जाँचें।',
  forgotTitle: 'पासवर्ड भूल गए',
  reset: 'रीसेट करें',
  backToLogin: 'लॉग इन पर वापस जाएँ',
  resetLinkSent: 'पासवर्ड रीसेट करने का लिंक आपके ईमेल पर भेज दिया गया है।',
  resetFailed: 'रीसेट लिंक नहीं भेजा जा सका।',
  somethingWrong: 'कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  resetTitle: 'पासवर्ड रीसेट करें',
  resetLinkSentScreen: 'पासवर्ड रीसेट करने का लिंक आपके पंजीकृत ईमेल पते पर भेज दिया गया है।',
  goToLogin: 'लॉग इन पर जाएँ',
  newPasswordIntro: 'अपने खाते के लिए नया पासवर्ड चुनें।',
  newPassword: 'नया पासवर्ड',
  confirmPassword: 'नए पासवर्ड की पुष्टि करें',
  setPassword: 'नया पासवर्ड सेट करें',
  passwordRules: 'पासवर्ड के नियम',
  passwordResetDone: 'आपका पासवर्ड बदल दिया गया है। अब आप नए पासवर्ड से लॉग इन कर सकते हैं।',
  passwordResetFailed: 'पासवर्ड रीसेट नहीं हो सका।',
  sessionEnded: 'आपका सत्र समाप्त हो गया है। कृपया फिर से लॉग इन करें।',
  confirmEmailTitle: 'नए लॉग इन ईमेल की पुष्टि करें',
  confirmEmailIntro:
    'किसी ने आपके खाते का लॉग इन ईमेल बदलने को कहा है। पुष्टि तभी करें जब आपको इसकी जानकारी हो: इसके बाद आप नए पते से लॉग इन करेंगे, और आपके खुले सत्र समाप्त हो जाएँगे।',
  confirmEmailButton: 'बदलाव की पुष्टि करें',
  confirmEmailDone: 'आपका लॉग इन ईमेल बदल दिया गया है। नए पते से लॉग इन करें।',
  confirmEmailInvalid:
    'यह पुष्टि लिंक मान्य नहीं है, पहले ही उपयोग हो चुका है या इसकी अवधि समाप्त हो गई है। लॉग इन ईमेल नहीं बदला गया।',
  confirmEmailTaken: 'इस ईमेल से अब कोई दूसरा खाता लॉग इन करता है, इसलिए यह बदलाव नहीं हो सकता।',
});

export const HEADER = defineWords('header', {
  toggleSidebar: 'Toggle sidebar',
  home: 'Home',
  documentation: 'Documentation',
  faq: 'FAQ',
  quickLinks: 'Quick links',
  search: 'Search',
  searchPages: 'Search pages',
  notifications: 'Notifications, %{count} unread',
  notificationsTitle: 'Notifications',
  viewMore: 'View More',
  messages: 'Contact messages',
  profile: 'Profile menu',
  myProfile: 'My Profile',
  editProfile: 'Edit Profile',
  logout: 'Logout',
  /** The sidebar's Login while signed in (layout/SignOutFirst.tsx). */
  signsOutFirst: 'Signs you out, then opens the sign-in form',
  /** What the sidebar's Login asks before signing out (layout/SignOutFirst.tsx). */
  signOutFirstTitle: 'Log in again?',
  signOutFirstText:
    'To open the login form you are logged out first, and any changes not saved on this page are lost. Logout now?',
} as const);

export const HEADER_HI = hindi(HEADER, {
  toggleSidebar: 'साइडबार खोलें या बंद करें',
  home: 'होम',
  documentation: 'दस्तावेज़',
  faq: 'सामान्य प्रश्न',
  quickLinks: 'त्वरित लिंक',
  search: 'खोजें',
  searchPages: 'पेज खोजें',
  notifications: 'सूचनाएँ, %{count} अपठित',
  notificationsTitle: 'सूचनाएँ',
  viewMore: 'और देखें',
  messages: 'संपर्क संदेश',
  profile: 'प्रोफ़ाइल मेनू',
  myProfile: 'मेरी प्रोफ़ाइल',
  editProfile: 'प्रोफ़ाइल संपादित करें',
  logout: 'लॉग आउट',
  signsOutFirst: 'पहले लॉग आउट करता है, फिर लॉग इन फ़ॉर्म खोलता है',
  signOutFirstTitle: 'फिर से लॉग इन करें?',
  signOutFirstText:
    'लॉग इन फ़ॉर्म खोलने से पहले आपको लॉग आउट किया जाएगा, और इस पेज के बिना सहेजे बदलाव खो जाएँगे। अभी लॉग आउट करें?',
});

/** The bell's and the notifications list's own words (the generated list's come from the declaration). */
export const NOTIFICATIONS = defineWords('notifications', {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markAllRead: 'Mark all as read',
  noneMarked: 'There were no unread notifications.',
  allMarked: 'Marked %{smart_count} notification as read. |||| Marked %{smart_count} notifications as read.',
  failed: 'The notification could not be changed. Please try again.',
  unread: 'Unread',
  none: 'No notifications yet.',
} as const);

export const NOTIFICATIONS_HI = hindi(NOTIFICATIONS, {
  markRead: 'पढ़ा हुआ चिह्नित करें',
  markUnread: 'अपठित चिह्नित करें',
  markAllRead: 'सभी को पढ़ा हुआ चिह्नित करें',
  noneMarked: 'कोई अपठित सूचना नहीं थी।',
  allMarked: '%{smart_count} सूचना पढ़ी हुई चिह्नित की गई। |||| %{smart_count} सूचनाएँ पढ़ी हुई चिह्नित की गईं।',
  failed: 'सूचना बदली नहीं जा सकी। कृपया फिर कोशिश करें।',
  unread: 'अपठित',
  none: 'अभी कोई सूचना नहीं है।',
});

export const DASHBOARD = defineWords('dashboard', {
  title: 'Dashboard',
  totalUsers: 'Total Users',
  blogPosts: 'Blog Posts',
  donations: 'Donations',
  contactMessages: 'Contact Messages',
  chartTitle: 'Monthly Donation Overview',
  chartSeries: 'Donations',
} as const);

export const DASHBOARD_HI = hindi(DASHBOARD, {
  title: 'डैशबोर्ड',
  totalUsers: 'कुल उपयोगकर्ता',
  blogPosts: 'ब्लॉग पोस्ट',
  donations: 'दान',
  contactMessages: 'संपर्क संदेश',
  chartTitle: 'मासिक दान का विवरण',
  chartSeries: 'दान',
});

export const PAGES = defineWords('pages', {
  comingSoonTitle: '%{area}: coming soon',
  comingSoonText:
    'The %{area} screen is not built yet. It will appear here in a coming release; nothing is shown in its place.',
  backToDashboard: 'Back to Dashboard',
  notFoundTitle: 'Page not found',
  notFoundText: 'There is no page at %{path}.',
} as const);

export const PAGES_HI = hindi(PAGES, {
  comingSoonTitle: '%{area}: जल्द आ रहा है',
  comingSoonText: '%{area} स्क्रीन अभी बनी नहीं है। यह आने वाले संस्करण में यहाँ दिखेगी; तब तक यहाँ कुछ नहीं दिखाया जाता।',
  backToDashboard: 'डैशबोर्ड पर वापस जाएँ',
  notFoundTitle: 'पेज नहीं मिला',
  notFoundText: '%{path} पर कोई पेज नहीं है।',
});

/** The access-denied page (a route the account may not open, or the server's 403 on a page's data). */
export const ACCESS = defineWords('access', {
  title: 'Access denied',
  signedInAs: 'You are signed in as %{name} (%{email}).',
  signedInAsName: 'You are signed in as %{name}.',
  refused: 'Your account does not have permission to %{verb} %{area}.',
  refusedNeeding: 'Your account does not have permission to %{verb} %{area} (%{needed}).',
  adminOnly: 'Your account does not have permission to %{verb} %{area}: only an administrator may.',
  refusedPage: 'Your account does not have permission to view this page.',
  serverSaid: 'The server answered:',
  askAdmin:
    'Ask an administrator to grant it: in Employees (the permissions of your own employee record) or in Role Permissions (the permissions of everyone with your department and designation).',
  askAdminOnly: 'Only an administrator account can open it.',
  signOut: 'Sign out',
  verbs: { view: 'view', add: 'add', edit: 'edit', delete: 'delete' },
} as const);

export const ACCESS_HI = hindi(ACCESS, {
  title: 'अनुमति नहीं है',
  signedInAs: 'आप %{name} (%{email}) के रूप में लॉग इन हैं।',
  signedInAsName: 'आप %{name} के रूप में लॉग इन हैं।',
  refused: 'आपके खाते को %{area} में %{verb} की अनुमति नहीं है।',
  refusedNeeding: 'आपके खाते को %{area} में %{verb} की अनुमति नहीं है (%{needed})।',
  adminOnly: 'आपके खाते को %{area} में %{verb} की अनुमति नहीं है: यह केवल एडमिन कर सकते हैं।',
  refusedPage: 'आपके खाते को यह पेज देखने की अनुमति नहीं है।',
  serverSaid: 'सर्वर का उत्तर:',
  askAdmin:
    'किसी एडमिन से अनुमति देने को कहें: कर्मचारी सूची में (आपके अपने कर्मचारी रिकॉर्ड की अनुमतियाँ) या भूमिका अनुमतियों में (आपके विभाग और पद वाले सभी लोगों की अनुमतियाँ)।',
  askAdminOnly: 'इसे केवल एडमिन खाता खोल सकता है।',
  signOut: 'लॉग आउट करें',
  verbs: { view: 'देखने', add: 'जोड़ने', edit: 'संपादित करने', delete: 'हटाने' },
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [SHELL, SHELL_HI],
  [AUTH, AUTH_HI],
  [HEADER, HEADER_HI],
  [NOTIFICATIONS, NOTIFICATIONS_HI],
  [DASHBOARD, DASHBOARD_HI],
  [PAGES, PAGES_HI],
  [ACCESS, ACCESS_HI],
];
