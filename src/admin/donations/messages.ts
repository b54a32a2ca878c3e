/**
 * The words of the donations area's own buttons (cancelling a receipted donation, Form 10BD) and of the receipt
 * page's controls, in English and Hindi (i18n/words.ts). The generated list and show screens speak the
 * declaration's words (src/resources/donations.ts). The receipt itself is a Hindi document by design, as the
 * server's PDF (DonationReceipt.tsx): its words are not translated.
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

export const DONATION_ACTIONS = defineWords('donationActions', {
  cancel: 'Cancel Donation',
  cancelTitle: 'Cancel this donation?',
  cancelExplain:
    'Receipt %{receipt} stays issued and is marked cancelled; the donation no longer counts as received. This cannot be undone.',
  reason: 'Reason for Cancellation',
  reasonHelp: 'What happened, for the audit trail (3 to 500 characters).',
  reasonRequired: 'Please give the reason for cancelling, 3 to 500 characters.',
  keep: 'Keep Donation',
  confirmCancel: 'Cancel Donation',
  cancelled: 'Donation cancelled; receipt %{receipt} is marked cancelled.',
  /** On a donation's page: what became of the receipt emailed to the donor (outbox/EmailStatus.tsx). */
  receiptEmail: 'Receipt email',
  form10bd: 'Form 10BD',
  form10bdTitle: 'Statement of Donations (Form 10BD)',
  form10bdExplain:
    "The financial year's received donations whose donor gave a PAN or another ID, in the income-tax department's columns (Part B), as CSV.",
  year: 'Financial Year',
  download: 'Download CSV',
  close: 'Close',
  /** After a download: this sentence, then the two below when they apply. */
  downloaded: 'Form 10BD for %{year} downloaded.',
  withoutId:
    '%{smart_count} donation without a PAN or other ID is not in it. |||| %{smart_count} donations without a PAN or other ID are not in it.',
  cashAboveLimit:
    '%{smart_count} cash donation above ₹2,000 is not deductible and is not in it. |||| %{smart_count} cash donations above ₹2,000 are not deductible and are not in it.',
} as const);

export const DONATION_ACTIONS_HI = hindi(DONATION_ACTIONS, {
  cancel: 'दान रद्द करें',
  cancelTitle: 'क्या आप यह दान रद्द करना चाहते हैं?',
  cancelExplain:
    'रसीद %{receipt} जारी ही रहेगी और रद्द के रूप में चिह्नित होगी; दान अब प्राप्त नहीं गिना जाएगा। इसे वापस नहीं किया जा सकता।',
  reason: 'रद्द करने का कारण',
  reasonHelp: 'क्या हुआ, ऑडिट लॉग के लिए (3 से 500 अक्षर)।',
  reasonRequired: 'कृपया रद्द करने का कारण लिखें, 3 से 500 अक्षर।',
  keep: 'दान रहने दें',
  confirmCancel: 'दान रद्द करें',
  cancelled: 'दान रद्द किया गया; रसीद %{receipt} रद्द के रूप में चिह्नित है।',
  receiptEmail: 'रसीद का ईमेल',
  form10bd: 'फ़ॉर्म 10BD',
  form10bdTitle: 'दान का विवरण (फ़ॉर्म 10BD)',
  form10bdExplain:
    'वित्तीय वर्ष के वे प्राप्त दान जिनके दाता ने PAN या कोई अन्य पहचान दी है, आयकर विभाग के कॉलमों (भाग B) में, CSV के रूप में।',
  year: 'वित्तीय वर्ष',
  download: 'CSV डाउनलोड करें',
  close: 'बंद करें',
  downloaded: '%{year} का फ़ॉर्म 10BD डाउनलोड हो गया।',
  withoutId:
    'PAN या अन्य पहचान के बिना %{smart_count} दान इसमें शामिल नहीं है। |||| PAN या अन्य पहचान के बिना %{smart_count} दान इसमें शामिल नहीं हैं।',
  cashAboveLimit:
    '₹2,000 से अधिक का %{smart_count} नकद दान कटौती योग्य नहीं है और इसमें शामिल नहीं है। |||| ₹2,000 से अधिक के %{smart_count} नकद दान कटौती योग्य नहीं हैं और इसमें शामिल नहीं हैं।',
});

/** The receipt page's own controls (the receipt itself is in Hindi, as the server's PDF). */
export const RECEIPT = defineWords('donationReceipt', {
  title: 'Donation Receipt',
  back: 'Back to Donations',
  print: 'Print / Save as PDF',
  downloadPdf: 'Download PDF',
  downloadReceipt: 'Download Receipt',
  chooseDonation: 'Choose a donation with a receipt number in the Donations list and press its Download Receipt.',
  incomplete: 'The receipt is incomplete until the trust fills in %{what} (Trust Settings and Tax Wording).',
} as const);

