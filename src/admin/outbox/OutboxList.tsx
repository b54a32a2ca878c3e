/**
 * /outbox (Admins only): the emails the server wrote, newest first: date, recipient, subject, status (with its reason,
 * or what happens next: waiting for a mail server, being sent, the next try) and attempts, with a status filter, a
 * search in the address and subject, and pages of 25. A row opens the email. Without a mail server it says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { Button, Title, useLogoutIfAccessDenied } from 'react-admin';
import { Link } from 'react-router-dom';
import { RecordCard, RecordCards, useCardLayout } from '../generator/datagrid.tsx';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import {
  fetchMailServer,
  fetchOutbox,
  OUTBOX_STATUSES,
  type MailServer,
  type OutboxStatus,
  type OutboxSummary,
} from './api.ts';
import { reasonIn } from './EmailStatus.tsx';
import { OUTBOX, OUTBOX_ROUTE } from './messages.ts';
import { PageHeading } from '../layout/PageParts.tsx';

const PER_PAGE = 25;
const SEARCH_DELAY_MS = 300;

const STATUS_COLOURS: Record<OutboxStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  Pending: 'info',
  Sent: 'success',
  Failed: 'error',
  Discarded: 'default',
};

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  const T = useWords(OUTBOX);
  const label = Object.hasOwn(T.statuses, status) ? T.statuses[status] : status;
  return <Chip size="small" label={label} color={STATUS_COLOURS[status] ?? 'default'} />;
}

/**
 * Under an email's status: its reason (Failed, Discarded), or what happens next to a Pending one (waiting for a mail
 * server; being sent; the last error and the next try). Empty for a Sent one. `mailServer` undefined: not known yet.
 */
export function useStatusDetail(): (email: OutboxSummary, mailServer: MailServer | undefined) => string {
  const T = useWords(OUTBOX);
  const when = useWhen();
  return (email, mailServer) => {
    if (email.status === 'Sent') return '';
    if (email.status !== 'Pending') return reasonIn(T, email.last_error);
    if (mailServer && !mailServer.configured) return T.waitingForServer;
    if (!mailServer) return reasonIn(T, email.last_error);
    const claimed = email.claimed_until && new Date(email.claimed_until).getTime() > Date.now();
    if (claimed || !email.last_error) return T.beingSent;
    return `${reasonIn(T, email.last_error)} · ${T.nextTry({ when: when(email.next_attempt_at) })}`;
  };
}

/** An email's status: its badge, and under it the reason or what happens next. */
function StatusCell({ email, mailServer }: { email: OutboxSummary; mailServer: MailServer | undefined }) {
  const detail = useStatusDetail()(email, mailServer);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}>
      <OutboxStatusBadge status={email.status} />
      {detail ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Whether the server sends email: asked once per screen; undefined until known (or when it does not answer). */
export function useMailServer(): MailServer | undefined {
  const [mailServer, setMailServer] = useState<MailServer>();
  useEffect(() => {
    let live = true;
    fetchMailServer().then(
      (answer) => {
        if (live) setMailServer(answer);
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return mailServer;
}

/** An instant in the trust's zone, labelled; '-' when there is none. */
export function useWhen(): (value: string | null | undefined) => string {
  const formats = useFormats();
  return (value) => (value ? formats.dateTime(value) : '-');
}

type State =
  | { status: 'loading' }
  | { status: 'ready'; rows: OutboxSummary[]; total: number }
  | { status: 'failed'; message: string };

/** A row's View link (its icon is what a phone shows). */
function ViewLink({ id }: { id: number | string }) {
  const T = useWords(OUTBOX);
  return (
    <Button component={Link} to={`${OUTBOX_ROUTE}/${id}`} label={T.view}>
      <VisibilityIcon />
    </Button>
  );
}

/** On a phone or a narrow tablet, each email as a card of the table's columns (as the other lists do). */
function OutboxCards({ rows, mailServer }: { rows: OutboxSummary[]; mailServer: MailServer | undefined }) {
  const T = useWords(OUTBOX);
  const when = useWhen();
  return (
    <RecordCards label={T.title}>
      {rows.map((row) => (
        <RecordCard
          key={row.id}
          fields={[
            { key: 'date', label: T.columns.date, value: when(row.created_at) },
            { key: 'to', label: T.columns.to, value: row.to_address },
            { key: 'subject', label: T.columns.subject, value: row.subject },
            { key: 'status', label: T.columns.status, value: <StatusCell email={row} mailServer={mailServer} /> },
            { key: 'attempts', label: T.columns.attempts, value: row.attempts },
            { key: 'view', label: '', value: <ViewLink id={row.id} /> },
          ]}
        />
      ))}
    </RecordCards>
  );
}

export function OutboxList() {
  const cards = useCardLayout();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const T = useWords(OUTBOX);
  const when = useWhen();
  const mailServer = useMailServer();

  // The search applies once typing pauses, and starts again from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(search);
      setPage(1);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  const handleFailure = useEffectEvent(async (error: unknown) => {
    if (await logoutIfAccessDenied(error)) return;
    setState({
      status: 'failed',
      message: error instanceof Error && error.message ? error.message : T.somethingWrong,
    });
  });

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchOutbox({ page, perPage: PER_PAGE, status: status || undefined, q }).then(
      (result) => {
        if (live) setState({ status: 'ready', ...result });
      },
      (error: unknown) => {
        if (live) void handleFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [page, status, q]);

  return (
    <Box sx={{ pb: 2 }}>
      <Title title={T.title} />
      <PageHeading>{T.title}</PageHeading>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {T.intro}
      </Typography>
      {mailServer && !mailServer.configured ? (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {T.noMailServer}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          id="outbox-search"
          label={T.search}
          placeholder={T.searchHint}
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <TextField
          id="outbox-status"
          select
          label={T.statusFilter}
          size="small"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as OutboxStatus | '');
            setPage(1);
          }}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="">{T.allStatuses}</MenuItem>
          {OUTBOX_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {T.statuses[value]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {state.status === 'loading' && <LinearProgress aria-label={T.loading} />}
      {state.status === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && state.rows.length === 0 && <Alert severity="info">{T.empty}</Alert>}
      {state.status === 'ready' && state.rows.length > 0 && (
        <>
          {cards ? (
            <OutboxCards rows={state.rows} mailServer={mailServer} />
          ) : (
            <Table size="small" aria-label={T.title}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.columns.date}</TableCell>
                  <TableCell>{T.columns.to}</TableCell>
                  <TableCell>{T.columns.subject}</TableCell>
                  <TableCell>{T.columns.status}</TableCell>
                  <TableCell align="right">{T.columns.attempts}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {state.rows.map((row) => (
                  <TableRow key={row.id} hover>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(row.created_at)}</TableCell>
                    <TableCell>{row.to_address}</TableCell>
                    <TableCell>{row.subject}</TableCell>
                    <TableCell sx={{ maxWidth: 360 }}>
                      <StatusCell email={row} mailServer={mailServer} />
                    </TableCell>
                    <TableCell align="right">{row.attempts}</TableCell>
                    <TableCell>
                      <ViewLink id={row.id} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <TablePagination
            component="div"
            count={state.total}
            page={page - 1}
            rowsPerPage={PER_PAGE}
            rowsPerPageOptions={[PER_PAGE]}
            onPageChange={(_event, next) => setPage(next + 1)}
            labelRowsPerPage={T.rowsPerPage}
            labelDisplayedRows={({ from, to, count }) => T.displayedRows({ from, to, count })}
            getItemAriaLabel={(type) => T.pages[type]}
          />
        </>
      )}
    </Box>
  );
}
