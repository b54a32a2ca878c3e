/**
 * The words of the contact messages area's own buttons (read and new, reply by email), in English and Hindi
 * (i18n/words.ts). The generated list and show screens speak the declaration's words
 * (src/resources/contact-messages.ts).
 */
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/**
 * What a reply's subject starts with, in either language: it goes to the visitor by email, where every mail program
 * writes "Re:" (and threads the conversation by it).
 */
export const REPLY_PREFIX = 'Re: ';

export const CONTACT_ACTIONS = defineWords('contactActions', {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markedRead: 'Message marked as read.',
  markedUnread: 'Message marked as unread.',
  reply: 'Reply',
  replyTitle: 'Reply by email',
  replyTo: 'To: %{email}',
  replyAgain: 'A reply was already written; sending another replaces the one kept with the message.',
  subject: 'Subject',
  body: 'Message',
  send: 'Send Reply',
  cancel: 'Cancel',
  // After Send Reply: what became of its email, as the server says (never "sent" while it waits).
  sent: 'Reply sent to %{email}.',
  waiting:
    'Reply kept with the message. Its email to %{email} waits in the Outbox: no mail server is configured, so it has not been sent. It leaves once one is.',
  sending: 'Reply kept with the message; its email to %{email} is being sent.',
  notYet:
    'Reply kept with the message, but its email to %{email} could not be sent yet (%{reason}). It will be tried again.',
  failed: 'Reply kept with the message, but its email to %{email} could not be sent: %{reason}.',
  /** The label of the reply's email status on the message's page. */
  replyEmail: 'Reply email',
  /** The reply's subject when the message had none (after REPLY_PREFIX). */
  yourMessage: 'Your message',
  subjectRequired: 'Please write a subject (at most 200 characters).',
  bodyRequired: 'Please write the reply (at most 5000 characters).',
} as const);

export const CONTACT_ACTIONS_HI = hindi(CONTACT_ACTIONS, {
  markRead: 'पढ़ा हुआ चिह्नित करें',
  markUnread: 'अपठित चिह्नित करें',
  markedRead: 'संदेश पढ़ा हुआ चिह्नित किया गया।',
  markedUnread: 'संदेश अपठित चिह्नित किया गया।',
  reply: 'उत्तर दें',
  replyTitle: 'ईमेल से उत्तर दें',
  replyTo: 'प्राप्तकर्ता: %{email}',
  replyAgain: 'एक उत्तर पहले ही लिखा जा चुका है; दूसरा भेजने पर संदेश के साथ रखा गया उत्तर बदल जाएगा।',
  subject: 'विषय',
  body: 'संदेश',
  send: 'उत्तर भेजें',
  cancel: 'रद्द करें',
  sent: 'उत्तर %{email} को भेज दिया गया।',
  waiting:
    'उत्तर संदेश के साथ रख लिया गया। %{email} को इसका ईमेल आउटबॉक्स में प्रतीक्षा में है: कोई मेल सर्वर सेट नहीं है, इसलिए यह भेजा नहीं गया। मेल सर्वर सेट होते ही यह भेजा जाएगा।',
  sending: 'उत्तर संदेश के साथ रख लिया गया; %{email} को इसका ईमेल भेजा जा रहा है।',
  notYet: 'उत्तर संदेश के साथ रख लिया गया, पर %{email} को इसका ईमेल अभी नहीं भेजा जा सका (%{reason})। फिर से प्रयास किया जाएगा।',
  failed: 'उत्तर संदेश के साथ रख लिया गया, पर %{email} को इसका ईमेल नहीं भेजा जा सका: %{reason}।',
  replyEmail: 'उत्तर का ईमेल',
  yourMessage: 'आपका संदेश',
  subjectRequired: 'कृपया विषय लिखें (अधिकतम 200 अक्षर)।',
  bodyRequired: 'कृपया उत्तर लिखें (अधिकतम 5000 अक्षर)।',
});

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[CONTACT_ACTIONS, CONTACT_ACTIONS_HI]];
