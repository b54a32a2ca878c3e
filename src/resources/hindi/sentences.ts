/**
 * The Hindi of the sentences the server and the admin both say (src/resources/sentences.ts): the validation templates,
 * the sentences declarations give, and the sentences records keep (STORED) with the words of their lists. The admin's
 * catalogues take them from here (src/admin/i18n/validation.ts, said.ts), and the server says them where it writes for
 * a person in Hindi (an export's descriptions, an import's failed rows). src/admin/i18n/catalogues.test.ts checks
 * every key and placeholder against the English.
 */
import type { STORED_TERMS, VALIDATION } from '../sentences.ts';
import {
  fillTemplate,
  sentenceOf,
  STORED,
  STORED_VALUE_TERMS,
  type StoredSentence,
  type TermList,
} from '../sentences.ts';

/** The Hindi of a table of English templates: the same keys, each a string. */
type HindiOf<T> = { readonly [K in keyof T]: string };

/** The Hindi of the validation templates (the same keys and placeholders). */
export const VALIDATION_HI: HindiOf<typeof VALIDATION> = {
  required: '%{label} आवश्यक है।',
  minLength: '%{label} कम से कम %{min} अक्षरों का होना चाहिए।',
  maxLength: '%{label} अधिकतम %{max} अक्षरों का हो सकता है।',
  oneOf: '%{label} इनमें से एक होना चाहिए: %{values}।',
  fromList: '%{label} सूची में से चुनें।',
  wholeNumber: '%{label} पूर्ण संख्या होनी चाहिए।',
  negative: '%{label} ऋणात्मक (शून्य से कम) नहीं हो सकता।',
  atLeast: '%{label} कम से कम %{min} होना चाहिए।',
  atMost: '%{label} अधिकतम %{max} हो सकता है।',
  date: '%{label} एक तारीख़ होनी चाहिए (YYYY-MM-DD)।',
  image: '%{label} के लिए चित्र अपलोड करें।',
  imageOrUrl: '%{label} के लिए चित्र अपलोड करें या उसका https:// पता दें।',
  file: '%{label} के लिए फ़ाइल अपलोड करें (%{kinds})।',
  fileOrUrl: '%{label} के लिए फ़ाइल अपलोड करें (%{kinds}) या वेब पता दें।',
  maxImages: '%{label}: अधिकतम %{max} चित्र।',
  maxItems: '%{label}: अधिकतम %{max} प्रविष्टियाँ।',
  tooLong: '%{label} बहुत लंबा है (अधिकतम %{max} अक्षर)।',
  url: '%{label} http:// या https:// से शुरू होने वाला वेब पता होना चाहिए।',
  imageUrl: '%{label} किसी चित्र का https:// पता होना चाहिए।',
  dateTime: '%{label} तारीख़ और समय होना चाहिए, जैसे 2026-11-22T10:30:00+05:30।',
};

