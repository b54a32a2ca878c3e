/**
 * /employee/view/:id and /employee/view with the record in navigation state (spec section 2): the profile card
 * with the photo (the server path in user_profile), contract details, job info and the permissions table. The
 * status badge is green Active, red Inactive, yellow Pending, grey otherwise. A failed load says 'Failed to fetch
 * employee'.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Title, useGetOne, type RaRecord } from 'react-admin';
import { PageHeading, useEditId } from '../company/shared.tsx';
import { EMPLOYEE as T } from './messages.ts';
import { PermissionTable, StatusBadge } from './parts.tsx';
import type { PermissionMatrix } from './permissions.ts';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Line({ label, value }: { label: string; value: unknown }) {
  return (
    <Typography>
      <strong>{label}:</strong> {value === null || value === undefined || value === '' ? '-' : String(value)}
    </Typography>
  );
}

/** The name of a referenced record: as the record carries it (v1 lists), else looked up. */
function useName(resource: string, id: unknown, carried: unknown, field: string): string | undefined {
  const { data } = useGetOne<RaRecord>(resource, { id: id as never }, { enabled: carried === undefined && id != null });
  if (typeof carried === 'string') return carried;
  return typeof data?.[field] === 'string' ? (data[field] as string) : undefined;
}

export function EmployeeView() {
  const id = useEditId();
  const {
    data: record,
    error,
    isPending,
  } = useGetOne<RaRecord>('employees', { id: id! }, { enabled: id !== undefined, retry: false });
  const department = useName('departments', record?.department_id, record?.department_name, 'department_name');
  const designation = useName('designations', record?.designation_id, record?.designation, 'designation');

  if (id === undefined || error) {
    return (
      <Box>
        <Title title={T.viewTitle} />
        <PageHeading>{T.viewTitle}</PageHeading>
        <Alert severity="error" role="alert">
          {T.viewFailed}
        </Alert>
      </Box>
    );
  }
  if (isPending || !record)
    return (
      <Box>
        <Title title={T.viewTitle} />
        <PageHeading>{T.viewTitle}</PageHeading>
      </Box>
    );
  const photo = typeof record.user_profile === 'string' && record.user_profile ? record.user_profile : undefined;

  return (
    <Box>
      <Title title={T.viewTitle} />
      <PageHeading>{T.viewTitle}</PageHeading>
      <Section title={T.profileTab}>
        {/* A long email breaks rather than widening a phone's page. */}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', overflowWrap: 'anywhere' }}>
          <Avatar src={photo} alt={String(record.full_name)} sx={{ width: 96, height: 96 }}>
            {photo ? null : T.noPhoto}
          </Avatar>
          <Box>
            <Typography variant="h6" component="p">
              {String(record.full_name)}
            </Typography>
            <StatusBadge status={record.status} />
            <Line label={T.labels.email} value={record.email} />
            <Line label={T.labels.mobile} value={record.mobile} />
            <Line label={T.labels.gender} value={record.gender} />
            <Line label={T.labels.dob} value={record.dob} />
          </Box>
        </Box>
      </Section>
      <Section title={T.contract}>
        <Line label={T.labels.contractStartDate} value={record.contract_start_date} />
        <Line label={T.labels.contractLastDate} value={record.contract_last_date} />
        <Line label={T.labels.salary} value={record.salary} />
      </Section>
      <Section title={T.job}>
        <Line label={T.labels.department} value={department} />
        <Line label={T.labels.designation} value={designation} />
        <Line label={T.labels.role} value={record.role} />
        <Line label={T.labels.hireDate} value={record.hire_date} />
        <Line label={T.labels.isActive} value={record.is_active ? 'Yes' : 'No'} />
      </Section>
      <Section title={T.labels.permissions}>
        <Box sx={{ overflowX: 'auto' }}>
          <PermissionTable value={(record.permissions ?? {}) as PermissionMatrix} />
        </Box>
      </Section>
    </Box>
  );
}
