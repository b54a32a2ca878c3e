/**
 * The trust's registration (12A/12AB) and approval (80G) in the staff's language: the sentence for one that did
 * not hold on a donation's day (src/resources/registration-validity.ts), and the warning that must be acknowledged
 * before such a receipt is issued (the donation form's Save, through the generated form's `confirmSave`).
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState } from 'react';
import { useRecordContext } from 'react-admin';
import type { RegistrationKind, RegistrationLapse } from '../../resources/registration-validity.ts';
import type { ConfirmSaveProps } from '../generator/form.tsx';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { checkRegistrations } from './api.ts';
import { REGISTRATION } from './messages.ts';

/** A registration by its name and number, and the sentence of one that did not hold on `day`. */
export function useRegistrationText() {
  const T = useWords(REGISTRATION);
  const formats = useFormats();
  // By its name and number, in either language: "Registration (12A/12AB) AAATS1234QE20214".
  const what = (which: RegistrationKind, number: string | null) =>
    number ? `${T.names[which]} ${number}` : T.names[which];
  const lapse = (entry: RegistrationLapse, day: string) =>
    entry.standing === 'expired'
      ? T.expired({ what: what(entry.which, entry.number), until: formats.date(entry.until), day: formats.date(day) })
      : T.notYetValid({
          what: what(entry.which, entry.number),
          from: formats.date(entry.from),
          day: formats.date(day),
        });
  return { words: T, formats, what, lapse };
}

/** The donation form's date as the server takes it: an ISO instant. */
const instantOf = (value: unknown): string | undefined => {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' && value !== '' ? value : undefined;
};

type Check =
  | { status: 'checking' }
  | { status: 'lapsed'; day: string; lapses: RegistrationLapse[] }
  | { status: 'failed'; reason: string };

/**
 * Asked as Save is pressed on the donation form. A save that issues a receipt (a new donation marked Received, or
 * a Pending one becoming Received) first asks the server whether the trust's registration and approval held on the
 * donation's day; if one did not, the person sees which and its dates, and issues the receipt only after saying
 * they understand that the receipt will say so. Any other save goes on at once.
 */
export function IssueWarning({ mode, values, proceed, cancel }: ConfirmSaveProps) {
  const record = useRecordContext();
  const { words: T, lapse } = useRegistrationText();
  const [check, setCheck] = useState<Check>({ status: 'checking' });
  const [understood, setUnderstood] = useState(false);
  const titleId = useId();
  const settled = useRef(false);
  const issues = values.status === 'Received' && !(mode === 'edit' && record?.receipt_no);
  const date = instantOf(values.date);

  useEffect(() => {
    if (settled.current) return;
    if (!issues || date === undefined) {
      settled.current = true;
      proceed();
      return;
    }
    let live = true;
    checkRegistrations(date).then(
      (answer) => {
        if (!live || settled.current) return;
        if (answer.lapses.length > 0) return setCheck({ status: 'lapsed', day: answer.day, lapses: answer.lapses });
        settled.current = true;
        proceed();
      },
      (error: unknown) => {
        if (live) setCheck({ status: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [issues, date, proceed]);

  if (check.status === 'checking') return null;
  const answer = (go: boolean) => {
    settled.current = true;
    if (go) proceed();
    else cancel();
  };
  return (
    <Dialog open onClose={() => answer(false)} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{T.issueTitle}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {check.status === 'lapsed' ? (
            check.lapses.map((entry) => (
              <Typography key={entry.which} variant="body2" sx={{ '& + &': { mt: 1 } }}>
                {lapse(entry, check.day)}
              </Typography>
            ))
          ) : (
            <Typography variant="body2">{T.checkFailed({ reason: check.reason })}</Typography>
          )}
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {T.issueExplain}
        </Typography>
        <FormControlLabel
          control={<Checkbox checked={understood} onChange={(event) => setUnderstood(event.target.checked)} />}
          label={T.acknowledge}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => answer(false)}>{T.goBack}</Button>
        <Button variant="contained" color="warning" disabled={!understood} onClick={() => answer(true)}>
          {T.issue}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
