/**
 * The signed-in account's own page (the header's My Profile and Edit Profile): who is signed in, until when, what
 * the account may do (its effective permission matrix, as the server decides it), and a password change that
 * ends every session of the account, this one included.
 */
import { Alert, Box, Button, Card, CardContent, Chip, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useLogout, useNotify } from 'react-admin';
import { PASSWORD_POLICY, passwordProblem } from '../../resources/password-policy.ts';
import { apiGet, browserFetch, messageOf, requestJson } from '../auth/api-fetch.ts';
import type { Session } from '../auth/session-data.ts';
import { PermissionTable } from '../employees/parts.tsx';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from '../auth/messages.ts';
import { USER_TYPES } from '../auth/user-types.ts';
import { usePasswordPolicy } from '../auth/password-policy.ts';
import { ACCOUNT } from './messages.ts';

function PasswordChange() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const logout = useLogout();
  const w = useWords(ACCOUNT);
  const policy = usePasswordPolicy();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem =
      current === ''
        ? w.currentRequired
        : (passwordProblem(next) ?? (next !== again ? PASSWORD_POLICY.mismatch : undefined));
    setError(problem && policy.say(problem));
    if (problem) return;
    setSaving(true);
    try {
      const answer = await requestJson(browserFetch, '/api/v2/session/password', {
        method: 'PUT',
        body: { currentPassword: current, newPassword: next },
      });
      if (!answer.ok) {
        const said = messageOf(answer.body);
        setError(said ? policy.say(said) : w.serverAnswered({ status: answer.status }));
        return;
      }
      // The notice outlives this screen: given in words, not as a key to translate.
      notify(w.changed, { type: 'success', messageArgs: { _: w.changed } });
      await logout();
    } catch {
      setError(w.unreachable);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} id="password" aria-label={w.changePassword}>
      <Typography variant="h6" gutterBottom>
        {w.changePassword}
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        <TextField
          label={w.current}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <TextField
          label={w.next}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
          helperText={policy.rules.join(' ')}
        />
        <TextField
          label={w.again}
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {error && <Alert severity="error">{error}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={saving}>
            {w.save}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export function AccountPage() {
  const [session, setSession] = useState<Session | undefined>();
  const [error, setError] = useState<string | undefined>();
  const w = useWords(ACCOUNT);
  const auth = useWords(AUTH);
  const formats = useFormats();

  useEffect(() => {
    let live = true;
    apiGet<Session>('/api/v2/session')
      .then((answer) => live && setSession(answer))
      .catch((cause: Error) => live && setError(cause.message));
    return () => {
      live = false;
    };
  }, []);

  const userTypeName = (type: string) =>
    (USER_TYPES as readonly string[]).includes(type)
      ? auth.userTypeNames[type as keyof typeof auth.userTypeNames]
      : type;
  const nothing = session && !session.admin && Object.keys(session.permissions).length === 0;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Title title={w.title} />
      {error && <Alert severity="error">{error}</Alert>}
      {session && (
        <Card>
          <CardContent>
            <Typography variant="h5">{session.name}</Typography>
            <Typography color="text.secondary">{session.email}</Typography>
            <Stack direction="row" spacing={1} sx={{ my: 1 }}>
              <Chip label={userTypeName(session.userType)} size="small" />
              {session.admin && <Chip label={w.administrator} color="primary" size="small" />}
            </Stack>
            <Typography variant="body2">
              {w.signedInUntil} {formats.dateTime(session.expiresAt)}
            </Typography>
          </CardContent>
        </Card>
      )}
      {session && (
        <Card>
          <CardContent>
            <Typography variant="h6" gutterBottom>
              {w.permissions}
            </Typography>
            {session.admin ? (
              <Typography>{w.everything}</Typography>
            ) : nothing ? (
              <Typography>{w.nothing}</Typography>
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
