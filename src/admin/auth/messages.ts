/**
 * The sign-in screens' words (AUTH), and the password policy's sentences as a screen shows them (the sign-in screens,
 * My Profile, and the employee and user forms say them; password-policy.ts), in English and Hindi (i18n/words.ts).
 * The policy's English is src/resources/password-policy.ts, which the server speaks too. Nothing here loads
 * react-admin: the sign-in page takes these words without it.
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The password policy's sentences (src/resources/password-policy.ts), by what they say. */
export const PASSWORD_WORDS = defineWords('password', {
  rules: {
    length: 'At least %{min} characters.',
    common: 'Not one of the most common passwords (such as "password123" or "qwertyuiop").',
  },
  required: 'Password is required.',
  accountRequired: 'Please fill out Password',
  tooShort: 'The password must be at least %{min} characters long.',
  tooLong: 'The password must be at most %{max} characters long.',
  common: 'This password is one of the most common passwords. Please choose another.',
  mismatch: 'The two passwords do not match.',
} as const);

export const PASSWORD_WORDS_HI = hindi(PASSWORD_WORDS, {
  rules: {
    length: 'कम से कम %{min} अक्षर।',
    common: 'सबसे आम पासवर्डों में से कोई न हो (जैसे "password123" या "qwertyuiop")।',
  },
  required: 'पासवर्ड आवश्यक है।',
  accountRequired: 'कृपया पासवर्ड भरें',
  tooShort: 'पासवर्ड कम से कम %{min} अक्षरों का होना चाहिए।',
  tooLong: 'पासवर्ड अधिकतम %{max} अक्षरों का हो सकता है।',
  common: 'यह सबसे आम पासवर्डों में से एक है। कृपया कोई दूसरा चुनें।',
  mismatch: 'दोनों पासवर्ड एक जैसे नहीं हैं।',
});

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

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [PASSWORD_WORDS, PASSWORD_WORDS_HI],
  [AUTH, AUTH_HI],
];
