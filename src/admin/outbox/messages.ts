/**
 * The words of the outbox screens (Admins only): the emails the server wrote, sent or waiting; in English and Hindi
 * (i18n/words.ts), so that screens and tests read the same text.
 */
import { defineWords, hindi } from '../i18n/words.ts';

/** The outbox's address. */
export const OUTBOX_ROUTE = '/outbox';

export const OUTBOX = defineWords('outbox', {
  title: 'Outbox',
  intro:
    'Every email the server writes, such as password reset links. Without SMTP_URL on the server, emails wait here with the status Outbox and are not sent, and the links in them stay hidden (a link opens the account). To let someone back in without email, open their employee or user screen and use Give a Password Link.',
  columns: {
    date: 'Date',
    to: 'To',
    subject: 'Subject',
    status: 'Status',
    attempts: 'Attempts',
    lastError: 'Last error',
  },
  statuses: { Outbox: 'Outbox', Pending: 'Pending', Sent: 'Sent', Failed: 'Failed' },
  search: 'Search',
  searchHint: 'Address or subject',
  statusFilter: 'Status',
  allStatuses: 'All',
  empty: 'No emails found.',
  view: 'View',
  back: 'Back',
  showTitle: 'Email',
  notFound: 'Email not found.',
  created: 'Written',
  sentAt: 'Sent',
  nextAttempt: 'Next attempt',
  textBody: 'Text',
  retry: 'Send again',
  retried: 'The email will be sent again.',
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
} as const);

export const OUTBOX_HI = hindi(OUTBOX, {
  title: 'आउटबॉक्स',
  intro:
    'सर्वर जो भी ईमेल लिखता है, जैसे पासवर्ड रीसेट लिंक। सर्वर पर SMTP_URL न हो तो ईमेल यहाँ आउटबॉक्स स्थिति में रुके रहते हैं और भेजे नहीं जाते, और उनमें के लिंक छिपे रहते हैं (लिंक से खाता खुलता है)। ईमेल के बिना किसी को फिर से लॉग इन कराने के लिए उसकी कर्मचारी या उपयोगकर्ता स्क्रीन खोलें और पासवर्ड लिंक दें का उपयोग करें।',
  columns: {
    date: 'तारीख़',
    to: 'प्राप्तकर्ता',
    subject: 'विषय',
    status: 'स्थिति',
    attempts: 'प्रयास',
    lastError: 'पिछली त्रुटि',
  },
  statuses: { Outbox: 'आउटबॉक्स', Pending: 'लंबित', Sent: 'भेजा गया', Failed: 'विफल' },
  search: 'खोजें',
  searchHint: 'पता या विषय',
  statusFilter: 'स्थिति',
  allStatuses: 'सभी',
  empty: 'कोई ईमेल नहीं मिला।',
  view: 'देखें',
  back: 'वापस',
  showTitle: 'ईमेल',
  notFound: 'ईमेल नहीं मिला।',
  created: 'लिखा गया',
  sentAt: 'भेजा गया',
  nextAttempt: 'अगला प्रयास',
  textBody: 'पाठ',
  retry: 'फिर से भेजें',
  retried: 'ईमेल फिर से भेजा जाएगा।',
  loading: 'लोड हो रहा है',
  somethingWrong: 'कुछ गड़बड़ हो गई। कृपया थोड़ी देर बाद फिर कोशिश करें।',
  rowsPerPage: 'प्रति पेज पंक्तियाँ:',
  displayedRows: '%{count} में से %{from}–%{to}',
  pages: { first: 'पहले पेज पर जाएँ', last: 'अंतिम पेज पर जाएँ', next: 'अगले पेज पर जाएँ', previous: 'पिछले पेज पर जाएँ' },
});
