/**
 * /access-denied (react-admin's `accessDenied` page, inside the shell): who is signed in, what their account may
 * not do (the route guard's reason, or the server's sentence of a 403, which names Feature › Sub-feature ›
 * Capability), where an administrator grants it, a way back to the dashboard when the account may see it, and
 * a sign-out. Arriving here also reloads what the account may do, in case an administrator just changed it.
 */
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useEffectEvent } from 'react';
import { Title, useGetIdentity, useLogout } from 'react-admin';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { PAGE_ACCESS } from '../auth/access.ts';
import { denialFromState, lastDenial, type Denial } from '../auth/denial.ts';
import { useAccess } from '../auth/useAccess.ts';
import { ACCESS, PAGES } from '../messages.ts';

/** The sentence saying what was refused. */
export function reasonOf(denial: Denial | undefined): string {
  if (denial?.message) return denial.message;
  if (denial?.area && denial.adminOnly) return ACCESS.adminOnly(denial.verb ?? 'view', denial.area);
  if (denial?.area) return ACCESS.refused(denial.verb ?? 'view', denial.area, denial.needed);
  return ACCESS.refusedPage;
}

export function AccessDenied() {
  const location = useLocation();
  const denial = denialFromState(location.state) ?? lastDenial();
  const { identity } = useGetIdentity();
  const { can, refresh } = useAccess();
  const logout = useLogout();

  // Once on arrival: an administrator may have just changed what the account may do.
  const onArrival = useEffectEvent(() => refresh());
  useEffect(() => onArrival(), []);

  const name = identity?.fullName ?? '';
  const email = typeof identity?.email === 'string' ? identity.email : '';
  return (
    <Box sx={{ py: 2 }}>
      <Title title={ACCESS.title} />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
          <BlockIcon color="error" sx={{ fontSize: 48 }} aria-hidden />
          <Typography variant="h5" component="h1">
            {ACCESS.title}
          </Typography>
          {name ? <Typography>{ACCESS.signedInAs(name, email)}</Typography> : null}
          <Typography role="alert" data-testid="access-denied-reason">
            {reasonOf(denial)}
          </Typography>
          <Typography>{denial?.adminOnly ? ACCESS.askAdminOnly : ACCESS.askAdmin}</Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {can(PAGE_ACCESS.dashboard!) ? (
              <Button component={RouterLink} to="/" variant="outlined">
                {PAGES.backToDashboard}
              </Button>
            ) : null}
            <Button variant="contained" onClick={() => logout()}>
              {ACCESS.signOut}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
