/**
 * What staff do with a visitor's message, beside the generated list's and show screen's buttons (registered in
 * screens.ts): Mark as read / Mark as unread, and on the show screen Reply by email. Opening a new message marks it
 * read. All of it only for accounts that may edit contact messages (the server checks again). After Send Reply the
 * screen says what became of the email as the server answered (sent, being sent, waiting in the Outbox for a mail
 * server, not yet or not sent with the reason), and the message's page shows its reply email's status since.
 */
import CloseIcon from '@mui/icons-material/Close';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplyIcon from '@mui/icons-material/Reply';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';
import { Button, useCanAccess, useNotify, useRefresh, type NotificationType } from 'react-admin';
import { contactMessages } from '../../resources/index.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import type { RecordActionProps } from '../generator/record-actions.ts';
import { markMessage, replyToMessage } from './api.ts';
import { useWords, type Words } from '../i18n/words.ts';
import { reasonIn, RecordEmailStatus, stateOf } from '../outbox/EmailStatus.tsx';
import { OUTBOX } from '../outbox/messages.ts';
import type { EmailDelivery } from '../outbox/api.ts';
import { CONTACT_ACTIONS, REPLY_PREFIX } from './messages.ts';

const RESOURCE = 'contact_messages';

/** The reply's first subject: "Re: " and the message's own subject, or "Your message" when it had none. */
export function replySubject(T: Pick<Words<typeof CONTACT_ACTIONS>, 'yourMessage'>, subject: unknown) {
  const own = typeof subject === 'string' ? subject.trim() : '';
  return `${REPLY_PREFIX}${own === '' ? T.yourMessage : own}`;
}

/** Mark as read, or Mark as unread, by what the message is now. */
export function ReadToggle({ record }: RecordActionProps) {
  const T = useWords(CONTACT_ACTIONS);
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const read = record.is_read === true;
  async function toggle() {
    setBusy(true);
    try {
      await markMessage(record.id, !read);
      const said = read ? T.markedUnread : T.markedRead;
      notify(said, { type: 'info', messageArgs: { _: said } });
      refresh();
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Allowed action="edit" resource={RESOURCE}>
      <Button label={read ? T.markUnread : T.markRead} onClick={toggle} disabled={busy}>
        {read ? <MarkEmailUnreadIcon /> : <MarkEmailReadIcon />}
      </Button>
    </Allowed>
  );
}

/** Marks a new message read once it is opened, for an account that may edit messages. */
function useMarkReadOnOpen(record: RecordActionProps['record']) {
  const { canAccess } = useCanAccess({ action: 'edit', resource: RESOURCE });
  const refresh = useRefresh();
  const done = useRef<unknown>(undefined);
  useEffect(() => {
    if (!canAccess || record.is_read !== false || done.current === record.id) return;
    done.current = record.id;
    markMessage(record.id, true).then(refresh, () => {
      // Not marked (the connection, or the permission changed): it stays new, which the list shows.
    });
  }, [canAccess, record.id, record.is_read, refresh]);
}

function ReplyDialog({ record, onClose }: RecordActionProps & { onClose: () => void }) {
  const T = useWords(CONTACT_ACTIONS);
  const [subject, setSubject] = useState<string>(() => replySubject(T, record.subject));
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  const email = String(record.email ?? '');
  const O = useWords(OUTBOX);

  /** What the screen says once the reply is kept: what became of its email, as the server answered. */
  function outcome(delivery: EmailDelivery | undefined): { text: string; type: NotificationType } {
    const reason = reasonIn(O, delivery?.last_error ?? null);
    switch (delivery ? stateOf(delivery) : 'sending') {
      case 'sent':
        return { text: T.sent({ email }), type: 'success' };
      case 'waiting':
        return { text: T.waiting({ email }), type: 'warning' };
      case 'retrying':
        return { text: T.notYet({ email, reason }), type: 'warning' };
      case 'failed':
      case 'discarded':
        return { text: T.failed({ email, reason }), type: 'error' };
      default:
        return { text: T.sending({ email }), type: 'info' };
    }
  }

  async function send() {
    if (!subject.trim() || subject.length > 200) return setError(T.subjectRequired);
    if (!body.trim() || body.length > 5000) return setError(T.bodyRequired);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await replyToMessage(record.id, { subject: subject.trim(), body });
      const { text, type } = outcome(answer.reply_email);
      // A sentence that waits to be read stays until it is closed (react-admin's autoHideDuration: null).
      notify(text, { type, messageArgs: { _: text }, ...(type === 'success' ? {} : { autoHideDuration: null }) });
      refresh();
      onClose();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open onClose={() => !busy && onClose()} aria-labelledby="contact-reply-title" fullWidth maxWidth="sm">
      <DialogTitle id="contact-reply-title">{T.replyTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{T.replyTo({ email })}</DialogContentText>
        {record.reply ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {T.replyAgain}
          </Alert>
        ) : null}
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        ) : null}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={T.subject}
            value={subject}
            onChange={(event) => setSubject(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          <TextField
            autoFocus
            label={T.body}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            fullWidth
            multiline
            minRows={6}
            slotProps={{ htmlInput: { maxLength: 5000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button label={T.cancel} onClick={onClose} disabled={busy}>
          <CloseIcon />
        </Button>
        <Button label={T.send} variant="contained" onClick={send} disabled={busy}>
          <ReplyIcon />
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The show screen's buttons: Reply and the read toggle; opening a new message marks it read. */
export function MessageShowActions({ record }: RecordActionProps) {
  const T = useWords(CONTACT_ACTIONS);
  const [replying, setReplying] = useState(false);
  useMarkReadOnOpen(record);
  return (
    <>
      <Allowed action="edit" resource={RESOURCE}>
        <Button label={T.reply} variant="contained" onClick={() => setReplying(true)}>
          <ReplyIcon />
        </Button>
        <ReadToggle record={record} />
        {replying ? <ReplyDialog record={record} onClose={() => setReplying(false)} /> : null}
      </Allowed>
      {record.replied_at ? (
        <RecordEmailStatus resource={contactMessages} id={record.id} label={T.replyEmail} watch={record.replied_at} />
      ) : null}
    </>
  );
}
