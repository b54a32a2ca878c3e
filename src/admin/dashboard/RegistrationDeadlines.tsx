/**
 * The dashboard's note of the trust's registration (12A/12AB) and approval (80G) whose validity has ended or ends
 * within 90 days (GET /api/v2/dashboard's `registrations`, sent only to those who may view Trust Settings): each
 * with its number and last day, and a link to Trust Settings to enter the renewed dates.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { trustSettings } from '../../resources/index.ts';
import type { RegistrationDeadline } from '../../resources/registration-validity.ts';
import { useRegistrationText } from '../donations/registration.tsx';

export function RegistrationDeadlines({ deadlines }: { deadlines: RegistrationDeadline[] }) {
  const { words: T, formats, what } = useRegistrationText();
  if (deadlines.length === 0) return null;
  const expired = deadlines.some((deadline) => deadline.standing === 'expired');
  return (
    <Box component="section" aria-labelledby="registration-deadlines-title">
      {/* Said politely: the dashboard is read every day, and the note stays until the dates are renewed. */}
      <Alert severity={expired ? 'error' : 'warning'} role="status">
        <AlertTitle id="registration-deadlines-title" component="h2" sx={{ fontSize: '1rem' }}>
          {T.deadlinesTitle}
        </AlertTitle>
        <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
          {deadlines.map((deadline) => {
            const values = {
              what: what(deadline.which, deadline.number),
              until: formats.date(deadline.until),
              smart_count: Math.abs(deadline.daysLeft),
            };
            return (
              <li key={deadline.which}>
                {deadline.standing === 'expired' ? T.deadlineExpired(values) : T.deadlineExpiring(values)}
              </li>
            );
          })}
        </Box>
        <Link component={RouterLink} to={trustSettings.routes.list} color="inherit">
          {T.updateSettings}
        </Link>
      </Alert>
    </Box>
  );
}
