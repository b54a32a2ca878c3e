/**
 * The pages of their own (not found, coming soon, access denied) in English and Hindi (i18n/words.ts).
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

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
  [PAGES, PAGES_HI],
  [ACCESS, ACCESS_HI],
];
