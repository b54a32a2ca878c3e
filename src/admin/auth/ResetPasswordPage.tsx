/**
 * /reset-password (no shell).
 * - With `?token=…` (the emailed link): the new-password form, new password twice, with the shared policy's
 *   rules and sentences; it calls POST /api/v1/resetPassword, then says so and offers Go to Login. A refused
 *   token or password shows the server's sentence.
 * - Without a token: the spec's reset-link-sent screen (where the forgot-password form leads).
 */
import { Alert, Box, Button, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import { PASSWORD_POLICY } from '../../resources/password-rules.ts';
import { usePasswordPolicy } from '../auth/password-policy.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from './messages.ts';
import { browserFetch, messageOf, requestJson } from './api-fetch.ts';
import { AuthCard } from './AuthCard.tsx';
import type { ResetNotice } from './ForgetPasswordPage.tsx';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim();
  return token ? <NewPasswordForm token={token} /> : <ResetLinkSent />;
}

function ResetLinkSent() {
  const auth = useWords(AUTH);
  const policy = usePasswordPolicy();
  const notice = (useLocation().state as Partial<ResetNotice> | null)?.notice;
  return (
    <AuthCard title={auth.resetTitle}>
      {/* The server's sentence, in the language chosen when it is one the admin knows (i18n/sign-in-hindi.ts). */}
      {notice && <Alert severity="success">{policy.say(notice)}</Alert>}
      <Typography>{auth.resetLinkSentScreen}</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        {auth.goToLogin}
      </Button>
    </AuthCard>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const auth = useWords(AUTH);
  const policy = usePasswordPolicy();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [confirmError, setConfirmError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [done, setDone] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The list of common passwords is fetched when it is needed, not with the sign-in screens.
    const { passwordProblem } = await import('../../resources/password-policy.ts');
    const problem = passwordProblem(password);
    const mismatch = !problem && confirm !== password ? PASSWORD_POLICY.mismatch : undefined;
    setPasswordError(problem && policy.say(problem));
    setConfirmError(mismatch && policy.say(mismatch));
    if (problem || mismatch) return;
    setFailure(undefined);
    setSubmitting(true);
    try {
      const { ok, body } = await requestJson(browserFetch, '/api/v1/resetPassword', {
        method: 'POST',
        body: { token, password },
      });
      if (ok && body?.success === true) {
        setDone(messageOf(body) ?? auth.passwordResetDone);
        return;
      }
      setFailure(messageOf(body) ?? auth.passwordResetFailed);
    } catch {
      setFailure(auth.somethingWrong);
    } finally {
      setSubmitting(false);
    }
  }

  if (done) {
    return (
      <AuthCard title={auth.resetTitle}>
        <Alert severity="success">{policy.say(done)}</Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          {auth.goToLogin}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={auth.resetTitle}>
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit}
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        {failure && (
          <Alert
            severity="error"
            action={
              <Button component={RouterLink} to="/forget-password" color="inherit" size="small">
                {auth.forgotPasswordLink}
              </Button>
            }
          >
            {policy.say(failure)}
          </Alert>
        )}
        <Typography>{auth.newPasswordIntro}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3 }} aria-label={auth.passwordRules}>
          {policy.rules.map((rule) => (
            <Typography component="li" variant="body2" key={rule}>
              {rule}
            </Typography>
          ))}
        </Box>
        <TextField
          id="reset-new-password"
          label={auth.newPassword}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={!!passwordError}
          helperText={passwordError}
        />
        <TextField
          id="reset-confirm-password"
          label={auth.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(event) => setConfirm(event.target.value)}
          error={!!confirmError}
          helperText={confirmError}
        />
        <Button type="submit" variant="contained" disabled={submitting}>
          {auth.setPassword}
        </Button>
        <Button component={RouterLink} to="/login">
          {auth.backToLogin}
        </Button>
      </Box>
    </AuthCard>
  );
}
