/**
 * The sentences the server writes into records (the activity log, notifications), in the reader's language. The
 * English templates and which values are words of a list are the server's (src/resources/sentences.ts); the Hindi is
 * here, checked key by key and placeholder by placeholder like every area (catalogues.test.ts). A record that carries
 * a known key is said from its template and values; anything else (an entry staff typed, a record kept before keys
 * existed whose text matched no sentence) is shown as stored.
 */
import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import {
  STORED,
  STORED_TERMS,
  STORED_VALUE_TERMS,
  storedSentenceOf,
  type TermList,
} from '../../resources/sentences.ts';
import { defineWords, hindi, placeholders } from './words.ts';

/** Each list's words as English templates of themselves (`{ accountType: { Admin: 'Admin', … } }`). */
const TERMS = Object.fromEntries(
  Object.entries(STORED_TERMS).map(([list, words]) => [list, Object.fromEntries(words.map((word) => [word, word]))]),
) as { readonly [L in TermList]: { readonly [W in (typeof STORED_TERMS)[L][number]]: W } };

export const SAID = defineWords('said', { sentences: STORED, terms: TERMS });

export const SAID_HI = hindi(SAID, {
  sentences: {
    signedIn: '%{userType} के रूप में लॉग इन किया।',
    signedOut: 'लॉग आउट किया।',
    signInThrottled:
      'पासवर्ड जाँचे बिना लॉग इन रोका गया: बार-बार विफल प्रयासों के बाद प्रयास धीमे किए गए हैं (%{seconds} सेकंड प्रतीक्षा)।',
    signInWrongPassword: 'लॉग इन अस्वीकृत: गलत पासवर्ड।',
    signInWrongPasswordSlowed: 'लॉग इन अस्वीकृत: गलत पासवर्ड। आगे के प्रयास धीमे किए गए हैं: अगला प्रयास %{seconds} सेकंड बाद।',
    signInDeactivated: 'लॉग इन अस्वीकृत: खाता निष्क्रिय है।',
    signInDeactivatedSlowed: 'लॉग इन अस्वीकृत: खाता निष्क्रिय है। आगे के प्रयास धीमे किए गए हैं: अगला प्रयास %{seconds} सेकंड बाद।',
    signInWrongType: 'लॉग इन अस्वीकृत: %{chosen} के रूप में लॉग इन करने का प्रयास हुआ, पर खाता %{userType} का है।',
    signInWrongTypeSlowed:
      'लॉग इन अस्वीकृत: %{chosen} के रूप में लॉग इन करने का प्रयास हुआ, पर खाता %{userType} का है। आगे के प्रयास धीमे किए गए हैं: अगला प्रयास %{seconds} सेकंड बाद।',
    passwordChanged: 'पासवर्ड बदला; सभी सत्र समाप्त किए गए।',
    resetInactive: 'पासवर्ड रीसेट लिंक माँगा गया, पर खाता निष्क्रिय है: कोई ईमेल नहीं भेजा गया।',
    resetTooOftenFromAddress:
      'पासवर्ड रीसेट लिंक माँगा गया, पर पिछले एक घंटे में एक ही पते से %{times} से अधिक बार माँगा गया: कोई ईमेल नहीं भेजा गया।',
    resetTooManyEmails:
      'पासवर्ड रीसेट लिंक माँगा गया, पर पिछले एक घंटे में %{count} ईमेल भेजे जा चुके हैं और अंतिम %{minutes} मिनट से कम पहले: कोई ईमेल नहीं भेजा गया।',
    resetEmailed: 'पासवर्ड रीसेट लिंक माँगा गया और ईमेल किया गया।',
    resetLinkGiven: '%{by} ने नया पासवर्ड चुनने के लिए एक बार चलने वाला लिंक सीधे दिया।',
    passwordReset: 'ईमेल किए गए लिंक से पासवर्ड रीसेट किया गया; सभी सत्र समाप्त किए गए।',
    newContactMessage: '%{name} का नया संपर्क संदेश',
    newContactMessageAbout: '%{name} का नया संपर्क संदेश: %{subject}',
    newDonation: 'वेबसाइट पर %{donor} से %{amount} का नया दान (%{status})',
    newUser: 'नया उपयोगकर्ता: %{username} (%{userType})',
    emailFailed: 'ईमेल #%{id} (%{to} को, "%{subject}") नहीं भेजा जा सका: %{reason}',
    backupFailed: '%{day} का बैकअप नहीं बन सका: %{reason}',
    backupMissing: '%{since} के बाद से कोई बैकअप सफल नहीं हुआ: जब तक कोई सफल न हो, डेटा सुरक्षित नहीं है।',
    accountRequested: '%{by} ने %{name} (%{email}) के लिए खाता माँगा',
    accountRequestedExists:
      '%{by} ने %{name} (%{email}) के लिए खाता माँगा (इस ईमेल से एक खाता पहले से है: वह व्यक्ति लॉग इन कर सकता है, या "पासवर्ड भूल गए" से नया पासवर्ड चुन सकता है।)',
    importNotWholeNumber: '"%{text}" पूर्ण संख्या नहीं है (ऐसे लिखें: 1,25,000)।',
    importNotDate: '"%{text}" तारीख़ नहीं है (dd/mm/yyyy में लिखें: 27/11/2026)।',
    importNotDateTime: '"%{text}" तारीख़ और समय नहीं है (dd/mm/yyyy hh:mm में लिखें: 27/11/2026 16:05)।',
    importNotYesNo: '"%{text}" नहीं, हाँ या नहीं (Yes या No) लिखें।',
    importNotOneOf: '"%{text}" इनमें से कोई नहीं है: %{values}।',
    importNoneNamed: '"%{text}" नाम का कोई नहीं है।',
    importManyNamed: '"%{text}" नाम के एक से अधिक हैं; पहले उनमें से एक का नाम बदलें।',
    importFileEmpty: 'फ़ाइल खाली है।',
    importFileTooLarge: 'फ़ाइल %{mb} MB से बड़ी है, जो एक आयात की सीमा है। इसे छोटी फ़ाइलों में बाँटें।',
    importTooManyRows: 'फ़ाइल में %{limit} से अधिक पंक्तियाँ हैं, जो एक आयात की सीमा है। इसे छोटी फ़ाइलों में बाँटें।',
    importNoHeader: 'फ़ाइल खाली है: इसमें न शीर्ष पंक्ति है, न कोई पंक्ति।',
    importNoRows: 'फ़ाइल में शीर्ष पंक्ति है, पर उसके नीचे कोई पंक्ति नहीं।',
    importTwoColumns: 'फ़ाइल में %{field} के दो कॉलम हैं: %{first} और %{second}। एक ही रखें।',
    importNoKnownColumn: 'फ़ाइल की पहली पंक्ति में %{resource} का कोई कॉलम नहीं है (%{fields}…)। टेम्पलेट से शुरू करें।',
    importMissingColumns: 'फ़ाइल में %{fields} का कॉलम नहीं है, जो हर नए %{one} के लिए आवश्यक है।',
    importRowsHaveErrors: '%{count} पंक्तियों में त्रुटियाँ हैं। उन्हें ठीक करके फ़ाइल फिर से आयात करें, या केवल सही पंक्तियाँ आयात करें।',
    importRowHasErrors: '1 पंक्ति में त्रुटि है। उसे ठीक करके फ़ाइल फिर से आयात करें, या केवल सही पंक्तियाँ आयात करें।',
    importNothingToDo: 'आयात करने को कुछ नहीं है: हर पंक्ति या तो अपरिवर्तित है या उसमें त्रुटि है।',
    sheetBinaryCsv: 'यह फ़ाइल CSV फ़ाइल नहीं है: इसमें बाइनरी डेटा है।',
    sheetTooManyRows: 'फ़ाइल में %{limit} से अधिक पंक्तियाँ हैं।',
    sheetNotPdf: 'यह फ़ाइल PDF नहीं है।',
    sheetNotXlsx: 'यह फ़ाइल एक्सेल वर्कबुक (.xlsx) नहीं है।',
    sheetPdfTooLarge: 'PDF के भीतर की पंक्तियाँ खुलकर %{limit} MB से अधिक हो जाती हैं।',
    sheetPdfNoRows:
      'इस PDF में आयात करने को कोई पंक्ति नहीं है: केवल इसी सॉफ़्टवेयर से निर्यात किए गए PDF में पंक्तियाँ होती हैं। इसके बजाय एक्सेल या CSV फ़ाइल आयात करें।',
    sheetPdfDamaged: 'PDF क्षतिग्रस्त है: इसके भीतर की पंक्तियाँ पढ़ी नहीं जा सकतीं।',
    sheetUnsafeXml: 'यह वर्कबुक XML एंटिटी घोषित करती है, जिन्हें यह सॉफ़्टवेयर नहीं पढ़ता।',
    sheetDamaged: 'यह फ़ाइल पढ़ी जा सकने वाली वर्कबुक नहीं है: हो सकता है यह क्षतिग्रस्त हो।',
    sheetTooLarge: 'वर्कबुक खुलकर %{limit} MB से अधिक हो जाती है।',
    sheetNoSheet: 'वर्कबुक में कोई शीट नहीं है।',
  },
  terms: {
    accountType: { Admin: 'एडमिन', Employee: 'कर्मचारी', Vendor: 'विक्रेता', Client: 'ग्राहक' },
    donationStatus: { Received: 'प्राप्त', Pending: 'लंबित', Cancelled: 'रद्द' },
    activityAction: {
      'Sign-in': 'लॉग इन',
      'Sign-out': 'लॉग आउट',
      'Password reset request': 'पासवर्ड रीसेट का अनुरोध',
      'Password change': 'पासवर्ड परिवर्तन',
      'Password reset': 'पासवर्ड रीसेट',
    },
  },
});

