/**
 * /designation/add and /designation/edit (spec sections 2, 4, 5, 8): Department (a select of every department,
 * loaded whole), Designation Name and Description, all required ('Please select a department.'). A successful
 * add goes back to /designation after 2 seconds, an edit after 1.5. Edit takes the designation from navigation
 * state (the spec's way) or from `/designation/edit/:id`; with neither it goes back to the list.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Create, Edit, SelectInput, SimpleForm, TextInput, useGetList, type Identifier } from 'react-admin';
import { designations } from '../../resources/index.ts';
import { formErrors, writableValues } from '../generated/declaration.ts';
import { DESIGNATION as T } from './messages.ts';
import {
  ALL_ROWS,
  FormAlerts,
  useNotFoundReturn,
  FormToolbar,
  ID_ORDER,
  isServerAnswer,
  PageHeading,
  serverMessage,
  useDelayedReturn,
  useEditId,
} from './shared.tsx';

type Values = Record<string, unknown>;

const transform = (values: Values) => writableValues(designations, values);
const validate = (values: Values) => formErrors(designations, values);

/** Every department (getAllDepartments without paging on the server), for the select. */
function DepartmentSelect() {
  // No retries: a failure is said at once (spec section 8), not after react-query's back-off.
  const { data, isPending, error } = useGetList(
    'departments',
    { pagination: ALL_ROWS, sort: ID_ORDER },
    { retry: false },
  );
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
          {isServerAnswer(error) ? T.departmentsRefused : T.departmentsFailed}
        </Alert>
      ) : null}
      {/* Remounted once the departments arrive, so that the chosen id never meets an empty list of choices. */}
      <SelectInput
        key={data ? 'loaded' : 'loading'}
        source="department_id"
        label={T.department}
        choices={data ?? []}
        optionText="department_name"
        optionValue="id"
        emptyText={T.selectDepartment}
        translateChoice={false}
        isPending={isPending && !error}
        fullWidth
      />
    </>
  );
}

function DesignationForm({ saveLabel, done, error }: { saveLabel: string; done?: string; error?: string }) {
  return (
    <SimpleForm
      validate={validate}
      toolbar={
        <FormToolbar label={saveLabel} done={done !== undefined} cancelLabel={T.cancel} cancelTo={T.listRoute} />
      }
    >
      <FormAlerts done={done} error={error} />
      <DepartmentSelect />
      <TextInput source="designation" label={T.columns.name} fullWidth />
      <TextInput source="description" label={T.columns.description} multiline minRows={3} fullWidth />
    </SimpleForm>
  );
}

export function DesignationCreate() {
  const { done, finish } = useDelayedReturn(T.listRoute, T.addRedirectDelayMs);
  const [error, setError] = useState<string>();
  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Create
        resource="designations"
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
        <DesignationForm saveLabel={T.save} done={done} error={error} />
      </Create>
    </Box>
  );
}

function DesignationEditForm({ id }: { id: Identifier }) {
  const { done, finish } = useDelayedReturn(T.listRoute, T.editRedirectDelayMs);
  const [error, setError] = useState<string>();
  const notFound = useNotFoundReturn(designations, T.listRoute);
  return (
    <Box>
      <PageHeading>{T.editTitle}</PageHeading>
      <Edit
        resource="designations"
        id={id}
        title={T.editTitle}
        redirect={false}
        mutationMode="pessimistic"
        transform={transform}
        queryOptions={{ onError: notFound }}
        mutationOptions={{
          onSuccess: () => {
            setError(undefined);
            finish(T.updated);
          },
          onError: () => setError(T.updateFailed),
        }}
      >
        <DesignationForm saveLabel={T.update} done={done} error={error} />
      </Edit>
    </Box>
  );
}

export function DesignationEdit() {
  const id = useEditId();
  if (id === undefined) return <Navigate to={T.listRoute} replace />;
  return <DesignationEditForm key={String(id)} id={id} />;
}
