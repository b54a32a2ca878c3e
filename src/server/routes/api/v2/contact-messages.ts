/**
 * What staff do with a visitor's message beyond its declared routes (src/resources/contact-messages.ts), each needing
 * Contact › Contact Messages › Edit and written through the record service (permission, validation, audit in one
 * transaction):
 *
 * - `POST /api/v2/contact-messages/{id}/read` and `/unread`: marks it read (read_at now) or new again;
 * - `POST /api/v2/contact-messages/{id}/reply` `{ subject, body }`: emails the reply to the message's address through
 *   the outbox (services/mail.ts), and keeps it with the message (reply, replied_at, replied_by); a replied message
 *   is read. A second reply replaces the kept one; the audit trail keeps every earlier one. The answer says what
 *   became of the email (`reply_email`: Sent, Pending with the reason, or waiting for a mail server), after waiting
 *   up to REPLY_WAIT_MS for the attempt, so that the screen never says "sent" of an email that waits;
 * - `GET /api/v2/contact-messages/{id}/emails`: what became of the replies' emails since (routes/api/v2/outbox.ts).
 *
 * The declaration's behaviour keeps read_at true to is_read whatever route changes it (the generic PUT too).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { contactMessages, SINGLETON_ID, trustSettings } from '../../../../resources/index.ts';
import type { FieldError } from '../../../../resources/validation.ts';
import { validationFailed } from '../../../errors.ts';
import type { RecordRow, ResourceBehaviour } from '../../../services/records.ts';
import { aboutRecord, type EmailDelivery, type OutboxRow } from '../../../services/mail.ts';
import { INTERNAL } from '../../../services/records.ts';
import { may } from '../../shared/guard.ts';
import { idParam } from '../../shared/params.ts';
import { emailsAboutRoute } from './outbox.ts';

/** How long a reply waits for its email's first attempt before answering that it is still being sent. */
export const REPLY_WAIT_MS = 10_000;

export const CONTACT_REPLY_MESSAGES = {
  subject: 'Please write a subject (at most 200 characters).',
  body: 'Please write the reply (at most 5000 characters).',
} as const;

export const replyBody = z.object({
  subject: z.string().max(200).describe('The email subject: "Re: <the message\'s subject>" in the admin.'),
  body: z.string().max(5000).describe('The reply, as plain text.'),
});

/** read_at follows is_read: set when a message becomes read, cleared when it becomes new again. */
export function contactMessageBehaviour(): ResourceBehaviour {
  return {
    update: () => ({
      async prepare(_tx, value, before) {
        if (!before || value.is_read === before.is_read) return;
        return { read_at: value.is_read ? new Date() : null };
      },
    }),
  };
}

/** The email of a reply: the reply, then the visitor's own message quoted, and the trust's name. */
export function replyText(reply: string, message: RecordRow, trustName: string | undefined): string {
  const when = message.created_at instanceof Date ? message.created_at.toISOString().slice(0, 10) : '';
  const quoted = String(message.message ?? '')
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return [
    reply.trim(),
    '',
    trustName ? `— ${trustName}` : undefined,
    '',
    `On ${when}, ${String(message.name)} wrote:`,
    quoted,
  ]
    .filter((line) => line !== undefined)
    .join('\n');
}

export function v2ContactMessageRoutes(app: FastifyInstance): void {
  const { records, mail } = app.services;
  const base = '/api/v2/contact-messages/:id';
  const edit = may(contactMessages, 'Edit').config;
  const tags = [contactMessages.label.many];

  // Edit is what marking needs; a message already so is left as it is (no change, no audit entry).
  const mark = (read: boolean) => async (request: FastifyRequest) =>
    records.update(request.account!, contactMessages, idParam(request), { is_read: read });

  app.post(
    `${base}/read`,
    {
      config: {
        ...edit,
        doc: { summary: 'Marks a contact message read (read_at: now); already read, unchanged.', tags },
      },
    },
    mark(true),
  );
  app.post(
    `${base}/unread`,
    { config: { ...edit, doc: { summary: 'Marks a contact message new again (read_at cleared).', tags } } },
    mark(false),
  );

  app.post(
    `${base}/reply`,
    {
      config: {
        ...edit,
        doc: {
          summary:
            "Emails a reply to the message's address (through the outbox) and keeps it with the message: reply, replied_at, replied_by; the message becomes read. Answers the message with reply_email: what became of the email (status Sent; Pending with last_error, to be tried again; Pending with mail_server false: waiting in the outbox for a mail server; Failed).",
          tags,
          body: replyBody,
        },
      },
    },
    async (request) => {
      const id = idParam(request);
      const input = (request.body ?? {}) as Record<string, unknown>;
      const subject = typeof input.subject === 'string' ? input.subject.trim() : '';
      const text = typeof input.body === 'string' ? input.body.trim() : '';
      const errors: FieldError[] = [];
      // One line: a line break in a subject would add headers of its own to the email.
      if (!subject || subject.length > 200 || /[\r\n]/.test(subject))
        errors.push({ field: 'subject', message: CONTACT_REPLY_MESSAGES.subject });
      if (!text || text.length > 5000) errors.push({ field: 'body', message: CONTACT_REPLY_MESSAGES.body });
      if (errors.length > 0) throw validationFailed(errors);
      const actor = request.account!;
      const message = await records.get(actor, contactMessages, id);
      const settings = await records.get(INTERNAL, trustSettings, SINGLETON_ID);
      const trustName = (settings.name_en as string | null) || (settings.name_hi as string | null) || undefined;
      // The reply is kept (audited, Edit checked) and its email written to the outbox in one transaction: neither
      // is there without the other. Once committed the email is sent at once (with SMTP) or waits in the outbox.
      let email: OutboxRow | undefined;
      const updated = await records.update(
        actor,
        contactMessages,
        id,
        { is_read: true },
        { reply: text, replied_at: new Date(), replied_by: actor.name },
        async (tx) => {
          email = await mail.write(
            {
              to: String(message.email),
              subject,
              text: replyText(text, message, trustName),
              about: aboutRecord(contactMessages.name, id),
            },
            tx,
          );
        },
      );
      const reply_email: EmailDelivery | undefined = email ? await mail.attempt(email, REPLY_WAIT_MS) : undefined;
      return { ...updated, reply_email };
    },
  );

  emailsAboutRoute(app, contactMessages, "a contact message's replies");
}
