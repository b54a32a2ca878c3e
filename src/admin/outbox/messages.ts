/**
 * The words of the outbox screens (Admins only): the emails the server wrote, sent or waiting; in English and Hindi
 * (i18n/words.ts), so that screens and tests read the same text.
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The outbox's address. */
export const OUTBOX_ROUTE = '/outbox';

export const OUTBOX = defineWords('outbox', {
  title: 'Outbox',
  intro:
    'Every email the server writes: password reset links, replies to contact messages, donation receipts. An email is Pending until it leaves, then Sent; Failed after its last attempt, with the reason; or Discarded, never to be sent. The links in emails stay hidden here (a link opens the account). To let someone back in without email, open their employee or user screen and use Give a Password Link.',
  noMailServer:
    'No mail server is configured (SMTP_URL), so nothing is sent: emails wait here as Pending and leave once the server is started with one.',
  columns: {
    date: 'Date',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    attempts: 'Attempts',
  },
  statuses: { Pending: 'Pending', Sent: 'Sent', Failed: 'Failed', Discarded: 'Discarded' },
  /** Under a status: why, or what happens next. */
  waitingForServer: 'Waiting for a mail server',
  beingSent: 'Being sent',
  nextTry: 'Next try %{when}',
  search: 'Search',
  searchHint: 'Address or subject',
  statusFilter: 'Status',
  allStatuses: 'All',
  empty: 'No emails found.',
  view: 'View',
  back: 'Back',
  showTitle: 'Email',
  notFound: 'Email not found.',
  reason: 'Reason',
  created: 'Written',
  sentAt: 'Sent',
  textBody: 'Text',
  resend: 'Resend',
  resent: 'The email will be sent again now.',
  discard: 'Discard',
  discardTitle: 'Discard this email?',
  discardExplain:
    'It will never be sent, and its link and attachments are forgotten. The audit log records that you discarded it.',
  keep: 'Keep',
  discarded: 'The email is discarded: it will not be sent.',
  loading: 'Loading',
  somethingWrong: 'Something went wrong. Please try again later.',
  // The table's pages (MUI's own words otherwise).
  rowsPerPage: 'Rows per page:',
  displayedRows: '%{from}–%{to} of %{count}',
  pages: {
    first: 'Go to first page',
    last: 'Go to last page',
    next: 'Go to next page',
    previous: 'Go to previous page',
  },
  /** What became of an email about a record, on that record's screen (EmailStatus.tsx). */
  delivery: {
    sent: 'Sent to %{to} on %{when}.',
    waiting:
      'Waiting in the Outbox: no mail server is configured, so it has not been sent to %{to}. It leaves once one is.',
    sending: 'Being sent to %{to}.',
    retrying: 'Not sent to %{to} yet (%{reason}). It will be tried again %{when}.',
    failed: 'Not sent to %{to}: %{reason}. An administrator can resend it from the Outbox.',
    discarded: 'Not sent to %{to}: %{reason}',
  },
  /** The server's reasons for an email it will not send (src/resources/mail-reasons.ts), in the reader's words. */
  reasons: {
    expired: 'the link it carried expired before it could be sent. The person can ask for a new one.',
    replaced:
      'the link it carried no longer works (a newer link replaced it, or it was used). The person can ask for a new one.',
    discardedBy: 'discarded by %{name}.',
  },
} as const);

