/**
 * The Hindi of the generated screens' own words (GENERATED_MESSAGES in src/admin/generated/messages.ts: column
 * headers, filters, the select's prompt, the form's failure sentences). Its type names every English key, so a word
 * added there fails the typecheck until its Hindi is written here; generated.test.ts checks placeholders and script.
 */
import type { GENERATED_MESSAGES } from '../../generated/messages.ts';

export const generatedHindi: { readonly [K in keyof typeof GENERATED_MESSAGES]: string } = {
  serialNumber: 'क्रम सं.',
  createdAt: 'दर्ज करने की तिथि',
  // The list's date-range filter: "from this date", "to this date".
  from: 'इस तिथि से',
  to: 'इस तिथि तक',
  status: 'स्थिति',
  // A contact message or notification not yet read, and one that has been.
  new: 'नया',
  seen: 'पढ़ा गया',
  action: 'कार्रवाई',
  view: 'देखें',
  all: 'सभी',
  yes: 'हाँ',
  no: 'नहीं',
  formProblem: 'कृपया चिह्नित खाने ठीक करें।',
  select: '%{label} चुनें',
  chooseFirst: 'पहले %{label} चुनें।',
  choicesFailed: 'विकल्प लोड नहीं हो सके। कृपया फिर प्रयास करें।',
  saveRefused: 'सर्वर ने इसे सहेजा नहीं। कृपया फ़ॉर्म जाँचें और फिर प्रयास करें।',
  saveUnanswered: 'सर्वर से संपर्क नहीं हो सका। कृपया इंटरनेट कनेक्शन जाँचें और फिर प्रयास करें।',
  pagination: 'पेज',
  previous: 'पिछला',
  next: 'अगला',
  pageOf: 'पेज %{page} / %{pages}',
};
