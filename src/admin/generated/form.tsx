/**
 * The generated create and edit screens of a declared resource: one input per field, validated in the browser
 * with `validateRecord` (the server's own sentences), saved pessimistically so that the server's field errors
 * (a duplicate code, a state outside the country) appear under their fields; on success a notification, then
 * back to the list.
 *
 * The spec's edit routes carry no id (`/master/country/edit`, the item passed in navigation state); the
 * generated screens also answer `<edit>/<id>`. With no item at all, the edit screen goes back to the list.
 */
import Box from '@mui/material/Box';
import { useCallback } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  Button,
  Create,
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/index.ts';
import { formErrors, writableValues } from './declaration.ts';
import { formInput } from './inputs.tsx';

export interface GeneratedFormScreenProps {
  resource: ResourceDeclaration;
}

function listRouteOf(resource: ResourceDeclaration): string {
  return resource.routes?.list ?? '/';
}

function FormToolbar({ resource }: GeneratedFormScreenProps) {
  return (
    <Toolbar>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <SaveButton label="Save" alwaysEnable />
        <Button component={Link} label="Cancel" to={listRouteOf(resource)} />
      </Box>
    </Toolbar>
  );
}

function GeneratedForm({ resource }: GeneratedFormScreenProps) {
  const validate = useCallback((values: Record<string, unknown>) => formErrors(resource, values), [resource]);
  return (
    <SimpleForm validate={validate} toolbar={<FormToolbar resource={resource} />}>
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
  const onSuccess = useBackToList(resource, `${resource.label.one} added successfully.`);
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  return (
    <Create
      resource={resource.name}
      title={`Add ${resource.label.one}`}
      mutationOptions={{ onSuccess }}
      transform={transform}
    >
      <GeneratedForm resource={resource} />
    </Create>
  );
}

export function GeneratedEdit({ resource, id }: GeneratedFormScreenProps & { id: Identifier }) {
  const onSuccess = useBackToList(resource, `${resource.label.one} updated successfully.`);
  const notify = useNotify();
  const navigate = useNavigate();
  const transform = useCallback((values: Record<string, unknown>) => writableValues(resource, values), [resource]);
  const notFound = `${resource.label.one} not found.`;
  return (
    <Edit
      resource={resource.name}
      id={id}
      title={`Edit ${resource.label.one}`}
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