export const OUTBOX_HI = hindi(OUTBOX, {
  title: 'आउटबॉक्स',
  intro:
    'सर्वर जो भी ईमेल लिखता है: पासवर्ड रीसेट लिंक, संपर्क संदेशों के उत्तर, दान रसीदें। ईमेल भेजे जाने तक लंबित रहता है, फिर भेजा गया; अंतिम प्रयास के बाद कारण सहित विफल; या रद्द, जो कभी नहीं भेजा जाएगा। ईमेल में के लिंक यहाँ छिपे रहते हैं (लिंक से खाता खुलता है)। ईमेल के बिना किसी को फिर से लॉग इन कराने के लिए उसकी कर्मचारी या उपयोगकर्ता स्क्रीन खोलें और पासवर्ड लिंक दें का उपयोग करें।',
  noMailServer:
    'कोई मेल सर्वर सेट नहीं है (SMTP_URL), इसलिए कुछ भी नहीं भेजा जाता: ईमेल यहाँ लंबित रहते हैं और सर्वर के मेल सर्वर के साथ शुरू होते ही भेजे जाते हैं।',
  columns: {
    date: 'तारीख़',
    to: 'प्राप्तकर्ता',
    subject: 'विषय',
    status: 'स्थिति',
    attempts: 'प्रयास',
  },
  statuses: { Pending: 'लंबित', Sent: 'भेजा गया', Failed: 'विफल', Discarded: 'रद्द' },
  waitingForServer: 'मेल सर्वर की प्रतीक्षा में',
  beingSent: 'भेजा जा रहा है',
  nextTry: 'अगला प्रयास %{when}',
  search: 'खोजें',
  searchHint: 'पता या विषय',
  statusFilter: 'स्थिति',
  allStatuses: 'सभी',
  empty: 'कोई ईमेल नहीं मिला।',
  view: 'देखें',
  back: 'वापस',
  showTitle: 'ईमेल',
  notFound: 'ईमेल नहीं मिला।',
  reason: 'कारण',
  created: 'लिखा गया',
  sentAt: 'भेजा गया',
  textBody: 'पाठ',
  resend: 'फिर से भेजें',
  resent: 'ईमेल अभी फिर से भेजा जाएगा।',
  discard: 'रद्द करें',
  discardTitle: 'क्या यह ईमेल रद्द करें?',
  discardExplain: 'यह कभी नहीं भेजा जाएगा, और इसका लिंक और संलग्नक भुला दिए जाएँगे। ऑडिट लॉग में दर्ज होगा कि आपने इसे रद्द किया।',
  keep: 'रहने दें',
  discarded: 'ईमेल रद्द किया गया: यह नहीं भेजा जाएगा।',
  loading: 'लोड हो रहा है',
  somethingWrong: 'कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  rowsPerPage: 'प्रति पेज पंक्तियाँ:',
  displayedRows: '%{count} में से %{from}–%{to}',
  pages: { first: 'पहले पेज पर जाएँ', last: 'अंतिम पेज पर जाएँ', next: 'अगले पेज पर जाएँ', previous: 'पिछले पेज पर जाएँ' },
  delivery: {
    sent: '%{to} को %{when} भेजा गया।',
    waiting:
      'आउटबॉक्स में प्रतीक्षा में: कोई मेल सर्वर सेट नहीं है, इसलिए यह %{to} को नहीं भेजा गया। मेल सर्वर सेट होते ही यह भेजा जाएगा।',
    sending: '%{to} को भेजा जा रहा है।',
    retrying: '%{to} को अभी नहीं भेजा जा सका (%{reason})। %{when} फिर से प्रयास होगा।',
    failed: '%{to} को नहीं भेजा जा सका: %{reason}। एडमिनिस्ट्रेटर इसे आउटबॉक्स से फिर से भेज सकते हैं।',
    discarded: '%{to} को नहीं भेजा गया: %{reason}',
  },
  reasons: {
    expired: 'इसमें का लिंक भेजे जाने से पहले ही समाप्त हो गया। व्यक्ति नया लिंक माँग सकता है।',
    replaced:
      'इसमें का लिंक अब काम नहीं करता (किसी नए लिंक ने इसकी जगह ले ली, या इसका उपयोग हो चुका)। व्यक्ति नया लिंक माँग सकता है।',
    discardedBy: '%{name} ने रद्द किया।',
  },
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[OUTBOX, OUTBOX_HI]];
