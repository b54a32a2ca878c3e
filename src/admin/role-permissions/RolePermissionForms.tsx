/**
 * /role-permission/add (and the spec's /role-permisssion/add) and /role-permission/edit[/:id] (spec sections 3
 * and 5). Add: the department, then the designation (that department's; cleared when the department changes),
 * then the role (the roles of that department and designation), and the checkbox matrix of the permission
 * catalogue (Select All sets every permission in both scopes; Clear All empties it). Save refuses a missing
 * department, designation or role with 'All fields (Role Name, Department, and Designation) are required.', and
 * shows the server's sentence otherwise (a role that already has its permissions: 409). Edit shows the role, its
 * department and designation as text (the spec's edit form) and changes the matrix. After a save: the sentence,
 * then /role-permission after 2 seconds. /role-permission/edit without an id goes back to the list.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { useCreate, useGetOne, useTranslate, useUpdate, type Identifier } from 'react-admin';
import { roles as roleDeclaration } from '../../resources/roles.ts';
import { rolePermissions } from '../../resources/role-permissions.ts';
import { serverMessage } from '../generator/errors.ts';
import { FormAlerts, useDelayedReturn, useEditId } from '../generator/screen-parts.tsx';
import { DepartmentDesignationSelects, PermissionTable } from '../employees/parts.tsx';
import { everyPermission, type PermissionMatrix } from '../../resources/permissions.ts';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { ROLE_PERMISSION, ROLE_PERMISSION_ROUTES as ROUTES, ROLE_PERMISSION_SCREEN as SCREEN } from './messages.ts';
import { useRoles } from './roles.ts';
import { PageHeading } from '../layout/PageParts.tsx';

/** The matrix with Select All and Clear All. */
function MatrixInput({ value, onChange }: { value: PermissionMatrix; onChange: (next: PermissionMatrix) => void }) {
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2">
        {text('fields.permissions')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ my: 1 }}>
        <MuiButton onClick={() => onChange(everyPermission())}>{w.selectAll}</MuiButton>
        <MuiButton onClick={() => onChange({})}>{w.clearAll}</MuiButton>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <PermissionTable value={value} onChange={onChange} />
      </Box>
    </Box>
  );
}

interface FrameProps {
  title: string;
  alert?: string;
  done?: string;
  saveLabel: string;
  busy: boolean;
  onSave: () => void;
  children: ReactNode;
}

function FormFrame({ title, alert, done, saveLabel, busy, onSave, children }: FrameProps) {
  const translate = useTranslate();
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Paper
        component="form"
        noValidate
        aria-label={title}
        sx={{ p: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          onSave();
        }}
      >
        <FormAlerts alert={alert} done={done} />
        {children}
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <MuiButton type="submit" variant="contained" disabled={busy || done !== undefined}>
            {saveLabel}
          </MuiButton>
          <MuiButton component={Link} to={ROUTES.list}>
            {translate('ra.action.cancel')}
          </MuiButton>
        </Stack>
      </Paper>
    </Box>
  );
}

export function RolePermissionCreate() {
  const [departmentId, setDepartmentId] = useState('');
  const [designationId, setDesignationId] = useState('');
  const [roleId, setRoleId] = useState('');
  const [permissions, setPermissions] = useState<PermissionMatrix>({});
  const [alert, setAlert] = useState<string>();
  const { roles } = useRoles();
  const [create, { isPending }] = useCreate();
  const { done, finish } = useDelayedReturn(ROUTES.list, SCREEN.redirectDelayMs);
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const translate = useTranslate();

  const offered =
    departmentId === '' || designationId === ''
      ? []
      : roles.filter(
          (role) => String(role.departmentId) === departmentId && String(role.designationId) === designationId,
        );

  const save = () => {
    if (departmentId === '' || designationId === '' || roleId === '') return setAlert(w.allRequired);
    setAlert(undefined);
    create(
      'role_permissions',
      { data: { role_id: Number(roleId), permissions } },
      {
        onSuccess: () => finish(text('created')),
        onError: (error) => setAlert(w.saveFailed({ message: serverMessage(error) || w.somethingWrong })),
      },
    );
  };

  return (
    <FormFrame
      title={w.addTitle}
      alert={alert}
      done={done}
      saveLabel={translate('ra.action.save')}
      busy={isPending}
      onSave={save}
    >
      <DepartmentDesignationSelects
        departmentId={departmentId}
        designationId={designationId}
        onDepartment={setDepartmentId}
        onDesignation={(id) => {
          setDesignationId(id);
          setRoleId('');
        }}
      />
      <TextField
        select
        id="role-permission-role"
        label={text('fields.role_id')}
        value={offered.some((role) => String(role.id) === roleId) ? roleId : ''}
        onChange={(event) => setRoleId(event.target.value)}
        disabled={designationId === ''}
        helperText={designationId !== '' && offered.length === 0 ? w.noRoles : undefined}
        fullWidth
        margin="dense"
      >
        {offered.map((role) => (
          <MenuItem key={role.id} value={String(role.id)}>
            {role.roleName}
          </MenuItem>
        ))}
      </TextField>
      <MatrixInput value={permissions} onChange={setPermissions} />
    </FormFrame>
  );
}

function ReadOnlyText({ label, value }: { label: string; value: string }) {
  return (
    <TextField label={label} value={value} fullWidth margin="dense" slotProps={{ htmlInput: { readOnly: true } }} />
  );
}

function RolePermissionEditForm({ id }: { id: Identifier }) {
  const { data, error, isPending } = useGetOne('role_permissions', { id }, { retry: false });
  const { byId } = useRoles();
  const [permissions, setPermissions] = useState<PermissionMatrix>();
  const [alert, setAlert] = useState<string>();
  const [update, { isPending: saving }] = useUpdate();
  const { done, finish } = useDelayedReturn(ROUTES.list, SCREEN.redirectDelayMs);
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const roleText = useResourceText(roleDeclaration);

  if (error) {
    return (
      <Box>
        <PageHeading>{w.editTitle}</PageHeading>
        <Alert severity="error" role="alert">
          {serverMessage(error) ?? text('notFound')}
        </Alert>
      </Box>
    );
  }
  if (isPending || !data) return <PageHeading>{w.editTitle}</PageHeading>;
  const matrix = permissions ?? ((data.permissions ?? {}) as PermissionMatrix);
  const role = byId.get(String(data.role_id));

  const save = () => {
    setAlert(undefined);
    update(
      'role_permissions',
      { id, data: { role_id: data.role_id, permissions: matrix }, previousData: data },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => finish(text('updated')),
        onError: (failure) => setAlert(w.saveFailed({ message: serverMessage(failure) || w.somethingWrong })),
      },
    );
  };

  return (
    <FormFrame title={w.editTitle} alert={alert} done={done} saveLabel={w.update} busy={saving} onSave={save}>
      <ReadOnlyText label={roleText('fields.department_id')} value={role?.departmentName ?? ''} />
      <ReadOnlyText label={roleText('fields.designation_id')} value={role?.designationName ?? ''} />
      <ReadOnlyText label={text('fields.role_id')} value={role?.roleName ?? ''} />
      <MatrixInput value={matrix} onChange={setPermissions} />
    </FormFrame>
  );
}

export function RolePermissionEdit() {
  const id = useEditId();
  if (id === undefined) return <Navigate to={ROUTES.list} replace />;
  return <RolePermissionEditForm key={String(id)} id={id} />;
}
