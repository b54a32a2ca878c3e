/**
 * /department (spec section 2, "Departments"): heading, Add Department, a filter dropdown of the department
 * names that exist (All, the names, Cancel), search, the table (S.No, Department Name with the 'Has Related
 * Designations' badge, Description, Created At, Action), 3 per page, and delete with confirmation. A department
 * with designations cannot be deleted: its dialog says why (and the server refuses with a 409 if it is tried).
 *
 * The /api/v1 lists have no sort, so no column offers one; rows come in id order.
 */
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DateField, List, SearchInput, TextField, useRecordContext, type RaRecord } from 'react-admin';
import { RowNumberField, useRowActionsAllowed } from '../generated/columns.tsx';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { DEPARTMENT as T } from './messages.ts';
import {
  ID_ORDER,
  isServerAnswer,
  ListToolbar,
  NameFilter,
  PageHeading,
  RowActions,
  serverMessage,
  type ColumnProps,
} from './shared.tsx';

const hasDesignations = (record: RaRecord) => Number(record.designation_count ?? 0) > 0;

function DepartmentNameField(_props: ColumnProps) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span data-testid="department-name">{String(record.department_name ?? '')}</span>
      {hasDesignations(record) ? <Chip size="small" color="info" label={T.hasDesignations} /> : null}
    </Box>
  );
}

const deleteFailure = (error: unknown) =>
  isServerAnswer(error) ? T.deleteFailed(serverMessage(error)) : T.deleteError;

export function DepartmentList() {
  const rowActions = useRowActionsAllowed('departments');
  return (
    <Box>
      <PageHeading>{T.title}</PageHeading>
      <List
        resource="departments"
        title={T.title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} />]}
        actions={
          <ListToolbar
            addLabel={T.add}
            addTo={T.addRoute}
            filter={
              <NameFilter resource="departments" source="department_name" label={T.filterLabel} cancel={T.cancel} />
            }
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
          <DepartmentNameField label={T.columns.name} sortable={false} />
          <TextField source="description" label={T.columns.description} sortable={false} />
          <DateField source="created_at" label={T.columns.createdAt} sortable={false} />
          {rowActions ? (
            <RowActions
              label={T.columns.action}
              sortable={false}
              resource="departments"
              editRoute={T.editRoute}
              stateKey="department"
              title={T.deleteTitle}
              confirm={T.deleteConfirm}
              blocked={(record) => (hasDesignations(record) ? T.deleteBlocked : undefined)}
              deleted={T.deleted}
              failure={deleteFailure}
            />
          ) : null}
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
