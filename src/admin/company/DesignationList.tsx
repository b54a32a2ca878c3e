/**
 * /designation (spec section 2, "Designations"): heading, Add Designation, a filter dropdown of the designation
 * names that exist, search, the table (S.No, Designation Name, Department Name, Description, Action), 5 per page,
 * and delete with 'Are you sure you want to delete this designation? This action cannot be undone.'
 *
 * The /api/v1 lists have no sort, so no column offers one; rows come in id order.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { List, ReferenceField, SearchInput, TextField, useRecordContext } from 'react-admin';
import { RowNumberField, useRowActionsAllowed } from '../generated/columns.tsx';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { DESIGNATION as T } from './messages.ts';
import {
  ID_ORDER,
  isServerAnswer,
  ListToolbar,
  NameFilter,
  PageHeading,
  RowActions,
  type ColumnProps,
} from './shared.tsx';

/** The department's name: as the list row carries it (v1 lists do), else looked up by its id. */
function DepartmentNameField(_props: ColumnProps) {
  const record = useRecordContext();
  if (!record) return null;
  if (typeof record.department_name === 'string') return <span>{record.department_name}</span>;
  return (
    <ReferenceField source="department_id" reference="departments" link={false}>
      <TextField source="department_name" />
    </ReferenceField>
  );
}

const deleteFailure = (error: unknown) => (isServerAnswer(error) ? T.deleteFailed : T.deleteError);

export function DesignationList() {
  const rowActions = useRowActionsAllowed('designations');
  return (
    <Box>
      <PageHeading>{T.title}</PageHeading>
      <List
        resource="designations"
        title={T.title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} />]}
        actions={
          <ListToolbar
            addLabel={T.add}
            addTo={T.addRoute}
            filter={<NameFilter resource="designations" source="designation" label={T.filterLabel} />}
          />
        }
        pagination={<PreviousNextPagination />}
        empty={false}
      >
        <ResponsiveDatagrid
          rowClick={false}
          bulkActionButtons={false}
          empty={
            <Typography sx={{ p: 2 }} role="status">
              {T.empty}
            </Typography>
          }
        >
          <RowNumberField label={T.columns.number} sortable={false} />
          <TextField source="designation" label={T.columns.name} sortable={false} />
          <DepartmentNameField label={T.columns.department} sortable={false} />
          <TextField source="description" label={T.columns.description} sortable={false} />
          {rowActions ? (
            <RowActions
              label={T.columns.action}
              sortable={false}
              resource="designations"
              editRoute={T.editRoute}
              stateKey="designation"
              title={T.deleteTitle}
              confirm={T.deleteConfirm}
              deleted={T.deleted}
              failure={deleteFailure}
            />
          ) : null}
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
