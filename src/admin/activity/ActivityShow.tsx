/**
 * /activity-logs/view/:id (or /activity-logs/view with the activity in navigation state): user ID (linking to the
 * user's profile), ride ID, user type, mobile, status badge, action, description, timestamp, created and updated
 * times, Back; 'Activity not found.' otherwise.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { Link } from 'react-router-dom';
import { Button, useGetOne, type Identifier } from 'react-admin';
import { activities, users } from '../../resources/index.ts';
import { useEditId } from '../generator/screen-parts.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { AUTH } from '../auth/messages.ts';
import { useSaid } from '../i18n/said.ts';
import { StatusBadge, UserIdLink } from './ActivityList.tsx';
import { ACTIVITY, ACTIVITY_SCREENS as S } from './messages.ts';
import { PageHeading, Row } from '../layout/PageParts.tsx';

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

function ActivityDetails({ id }: { id: Identifier }) {
  const { data, isPending, error } = useGetOne('activities', { id }, { retry: false });
  const T = useWords(ACTIVITY);
  const text = useResourceText(activities);
  const formats = useFormats();
  const auth = useWords(AUTH);
  const userText = useResourceText(users);
  const said = useSaid();
  /** The account's type as people read it: Admin and Employee as the sign-in form says them, a user's type as declared. */
  const userType = (value: unknown) =>
    typeof value !== 'string' || value === ''
      ? '-'
      : Object.hasOwn(auth.userTypeNames, value)
        ? auth.userTypeNames[value as keyof typeof auth.userTypeNames]
        : userText(`choices.user_type.${value}`, { _: value });
  const time = (value: unknown) => (typeof value !== 'string' || value === '' ? '-' : formats.dateTime(value));
  if (isPending) return <CircularProgress aria-label={T.loading} />;
  if (error || !data) return <Alert severity="warning">{T.notFound}</Alert>;
  return (
    <Card>
      <CardContent>
        <Row label={text('fields.account_id')}>{data.account_id == null ? '-' : <UserIdLink record={data} />}</Row>
        <Row label={text('fields.ride_id')}>{shown(data.ride_id)}</Row>
        <Row label={T.userType}>{userType(data.user_type)}</Row>
        <Row label={T.mobile}>{shown(data.mobile)}</Row>
        <Row label={text('fields.status')}>
          <StatusBadge status={data.status} />
        </Row>
        <Row label={text('fields.action')}>{shown(said.term('activityAction', data.action))}</Row>
        <Row label={text('fields.description')}>
          {shown(said.sentence(data.description, data.description_key, data.description_values))}
        </Row>
        <Row label={text('fields.occurred_at')}>{time(data.occurred_at)}</Row>
        <Row label={T.columns.createdAt}>{time(data.created_at)}</Row>
        <Row label={T.updatedAt}>{time(data.updated_at)}</Row>
      </CardContent>
    </Card>
  );
}

export function ActivityShow() {
  const id = useEditId();
  const T = useWords(ACTIVITY);
  return (
    <Box>
      <PageHeading>{T.showTitle}</PageHeading>
      <Box sx={{ mb: 2 }}>
        <Button component={Link} label={T.back} to={S.listRoute} variant="outlined">
          <ArrowBackIcon />
        </Button>
      </Box>
      {id === undefined ? <Alert severity="warning">{T.notFound}</Alert> : <ActivityDetails key={String(id)} id={id} />}
    </Box>
  );
}
