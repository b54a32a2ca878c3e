/**
 * /user/profile/:id (spec section 3, "Users"): basic info with the profile image, the activity summary of the
 * user's account (sign-ins, failed sign-ins, the last sign-in, the latest activities; from
 * GET /api/v2/users/:id/activity-summary), and account settings that act: Activate/Deactivate (a deactivated
 * user is signed out and cannot sign in) and Send reset link (POST /api/v1/forgotPassword with the user's email,
 * whose answer is shown). The spec's ride ratings and wallet have no data source in this product and are left
 * out (docs/decisions.md). The activity log's User ID link comes here with the account's id in the address
 * (`/user/profile?account=7`, which survives a reload or a new tab; `{ userId }` in navigation state is read too):
 * the user of that account is shown.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiButton from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useAuthProvider, useGetList, useGetOne, useUpdate, type Identifier, type RaRecord } from 'react-admin';
import { PasswordLinkButton } from '../account/PasswordLinkButton.tsx';
import type { AppAuthProvider } from '../auth/auth-provider.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { serverMessage } from '../generator/errors.ts';
import { useEditId } from '../generator/screen-parts.tsx';
import { activities, users } from '../../resources/index.ts';
import { useResourceText } from '../generator/messages.ts';
import { useFormats } from '../i18n/format.ts';
import { useSaid } from '../i18n/said.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from '../auth/messages.ts';
import { fetchActivitySummary, type ActivitySummary } from './api.ts';
import { USER, USER_ROUTES } from './messages.ts';
import { Line, PageHeading, Section } from '../layout/PageParts.tsx';

/** An instant in the trust's zone, labelled; 'Never' when there is none. */
function useDateTime(): (value: unknown) => string {
  const formats = useFormats();
  const T = useWords(USER);
  return (value: unknown) => (typeof value !== 'string' || value === '' ? T.never : formats.dateTime(value));
}

function BasicInfo({ user }: { user: RaRecord }) {
  const roleId = user.role_id as Identifier | null | undefined;
  const { data: role } = useGetOne('roles', { id: roleId! }, { enabled: roleId != null });
  const image = typeof user.profile_image === 'string' && user.profile_image ? user.profile_image : undefined;
  const T = useWords(USER);
  const text = useResourceText(users);
  const dateTime = useDateTime();
  const type = String(user.user_type ?? '');
  return (
    <Section title={T.basicInfo}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
        <Avatar src={image} alt={String(user.username)} sx={{ width: 96, height: 96 }}>
          {image ? null : T.noImage}
        </Avatar>
        <Box>
          <Typography variant="h6" component="p">
            {String(user.username)}
          </Typography>
          <Chip
            size="small"
            label={text(`choices.is_active.${user.is_active !== false}`)}
            color={user.is_active !== false ? 'success' : 'error'}
          />
          <Line label={text('fields.email')} value={String(user.email ?? '')} />
          {user.pending_email ? <Line label={text('fields.pending_email')} value={String(user.pending_email)} /> : null}
          <Line label={text('fields.user_type')} value={type && text(`choices.user_type.${type}`, { _: type })} />
          <Line label={text('fields.role_id')} value={role ? String(role.role_name) : roleId == null ? T.noRole : ''} />
          <Line label={text('fields.mobile')} value={(user.mobile as string | null) ?? ''} />
          <Line label={text('fields.account_creation_date')} value={dateTime(user.account_creation_date)} />
        </Box>
      </Box>
    </Section>
  );
}

