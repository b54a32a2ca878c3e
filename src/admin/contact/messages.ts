/**
 * The words of the contact messages area's own buttons (read and new, reply by email). The generated list and show
 * screens speak the declaration's words (src/resources/contact-messages.ts).
 */
export const CONTACT_ACTIONS = {
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  markedRead: 'Message marked as read.',
  markedUnread: 'Message marked as unread.',
  reply: 'Reply',
  replyTitle: 'Reply by email',
  replyTo: (email: string) => `To: ${email}`,
  replyAgain: 'A reply was already sent; sending another replaces the one kept with the message.',
  subject: 'Subject',
  body: 'Message',
  send: 'Send Reply',
  cancel: 'Cancel',
  sent: (email: string) => `Reply sent to ${email}.`,
  subjectOf: (subject: unknown) =>
    `Re: ${typeof subject === 'string' && subject.trim() ? subject.trim() : 'Your message'}`,
  subjectRequired: 'Please write a subject (at most 200 characters).',
  bodyRequired: 'Please write the reply (at most 5000 characters).',
} as const;
