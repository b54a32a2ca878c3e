/**
 * The Hindi of the generated screens' own words (GENERATED_MESSAGES in src/admin/generated/messages.ts: column
 * headers, filters, the select's prompt, the form's failure sentences). Its type names every English key, so a word
 * added there fails the typecheck until its Hindi is written here; generated.test.ts checks placeholders and script.
 */
import type { GENERATED_MESSAGES, RICH_TEXT_TOOLBAR } from '../../generated/messages.ts';

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
  chooseImage: 'चित्र चुनें',
  chooseImages: 'चित्र चुनें',
  chooseVideo: 'वीडियो चुनें',
  chooseDocument: 'दस्तावेज़ चुनें',
  chooseFile: 'फ़ाइल चुनें',
  ofAtMost: '%{count} / अधिकतम %{max}',
  imageAddress: 'या चित्र का पता (https://…)',
  videoAddress: 'या वीडियो का पता (https://…)',
  documentAddress: 'या दस्तावेज़ का पता (https://…)',
  fileAddress: 'या फ़ाइल का पता (https://…)',
  tooManyImages:
    'अधिकतम %{max} चित्र: %{smart_count} फ़ाइल नहीं जोड़ी गई। |||| अधिकतम %{max} चित्र: %{smart_count} फ़ाइलें नहीं जोड़ी गईं।',
  remove: 'हटाएँ',
  removeNamed: '%{name} हटाएँ',
  waiting: 'प्रतीक्षा में',
  failed: 'विफल',
  dismiss: 'हटाएँ',
  cancel: 'रद्द करें',
  dismissNamed: '%{name} हटाएँ',
  cancelNamed: '%{name} रद्द करें',
  uploadProgress: '%{name} की अपलोड प्रगति',
  waitForUploads: 'कृपया अपलोड पूरे होने तक प्रतीक्षा करें।',
  uploadFailed: 'अपलोड नहीं हो सका।',
  uploadFailedStatus: 'अपलोड नहीं हो सका (HTTP %{status})।',
  playVideo: 'वीडियो चलाएँ',
  viewFile: 'फ़ाइल देखें',
  atMostItems: 'अधिकतम %{max} प्रविष्टियाँ।',
  headings: 'शीर्षक',
  // H1/H2 are the buttons' own letters; a screen reader says "H2: शीर्षक 2".
  headingButton: 'H%{level}: शीर्षक %{level}',
  heading: 'शीर्षक %{level}',
  loadingEditor: 'एडिटर लोड हो रहा है',
  videoHint: 'YouTube या Vimeo का लिंक वीडियो के रूप में चलता है।',
  videoHintOther: 'किसी दूसरी साइट का लिंक (लिंक के रूप में दिखेगा, वीडियो के रूप में नहीं)',
  videoHintFound: '%{site} वीडियो %{id}',
  loading: 'लोड हो रहा है',
};

/** The formatted-text editor's buttons (react-admin's `ra.tiptap.*`, merged into its catalogue by hindi.ts). */
export const richTextToolbarHindi: { readonly [K in keyof typeof RICH_TEXT_TOOLBAR]: string } = {
  bold: 'बोल्ड',
  italic: 'इटैलिक',
  underline: 'रेखांकित',
  strike: 'काटी गई रेखा',
  code: 'कोड',
  align_left: 'बाएँ संरेखित करें',
  align_right: 'दाएँ संरेखित करें',
  align_center: 'बीच में करें',
  align_justify: 'दोनों ओर संरेखित करें',
  list_bulleted: 'बुलेट सूची',
  list_numbered: 'क्रमांकित सूची',
  link: 'लिंक जोड़ें',
  blockquote: 'उद्धरण',
  clear_format: 'फ़ॉर्मैटिंग हटाएँ',
};
