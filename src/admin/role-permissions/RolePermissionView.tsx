/**
 * /role-permission/view/:id (and /role-permission/view with the permission in navigation state): the role, its
 * department and designation, the read-only matrix, and whom it applies to: the employees whose department and
 * designation are the role's (GET /api/v2/employees filtered on both) and the users whose role it is. A role
 * that is not active applies to nobody, and the view says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useGetManyReference, useGetOne, useTranslate, type Identifier } from 'react-admin';
import { employees as employeeDeclaration } from '../../resources/employees.ts';
import { roles as roleDeclaration } from '../../resources/roles.ts';
import { rolePermissions } from '../../resources/role-permissions.ts';
import { users as userDeclaration } from '../../resources/users.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { serverMessage } from '../generator/errors.ts';
import { useEditId } from '../generator/screen-parts.tsx';
import { PermissionTable } from '../employees/parts.tsx';
import type { PermissionMatrix } from '../../resources/permissions.ts';
import { EMPLOYEE_ROUTES } from '../employees/messages.ts';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { TableScroll } from '../generator/datagrid.tsx';
import { useWords } from '../i18n/words.ts';
import { USER_ROUTES } from '../users/messages.ts';
import { ROLE_PERMISSION, ROLE_PERMISSION_ROUTES as ROUTES } from './messages.ts';
import { useRoles, type RoleInfo } from './roles.ts';
import { Line, PageHeading, Section } from '../layout/PageParts.tsx';

const EVERYONE = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

function SimpleTable({ label, head, rows }: { label: string; head: string[]; rows: [Identifier, ReactNode[]][] }) {
  return (
    <TableScroll>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {head.map((cell) => (
              <TableCell key={cell}>{cell}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(([key, cells]) => (
            <TableRow key={String(key)}>
              {cells.map((cell, index) => (
                <TableCell key={index}>{cell}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}

function AppliesToEmployees({ role }: { role: RoleInfo }) {
  const { data, error } = useGetManyReference(
    'employees',
    { target: 'department_id', id: role.departmentId!, filter: { designation_id: role.designationId }, ...EVERYONE },
    { enabled: role.departmentId !== null && role.designationId !== null },
  );
  const employees = data ?? [];
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(employeeDeclaration);
  return (
    <Section title={w.employeesTitle}>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {w.employeesNote}
      </Typography>
      {error ? (
        <Alert severity="error">{serverMessage(error) ?? w.fetchFailed}</Alert>
      ) : employees.length === 0 ? (
        <Typography role="status">{w.noEmployees}</Typography>
      ) : (
        <SimpleTable
          label={w.employeesTitle}
          head={[w.name, text('fields.email'), text('fields.status')]}
          rows={employees.map((employee) => [
            employee.id,
            [
              <Link
                key="name"
                component={RouterLink}
                to={`${EMPLOYEE_ROUTES.view}/${encodeURIComponent(String(employee.id))}`}
              >
                {String(employee.full_name ?? '')}
              </Link>,
              String(employee.email ?? ''),
              employee.status == null
                ? ''
                : text(`choices.status.${String(employee.status)}`, { _: String(employee.status) }),
            ],
          ])}
        />
      )}
    </Section>
  );
}

function UsersWithRole({ role }: { role: RoleInfo }) {
  const { data, error } = useGetManyReference('users', { target: 'role_id', id: role.id, filter: {}, ...EVERYONE });
  const users = data ?? [];
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(userDeclaration);
  return (
    <Section title={w.usersTitle}>
      {error ? (
        <Alert severity="error">{serverMessage(error) ?? w.fetchFailed}</Alert>
      ) : users.length === 0 ? (
        <Typography role="status">{w.noUsers}</Typography>
      ) : (
        <SimpleTable
          label={w.usersTitle}
          head={[text('fields.username'), text('fields.email'), text('fields.user_type')]}
          rows={users.map((user) => [
            user.id,
            [
              <Link
                key="name"
                component={RouterLink}
                to={`${USER_ROUTES.profile}/${encodeURIComponent(String(user.id))}`}
              >
                {String(user.username ?? '')}
              </Link>,
              String(user.email ?? ''),
              user.user_type == null
                ? ''
                : text(`choices.user_type.${String(user.user_type)}`, { _: String(user.user_type) }),
            ],
          ])}
        />
      )}
    </Section>
  );
}

function Details({ id }: { id: Identifier }) {
  const { data, error, isPending } = useGetOne('role_permissions', { id }, { retry: false });
  const { byId, isPending: rolesPending } = useRoles();
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const roleText = useResourceText(roleDeclaration);
  const generated = useGeneratedText();
  if (error) {
    return (
      <Alert severity="error" role="alert">
        {serverMessage(error) ?? text('notFound')}
      </Alert>
    );
  }
  if (isPending || rolesPending || !data) return null;
  const role = byId.get(String(data.role_id));
  return (
    <>
      <Section title={text('fields.role_id')}>
        <Line label={roleText('fields.department_id')} value={role?.departmentName ?? ''} />
        <Line label={roleText('fields.designation_id')} value={role?.designationName ?? ''} />
        <Line label={text('fields.role_id')} value={role?.roleName ?? ''} />
        <Line label={w.roleActive} value={generated(role?.isActive === false ? 'no' : 'yes')} />
        {role?.isActive === false ? (
          <Alert severity="warning" sx={{ mt: 1 }}>
            {w.roleInactive}
          </Alert>
        ) : null}
      </Section>
      <Section title={text('fields.permissions')}>
        <Box sx={{ overflowX: 'auto' }}>
          <PermissionTable value={(data.permissions ?? {}) as PermissionMatrix} />
        </Box>
      </Section>
      {role ? (
        <>
          <AppliesToEmployees role={role} />
          <UsersWithRole role={role} />
        </>
      ) : null}
    </>
  );
}

export function RolePermissionView() {
  const id = useEditId();
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const translate = useTranslate();
  return (
    <Box>
      <PageHeading>{w.viewTitle}</PageHeading>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <MuiButton component={RouterLink} to={ROUTES.list} variant="outlined">
          {w.back}
        </MuiButton>
        {id !== undefined ? (
          <Allowed action="edit" resource="role_permissions">
            <MuiButton component={RouterLink} to={`${ROUTES.edit}/${encodeURIComponent(String(id))}`}>
              {translate('ra.action.edit')}
            </MuiButton>
          </Allowed>
        ) : null}
      </Stack>
      {id === undefined ? (
        <Alert severity="error" role="alert">
          {text('notFound')}
        </Alert>
      ) : (
        <Details key={String(id)} id={id} />
      )}
    </Box>
  );
}
