/**
 * The reasons the server gives for an email it will not send (services/mail.ts keeps them in `last_error`), in one
 * place for the server and the admin: the admin shows each in the reader's language (outbox/EmailStatus.tsx).
 */
export const MAIL_REASONS = {
  expired: 'Not sent: the link it carried expired before it could be sent. The person can ask for a new one.',
  replaced:
    'Not sent: the link it carried no longer works (a newer link replaced it, or it was used). The person can ask for a new one.',
} as const;

/** The reason of an email an Admin discarded. */
export const discardedBy = (name: string) => `Discarded by ${name}.`;

/** The name in a `discardedBy` reason, or undefined for another text. */
export function discardedByWhom(reason: string): string | undefined {
  return /^Discarded by (.+)\.$/s.exec(reason)?.[1];
}
