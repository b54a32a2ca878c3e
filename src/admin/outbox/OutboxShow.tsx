/**
 * /outbox/:id (Admins only): one email: recipient, subject, status with its reason or what happens next, attempts,
 * times, and its text body (a link in it hidden). A Pending or Failed email can be resent now (with a mail server;
 * otherwise the server's sentence says why not) or discarded, after a question; both are audited by the server.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import SendIcon from '@mui/icons-material/Send';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Title, useLogoutIfAccessDenied } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { discardEmail, fetchEmail, resendEmail, type OutboxEmail } from './api.ts';
import { OUTBOX, OUTBOX_ROUTE } from './messages.ts';
import { OutboxStatusBadge, useMailServer, useStatusDetail, useWhen } from './OutboxList.tsx';
import { PageHeading, Row } from '../layout/PageParts.tsx';

type State = { status: 'loading' } | { status: 'ready'; email: OutboxEmail } | { status: 'failed'; message: string };

export function OutboxShow() {
  const { id } = useParams();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const T = useWords(OUTBOX);
  const when = useWhen();
  const mailServer = useMailServer();
  const detailOf = useStatusDetail();
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

  /** Resend or discard; the screen shows the email as the server answers it, and says what was done. */
  async function act(email: OutboxEmail, action: typeof resendEmail, done: string) {
    setBusy(true);
    setSaid(undefined);
    try {
      const updated = await action(email.id);
      setState({ status: 'ready', email: { ...email, ...updated } });
      setSaid({ severity: 'success', text: done });
    } catch (error) {
      if (!(await logoutIfAccessDenied(error))) setSaid({ severity: 'error', text: messageOf(error) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  const open = state.status === 'ready' && (state.email.status === 'Pending' || state.email.status === 'Failed');
  const detail = state.status === 'ready' ? detailOf(state.email, mailServer) : '';
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
            {said && (
              <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'}>
                {said.text}
              </Alert>
            )}
            <Row label={T.columns.to}>{state.email.to_address}</Row>
            <Row label={T.columns.subject}>{state.email.subject}</Row>
            <Row label={T.columns.status}>
              <OutboxStatusBadge status={state.email.status} />
            </Row>
            {detail ? <Row label={T.reason}>{detail}</Row> : null}
            <Row label={T.columns.attempts}>{state.email.attempts}</Row>
            <Row label={T.created}>{when(state.email.created_at)}</Row>
            <Row label={T.sentAt}>{when(state.email.sent_at)}</Row>
            <Row label={T.textBody}>
              <Box
                component="pre"
                aria-label={T.textBody}
                sx={{ m: 0, whiteSpace: 'pre-wrap', fontFamily: 'monospace', userSelect: 'text' }}
              >
                {state.email.body_text}
              </Box>
            </Row>
            {open && (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  label={T.resend}
                  variant="contained"
                  disabled={busy}
                  onClick={() => void act(state.email, resendEmail, T.resent)}
                >
                  <SendIcon />
                </Button>
                <Button
                  label={T.discard}
                  variant="outlined"
                  color="error"
                  disabled={busy}
                  onClick={() => setAsking(true)}
                >
                  <DeleteOutlineIcon />
                </Button>
              </Box>
            )}
          </CardContent>
        </Card>
      )}
      {state.status === 'ready' && (
        <Dialog open={asking} onClose={() => !busy && setAsking(false)} aria-labelledby="outbox-discard-title">
          <DialogTitle id="outbox-discard-title">{T.discardTitle}</DialogTitle>
          <DialogContent>
            <DialogContentText>{T.discardExplain}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button label={T.keep} onClick={() => setAsking(false)} disabled={busy} />
            <Button
              label={T.discard}
              variant="contained"
              color="error"
              disabled={busy}
              onClick={() => void act(state.email, discardEmail, T.discarded)}
            />
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
