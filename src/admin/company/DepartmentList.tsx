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
import { List, SearchInput, TextField, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { departments } from '../../resources/index.ts';
import { FormattedField, RowNumberField, useRowActionsAllowed } from '../generated/columns.tsx';
import { useGeneratedText, useResourceText } from '../generated/messages.ts';
import { useWords } from '../i18n/words.ts';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { COMPANY, DEPARTMENT as T } from './messages.ts';
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
  const w = useWords(COMPANY);
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span data-testid="department-name">{String(record.department_name ?? '')}</span>
      {hasDesignations(record) ? <Chip size="small" color="info" label={w.departments.hasDesignations} /> : null}
    </Box>
  );
}

export function DepartmentList() {
  const rowActions = useRowActionsAllowed('departments');
  const w = useWords(COMPANY);
  const text = useResourceText(departments);
  const generated = useGeneratedText();
  const translate = useTranslate();
  const title = text('title.list');
  const deleteFailure = (error: unknown) =>
    isServerAnswer(error)
      ? w.departments.deleteFailed({ message: serverMessage(error) || w.departments.unexpected })
      : w.departments.deleteError;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <List
        resource="departments"
        title={title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={text('search')} />]}
        actions={
          <ListToolbar
            addLabel={text('add')}
            addTo={T.addRoute}
            filter={
              <NameFilter
                resource="departments"
                source="department_name"
                label={w.filterLabel}
                cancel={translate('ra.action.cancel')}
              />
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
              {text('empty')}
            </Typography>
          }
        >
          <RowNumberField label={generated('serialNumber')} sortable={false} />
          <DepartmentNameField label={text('fields.department_name')} sortable={false} />
          <TextField source="description" label={text('fields.description')} sortable={false} />
          <FormattedField source="created_at" label={generated('createdAt')} as="date" sortable={false} />
          {rowActions ? (
            <RowActions
              label={generated('action')}
              sortable={false}
              resource="departments"
              editRoute={T.editRoute}
              stateKey="department"
              title={text('deleteTitle')}
              confirm={text('deleteConfirm')}
              blocked={(record) => (hasDesignations(record) ? w.departments.deleteBlocked : undefined)}
              deleted={text('deleted')}
              failure={deleteFailure}
            />
          ) : null}
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
