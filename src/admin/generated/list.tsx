/**
 * The generated list of a declared resource: search (`q`), the declared filters, the table (S.No, the fields
 * shown in lists, Created At, Action), the declared page size and sort, the declaration's empty sentence and an
 * Add button to the create route. Search and filter changes go back to page 1 (react-admin's list params do).
 * The Add button shows only to accounts that may add, and the Action column only to those that may edit or
 * delete (react-admin's canAccess).
 */
import type { ComponentType } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Button, Datagrid, DateField, List, SearchInput, TopToolbar } from 'react-admin';
import type { FieldDeclaration, ResourceDeclaration } from '../../resources/index.ts';
import { useGeneratedText, useResourceText } from './messages.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { fieldColumn, RowActions, RowNumberField, useRowActionsAllowed } from './columns.tsx';
import { filterInput } from './inputs.tsx';
import { PreviousNextPagination } from './pagination.tsx';
import type { RecordActions } from './record-actions.ts';

export interface GeneratedScreenProps {
  resource: ResourceDeclaration;
}

function ListActions({ resource, extra: Extra }: GeneratedScreenProps & { extra?: ComponentType }) {
  const text = useResourceText(resource);
  const create = resource.routes?.create;
  if (!create && !Extra) return null;
  return (
    <TopToolbar>
      {Extra ? <Extra /> : null}
      {create ? (
        <Allowed action="create" resource={resource.name}>
          <Button component={Link} label={text('add')} to={create} variant="contained">
            <AddIcon />
          </Button>
        </Allowed>
      ) : null}
    </TopToolbar>
  );
}

function filtersOf(resource: ResourceDeclaration, searchPlaceholder: string) {
  const fields = resource.fields as Record<string, FieldDeclaration>;
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />,
    ...(resource.list.filters ?? []).flatMap((name) => {
      const decl = fields[name];
      const input = decl ? filterInput(name, decl) : null;
      return input ? [input] : [];
    }),
  ];
}

export function GeneratedList({
  resource,
  rowActions: Extra,
  listActions,
}: GeneratedScreenProps & { rowActions?: RecordActions; listActions?: ComponentType }) {
  const fields = Object.entries(resource.fields as Record<string, FieldDeclaration>).filter(
    ([, decl]) => decl.inList !== false,
  );
  const rowActions = useRowActionsAllowed(resource.name, resource.routes?.show !== undefined) || Extra !== undefined;
  const text = useResourceText(resource);
  const words = useGeneratedText();
  const empty = (
    <Typography sx={{ p: 2 }} role="status">
      {text('empty')}
    </Typography>
  );
  return (
    <List
      resource={resource.name}
      title={text('title.list')}
      perPage={resource.list.pageSize}
      sort={resource.list.sort}
      filters={filtersOf(resource, text('search'))}
      actions={<ListActions resource={resource} extra={listActions} />}
      pagination={<PreviousNextPagination />}
      empty={false}
    >
      <Datagrid rowClick={false} bulkActionButtons={false} empty={empty}>
        <RowNumberField label={words('serialNumber')} sortable={false} />
        {fields.map(([name, decl]) => fieldColumn(name, decl, resource))}
        <DateField source="created_at" label={words('createdAt')} />
        {rowActions ? <RowActions label={words('action')} sortable={false} resource={resource} extra={Extra} /> : null}
      </Datagrid>
    </List>
  );
}