const KEY = 'app.said';

export interface Saying {
  /**
   * A record's sentence in the language chosen: from its key and values when they are a sentence of the server's,
   * otherwise its stored text as it is.
   */
  sentence: (text: unknown, key: unknown, values: unknown) => string;
  /** A word of one of the server's lists (an activity's Action) in the language chosen; other text as it is. */
  term: (list: TermList, word: unknown) => string;
}

/** Says stored sentences and words in the language chosen (the two languages' catalogues). */
export function useSaid(): Saying {
  const translate = useTranslate();
  const term = useCallback(
    (list: TermList, word: unknown): string => {
      if (typeof word !== 'string') return word === null || word === undefined ? '' : String(word);
      if (!(STORED_TERMS[list] as readonly string[]).includes(word)) return word;
      return translate(`${KEY}.terms.${list}.${word}`, { _: word });
    },
    [translate],
  );
  const sentence = useCallback(
    (text: unknown, key: unknown, values: unknown): string => {
      const said = storedSentenceOf(key, values);
      const shown = typeof text === 'string' ? text : text === null || text === undefined ? '' : String(text);
      // A sentence whose values are not all there (a record changed by hand) is shown as stored.
      if (!said || placeholders(STORED[said.key]).some((name) => !Object.hasOwn(said.values, name))) return shown;
      const terms = STORED_VALUE_TERMS[said.key] ?? {};
      const filled: Record<string, string | number> = {};
      for (const [name, value] of Object.entries(said.values))
        filled[name] = terms[name] ? term(terms[name], value) : value;
      return translate(`${KEY}.sentences.${said.key}`, { _: STORED[said.key], ...filled });
    },
    [translate, term],
  );
  return { sentence, term };
}
