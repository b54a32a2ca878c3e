/**
 * /employee/view/:id and /employee/view with the record in navigation state (spec section 2): the profile card
 * with the photo (the server path in user_profile), contract details, job info and the permissions table. The
 * status badge is green Active, red Inactive, yellow Pending, grey otherwise. A failed load says 'Failed to fetch
 * employee'. Dates and the salary in the Indian formats of the language chosen (i18n/format.ts).
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Title, useGetOne, type RaRecord } from 'react-admin';
import { PasswordLinkButton } from '../account/PasswordLinkButton.tsx';
import { employees } from '../../resources/employees.ts';
import { useEditId } from '../generator/screen-parts.tsx';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { useFormats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE, EMPLOYEE_SCREEN } from './messages.ts';
import { PermissionTable, StatusBadge } from './parts.tsx';
import type { PermissionMatrix } from '../../resources/permissions.ts';
import { Line, PageHeading, Section } from '../layout/PageParts.tsx';

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
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const generated = useGeneratedText();
  const formats = useFormats();
  const label = (field: keyof typeof employees.fields) => resourceText(`fields.${field}`);
  /** An enum value as people read it (a value the declaration does not know as it is). */
  const choice = (field: 'gender' | 'role', value: unknown) => {
    const known: readonly unknown[] = field === 'gender' ? EMPLOYEE_SCREEN.genders : EMPLOYEE_SCREEN.roles;
    return known.includes(value) ? resourceText(`choices.${field}.${String(value)}`) : value;
  };
  const title = resourceText('title.show');

  if (id === undefined || error) {
    return (
      <Box>
        <Title title={title} />
        <PageHeading>{title}</PageHeading>
        <Alert severity="error" role="alert">
          {w.viewFailed}
        </Alert>
      </Box>
    );
  }
  if (isPending || !record)
    return (
      <Box>
        <Title title={title} />
        <PageHeading>{title}</PageHeading>
      </Box>
    );
  const photo = typeof record.user_profile === 'string' && record.user_profile ? record.user_profile : undefined;

  return (
    <Box>
      <Title title={title} />
      <PageHeading>{title}</PageHeading>
      <Section title={w.profileTab}>
        {/* A long email breaks rather than widening a phone's page. */}
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', overflowWrap: 'anywhere' }}>
          <Avatar src={photo} alt={String(record.full_name)} sx={{ width: 96, height: 96 }}>
            {photo ? null : w.noPhoto}
          </Avatar>
          <Box>
            <Typography variant="h6" component="p">
              {String(record.full_name)}
            </Typography>
            <StatusBadge status={record.status} />
            <Line label={label('email')} value={record.email} />
            {record.pending_email ? <Line label={label('pending_email')} value={record.pending_email} /> : null}
            <Line label={label('mobile')} value={record.mobile} />
            <Line label={label('gender')} value={choice('gender', record.gender)} />
            <Line label={label('dob')} value={formats.date(record.dob)} />
            <Box sx={{ mt: 1 }}>
              <PasswordLinkButton resource="employees" id={Number(record.id)} name={String(record.full_name)} />
            </Box>
          </Box>
        </Box>
      </Section>
      <Section title={w.contract}>
        <Line label={label('contract_start_date')} value={formats.date(record.contract_start_date)} />
        <Line label={label('contract_last_date')} value={formats.date(record.contract_last_date)} />
        <Line label={label('salary')} value={formats.money(record.salary)} />
      </Section>
      <Section title={w.job}>
        <Line label={label('department_id')} value={department} />
        <Line label={label('designation_id')} value={designation} />
        <Line label={label('role')} value={choice('role', record.role)} />
        <Line label={label('hire_date')} value={formats.date(record.hire_date)} />
        <Line label={label('is_active')} value={record.is_active ? generated('yes') : generated('no')} />
      </Section>
      <Section title={label('permissions')}>
        <Box sx={{ overflowX: 'auto' }}>
          <PermissionTable value={(record.permissions ?? {}) as PermissionMatrix} />
        </Box>
      </Section>
    </Box>
  );
}
