/**
 * /access-denied (react-admin's `accessDenied` page, inside the shell): who is signed in, what their account may
 * not do (the route guard's reason, or the server's sentence of a 403, which names Feature › Sub-feature ›
 * Capability), where an administrator grants it, a way back to the dashboard when the account may see it, and
 * a sign-out. Arriving here also reloads what the account may do, in case an administrator just changed it.
 */
import BlockIcon from '@mui/icons-material/Block';
import { Box, Button, Typography } from '@mui/material';
import { useEffect, useEffectEvent } from 'react';
import { useGetIdentity, useLogout } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { PAGE_ACCESS } from '../auth/access.ts';
import { denialFromState, lastDenial, type Denial } from '../auth/denial.ts';
import { useAccess } from '../auth/use-access.ts';
import { useWords, type Words } from '../i18n/words.ts';
import { ACCESS } from './messages.ts';
import { BackToDashboard, MessagePage } from './MessagePage.tsx';

/** The sentence saying what was refused. */
export function reasonOf(denial: Denial | undefined, words: Words<typeof ACCESS>): string {
  if (denial?.message) return denial.message;
  if (!denial?.area) return words.refusedPage;
  const given = denial.verb ?? 'view';
  const verb = Object.hasOwn(words.verbs, given) ? words.verbs[given as keyof typeof words.verbs] : given;
  const values = { verb, area: denial.area, needed: denial.needed ?? '' };
  if (denial.adminOnly) return words.adminOnly(values);
  return denial.needed ? words.refusedNeeding(values) : words.refused(values);
}

export function AccessDenied() {
  const location = useLocation();
  const denial = denialFromState(location.state) ?? lastDenial();
  const { identity } = useGetIdentity();
  const { can, refresh } = useAccess();
  const logout = useLogout();
  const access = useWords(ACCESS);

  // Once on arrival: an administrator may have just changed what the account may do.
  const onArrival = useEffectEvent(() => refresh());
  useEffect(() => onArrival(), []);

  const name = identity?.fullName ?? '';
  const email = typeof identity?.email === 'string' ? identity.email : '';
  return (
    <MessagePage title={access.title} icon={<BlockIcon color="error" sx={{ fontSize: 48 }} aria-hidden />}>
      {name ? (
        <Typography>{email ? access.signedInAs({ name, email }) : access.signedInAsName({ name })}</Typography>
      ) : null}
      <Typography role="alert" data-testid="access-denied-reason">
        {reasonOf(denial, access)}
      </Typography>
      <Typography>{denial?.adminOnly ? access.askAdminOnly : access.askAdmin}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {can(PAGE_ACCESS.dashboard!) ? <BackToDashboard /> : null}
        <Button variant="contained" onClick={() => logout()}>
          {access.signOut}
        </Button>
      </Box>
    </MessagePage>
  );
}
