/**
 * The dashboard's card of the server's backups, for Admins (GET /api/v2/backups/status,
 * src/server/services/backup-schedule.ts): the last backup that succeeded (when, how large, which archive), the
 * last run when it failed or is under way, a warning when none has succeeded for 36 hours, and the schedule; a
 * button that takes one now (followed until it is done) and a link that downloads the last archive (both audited).
 * Nothing for anyone else, in the demo mode, or when the status cannot be read (the server's alerts still reach
 * the Admins by notification and email).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { usePermissions } from 'react-admin';
import type { Session } from '../auth/session-data.ts';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { createHttpClient } from '../providers/http-client.ts';
import { BACKUP_CARD } from './messages.ts';

interface Run {
  id: number;
  status: 'Running' | 'Succeeded' | 'Failed';
  startedAt: string;
  finishedAt: string | null;
  file: string | null;
  bytes: number | null;
  error: string | null;
}

export interface BackupStatus {
  schedule: { time: string; timeZone: string; next: string; dir: string } | null;
  last: Run | null;
  lastSucceeded: Run | null;
  missing: boolean;
}

export type BackupStatusLoader = () => Promise<BackupStatus>;

export const fetchBackupStatus: BackupStatusLoader = async () =>
  (await createHttpClient()('/api/v2/backups/status')).json as BackupStatus;

/** Starts a backup now (POST /api/v2/backups: 202, or 409 with the server's sentence while one is under way). */
export const startBackup = async (): Promise<void> => {
  await createHttpClient()('/api/v2/backups', { method: 'POST' });
};

/** How often the card asks again while a backup is under way. */
const POLL_MS = 3000;

/** A size for people: 12.4 MB. */
/** A time zone by its name in the language ("India Standard Time", "भारतीय मानक समय"), not its code. */
function zoneName(timeZone: string, locale: string): string {
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'long' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

function sizeOf(bytes: number | null, locale: string): string {
  if (bytes === null) return '';
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${units[unit]}`;
}

export function BackupCard({
  load = fetchBackupStatus,
  start = startBackup,
}: {
  load?: BackupStatusLoader;
  start?: () => Promise<void>;
}) {
  const T = useWords(BACKUP_CARD);
  const formats = useFormats();
  const { permissions } = usePermissions<Session | undefined>();
  const admin = permissions?.admin === true && import.meta.env.VITE_DEMO !== '1';
  const [status, setStatus] = useState<BackupStatus | undefined>();
  const [asked, setAsked] = useState(0);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [starting, setStarting] = useState(false);
  const running = status?.last?.status === 'Running';

  useEffect(() => {
    if (!admin) return;
    let live = true;
    load().then(
      (answer) => {
        if (live) setStatus(answer);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [admin, load, asked]);

  // While a backup is under way, the card asks again until it is done.
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setAsked((n) => n + 1), POLL_MS);
    return () => clearTimeout(timer);
  }, [running, status]);

  const backUpNow = () => {
    setStarting(true);
    setRefusal(undefined);
    start()
      .catch((error: unknown) => setRefusal(error instanceof Error ? error.message : String(error)))
      .finally(() => {
        setStarting(false);
        setAsked((n) => n + 1);
      });
  };

  if (!admin || !status) return null;
  const { last, lastSucceeded, schedule } = status;
  const lastFailed = last && last.status === 'Failed' ? last : undefined;
  return (
    <Card component="section" aria-labelledby="backup-card-title">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id="backup-card-title" component="h2" variant="h6">
          {T.title}
        </Typography>
        {status.missing && (
          <Alert severity="error" role="alert">
            {T.missing}
          </Alert>
        )}
        {lastFailed && (
          <Alert severity={status.missing ? 'error' : 'warning'}>
            {T.failed({
              when: formats.dateTime(lastFailed.finishedAt ?? lastFailed.startedAt),
              reason: lastFailed.error ?? '',
            })}
          </Alert>
        )}
        {last?.status === 'Running' && <Typography>{T.running({ when: formats.dateTime(last.startedAt) })}</Typography>}
        {lastSucceeded ? (
          <Box>
            <Typography>
              {T.lastSucceeded({
                when: formats.dateTime(lastSucceeded.finishedAt),
                size: sizeOf(lastSucceeded.bytes, formats.locale),
              })}
            </Typography>
            {lastSucceeded.file && schedule && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {T.file({ file: lastSucceeded.file, dir: schedule.dir })}
              </Typography>
            )}
          </Box>
        ) : (
          <Typography>{T.noneYet}</Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {schedule
            ? T.schedule({
                time: schedule.time,
                zone: zoneName(schedule.timeZone, formats.locale),
                next: formats.dateTime(schedule.next),
              })
            : T.off}
        </Typography>
        {refusal && <Alert severity="error">{refusal}</Alert>}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Button variant="contained" onClick={backUpNow} disabled={starting || running}>
            {T.backUpNow}
          </Button>
          {lastSucceeded?.file && (
            <Button
              component="a"
              href={`/api/v2/backups/${lastSucceeded.id}/download`}
              download={lastSucceeded.file}
              title={T.downloadHint}
            >
              {T.download}
            </Button>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