/** The Hindi of every sentence a declaration or the password policy gives (`{n}`: the item's place). */
export const DECLARED_HI: Readonly<Record<string, string>> = {
  'All fields are required.': 'सभी फ़ील्ड भरना आवश्यक है।',
  'Please upload the advertisement image.': 'कृपया विज्ञापन का चित्र अपलोड करें।',
  'Please select a country.': 'कृपया देश चुनें।',
  'Please select a state.': 'कृपया राज्य चुनें।',
  'Please enter a valid email address.': 'कृपया सही ईमेल पता दर्ज करें।',
  'Please enter a valid phone number.': 'कृपया सही फ़ोन नंबर दर्ज करें।',
  'Country Code must be 2 or 3 letters, such as IN.': 'देश कोड 2 या 3 अक्षरों का होना चाहिए, जैसे IN।',
  'Department Name is required.': 'विभाग का नाम आवश्यक है।',
  'Description is required.': 'विवरण आवश्यक है।',
  'Designation Name is required.': 'पद का नाम आवश्यक है।',
  'Please select a department.': 'कृपया विभाग चुनें।',
  'Please enter a valid contact number.': 'कृपया सही संपर्क नंबर दर्ज करें।',
  'PAN must be 5 letters, 4 digits and a letter.': 'PAN में 5 अक्षर, 4 अंक और फिर 1 अक्षर होना चाहिए।',
  'Other ID Number must be 4 to 30 letters or digits.': 'अन्य पहचान संख्या 4 से 30 अक्षरों या अंकों की होनी चाहिए।',
  'Please fill out Full Name': 'कृपया पूरा नाम भरें',
  'Please fill out Email': 'कृपया ईमेल भरें',
  'Please fill out Mobile': 'कृपया मोबाइल नंबर भरें',
  'Please enter a valid mobile number.': 'कृपया सही मोबाइल नंबर दर्ज करें।',
  'Please fill out Gender': 'कृपया लिंग चुनें',
  'Please fill out Date of Birth': 'कृपया जन्म तिथि भरें',
  'Please fill out Hire Date': 'कृपया नियुक्ति तिथि भरें',
  'Please fill out Salary': 'कृपया वेतन भरें',
  'Please fill out Contract Start Date': 'कृपया अनुबंध आरंभ तिथि भरें',
  'Please fill out Contract End Date': 'कृपया अनुबंध समाप्ति तिथि भरें',
  'Please fill out Department': 'कृपया विभाग चुनें',
  'Please fill out Designation': 'कृपया पद चुनें',
  'The contract end date must not be before its start date.': 'अनुबंध की समाप्ति तिथि उसकी आरंभ तिथि से पहले नहीं हो सकती।',
  'Please upload a thumbnail image.': 'कृपया थंबनेल चित्र अपलोड करें।',
  'Please enter a title for image #{n}.': 'कृपया चित्र #{n} का शीर्षक दर्ज करें।',
  'Please upload files for image #{n}.': 'कृपया चित्र #{n} की फ़ाइलें अपलोड करें।',
  'Please fill all required fields.': 'कृपया सभी आवश्यक फ़ील्ड भरें।',
  'Please provide a thumbnail image file or URL.': 'कृपया थंबनेल चित्र की फ़ाइल या उसका URL दें।',
  'Please upload files or enter URL for image #{n}.': 'कृपया चित्र #{n} की फ़ाइलें अपलोड करें या URL दर्ज करें।',
  'Please enter description for image #{n}.': 'कृपया चित्र #{n} का विवरण दर्ज करें।',
  'All fields (Role Name, Department, and Designation) are required.': 'सभी फ़ील्ड (भूमिका का नाम, विभाग और पद) आवश्यक हैं।',
  'Please enter a financial year such as 2026-27.': 'कृपया वित्तीय वर्ष दर्ज करें, जैसे 2026-27।',
  'The last year cannot come before the first.': 'अंतिम वर्ष पहले वर्ष से पहले नहीं हो सकता।',
  'Bank Account Number must be 9 to 18 digits.': 'बैंक खाता संख्या 9 से 18 अंकों की होनी चाहिए।',
  'IFSC must be 4 letters, a zero and 6 letters or digits, such as SBIN0001234.':
    'IFSC में 4 अक्षर, एक शून्य और 6 अक्षर या अंक होने चाहिए, जैसे SBIN0001234।',
  'Please enter a UPI ID such as trust@sbi.': 'कृपया UPI आईडी दर्ज करें, जैसे trust@sbi।',
  'The registration cannot end before its date.': 'पंजीकरण अपनी तिथि से पहले समाप्त नहीं हो सकता।',
  'The approval cannot end before its date.': 'अनुमोदन अपनी तिथि से पहले समाप्त नहीं हो सकता।',
  'Username, Email, and User Type are required fields.': 'उपयोगकर्ता नाम, ईमेल और उपयोगकर्ता प्रकार आवश्यक हैं।',
  'Please upload a thumbnail or provide a thumbnail URL.': 'कृपया थंबनेल अपलोड करें या थंबनेल का URL दें।',
  'Please upload a video or provide a video URL.': 'कृपया वीडियो अपलोड करें या वीडियो का URL दें।',
  'Please upload file(s) or enter URL for video #{n}.': 'कृपया वीडियो #{n} की फ़ाइल अपलोड करें या URL दर्ज करें।',
  'Please enter description for video #{n}.': 'कृपया वीडियो #{n} का विवरण दर्ज करें।',
  'Password is required.': 'पासवर्ड आवश्यक है।',
  'The password must be at least 10 characters long.': 'पासवर्ड कम से कम 10 अक्षरों का होना चाहिए।',
  'The password must be at most 1024 characters long.': 'पासवर्ड अधिकतम 1024 अक्षरों का हो सकता है।',
  'This password is one of the most common passwords. Please choose another.':
    'यह सबसे आम पासवर्डों में से एक है। कृपया कोई दूसरा चुनें।',
  'The two passwords do not match.': 'दोनों पासवर्ड एक जैसे नहीं हैं।',
  'Please fill out Password': 'कृपया पासवर्ड भरें',
  // A declared field's `unique`: the sentence of a value another record already has.
  'A department with this name already exists.': 'इस नाम का विभाग पहले से मौजूद है।',
  'This receipt number is already issued.': 'यह रसीद संख्या पहले ही जारी हो चुकी है।',
  'This reference is already taken.': 'यह संदर्भ पहले से लिया जा चुका है।',
  'An employee with this email already exists.': 'इस ईमेल से एक कर्मचारी पहले से मौजूद है।',
  'A country with this code already exists.': 'इस कोड का देश पहले से मौजूद है।',
  'This role already has its permissions. Edit them instead.': 'इस भूमिका की अनुमतियाँ पहले से हैं। उन्हें ही संपादित करें।',
  'A user with this email already exists.': 'इस ईमेल से एक उपयोगकर्ता पहले से मौजूद है।',
};

