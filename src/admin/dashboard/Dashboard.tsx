/**
 * The dashboard at /: four summary figures and the monthly donations of the last twelve months, from
 * GET /api/v2/dashboard (or the demo mode's zeros); for an Admin, above them, the trust's registration and
 * approval dates that have run out or run out within 90 days.
 */
import ContactMailIcon from '@mui/icons-material/ContactMail';
import GroupIcon from '@mui/icons-material/Group';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import VolunteerActivismIcon from '@mui/icons-material/VolunteerActivism';
import { Alert, Box, LinearProgress } from '@mui/material';
import { useContext, useEffect, useEffectEvent, useState } from 'react';
import { Title, useLogoutIfAccessDenied } from 'react-admin';
import { useWords } from '../i18n/words.ts';
import { AUTH } from '../auth/messages.ts';
import { DASHBOARD } from './messages.ts';
import { BackupCard } from './BackupCard.tsx';
import { DashboardSourceContext } from './dashboard-source.ts';
import { DonationChart } from './DonationChart.tsx';
import { RegistrationDeadlines } from './RegistrationDeadlines.tsx';
import { StatCard } from './StatCard.tsx';
import { formatCount, formatRupees, type DashboardSummary } from './summary.ts';

type State =
  { status: 'loading' } | { status: 'ready'; summary: DashboardSummary } | { status: 'failed'; message: string };

export function Dashboard() {
  const auth = useWords(AUTH);
  const dashboard = useWords(DASHBOARD);
  const load = useContext(DashboardSourceContext);
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [state, setState] = useState<State>({ status: 'loading' });

  const handleFailure = useEffectEvent(async (error: unknown) => {
    // A 401 signs the user out (the auth provider's checkError); anything else is shown here.
    if (await logoutIfAccessDenied(error)) return;
    setState({
      status: 'failed',
      message: error instanceof Error && error.message ? error.message : auth.somethingWrong,
    });
  });

  useEffect(() => {
    let live = true;
    load().then(
      (summary) => {
        if (live) setState({ status: 'ready', summary });
      },
      (error: unknown) => {
        if (live) void handleFailure(error);
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  return (
    <Box sx={{ py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Title title={dashboard.title} />
      {state.status === 'loading' && <LinearProgress aria-label={dashboard.title} />}
      {state.status === 'failed' && <Alert severity="error">{state.message}</Alert>}
      {state.status === 'ready' && (
        <>
          <RegistrationDeadlines deadlines={state.summary.registrations ?? []} />
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))' }}>
            <StatCard label={dashboard.totalUsers} value={formatCount(state.summary.totalUsers)} icon={GroupIcon} />
            <StatCard label={dashboard.blogPosts} value={formatCount(state.summary.blogPosts)} icon={NewspaperIcon} />
            <StatCard
              label={dashboard.donations}
              value={formatRupees(state.summary.donationsTotal)}
              icon={VolunteerActivismIcon}
            />
            <StatCard
              label={dashboard.contactMessages}
              value={formatCount(state.summary.contactMessages)}
              icon={ContactMailIcon}
            />
          </Box>
          <DonationChart months={state.summary.monthlyDonations} />
          <BackupCard />
        </>
      )}
    </Box>
  );
}