export const RECEIPT_HI = hindi(RECEIPT, {
  title: 'दान रसीद',
  back: 'दान सूची पर वापस जाएँ',
  print: 'प्रिंट करें / PDF के रूप में सहेजें',
  downloadPdf: 'PDF डाउनलोड करें',
  downloadReceipt: 'रसीद डाउनलोड करें',
  chooseDonation: 'दान सूची में रसीद संख्या वाला कोई दान चुनें और उसका ‘रसीद डाउनलोड करें’ दबाएँ।',
  incomplete: 'जब तक न्यास %{what} नहीं भरता, रसीद अधूरी रहेगी (ट्रस्ट सेटिंग्स और कर शब्दावली)।',
});

/** What the printed receipt says where a setting is empty: Hindi, as on the PDF, in either language. */
export const missingValue = (what: string) => `${what} दर्ज नहीं है।`;

/**
 * The trust's registration (12A/12AB) and approval (80G) when one did not hold on a donation's day, or runs out
 * (src/resources/registration-validity.ts): the warning before a receipt is issued, the receipt page's note to
 * staff, and the dashboard's dates. Dates are written by i18n/format.ts.
 */
export const REGISTRATION = defineWords('registrationValidity', {
  names: { registration: 'Registration (12A/12AB)', approval: 'Approval (80G)' },
  expired: '%{what} was valid until %{until}: it had expired on the donation’s date, %{day}.',
  notYetValid: '%{what} is valid from %{from}: it was not yet valid on the donation’s date, %{day}.',
  issueTitle: 'Issue this receipt anyway?',
  issueExplain:
    'The receipt will be issued with the next number and will say this in Hindi, so that the donor does not claim a deduction on a registration that did not hold. To avoid it, correct the date or the Trust Settings first.',
  acknowledge: 'I understand: the receipt will say that this was not valid on the donation’s date.',
  checkFailed: 'The trust’s registration dates could not be checked before issuing the receipt: %{reason}',
  goBack: 'Go Back',
  issue: 'Issue Receipt',
  receiptNote: 'This receipt says that on the donation’s date:',
  deadlinesTitle: 'Registration and Approval Dates',
  deadlineExpired:
    '%{what}: its validity ended on %{until}, %{smart_count} day ago. Receipts of donations after that day say it was not valid. |||| %{what}: its validity ended on %{until}, %{smart_count} days ago. Receipts of donations after that day say it was not valid.',
  deadlineExpiring:
    '%{what}: valid until %{until}, %{smart_count} day from today. |||| %{what}: valid until %{until}, %{smart_count} days from today.',
  updateSettings: 'Open Trust Settings',
} as const);

export const REGISTRATION_HI = hindi(REGISTRATION, {
  names: { registration: 'पंजीकरण (12A/12AB)', approval: 'अनुमोदन (80G)' },
  expired: '%{what} %{until} तक वैध था: दान की तिथि %{day} को यह समाप्त हो चुका था।',
  notYetValid: '%{what} %{from} से वैध है: दान की तिथि %{day} को यह अभी वैध नहीं था।',
  issueTitle: 'क्या फिर भी यह रसीद जारी करें?',
  issueExplain:
    'रसीद अगली संख्या के साथ जारी होगी और उस पर हिंदी में यह लिखा होगा, ताकि दाता ऐसे पंजीकरण पर कटौती का दावा न करे जो उस दिन वैध नहीं था। इससे बचने के लिए पहले तिथि या ट्रस्ट सेटिंग्स ठीक करें।',
  acknowledge: 'मैं समझता/समझती हूँ: रसीद पर लिखा होगा कि दान की तिथि पर यह वैध नहीं था।',
  checkFailed: 'रसीद जारी करने से पहले न्यास के पंजीकरण की तिथियाँ जाँची नहीं जा सकीं: %{reason}',
  goBack: 'वापस जाएँ',
  issue: 'रसीद जारी करें',
  receiptNote: 'यह रसीद बताती है कि दान की तिथि पर:',
  deadlinesTitle: 'पंजीकरण और अनुमोदन की तिथियाँ',
  deadlineExpired:
    '%{what}: इसकी वैधता %{until} को समाप्त हो गई, %{smart_count} दिन पहले। उस दिन के बाद के दानों की रसीदों पर लिखा होता है कि यह वैध नहीं था। |||| %{what}: इसकी वैधता %{until} को समाप्त हो गई, %{smart_count} दिन पहले। उस दिन के बाद के दानों की रसीदों पर लिखा होता है कि यह वैध नहीं था।',
  deadlineExpiring:
    '%{what}: %{until} तक वैध, आज से %{smart_count} दिन। |||| %{what}: %{until} तक वैध, आज से %{smart_count} दिन।',
  updateSettings: 'ट्रस्ट सेटिंग्स खोलें',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [
  [DONATION_ACTIONS, DONATION_ACTIONS_HI],
  [RECEIPT, RECEIPT_HI],
  [REGISTRATION, REGISTRATION_HI],
];
