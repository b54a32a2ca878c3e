/**
 * The words of the contact messages area's own buttons (read and new, reply by email), in English and Hindi
 * (i18n/words.ts). The generated list and show screens speak the declaration's words
 * (src/resources/contact-messages.ts).
 */
import { defineWords, hindi } from '../i18n/words.ts';

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
  replyAgain: 'A reply was already sent; sending another replaces the one kept with the message.',
  subject: 'Subject',
  body: 'Message',
  send: 'Send Reply',
  cancel: 'Cancel',
  sent: 'Reply sent to %{email}.',
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
  replyAgain: 'एक उत्तर पहले ही भेजा जा चुका है; दूसरा भेजने पर संदेश के साथ रखा गया उत्तर बदल जाएगा।',
  subject: 'विषय',
  body: 'संदेश',
  send: 'उत्तर भेजें',
  cancel: 'रद्द करें',
  sent: 'उत्तर %{email} को भेज दिया गया।',
  yourMessage: 'आपका संदेश',
  subjectRequired: 'कृपया विषय लिखें (अधिकतम 200 अक्षर)।',
  bodyRequired: 'कृपया उत्तर लिखें (अधिकतम 5000 अक्षर)।',
});
