/**
 * /department/add and /department/edit (spec sections 2, 4, 5, 8): Department Name and Description, both
 * required after trimming ('Department Name is required.', 'Description is required.'; the edit form says
 * 'Department Name is required!'). A successful save shows its sentence and goes back to /department after
 * 2 seconds. Edit takes the department from navigation state (the spec's way) or from `/department/edit/:id`;
 * with neither it goes back to the list.
 */
import Box from '@mui/material/Box';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Create, Edit, SimpleForm, TextInput, type Identifier } from 'react-admin';
import { departments } from '../../resources/index.ts';
import { formErrors, writableValues, type FormErrors } from '../generated/declaration.ts';
import { DEPARTMENT as T } from './messages.ts';
import {
  FormAlerts,
  useNotFoundReturn,
  FormToolbar,
  isServerAnswer,
  PageHeading,
  useDelayedReturn,
  useEditId,
} from './shared.tsx';

type Values = Record<string, unknown>;

const transform = (values: Values) => writableValues(departments, values);

const validateAdd = (values: Values) => formErrors(departments, values);

/** The edit form's own sentence for an empty name (spec section 5). */
const validateEdit = (values: Values) => {
  const errors = formErrors(departments, values);
  if (errors.department_name === T.nameRequired) errors.department_name = T.editNameRequired;
  return errors;
};

interface FormProps {
  validate: (values: Values) => FormErrors;
  saveLabel: string;
  done?: string;
  error?: string;
}

function DepartmentForm({ validate, saveLabel, done, error }: FormProps) {
  return (
    <SimpleForm
      validate={validate}
      toolbar={
        <FormToolbar label={saveLabel} done={done !== undefined} cancelLabel={T.cancel} cancelTo={T.listRoute} />
      }
    >
      <FormAlerts done={done} error={error} />
      <TextInput source="department_name" label={T.columns.name} fullWidth />
      <TextInput source="description" label={T.columns.description} multiline minRows={3} fullWidth />
    </SimpleForm>
  );
}

export function DepartmentCreate() {
  const { done, finish } = useDelayedReturn(T.listRoute, T.redirectDelayMs);
  const [error, setError] = useState<string>();
  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Create
        resource="departments"
        title={T.addTitle}
        redirect={false}
        transform={transform}
        mutationOptions={{
          onSuccess: () => {
            setError(undefined);
            finish(T.added);
          },
          // A refusal from the server ("success: false") or no answer at all; field errors also show under their inputs.
          onError: (failure: unknown) => setError(isServerAnswer(failure) ? T.addRefused : T.addFailed),
        }}
      >
        <DepartmentForm validate={validateAdd} saveLabel={T.save} done={done} error={error} />
      </Create>
    </Box>
  );
}

function DepartmentEditForm({ id }: { id: Identifier }) {
  const { done, finish } = useDelayedReturn(T.listRoute, T.redirectDelayMs);
  const [error, setError] = useState<string>();
  const notFound = useNotFoundReturn(departments, T.listRoute);
  return (
    <Box>
      <PageHeading>{T.editTitle}</PageHeading>
      <Edit
        resource="departments"
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
        <DepartmentForm validate={validateEdit} saveLabel={T.update} done={done} error={error} />
      </Edit>
    </Box>
  );
}

export function DepartmentEdit() {
  const id = useEditId();
  if (id === undefined) return <Navigate to={T.listRoute} replace />;
  return <DepartmentEditForm key={String(id)} id={id} />;
}
