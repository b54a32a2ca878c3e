/**
 * /forget-password (no shell): asks the server to email a reset link, then goes to /reset-password.
 */
import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useAuthProvider } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { usePasswordPolicy } from '../auth/password-policy.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from './messages.ts';
import type { AppAuthProvider } from './auth-provider.ts';
import { AuthCard } from './AuthCard.tsx';
import { typedBeforeTakeover, useScriptReady } from './use-script-ready.ts';

/** What /reset-password receives in the navigation state. */
export interface ResetNotice {
  notice: string;
}

export function ForgetPasswordPage() {
  const auth = useWords(AUTH);
  // The server's sentences, in the language chosen when the admin knows them (i18n/sign-in-hindi.ts).
  const policy = usePasswordPolicy();
  const authProvider = useAuthProvider<AppAuthProvider>();
  const navigate = useNavigate();
  // From what was typed into the drawn form before the script took it over (empty otherwise).
  const [email, setEmail] = useState(() => typedBeforeTakeover('forgot-email'));
  const ready = useScriptReady();
  const [emailError, setEmailError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setEmailError(address === '' ? auth.emailRequired : undefined);
    if (address === '') return;
    setFailure(undefined);
    setSubmitting(true);
    try {
      if (!authProvider) throw new Error('No auth provider.');
      const result = await authProvider.requestPasswordReset(address);
      if (result.success) {
        const state: ResetNotice = { notice: result.message ?? auth.resetLinkSent };
        navigate('/reset-password', { state });
        return;
      }
      setFailure(result.message ?? auth.resetFailed);
    } catch {
      setFailure(auth.somethingWrong);
    }
    setSubmitting(false);
  }

  return (
    <AuthCard title={auth.forgotTitle}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {failure && <Alert severity="error">{policy.say(failure)}</Alert>}
        <TextField
          id="forgot-email"
          label={auth.email}
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={!!emailError}
          helperText={emailError}
        />
        <Button type="submit" variant="contained" disabled={submitting || !ready}>
          {auth.reset}
        </Button>
        <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
          {auth.backToLogin}
        </Link>
      </Box>
    </AuthCard>
  );
}