function ActivitySummarySection({ id }: { id: Identifier }) {
  const [summary, setSummary] = useState<ActivitySummary>();
  const [failed, setFailed] = useState<string>();
  const T = useWords(USER);
  const activityText = useResourceText(activities);
  const said = useSaid();
  const dateTime = useDateTime();
  // A failure's fallback in the language chosen when it comes, without asking again when the language changes.
  const fallback = T.activityFailed;
  useEffect(() => {
    let current = true;
    fetchActivitySummary(id).then(
      (answer) => {
        if (!current) return;
        setSummary(answer);
        setFailed(undefined);
      },
      (error: unknown) => {
        if (current) setFailed(serverMessage(error) ?? '');
      },
    );
    return () => {
      current = false;
    };
  }, [id]);

  return (
    <Section title={T.activityTitle}>
      {failed !== undefined ? (
        <Alert severity="error" role="alert">
          {failed || fallback}
        </Alert>
      ) : !summary ? (
        <Typography role="status" aria-label={T.loading}>
          …
        </Typography>
      ) : (
        <>
          <Stack direction="row" spacing={4} useFlexGap sx={{ mb: 1, flexWrap: 'wrap' }}>
            <Line label={T.signIns} value={String(summary.sign_ins)} />
            <Line label={T.failedSignIns} value={String(summary.failed_sign_ins)} />
            <Line label={T.lastSignIn} value={dateTime(summary.last_sign_in_at)} />
          </Stack>
          <Typography variant="subtitle1" component="h3">
            {T.recentActivity}
          </Typography>
          {summary.recent.length === 0 ? (
            <Typography role="status">{T.noActivity}</Typography>
          ) : (
            <Table size="small" aria-label={T.recentActivity}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.activityColumns.action}</TableCell>
                  <TableCell>{T.activityColumns.status}</TableCell>
                  <TableCell>{T.activityColumns.description}</TableCell>
                  <TableCell>{T.activityColumns.time}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {summary.recent.map((activity) => (
                  <TableRow key={activity.id}>
                    <TableCell>{said.term('activityAction', activity.action)}</TableCell>
                    <TableCell>{activityText(`choices.status.${activity.status}`, { _: activity.status })}</TableCell>
                    <TableCell>
                      {said.sentence(activity.description, activity.description_key, activity.description_values)}
                    </TableCell>
                    <TableCell>{dateTime(activity.occurred_at)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </Section>
  );
}

function AccountSettings({ user }: { user: RaRecord }) {
  const authProvider = useAuthProvider<AppAuthProvider>();
  const [update, { isPending }] = useUpdate();
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string }>();
  const [sending, setSending] = useState(false);
  const T = useWords(USER);
  const auth = useWords(AUTH);
  const active = user.is_active !== false;

  const toggle = () =>
    update(
      'users',
      { id: user.id, data: { is_active: !active }, previousData: user },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setSaid({ severity: 'success', text: active ? T.deactivated : T.activated });
        },
        onError: (error) =>
          setSaid({ severity: 'error', text: T.statusFailed({ message: serverMessage(error) || T.somethingWrong }) }),
      },
    );

  const sendReset = async () => {
    setSending(true);
    try {
      if (!authProvider?.requestPasswordReset) throw new Error('No auth provider.');
      const answer = await authProvider.requestPasswordReset(String(user.email));
      setSaid(
        answer.success
          ? {
              severity: 'success',
              // The server's usual sentence is the sign-in screens' own, in the language chosen.
              text: !answer.message || answer.message === AUTH.resetLinkSent ? auth.resetLinkSent : answer.message,
            }
          : { severity: 'error', text: answer.message ?? T.resetFailed },
      );
    } catch {
      setSaid({ severity: 'error', text: T.resetError });
    }
    setSending(false);
  };

  return (
    <Section title={T.settingsTitle}>
      {said ? (
        <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'} sx={{ mb: 1 }}>
          {said.text}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Allowed action="edit" resource="users">
          <MuiButton variant="contained" color={active ? 'warning' : 'success'} onClick={toggle} disabled={isPending}>
            {active ? T.deactivate : T.activate}
          </MuiButton>
        </Allowed>
        <MuiButton variant="outlined" onClick={sendReset} disabled={sending}>
          {T.sendReset}
        </MuiButton>
        <PasswordLinkButton resource="users" id={Number(user.id)} name={String(user.username)} />
        <Allowed action="edit" resource="users">
          <MuiButton component={Link} to={`${USER_ROUTES.edit}/${encodeURIComponent(String(user.id))}`}>
            {T.edit}
          </MuiButton>
        </Allowed>
      </Stack>
    </Section>
  );
}

function Profile({ id }: { id: Identifier }) {
  const { data: user, error, isPending } = useGetOne('users', { id }, { retry: false });
  const T = useWords(USER);
  if (error) {
    return (
      <Alert severity="error" role="alert">
        {serverMessage(error) ?? T.notFound}
      </Alert>
    );
  }
  if (isPending || !user) return null;
  return (
    <>
      <BasicInfo user={user} />
      <ActivitySummarySection id={id} />
      <AccountSettings user={user} />
    </>
  );
}

/**
 * The account id the activity log's User ID link passes: `?account=<id>` in the address, or `{ userId }` in
 * navigation state; none otherwise.
 */
function accountIdOf(search: string, state: unknown): number | undefined {
  const inAddress = new URLSearchParams(search).get('account');
  const value =
    inAddress !== null && /^\d+$/.test(inAddress) ? Number(inAddress) : (state as { userId?: unknown } | null)?.userId;
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The user of an account, found by its account id (the activity log names accounts, not users). */
function ProfileOfAccount({ accountId }: { accountId: number }) {
  const { data, error, isPending } = useGetList(
    'users',
    { filter: { account_id: accountId }, pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' } },
    { retry: false },
  );
  const T = useWords(USER);
  if (isPending) return null;
  const found = data?.[0];
  if (error || !found) {
    return (
      <Alert severity="error" role="alert">
        {serverMessage(error) ?? T.notFound}
      </Alert>
    );
  }
  return <Profile id={found.id} />;
}

export function UserProfile() {
  const id = useEditId();
  const location = useLocation();
  const accountId = accountIdOf(location.search, location.state);
  const T = useWords(USER);
  return (
    <Box>
      <PageHeading>{T.profileTitle}</PageHeading>
      <Box sx={{ mb: 2 }}>
        <MuiButton component={Link} to={USER_ROUTES.list} variant="outlined">
          {T.back}
        </MuiButton>
      </Box>
      {id !== undefined ? (
        <Profile key={String(id)} id={id} />
      ) : accountId !== undefined ? (
        <ProfileOfAccount key={accountId} accountId={accountId} />
      ) : (
        <Alert severity="error" role="alert">
          {T.notFound}
        </Alert>
      )}
    </Box>
  );
}
