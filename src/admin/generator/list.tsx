/**
 * The generated list of a declared resource, under its heading: search (`q`), the declared filters, the table (S.No,
 * the declared columns or else the fields shown in lists and Created At, Action), the declared page size and sort,
 * the declaration's empty sentence, a dropdown of the names that exist (name-filter.tsx) where declared, the enum
 * filters as menus in the toolbar where declared (`list.filterMenus`), an Export
 * menu (export-menu.tsx), an Import menu (import-menu.tsx), an area's own buttons (CustomScreens.listActions) and an
 * Add button to the create route. Search and filter changes go back to page 1 (react-admin's list params do). A
 * legacy-v1 list offers no sort: the spec's /api/v1 lists come in id order.
 * The Add button shows only to accounts that may add, and the Action column only to those that may edit or
 * delete (react-admin's canAccess).
 */
import { useMemo, type ComponentType } from 'react';
import AddIcon from '@mui/icons-material/Add';
import Chip from '@mui/material/Chip';
import type { SxProps } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Button, DateInput, FunctionField, SearchInput, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { listRowFields, recordFields, type FieldDeclaration, type ResourceDeclaration } from '../../resources/index.ts';
import { useGeneratedText, useResourceText } from './messages.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { fieldColumn, FormattedField, RowActions, RowNumberField, useRowActionsAllowed } from './columns.tsx';
import { ExportMenu } from './export-menu.tsx';
import { ImportMenu } from './import-menu.tsx';
import { filterInput } from './inputs.tsx';
import { FilterMenu, NameFilter, useExactFilter } from './name-filter.tsx';
import { ListTable } from './datagrid.tsx';
import type { RecordActions } from './record-actions.ts';
import { ListPage } from './list-page.tsx';

export interface GeneratedScreenProps {
  resource: ResourceDeclaration;
}

function ListActions({ resource, extra: Extra }: GeneratedScreenProps & { extra?: ComponentType }) {
  const text = useResourceText(resource);
  const words = useGeneratedText();
  const translate = useTranslate();
  const create = resource.routes?.create;
  const names = resource.list.nameFilter;
  return (
    <TopToolbar>
      {names ? (
        <NameFilter
          resource={resource.name}
          source={names.field}
          label={words('filter')}
          cancel={names.cancel ? translate('ra.action.cancel') : undefined}
        />
      ) : null}
      {resource.list.filterMenus
        ? (resource.list.filters ?? []).map((name) => <EnumFilterMenu key={name} resource={resource} field={name} />)
        : null}
      {Extra ? <Extra /> : null}
      <ExportMenu resource={resource} />
      <ImportMenu resource={resource} />
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

/** A declared enum filter as a menu ("User Type: All", then All and each value), back on page 1 once chosen. */
function EnumFilterMenu({ resource, field }: GeneratedScreenProps & { field: string }) {
  const { current, choose } = useExactFilter(field);
  const text = useResourceText(resource);
  const decl = resource.fields[field];
  const values = decl?.kind === 'enum' ? decl.values : [];
  return (
    <FilterMenu
      label={text(`fields.${field}`)}
      current={current}
      choices={values.map((value) => ({ value, label: text(`choices.${field}.${value}`, { _: value }) }))}
      onChoose={choose}
    />
  );
}

function filtersOf(resource: ResourceDeclaration, searchPlaceholder: string, words: (key: 'from' | 'to') => string) {
  const fields = resource.fields as Record<string, FieldDeclaration>;
  // A declared date range: From and To, calendar days both inclusive (the server reads `<field>_gte`/`_lte`).
  const range = resource.list.dateRange;
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={searchPlaceholder} />,
    ...(range
      ? [
          <DateInput key="from" source={`${range}_gte`} label={words('from')} alwaysOn />,
          <DateInput key="to" source={`${range}_lte`} label={words('to')} alwaysOn />,
        ]
      : []),
    // Filters shown as menus are in the toolbar (EnumFilterMenu).
    ...(resource.list.filterMenus ? [] : (resource.list.filters ?? [])).flatMap((name) => {
      const decl = fields[name];
      const input = decl ? filterInput(name, decl, resource.name) : null;
      return input ? [input] : [];
    }),
  ];
}

const NEW_ROW: SxProps = { '& td, & td *': { fontWeight: 700 } };
const NO_STYLE: SxProps = {};

/** A declared seen flag: a record not seen yet is new, its row bold with a New badge. */
const isNew = (resource: ResourceDeclaration, record: RaRecord | undefined) =>
  resource.list.seenFlag !== undefined && record !== undefined && record[resource.list.seenFlag] === false;

/**
 * What the list asks of its records: without the rich text it does not show, when it has some (a news item's body
 * is most of its bytes). Under its own `meta`, the rows do not stand in for whole records on the show and edit
 * screens (react-admin keeps list rows as the records of their getOne, by id and meta).
 */
function useListMeta(resource: ResourceDeclaration): { fields: string[] } | undefined {
  return useMemo(() => {
    const fields = listRowFields(resource);
    return fields.length < recordFields(resource).length ? { fields } : undefined;
  }, [resource]);
}

/** The table's columns in order: the declared ones, else every field shown in lists and then `created_at`. */
function columnsOf(resource: ResourceDeclaration): string[] {
  const fields = resource.fields as Record<string, FieldDeclaration>;
  return [
    ...(resource.list.columns ??
      Object.keys(fields)
        .filter((name) => fields[name]!.inList !== false)
        .concat('created_at')),
  ];
}

export function GeneratedList({
  resource,
  rowActions: Extra,
  listActions,
}: GeneratedScreenProps & { rowActions?: RecordActions; listActions?: ComponentType }) {
  const fields = resource.fields as Record<string, FieldDeclaration>;
  // The spec's /api/v1 lists have no sort.
  const sortable = resource.provider !== 'legacy-v1';
  const headers = resource.list.headers ?? {};
  const rowActions = useRowActionsAllowed(resource.name, resource.routes?.show !== undefined) || Extra !== undefined;
  const meta = useListMeta(resource);
  const text = useResourceText(resource);
  const words = useGeneratedText();
  return (
    <ListPage
      title={text('title.list')}
      of={resource}
      filters={filtersOf(resource, text('search'), words)}
      actions={<ListActions resource={resource} extra={listActions} />}
      queryOptions={meta ? { meta } : undefined}
    >
      <ListTable emptyText={text('empty')} rowSx={(record) => (isNew(resource, record) ? NEW_ROW : NO_STYLE)}>
        <RowNumberField
          label={resource.list.numberHeader ? text('numberHeader') : words('serialNumber')}
          sortable={false}
        />
        {resource.list.seenFlag ? (
          <FunctionField
            label={words('status')}
            sortBy={resource.list.seenFlag}
            sortable={sortable}
            render={(record) =>
              isNew(resource, record) ? (
                <Chip label={words('new')} color="primary" size="small" />
              ) : (
                <Typography variant="body2">{words('seen')}</Typography>
              )
            }
          />
        ) : null}
        {columnsOf(resource).map((name) =>
          name === 'created_at' ? (
            <FormattedField key={name} source={name} label={words('createdAt')} as="date" sortable={sortable} />
          ) : (
            fieldColumn(name, fields[name]!, resource, {
              label: headers[name] === undefined ? undefined : `resources.${resource.name}.headers.${name}`,
              sortable,
            })
          ),
        )}
        {rowActions ? (
          <RowActions
            label={resource.list.actionHeader ? text('actionHeader') : words('action')}
            sortable={false}
            resource={resource}
            extra={Extra}
          />
        ) : null}
      </ListTable>
    </ListPage>
  );
}
