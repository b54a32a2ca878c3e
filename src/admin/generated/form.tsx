/**
 * The generated create and edit screens of a declared resource: one input per field, validated in the browser
 * with `validateRecord` (the server's own sentences), saved pessimistically so that the server's field errors
 * (a duplicate code, a state outside the country) appear under their fields; on success a notification, then
 * back to the list.
 *
 * The spec's edit routes carry no id (`/master/country/edit`, the item passed in navigation state); the
 * generated screens also answer `<edit>/<id>`. With no item at all, the edit screen goes back to the list.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useEffect, useState } from 'react';
import { useFormState } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/index.ts';
import { formErrors, writableValues } from './declaration.ts';
import { formInput } from './inputs.tsx';
import { useResourceText } from './messages.ts';

export interface GeneratedFormScreenProps {
  resource: ResourceDeclaration;
}

function listRouteOf(resource: ResourceDeclaration): string {
  return resource.routes?.list ?? '/';
}

function FormToolbar({ resource }: GeneratedFormScreenProps) {
  const translate = useTranslate();
  return (
    <Toolbar>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SaveButton label={translate('ra.action.save')} alwaysEnable />
        <Button component={Link} label={translate('ra.action.cancel')} to={listRouteOf(resource)} />
      </Box>
    </Toolbar>
  );
}

/**
 * The first sentence of a field's error: react-admin's validation gives `{ message: { message } }`, an error the
 * server sent `{ message }`, and a list of items an array of its items' errors.
 */
function firstMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object') return firstMessage(message);
  for (const inner of Object.values(error)) {
    const found = firstMessage(inner);
    if (found) return found;
  }
  return undefined;
}

/**
 * After a save that did not go through, the first problem in the order of the form, in a danger alert a person
 * can dismiss (the spec's gallery forms speak this way: "Please fill all required fields."); each field's own
 * problem also stays under it.
 */
function FormAlert({ resource }: GeneratedFormScreenProps) {
  const { errors, submitCount } = useFormState();
  const [dismissed, setDismissed] = useState(-1);
  useEffect(() => setDismissed(-1), [submitCount]);
  const translate = useTranslate();
  const first = Object.keys(resource.fields)
    .map((name) => firstMessage(errors[name]))
    .find((message): message is string => message !== undefined && message !== '');
  if (submitCount === 0 || !first || dismissed === submitCount) return null;
  return (
    <Alert severity="error" onClose={() => setDismissed(submitCount)} sx={{ mb: 2, width: '100%' }}>
      {translate(first, { _: first })}
    </Alert>
  );
}

function GeneratedForm({ resource }: GeneratedFormScreenProps) {
  const validate = useCallback((values: Record<string, unknown>) => formErrors(resource, values), [resource]);
  return (
    <SimpleForm validate={validate} toolbar={<FormToolbar resource={resource} />}>
      <FormAlert resource={resource} />
      {Object.entries(resource.fields as Record<string, FieldDeclaration>).map(([name, decl]) =>
        formInput(name, decl, resource),
      )}
    </SimpleForm>
  );
}

/** After a save: the sentence, then the list. */
function useBackToList(resource: ResourceDeclaration, sentence: string) {
  const notify = useNotify();
  const navigate = useNavigate();
  return useCallback(() => {
    notify(sentence, { type: 'success', messageArgs: { _: sentence } });
    navigate(listRouteOf(resource));
  }, [notify, navigate, resource, sentence]);
}

export function GeneratedCreate({ resource }: GeneratedFormScreenProps) {
  const text = useResourceText(resource);
  const onSuccess = useBackToList(resource, text('created'));
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  return (
    <Create resource={resource.name} title={text('title.create')} mutationOptions={{ onSuccess }} transform={transform}>
      <GeneratedForm resource={resource} />
    </Create>
  );
}

export function GeneratedEdit({ resource, id }: GeneratedFormScreenProps & { id: Identifier }) {
  const text = useResourceText(resource);
  const onSuccess = useBackToList(resource, text('updated'));
  const notify = useNotify();
  const navigate = useNavigate();
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  const notFound = text('notFound');
  return (
    <Edit
      resource={resource.name}
      id={id}
      title={text('title.edit')}
      mutationMode="pessimistic"
      mutationOptions={{ onSuccess }}
      queryOptions={{
        onError: (error: Error) => {
          const message = error.message || notFound;
          notify(message, { type: 'error', messageArgs: { _: message } });
          navigate(listRouteOf(resource), { replace: true });
        },
      }}
      transform={transform}
    >
      <GeneratedForm resource={resource} />
    </Edit>
  );
}

/** The id of the item passed in navigation state: `{ id }`, `{ record: { id } }` or `{ <anything>: { id } }`. */
export function idFromState(state: unknown): Identifier | undefined {
  if (state === null || typeof state !== 'object') return undefined;
  const value = state as Record<string, unknown>;
  const isId = (candidate: unknown): candidate is Identifier =>
    (typeof candidate === 'number' && Number.isFinite(candidate)) ||
    (typeof candidate === 'string' && candidate !== '');
  if (isId(value.id)) return value.id;
  for (const item of Object.values(value)) {
    if (item !== null && typeof item === 'object' && isId((item as RaRecord).id)) return (item as RaRecord).id;
  }
  return undefined;
}

/** `<edit>/:id`, or `<edit>` with the item in navigation state; otherwise back to the list. */
export function GeneratedEditRoute({ resource }: GeneratedFormScreenProps) {
  const params = useParams();
  const location = useLocation();
  const id = params.id ?? idFromState(location.state);
  if (id === undefined || id === '') return <Navigate to={listRouteOf(resource)} replace />;
  return <GeneratedEdit key={String(id)} resource={resource} id={id} />;
}
