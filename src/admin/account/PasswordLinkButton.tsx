/**
 * An Admin's way to let someone back in without email (docs/decisions.md, "Without a mail server, an Admin gives a
 * one-time password link by hand"): on an employee's or a user's screen, Give a Password Link asks, then shows once the
 * link the server made (POST /api/v2/<resource>/:id/password-link), to copy and give the person by hand. Shown to
 * Admins only, as the server allows only them.
 */
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { browserFetch, messageOf, requestJson } from '../auth/api-fetch.ts';
import { useAccess } from '../auth/use-access.ts';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { ACCOUNT } from './messages.ts';

export function PasswordLinkButton({ resource, id, name }: { resource: string; id: number; name: string }) {
  const w = useWords(ACCOUNT);
  const formats = useFormats();
  const { can } = useAccess();
  const [asking, setAsking] = useState(false);
  const [given, setGiven] = useState<{ link: string; expiresAt: string }>();
  const [failure, setFailure] = useState<string>();
  const [copied, setCopied] = useState(false);
  const [sending, setSending] = useState(false);
  if (!can({ adminOnly: true })) return null;

  async function give() {
    setSending(true);
    setFailure(undefined);
    try {
      const { ok, status, body } = await requestJson(browserFetch, `/api/v2/${resource}/${id}/password-link`, {
        method: 'POST',
      });
      if (ok && typeof body?.link === 'string') {
        setGiven({ link: body.link, expiresAt: String(body.expiresAt) });
        setAsking(false);
      } else setFailure(messageOf(body) ?? w.serverAnswered({ status }));
    } catch {
      setFailure(w.unreachable);
    } finally {
      setSending(false);
    }
  }

  async function copy(link: string) {
    await navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  }

  const close = () => {
    setGiven(undefined);
    setCopied(false);
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        {w.linkButton}
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="password-link-ask">
        <DialogTitle id="password-link-ask">{w.linkButton}</DialogTitle>
        <DialogContent>
          <DialogContentText>{w.linkAsk({ name })}</DialogContentText>
          {failure ? (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{w.linkCancel}</Button>
          <Button variant="contained" onClick={() => void give()} disabled={sending}>
            {w.linkGive}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={given !== undefined} onClose={close} aria-labelledby="password-link-title" fullWidth>
        <DialogTitle id="password-link-title">{w.linkTitle({ name })}</DialogTitle>
        {given ? (
          <DialogContent>
            <DialogContentText>{w.linkShown({ name, until: formats.dateTime(given.expiresAt) })}</DialogContentText>
            <TextField
              label={w.linkLabel}
              value={given.link}
              fullWidth
              margin="normal"
              slotProps={{
                htmlInput: { readOnly: true, onFocus: (e: { target: HTMLInputElement }) => e.target.select() },
              }}
            />
            {copied ? (
              <Alert severity="success" role="status">
                {w.linkCopied}
              </Alert>
            ) : null}
          </DialogContent>
        ) : null}
        <DialogActions>
          {given ? <Button onClick={() => void copy(given.link)}>{w.linkCopy}</Button> : null}
          <Button variant="contained" onClick={close}>
            {w.linkDone}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
