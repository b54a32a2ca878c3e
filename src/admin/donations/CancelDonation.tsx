/**
 * Cancel Donation, on a receipted donation's show screen: a dialog asks for the reason, the server cancels it
 * keeping its receipt number (POST /api/v2/donations/{id}/cancel), and the screen shows it Cancelled. Shown only
 * to accounts that may edit donations, and only for a Received donation with a receipt.
 */
import CancelIcon from '@mui/icons-material/Cancel';
import BlockIcon from '@mui/icons-material/Block';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Button, useNotify, useRefresh } from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import type { RecordActionProps } from '../generator/record-actions.ts';
import { cancelDonation } from './api.ts';
import { useWords } from '../i18n/words.ts';
import { DONATION_ACTIONS } from './messages.ts';

export function CancelDonation({ record }: RecordActionProps) {
  const T = useWords(DONATION_ACTIONS);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const notify = useNotify();
  const refresh = useRefresh();
  if (record.status !== 'Received' || !record.receipt_no) return null;
  const receipt = String(record.receipt_no);

  async function submit() {
    const text = reason.trim();
    if (text.length < 3 || text.length > 500) {
      setError(T.reasonRequired);
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await cancelDonation(record.id, text);
      setOpen(false);
      notify(T.cancelled({ receipt }), { type: 'success', messageArgs: { _: T.cancelled({ receipt }) } });
      refresh();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Allowed action="edit" resource="donations">
      <Button label={T.cancel} color="error" variant="outlined" onClick={() => setOpen(true)}>
        <BlockIcon />
      </Button>
      <Dialog open={open} onClose={() => !busy && setOpen(false)} aria-labelledby="cancel-donation-title" fullWidth>
        <DialogTitle id="cancel-donation-title">{T.cancelTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.cancelExplain({ receipt })}</DialogContentText>
          {error ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          ) : null}
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={T.reason}
            helperText={T.reasonHelp}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button label={T.keep} onClick={() => setOpen(false)} disabled={busy} />
          <Button label={T.confirmCancel} color="error" variant="contained" onClick={submit} disabled={busy}>
            <CancelIcon />
          </Button>
        </DialogActions>
      </Dialog>
    </Allowed>
  );
}
