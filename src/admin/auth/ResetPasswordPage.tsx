/**
 * /reset-password (no shell): the reset-link-sent screen. A later issue adds the new-password form for the
 * emailed token here.
 */
import { Alert, Button, Typography } from '@mui/material';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { AUTH } from '../messages.ts';
import { AuthCard } from './AuthCard.tsx';
import type { ResetNotice } from './ForgetPasswordPage.tsx';

export function ResetPasswordPage() {
  const notice = (useLocation().state as Partial<ResetNotice> | null)?.notice;
  return (
    <AuthCard title={AUTH.resetTitle}>
      {notice && <Alert severity="success">{notice}</Alert>}
      <Typography>{AUTH.resetLinkSentScreen}</Typography>
      <Button component={RouterLink} to="/login" variant="contained">
        {AUTH.goToLogin}
      </Button>
    </AuthCard>
  );
}
