/**
 * A record's Delete, on every list: asks with the given sentence, then deletes (waiting for the server's answer) and
 * says so, or says why it did not. A record that others still keep (`blocked`: a department with designations) opens
 * a dialog saying why instead, with Close and no delete. Shown only to accounts that may delete (canAccess).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import MuiButton from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';

export interface DeleteButtonProps {
  resource: string;
  record: RaRecord;
  /** The dialog's title and its question. */
  title: string;
  confirm: string;
  /** When set, the record cannot be deleted: the dialog says this and offers no delete. */
  blocked?: string;
  /** The sentence of a delete that went through, and of one that did not. */
  deleted: string;
  failure: (error: unknown) => string;
}

export function DeleteButton({ resource, record, title, confirm, blocked, deleted, failure }: DeleteButtonProps) {
  const notify = useNotify();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const close = () => setOpen(false);
  const onConfirm = () =>
    remove(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          close();
          notify(deleted, { type: 'info', messageArgs: { _: deleted } });
        },
        onError: (error) => {
          close();
          const message = failure(error);
          notify(message, { type: 'error', messageArgs: { _: message } });
        },
      },
    );
  const titleId = `delete-${String(record.id)}-title`;
  return (
    <Allowed action="delete" resource={resource}>
      {/* Its icon too: on a phone react-admin's Button shows the icon alone (its label as tooltip). */}
      <Button label={translate('ra.action.delete')} color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      {blocked ? (
        <Dialog open={open} onClose={close} aria-labelledby={titleId}>
          <DialogTitle id={titleId}>{title}</DialogTitle>
          <DialogContent>
            <DialogContentText>{blocked}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={close} autoFocus>
              {translate('ra.action.close')}
            </MuiButton>
          </DialogActions>
        </Dialog>
      ) : (
        <Confirm
          isOpen={open}
          loading={isPending}
          title={title}
          content={confirm}
          titleTranslateOptions={{ _: title }}
          contentTranslateOptions={{ _: confirm }}
          onConfirm={onConfirm}
          onClose={close}
        />
      )}
    </Allowed>
  );
}
