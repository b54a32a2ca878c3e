/**
 * Form 10BD on the donations list, for Admins: choose a financial year and download its statement of donations
 * (GET /api/v2/donations/form-10bd), then read how many donations it leaves out and why.
 */
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Button } from 'react-admin';
import { financialYearOf } from '../../resources/financial-year.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { fetchForm10bd } from './api.ts';
import { useWords, type Words } from '../i18n/words.ts';
import { DONATION_ACTIONS } from './messages.ts';

/** This financial year and the five before it, newest first. */
export function recentFinancialYears(today = new Date()): string[] {
  const current = Number(financialYearOf(today.toISOString().slice(0, 10)).slice(0, 4));
  return Array.from({ length: 6 }, (_, back) => {
    const start = current - back;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
}

function save(csv: string, name: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** What a download says: the year's file, and what it leaves out and why. */
export function downloadedText(
  T: Words<typeof DONATION_ACTIONS>,
  year: string,
  withoutId: number,
  cashAboveLimit: number,
): string {
  return [
    T.downloaded({ year }),
    ...(withoutId > 0 ? [T.withoutId({ smart_count: withoutId })] : []),
    ...(cashAboveLimit > 0 ? [T.cashAboveLimit({ smart_count: cashAboveLimit })] : []),
  ].join(' ');
}

export function Form10bd() {
  const T = useWords(DONATION_ACTIONS);
  const years = recentFinancialYears();
  const [open, setOpen] = useState(false);
  const [year, setYear] = useState(years[0]!);
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    setSaid(undefined);
    try {
      const result = await fetchForm10bd(year);
      save(result.csv, `form-10bd-${year}.csv`);
      setSaid({ severity: 'success', text: downloadedText(T, year, result.withoutIdentifier, result.cashAboveLimit) });
    } catch (failure) {
      setSaid({ severity: 'error', text: (failure as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Allowed action="list" resource="form-10bd">
      <Button label={T.form10bd} onClick={() => setOpen(true)}>
        <DownloadIcon />
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="form-10bd-title" fullWidth>
        <DialogTitle id="form-10bd-title">{T.form10bdTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{T.form10bdExplain}</DialogContentText>
          <TextField
            select
            fullWidth
            label={T.year}
            value={year}
            onChange={(event) => setYear(event.target.value)}
            sx={{ mb: 2 }}
          >
            {years.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
          {said ? <Alert severity={said.severity}>{said.text}</Alert> : null}
        </DialogContent>
        <DialogActions>
          <Button label={T.close} onClick={() => setOpen(false)} />
          <Button label={T.download} variant="contained" onClick={download} disabled={busy}>
            <DownloadIcon />
          </Button>
        </DialogActions>
      </Dialog>
    </Allowed>
  );
}
