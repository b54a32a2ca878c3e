/**
 * The words of the signed-in account's own page (My Profile) and of an Admin's password link, in English and Hindi
 * (i18n/words.ts). The password policy's words are the sign-in screens' (auth/messages.ts).
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const ACCOUNT = defineWords('account', {
  title: 'My Profile',
  signedInUntil: 'Signed in until',
  administrator: 'Administrator',
  permissions: 'What this account may do',
  everything: 'This account is an administrator: it may do everything.',
  nothing: 'This account has no permissions yet. An administrator grants them in Employees or Role Permissions.',
  changePassword: 'Change password',
  current: 'Current password',
  next: 'New password',
  again: 'New password again',
  save: 'Change password',
  currentRequired: 'The current password is required.',
  changed: 'Your password has been changed. Please sign in again.',
  serverAnswered: 'The server answered %{status}.',
  unreachable: 'The server could not be reached. Please try again.',
  // An Admin's one-time link to choose a new password, on an employee's or a user's screen (PasswordLinkButton.tsx).
  linkButton: 'Give a Password Link',
  linkAsk:
    'Give %{name} a link to choose a new password? Any reset link sent before stops working. Use it when email cannot reach the person.',
  linkCancel: 'Cancel',
  linkGive: 'Give Link',
  linkTitle: 'Password link for %{name}',
  linkShown:
    'Give this link to %{name} yourself, in person or by phone. It works once, until %{until}, to choose a new password. It is not shown again.',
  linkLabel: 'Link',
  linkCopy: 'Copy',
  linkCopied: 'Copied.',
  linkDone: 'Done',
} as const);

export const ACCOUNT_HI = hindi(ACCOUNT, {
  title: 'मेरी प्रोफ़ाइल',
  signedInUntil: 'लॉग इन की समय-सीमा:',
  administrator: 'एडमिनिस्ट्रेटर',
  permissions: 'यह खाता क्या कर सकता है',
  everything: 'यह खाता एडमिनिस्ट्रेटर का है: यह सब कुछ कर सकता है।',
  nothing: 'इस खाते को अभी कोई अनुमति नहीं मिली है। एडमिनिस्ट्रेटर इसे कर्मचारी या भूमिका अनुमतियाँ में अनुमति देते हैं।',
  changePassword: 'पासवर्ड बदलें',
  current: 'वर्तमान पासवर्ड',
  next: 'नया पासवर्ड',
  again: 'नया पासवर्ड दोबारा',
  save: 'पासवर्ड बदलें',
  currentRequired: 'वर्तमान पासवर्ड आवश्यक है।',
  changed: 'आपका पासवर्ड बदल दिया गया है। कृपया फिर से लॉग इन करें।',
  serverAnswered: 'सर्वर ने %{status} उत्तर दिया।',
  unreachable: 'सर्वर से संपर्क नहीं हो सका। कृपया फिर कोशिश करें।',
  linkButton: 'पासवर्ड लिंक दें',
  linkAsk:
    '%{name} को नया पासवर्ड चुनने का लिंक दें? पहले भेजा गया कोई भी रीसेट लिंक काम करना बंद कर देगा। इसका उपयोग तब करें जब ईमेल उस व्यक्ति तक न पहुँच सके।',
  linkCancel: 'रद्द करें',
  linkGive: 'लिंक दें',
  linkTitle: '%{name} के लिए पासवर्ड लिंक',
  linkShown:
    'यह लिंक %{name} को स्वयं दें, मिलकर या फ़ोन पर। यह %{until} तक एक बार, नया पासवर्ड चुनने के लिए काम करेगा। यह दोबारा नहीं दिखाया जाएगा।',
  linkLabel: 'लिंक',
  linkCopy: 'कॉपी करें',
  linkCopied: 'कॉपी हो गया।',
  linkDone: 'हो गया',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[ACCOUNT, ACCOUNT_HI]];
