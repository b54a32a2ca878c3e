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
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, useGetOne, type Identifier } from 'react-admin';
import { PageHeading, useEditId } from '../company/shared.tsx';
import { StatusBadge, UserIdLink } from './ActivityList.tsx';
import { ACTIVITY as T } from './messages.ts';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="dl" sx={{ display: 'flex', gap: 2, m: 0, py: 0.5 }}>
      <Box component="dt" sx={{ fontWeight: 600, minWidth: 160 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

const shown = (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value));

const time = (value: unknown) => {
  if (typeof value !== 'string' || value === '') return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString();
};

function ActivityDetails({ id }: { id: Identifier }) {
  const { data, isPending, error } = useGetOne('activities', { id }, { retry: false });
  if (isPending) return <CircularProgress aria-label="Loading" />;
  if (error || !data) return <Alert severity="warning">{T.notFound}</Alert>;
  return (
    <Card>
      <CardContent>
        <Row label={T.columns.user}>{data.account_id == null ? '-' : <UserIdLink record={data} />}</Row>
        <Row label={T.columns.ride}>{shown(data.ride_id)}</Row>
        <Row label={T.userType}>{shown(data.user_type)}</Row>
        <Row label={T.mobile}>{shown(data.mobile)}</Row>
        <Row label={T.columns.status}>
          <StatusBadge status={data.status} />
        </Row>
        <Row label={T.action}>{shown(data.action)}</Row>
        <Row label={T.columns.description}>{shown(data.description)}</Row>
        <Row label={T.timestamp}>{time(data.occurred_at)}</Row>
        <Row label={T.columns.createdAt}>{time(data.created_at)}</Row>
        <Row label={T.updatedAt}>{time(data.updated_at)}</Row>
      </CardContent>
    </Card>
  );
}

export function ActivityShow() {
  const id = useEditId();
  return (
    <Box>
      <PageHeading>{T.showTitle}</PageHeading>
      <Box sx={{ mb: 2 }}>
        <Button component={Link} label={T.back} to={T.listRoute} variant="outlined">
          <ArrowBackIcon />
        </Button>
      </Box>
      {id === undefined ? <Alert severity="warning">{T.notFound}</Alert> : <ActivityDetails key={String(id)} id={id} />}
    </Box>
  );
}
