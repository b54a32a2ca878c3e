/**
 * /confirm-email?token=… (no shell): the old address confirms a change of the account's sign-in email that someone
 * other than an Admin asked for (the emailed link; src/server/services/email-change.ts). Opening the page changes
 * nothing (mail scanners open links): the person presses Confirm, which posts the token. Then the account signs in
 * with the new address and its sessions have ended.
 */
import { Alert, Button, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useWords } from '../i18n/words.ts';
import { AUTH } from './messages.ts';
import { browserFetch, requestJson } from './api-fetch.ts';
import { AuthCard } from './AuthCard.tsx';

export function ConfirmEmailPage() {
  const auth = useWords(AUTH);
  const token = useSearchParams()[0].get('token')?.trim();
  const [outcome, setOutcome] = useState<'done' | 'invalid' | 'taken' | 'failed'>();
  const [sending, setSending] = useState(false);

  async function confirm() {
    setSending(true);
    try {
      const { ok, status } = await requestJson(browserFetch, '/api/v2/email-changes/confirm', {
        method: 'POST',
        body: { token },
      });
      setOutcome(ok ? 'done' : status === 409 ? 'taken' : status === 400 ? 'invalid' : 'failed');
    } catch {
      setOutcome('failed');
    } finally {
      setSending(false);
    }
  }

  const problem = !token ? 'invalid' : outcome !== 'done' ? outcome : undefined;
  return (
    <AuthCard title={auth.confirmEmailTitle}>
      {outcome === 'done' && <Alert severity="success">{auth.confirmEmailDone}</Alert>}
      {problem && (
        <Alert severity="error">
          {problem === 'invalid'
            ? auth.confirmEmailInvalid
            : problem === 'taken'
              ? auth.confirmEmailTaken
              : auth.somethingWrong}
        </Alert>
      )}
      {token && !outcome && (
        <>
          <Typography>{auth.confirmEmailIntro}</Typography>
          <Button variant="contained" onClick={() => void confirm()} disabled={sending}>
            {auth.confirmEmailButton}
          </Button>
        </>
      )}
      <Button component={RouterLink} to="/login" variant={outcome === 'done' ? 'contained' : 'text'}>
        {auth.goToLogin}
      </Button>
    </AuthCard>
  );
}