/** The Hindi of the sentences records keep, and of the words of their lists. */
export const STORED_HI: {
  readonly sentences: HindiOf<typeof STORED>;
  readonly terms: { readonly [L in TermList]: HindiOf<Record<(typeof STORED_TERMS)[L][number], string>> };
} = {
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
    importServerValue: '%{value} रिकॉर्ड की स्क्रीन पर उसकी अपनी कार्रवाई से दिया जाता है, आयात से नहीं।',
    importNotAnId: '"%{text}" किसी रिकॉर्ड की आईडी नहीं है।',
    importSameRecordTwice: 'फ़ाइल की पंक्ति %{row} भी यही रिकॉर्ड (आईडी %{id}) बदलती है।',
    importNoSuchRecord: 'आईडी %{id} का ऐसा कोई %{one} नहीं है जिसे आप देख सकें।',
    importMayNotEdit: 'आपको %{many} संपादित करने की अनुमति नहीं है।',
    importEditOwnOnly: 'आप केवल अपने जोड़े हुए %{many} संपादित कर सकते हैं।',
    importMayNotAdd: 'आपको %{many} जोड़ने की अनुमति नहीं है।',
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
    importReadFailed: 'फ़ाइल अंत तक पढ़ी नहीं जा सकी।',
    importStoppedReading: 'फ़ाइल पढ़ते समय सर्वर रुक गया। इसे फिर से अपलोड करें।',
    importStoppedWriting: 'पंक्तियाँ आयात करते समय सर्वर रुक गया; कुछ भी नहीं लिखा गया। आयात की फिर से पुष्टि करें।',
    importWriteFailed: 'आयात लिखा नहीं जा सका; कुछ भी नहीं बदला गया।',
    importRowFailed: 'पंक्ति %{row}: %{reason} कुछ भी आयात नहीं हुआ।',
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
};

/** Declared sentences about item `n` of a list, as the text before and after `{n}`: `Please enter a title for image #3.` */
const ITEM_SENTENCES = Object.keys(DECLARED_HI)
  .filter((english) => english.includes('{n}'))
  .map((english) => {
    const [before, after = ''] = english.split('{n}') as [string, string?];
    return { english, before, after };
  });

/** The item's place in a declared sentence about item `{n}`, or undefined when `message` is not that sentence. */
function placeIn(message: string, before: string, after: string): string | undefined {
  if (!message.startsWith(before) || !message.endsWith(after)) return undefined;
  const n = message.slice(before.length, message.length - after.length);
  return /^\d+$/.test(n) ? n : undefined;
}

/**
 * A validation sentence in Hindi, or undefined when it is none of the declarations' or the templates'. `label` gives
 * the Hindi of a field's English label.
 */
export function validationInHindi(message: string, label: (english: string) => string): string | undefined {
  const exact = DECLARED_HI[message];
  if (exact) return exact;
  const said = sentenceOf(message);
  if (said) {
    if ('declared' in said) return DECLARED_HI[said.declared]?.replaceAll('{n}', String(said.n));
    return fillTemplate(VALIDATION_HI[said.key], { ...said.values, label: label(String(said.values.label ?? '')) });
  }
  for (const { english, before, after } of ITEM_SENTENCES) {
    const n = placeIn(message, before, after);
    if (n) return DECLARED_HI[english]!.replaceAll('{n}', n);
  }
  return undefined;
}

/** A word of one of the lists in Hindi; another word as it is. */
export function termInHindi(list: TermList, word: string): string {
  return (STORED_HI.terms[list] as Readonly<Record<string, string>>)[word] ?? word;
}

/**
 * A sentence of STORED in Hindi, with the values that are words of a list said in Hindi too; undefined when a value
 * is missing (a record changed by hand), to show it as stored.
 */
export function storedInHindi(said: StoredSentence): string | undefined {
  const missing = [...STORED[said.key].matchAll(/%\{(\w+)\}/g)].some(([, name]) => !Object.hasOwn(said.values, name!));
  if (missing) return undefined;
  const terms = STORED_VALUE_TERMS[said.key] ?? {};
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(said.values))
    values[name] = terms[name] && typeof value === 'string' ? termInHindi(terms[name], value) : value;
  return fillTemplate(STORED_HI.sentences[said.key], values);
}
