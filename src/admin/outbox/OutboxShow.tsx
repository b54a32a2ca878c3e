/**
 * /outbox/:id (Admins only): one email: recipient, subject, status, attempts, last error, times, and its text body,
 * so that on a small install without SMTP an Admin can copy a reset link and pass it on. A Failed email can be
 * sent again (the server answers with a sentence when SMTP is not configured).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { Button, Title, useLogoutIfAccessDenied } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { PageHeading } from '../company/shared.tsx';
import { useWords } from '../i18n/words.ts';
import { fetchEmail, retryEmail, type OutboxEmail } from './api.ts';
import { OUTBOX, OUTBOX_ROUTE } from './messages.ts';
import { OutboxStatusBadge, useWhen } from './OutboxList.tsx';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'flex', gap: 2, m: 0, py: 0.5 }}>
      <Box component="dt" sx={{ fontWeight: 600, minWidth: 140 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

type State = { status: 'loading' } | { status: 'ready'; email: OutboxEmail } | { status: 'failed'; message: string };

export function OutboxShow() {
  const { id } = useParams();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [retrying, setRetrying] = useState(false);
  const T = useWords(OUTBOX);
  const when = useWhen();
  const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : T.somethingWrong);

  const handleFailure = useEffectEvent(async (error: unknown) => {
    if (await logoutIfAccessDenied(error)) return;
    setState({
      status: 'failed',
      message: (error as { status?: number }).status === 404 ? T.notFound : messageOf(error),
    });
  });

  useEffect(() => {
    let live = true;
    if (!id) return;
    setState({ status: 'loading' });
    fetchEmail(id).then(
      (email) => {
        if (live) setState({ status: 'ready', email });
      },
      (error: unknown) => {
        if (live) void handleFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  async function retry(email: OutboxEmail) {
    setRetrying(true);
    setSaid(undefined);
    try {
      const updated = await retryEmail(email.id);
      setState({ status: 'ready', email: { ...email, ...updated } });
      setSaid({ severity: 'success', text: T.retried });
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) setSaid({ severity: 'error', text: messageOf(error) });
    } finally {
      setRetrying(false);
    }
  }

  return (
    <Box sx={{ pb: 2 }}>
      <Title title={T.title} />
      <PageHeading>{T.showTitle}</PageHeading>
      <Box sx={{ mb: 2 }}>
        <Button component={Link} label={T.back} to={OUTBOX_ROUTE} variant="outlined">
          <ArrowBackIcon />
        </Button>
      </Box>
      {!id && <Alert severity="warning">{T.notFound}</Alert>}
      {id && state.status === 'loading' && <LinearProgress aria-label={T.loading} />}
      {state.status === 'failed' && <Alert severity="warning">{state.message}</Alert>}
      {state.status === 'ready' && (
        <Card>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {said && <Alert severity={said.severity}>{said.text}</Alert>}
            <Row label={T.columns.to}>{state.email.to_address}</Row>
            <Row label={T.columns.subject}>{state.email.subject}</Row>
            <Row label={T.columns.status}>
              <OutboxStatusBadge status={state.email.status} />
            </Row>
            <Row label={T.columns.attempts}>{state.email.attempts}</Row>
            <Row label={T.columns.lastError}>{state.email.last_error ?? '-'}</Row>
            <Row label={T.created}>{when(state.email.created_at)}</Row>
            <Row label={T.sentAt}>{when(state.email.sent_at)}</Row>
            {state.email.status === 'Pending' && <Row label={T.nextAttempt}>{when(state.email.next_attempt_at)}</Row>}
            <Row label={T.textBody}>
              <Box
                component="pre"
                aria-label={T.textBody}
                sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', userSelect: 'text' }}
              >
                {state.email.body_text}
              </Box>
            </Row>
            {state.email.status === 'Failed' && (
              <Box>
                <Button
                  label={T.retry}
                  variant="contained"
                  disabled={retrying}
                  onClick={() => void retry(state.email)}
                />
              </Box>
            )}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
