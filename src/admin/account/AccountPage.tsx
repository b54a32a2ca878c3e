/**
 * The signed-in account's own page (the header's My Profile and Edit Profile): who is signed in, until when, what
 * the account may do (its effective permission matrix, as the server decides it), and a password change that
 * ends every session of the account, this one included.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useLogout, useNotify } from 'react-admin';
import { PASSWORD_POLICY, passwordProblem } from '../../resources/password-policy.ts';
import type { PermissionMatrix } from '../../resources/permissions.ts';
import { apiGet, browserFetch, messageOf, requestJson } from '../auth/apiFetch.ts';
import { PermissionTable } from '../employees/parts.tsx';

export interface AccountSession {
  id: number;
  name: string;
  email: string;
  userType: string;
  expiresAt: string;
  admin: boolean;
  permissions: PermissionMatrix;
}

export const ACCOUNT = {
  title: 'My Profile',
  signedInUntil: 'Signed in until',
  permissions: 'What this account may do',
  everything: 'This account is an administrator: it may do everything.',
  nothing: 'This account has no permissions yet. An administrator grants them in Employees or Role Permissions.',
  changePassword: 'Change password',
  current: 'Current password',
  next: 'New password',
  again: 'New password again',
  save: 'Change password',
  changed: 'Your password has been changed. Please sign in again.',
  unreachable: 'The server could not be reached. Please try again.',
} as const;

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

function PasswordChange() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const logout = useLogout();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      current === ''
        ? 'The current password is required.'
        : (passwordProblem(next) ?? (next !== again ? PASSWORD_POLICY.mismatch : undefined));
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      const answer = await requestJson(browserFetch, '/api/v2/session/password', {
        method: 'PUT',
        body: { currentPassword: current, newPassword: next },
      });
      if (!answer.ok) {
        setError(messageOf(answer.body) ?? `The server answered ${answer.status}.`);
        return;
      }
      notify(messageOf(answer.body) ?? ACCOUNT.changed, { type: 'success' });
      await logout();
    } catch {
      setError(ACCOUNT.unreachable);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} id="password" aria-label={ACCOUNT.changePassword}>
      <Typography variant="h6" gutterBottom>
        {ACCOUNT.changePassword}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          label={ACCOUNT.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={ACCOUNT.next}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          helperText={PASSWORD_POLICY.rules.join(' ')}
        />
        <TextField
          label={ACCOUNT.again}
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {ACCOUNT.save}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function AccountPage() {
  const [session, setSession] = useState<AccountSession | undefined>();
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    let live = true;
    apiGet<AccountSession>('/api/v2/session')
      .then((answer) => live && setSession(answer))
      .catch((cause: Error) => live && setError(cause.message));
    return () => {
      live = false;
    };
  }, []);

  const nothing = session && !session.admin && Object.keys(session.permissions).length === 0;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={ACCOUNT.title} />
      {error && <Alert severity="error">{error}</Alert>}
      {session && (
        <Card>
          <CardContent>
            <Typography variant="h5">{session.name}</Typography>
            <Typography color="text.secondary">{session.email}</Typography>
            <Stack direction="row" spacing={1} sx={{ my: 1 }}>
              <Chip label={session.userType} size="small" />
              {session.admin && <Chip label="Administrator" color="primary" size="small" />}
            </Stack>
            <Typography variant="body2">
              {ACCOUNT.signedInUntil} {when(session.expiresAt)}
            </Typography>
          </CardContent>
        </Card>
      )}
      {session && (
        <Card>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {ACCOUNT.permissions}
            </Typography>
            {session.admin ? (
              <Typography>{ACCOUNT.everything}</Typography>
            ) : nothing ? (
              <Typography>{ACCOUNT.nothing}</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }}>
                <PermissionTable value={session.permissions} />
              </Box>
            )}
          </CardContent>
        </Card>
      )}
      <Card>
        <CardContent>
          <PasswordChange />
        </CardContent>
      </Card>
    </Stack>
  );
}
