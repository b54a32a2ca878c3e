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
import { departments, designations } from '../../resources/index.ts';
import { RowNumberField, useRowActionsAllowed } from '../generated/columns.tsx';
import { useGeneratedText, useResourceText } from '../generated/messages.ts';
import { useWords } from '../i18n/words.ts';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { COMPANY, DESIGNATION as T } from './messages.ts';
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

export function DesignationList() {
  const rowActions = useRowActionsAllowed('designations');
  const w = useWords(COMPANY);
  const text = useResourceText(designations);
  const departmentText = useResourceText(departments);
  const generated = useGeneratedText();
  const title = text('title.list');
  const deleteFailure = (error: unknown) =>
    isServerAnswer(error) ? w.designations.deleteFailed : w.designations.deleteError;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <List
        resource="designations"
        title={title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={text('search')} />]}
        actions={
          <ListToolbar
            addLabel={text('add')}
            addTo={T.addRoute}
            filter={<NameFilter resource="designations" source="designation" label={w.filterLabel} />}
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
              {text('empty')}
            </Typography>
          }
        >
          <RowNumberField label={generated('serialNumber')} sortable={false} />
          <TextField source="designation" label={text('fields.designation')} sortable={false} />
          <DepartmentNameField label={departmentText('fields.department_name')} sortable={false} />
          <TextField source="description" label={text('fields.description')} sortable={false} />
          {rowActions ? (
            <RowActions
              label={generated('action')}
              sortable={false}
              resource="designations"
              editRoute={T.editRoute}
              stateKey="designation"
              title={text('deleteTitle')}
              confirm={text('deleteConfirm')}
              deleted={text('deleted')}
              failure={deleteFailure}
            />
          ) : null}
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
