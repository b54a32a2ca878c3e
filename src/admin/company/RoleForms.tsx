/**
 * /employee-role/add and /employee-role/edit (spec sections 2, 4, 5, 8): Role Name, Responsibility (optional),
 * Department (every department) and Designation (the chosen department's, through getDesignationsByDepartmentId
 * on the server; cleared when the department changes). Role name, department and designation are required:
 * 'All fields (Role Name, Department, and Designation) are required.'. A successful save shows its sentence and
 * goes back to /employee-roles after 1.5 seconds. Edit takes the role from navigation state or `/:id`.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { Create, Edit, SelectInput, SimpleForm, TextInput, useGetList, useNotify, type Identifier } from 'react-admin';
import { roles } from '../../resources/index.ts';
import { formErrors, writableValues } from '../generated/declaration.ts';
import { ROLE as T } from './messages.ts';
import {
  ALL_ROWS,
  FormAlerts,
  FormToolbar,
  ID_ORDER,
  isServerAnswer,
  PageHeading,
  serverMessage,
  useDelayedReturn,
  useEditId,
} from './shared.tsx';

type Values = Record<string, unknown>;

const transform = (values: Values) => writableValues(roles, values);
const validate = (values: Values) => formErrors(roles, values);

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Department, then the designations of the chosen department; a new department clears the designation. */
function DepartmentAndDesignation() {
  const { setValue } = useFormContext();
  const departmentId = useWatch({ name: 'department_id' }) as Identifier | null | undefined;
  const chosen = !isBlank(departmentId);
  const departments = useGetList('departments', { pagination: ALL_ROWS, sort: ID_ORDER }, { retry: false });
  const designations = useGetList(
    'designations',
    { pagination: ALL_ROWS, sort: ID_ORDER, filter: { department_id: departmentId } },
    { retry: false, enabled: chosen },
  );

  const previous = useRef(departmentId);
  useEffect(() => {
    if (previous.current === departmentId) return;
    previous.current = departmentId;
    setValue('designation_id', null, { shouldDirty: true });
  }, [departmentId, setValue]);

  const failed = departments.error || designations.error;
  return (
    <>
      {failed ? (
        <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
          {T.dropdownsFailed}
        </Alert>
      ) : null}
      <SelectInput
        key={departments.data ? 'departments' : 'loading'}
        source="department_id"
        label={T.department}
        choices={departments.data ?? []}
        optionText="department_name"
        optionValue="id"
        emptyText={T.selectDepartment}
        translateChoice={false}
        isPending={departments.isPending && !departments.error}
        fullWidth
      />
      <SelectInput
        key={designations.data ? `designations-${String(departmentId)}` : 'loading'}
        source="designation_id"
        label={T.designation}
        choices={chosen ? (designations.data ?? []) : []}
        optionText="designation"
        optionValue="id"
        emptyText={T.selectDesignation}
        translateChoice={false}
        disabled={!chosen}
        fullWidth
      />
    </>
  );
}

function RoleForm({ saveLabel, done, error }: { saveLabel: string; done?: string; error?: string }) {
  return (
    <SimpleForm
      validate={validate}
      defaultValues={{ is_active: true }}
      toolbar={
        <FormToolbar label={saveLabel} done={done !== undefined} cancelLabel={T.cancel} cancelTo={T.listRoute} />
      }
    >
      <FormAlerts done={done} error={error} />
      <TextInput source="role_name" label={T.roleName} fullWidth />
      <TextInput source="responsibility" label={T.columns.responsibility} multiline minRows={3} fullWidth />
      <DepartmentAndDesignation />
    </SimpleForm>
  );
}

export function RoleCreate() {
  const { done, finish } = useDelayedReturn(T.listRoute, T.redirectDelayMs);
  const [error, setError] = useState<string>();
  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Create
        resource="roles"
        title={T.addTitle}
        redirect={false}
        transform={transform}
        mutationOptions={{
          onSuccess: () => {
            setError(undefined);
            finish(T.added);
          },
          onError: (failure: unknown) =>
            setError(isServerAnswer(failure) ? (serverMessage(failure) ?? T.addRefused) : T.addFailed),
        }}
      >
        <RoleForm saveLabel={T.save} done={done} error={error} />
      </Create>
    </Box>
  );
}

function RoleEditForm({ id }: { id: Identifier }) {
  const { done, finish } = useDelayedReturn(T.listRoute, T.redirectDelayMs);
  const [error, setError] = useState<string>();
  const notify = useNotify();
  const navigate = useNavigate();
  const notFound = (failure: unknown) => {
    const message = serverMessage(failure) ?? T.fetchRefused;
    notify(message, { type: 'error', messageArgs: { _: message } });
    navigate(T.listRoute, { replace: true });
  };
  return (
    <Box>
      <PageHeading>{T.editTitle}</PageHeading>
      <Edit
        resource="roles"
        id={id}
        title={T.editTitle}
        redirect={false}
        mutationMode="pessimistic"
        transform={transform}
        queryOptions={{ onError: notFound, retry: false }}
        mutationOptions={{
          onSuccess: () => {
            setError(undefined);
            finish(T.updated);
          },
          onError: (failure: unknown) =>
            setError(isServerAnswer(failure) ? (serverMessage(failure) ?? T.updateRefused) : T.updateFailed),
        }}
      >
        <RoleForm saveLabel={T.update} done={done} error={error} />
      </Edit>
    </Box>
  );
}

export function RoleEdit() {
  const id = useEditId();
  if (id === undefined) return <Navigate to={T.listRoute} replace />;
  return <RoleEditForm key={String(id)} id={id} />;
}
