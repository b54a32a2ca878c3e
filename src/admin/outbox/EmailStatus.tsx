/**
 * What became of an email, in words a person reads: the outbox's status cell (its reason or what happens next) and,
 * on a record's screen, `RecordEmailStatus` (a contact message's reply, a donation's receipt: the latest email about
 * the record, from `GET /api/v2/<resource>/:id/emails`, for whoever may view the record). A Pending email without a
 * mail server says it waits in the Outbox; nothing ever reads "sent" before the server has sent it.
 */
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import type { ResourceDeclaration } from '../../resources/index.ts';
import { discardedByWhom, MAIL_REASONS } from '../../resources/mail-reasons.ts';
import { useFormats } from '../i18n/format.ts';
import { useWords, type Words } from '../i18n/words.ts';
import { fetchRecordEmails, type EmailDelivery } from './api.ts';
import { OUTBOX } from './messages.ts';

/** How often a record's screen asks again while its email is being sent. */
const SENDING_POLL_MS = 5_000;

/** The server's reason (its `last_error`) in the reader's language when it is one of the product's own. */
export function reasonIn(T: Words<typeof OUTBOX>, reason: string | null): string {
  if (!reason) return '';
  if (reason === MAIL_REASONS.expired) return T.reasons.expired;
  if (reason === MAIL_REASONS.replaced) return T.reasons.replaced;
  const name = discardedByWhom(reason);
  return name === undefined ? reason : T.reasons.discardedBy({ name });
}

type Delivery = Pick<EmailDelivery, 'status' | 'to_address' | 'last_error' | 'next_attempt_at' | 'sent_at'> & {
  mail_server: boolean;
};

/** Which of the delivery sentences an email is in. */
export function stateOf(email: Delivery): keyof Words<typeof OUTBOX>['delivery'] {
  switch (email.status) {
    case 'Sent':
      return 'sent';
    case 'Failed':
      return 'failed';
    case 'Discarded':
      return 'discarded';
    default:
      if (!email.mail_server) return 'waiting';
      return email.last_error ? 'retrying' : 'sending';
  }
}

const SEVERITY: Record<ReturnType<typeof stateOf>, AlertColor> = {
  sent: 'success',
  waiting: 'warning',
  sending: 'info',
  retrying: 'warning',
  failed: 'error',
  discarded: 'warning',
};

/** An email's state as a sentence, and how grave it is. */
export function useDeliveryText(): (email: Delivery) => { severity: AlertColor; text: string } {
  const T = useWords(OUTBOX);
  const formats = useFormats();
  return (email) => {
    const state = stateOf(email);
    const when = (value: string | null) => (value ? formats.dateTime(value) : '');
    const values = {
      to: email.to_address,
      when: when(state === 'sent' ? email.sent_at : email.next_attempt_at),
      reason: reasonIn(T, email.last_error),
    };
    return { severity: SEVERITY[state], text: T.delivery[state](values) };
  };
}

/**
 * The latest email about a record, on its screen: "<label>: <what became of it>". Nothing while there is none, or
 * when the server does not answer (the record's screen has said what it could). `watch`: a value of the record that
 * changes when a new email may have been written (a reply's time), to ask again.
 */
export function RecordEmailStatus({
  resource,
  id,
  label,
  watch,
}: {
  resource: ResourceDeclaration;
  id: number | string;
  label: string;
  watch?: unknown;
}) {
  const describe = useDeliveryText();
  const [latest, setLatest] = useState<EmailDelivery>();
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let live = true;
    fetchRecordEmails(resource, id).then(
      (emails) => {
        if (live) setLatest(emails[0]);
      },
      () => {
        if (live) setLatest(undefined);
      },
    );
    return () => {
      live = false;
    };
  }, [resource, id, watch, asked]);
  const sending = latest !== undefined && stateOf(latest) === 'sending';
  useEffect(() => {
    if (!sending) return;
    const timer = setTimeout(() => setAsked((n) => n + 1), SENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [sending, asked]);
  if (!latest) return null;
  const { severity, text } = describe(latest);
  return (
    <Box sx={{ flexBasis: '100%' }}>
      <Alert severity={severity} role="status">
        <strong>{label}:</strong> {text}
      </Alert>
    </Box>
  );
}
