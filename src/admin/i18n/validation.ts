/**
 * Validation sentences in the language chosen. The server and the admin's forms build the same English sentences
 * from the declarations (src/resources/sentences.ts remembers what each was made of); here they are said again in
 * Hindi: a template of VALIDATION with the field's label in Hindi, or a sentence a declaration gives, from the table
 * below (catalogues.test.ts fails when a declaration gives one that is not in it). i18n.ts asks here whenever a
 * message has no key of its own, so a sentence shown by react-admin (under a field, in a notification) is said in
 * Hindi wherever it came from. A sentence that is neither (a server's 409, say) stays as the server wrote it.
 */
import type { ResourceDeclaration } from '../../resources/index.ts';
import { fillTemplate, sentenceOf, VALIDATION } from '../../resources/sentences.ts';
import { signInSentenceHi } from './sign-in-hindi.ts';
import { hindi } from './words.ts';

/** The Hindi of the validation templates (the same keys and placeholders: catalogues.test.ts). */
export const VALIDATION_HI = hindi(VALIDATION, {
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
});

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
};

/**
 * A validation sentence in Hindi, or undefined when it is not one this module knows. `label` gives the Hindi of a
 * field's English label (any declared field that has it: the sentence does not say which resource it came from).
 */
export function hindiSentence(message: string, label: (english: string) => string): string | undefined {
  const exact = DECLARED_HI[message];
  if (exact) return exact;
  const signIn = signInSentenceHi(message);
  if (signIn) return signIn;
  const said = sentenceOf(message);
  if (!said) return undefined;
  if ('declared' in said) return DECLARED_HI[said.declared]?.replaceAll('{n}', String(said.n));
  const values = { ...said.values, label: label(String(said.values.label ?? '')) };
  return fillTemplate(VALIDATION_HI[said.key], values);
}

/** The key of a declared field's label in the admin's messages, by its English label (the first field that has it). */
export function labelKeys(declared: readonly ResourceDeclaration[]): Map<string, string> {
  const keys = new Map<string, string>();
  for (const resource of declared) {
    for (const [name, decl] of Object.entries(resource.fields)) {
      if (!keys.has(decl.label)) keys.set(decl.label, `resources.${resource.name}.fields.${name}`);
      if (decl.kind === 'items') {
        for (const [inner, itemDecl] of Object.entries(decl.fields)) {
          if (!keys.has(itemDecl.label)) keys.set(itemDecl.label, `resources.${resource.name}.fields.${name}.${inner}`);
        }
      }
    }
  }
  return keys;
}
