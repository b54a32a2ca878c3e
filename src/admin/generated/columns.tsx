/**
 * The generated list's columns: the row number across pages, one column per declared field, the status chip,
 * the creation date and the row's actions (each shown only when react-admin's canAccess allows it).
 */
import EditIcon from '@mui/icons-material/Edit';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  DateField,
  DeleteWithConfirmButton,
  NumberField,
  ReferenceField,
  TextField,
  useListContext,
  useNotify,
  useRecordContext,
} from 'react-admin';
import { isSortable, type FieldDeclaration, type ResourceDeclaration } from '../../resources/index.ts';
import { Allowed, useAllowed } from '../auth/RequireAccess.tsx';

/** Datagrid reads a column's header from its element's `label` and `sortable` props. */
interface ColumnProps {
  label: string;
  sortable?: boolean;
  source?: string;
}

/** S.No: the row's number across pages ((page - 1) × page size + position). */
export function RowNumberField(_props: ColumnProps) {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const index = record && data ? data.findIndex((row) => row.id === record.id) : -1;
  if (index < 0) return null;
  return <span>{(page - 1) * perPage + index + 1}</span>;
}

/** Colours of the enum values the spec gives one (Active green, Inactive red); others are plain. */
const VALUE_COLOURS: Record<string, ChipProps['color']> = {
  Active: 'success',
  Inactive: 'error',
};

export function EnumChipField({ source }: ColumnProps & { source: string }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value == null || value === '') return null;
  const text = String(value);
  return <Chip size="small" label={text} color={VALUE_COLOURS[text] ?? 'default'} />;
}

/** The column of one declared field. */
export function fieldColumn(name: string, decl: FieldDeclaration): ReactElement | null {
  const common = { source: name, label: decl.label, sortable: isSortable(decl) };
  switch (decl.kind) {
    case 'text':
      return <TextField key={name} {...common} />;
    case 'enum':
      return <EnumChipField key={name} {...common} />;
    case 'reference':
      return (
        <ReferenceField key={name} {...common} reference={decl.reference} link={false}>
          <TextField source={decl.display} />
        </ReferenceField>
      );
    case 'integer':
      return <NumberField key={name} {...common} />;
    case 'boolean':
      return <BooleanField key={name} {...common} />;
    case 'date':
      return <DateField key={name} {...common} />;
    case 'datetime':
      return <DateField key={name} showTime {...common} />;
    case 'permissions':
      // A matrix has no column: its resource's own screens show it.
      return null;
  }
}

/** Whether a list has a row action to show at all (edit or delete), so that an empty column is left out. */
export function useRowActionsAllowed(resource: string): boolean {
  const edit = useAllowed('edit', resource);
  const remove = useAllowed('delete', resource);
  return edit || remove;
}

/**
 * Edit (to the declared edit route, `<edit>/<id>`) and delete with the declaration's confirmation sentence,
 * each only when the account may.
 */
export function RowActions({ resource }: ColumnProps & { resource: ResourceDeclaration }) {
  const record = useRecordContext();
  const notify = useNotify();
  if (!record) return null;
  const one = resource.label.one;
  const editRoute = resource.routes?.edit;
  const deleted = `${one} deleted successfully.`;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {editRoute ? (
        <Allowed action="edit" resource={resource.name}>
          <Button component={Link} label="Edit" to={`${editRoute}/${encodeURIComponent(String(record.id))}`}>
            <EditIcon />
          </Button>
        </Allowed>
      ) : null}
      <Allowed action="delete" resource={resource.name}>
        <DeleteWithConfirmButton
          record={record}
          resource={resource.name}
          mutationMode="pessimistic"
          redirect={false}
          confirmTitle={`Delete ${one}`}
          confirmContent={
            resource.messages?.deleteConfirm ?? `Are you sure you want to delete this ${one.toLowerCase()}?`
          }
          mutationOptions={{ onSuccess: () => notify(deleted, { type: 'info', messageArgs: { _: deleted } }) }}
        />
      </Allowed>
    </span>
  );
}
