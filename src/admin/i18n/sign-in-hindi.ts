/**
 * The Hindi of the sentences the server says on the way in (sign-in, password change), matched as it words them.
 * On its own, without the catalogues: the sign-in page drawn in its HTML (auth/DrawnLogin.tsx) says them before
 * react-admin and its translator have loaded; validation.ts asks here for everyone else.
 */
const SIGN_IN_HI: readonly (readonly [RegExp, (match: RegExpExecArray) => string])[] = [
  [/^Invalid email or password\.$/, () => 'ईमेल या पासवर्ड सही नहीं है।'],
  [
    /^This account signs in as an (Admin|Employee): choose \1 as the user type and sign in again\.$/,
    (match) => {
      const type = match[1] === 'Admin' ? 'एडमिन' : 'कर्मचारी';
      return `यह खाता ${type} के रूप में लॉग इन करता है: उपयोगकर्ता प्रकार में ${type} चुनें और फिर से लॉग इन करें।`;
    },
  ],
  [
    /^Too many failed sign-ins\. Please wait (\d+) seconds? before trying again\.$/,
    (match) => `लॉग इन के कई असफल प्रयास हुए। कृपया ${match[1]} सेकंड रुककर फिर कोशिश करें।`,
  ],
  [
    /^Too many sign-in attempts from your address\. Please wait a minute and try again\.$/,
    () => 'आपके पते से लॉग इन के बहुत प्रयास हुए। कृपया एक मिनट रुककर फिर कोशिश करें।',
  ],
  [/^The current password is not right\.$/, () => 'वर्तमान पासवर्ड सही नहीं है।'],
  [/^The new password must differ from the current one\.$/, () => 'नया पासवर्ड वर्तमान पासवर्ड से अलग होना चाहिए।'],
  [
    /^Your password has been changed\. Please sign in again\.$/,
    () => 'आपका पासवर्ड बदल दिया गया है। कृपया फिर से लॉग इन करें।',
  ],
  // A forgotten password (src/server/services/password-reset.ts, RESET_MESSAGES).
  [/^Reset password link sent to your email\.$/, () => 'पासवर्ड रीसेट करने का लिंक आपके ईमेल पर भेज दिया गया है।'],
  [
    /^Your password has been reset\. You can now sign in with your new password\.$/,
    () => 'आपका पासवर्ड बदल दिया गया है। अब आप नए पासवर्ड से लॉग इन कर सकते हैं।',
  ],
  [
    /^The reset link is incomplete\. Please open the link from the email again\.$/,
    () => 'रीसेट लिंक अधूरा है। कृपया ईमेल में दिया गया लिंक फिर से खोलें।',
  ],
  [
    /^This password reset link is not valid or has already been used\. Please ask for a new one\.$/,
    () => 'पासवर्ड रीसेट का यह लिंक मान्य नहीं है या पहले ही उपयोग हो चुका है। कृपया नया लिंक माँगें।',
  ],
  [
    /^This password reset link has expired\. Please ask for a new one\.$/,
    () => 'पासवर्ड रीसेट के इस लिंक की अवधि समाप्त हो गई है। कृपया नया लिंक माँगें।',
  ],
];

/** The Hindi of a sentence of the way in, or undefined when it is not one of them. */
export function signInSentenceHi(message: string): string | undefined {
  for (const [pattern, hindiOf] of SIGN_IN_HI) {
    const match = pattern.exec(message);
    if (match) return hindiOf(match);
  }
  return undefined;
}
