/**
 * /employee-roles (and /employee-role, the spec's other reading): the Export and Import menus (the shared toolbar's:
 * generated/export-menu.tsx, generated/import-menu.tsx), Add Role, a filter of the role names that exist, search,
 * the table (S.No, Department, Designation, Role, Responsibility, Actions: view, edit, delete with confirmation),
 * 3 per page, 'No roles found.'.
 *
 * The /api/v1 role list has no sort, search or filter: rows come in id order, and the legacy provider searches
 * and filters the whole list itself.
 */
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Button, List, SearchInput, TextField, useRecordContext, useTranslate } from 'react-admin';
import { roles } from '../../resources/index.ts';
import { RowNumberField } from '../generated/columns.tsx';
import { useGeneratedText, useResourceText } from '../generated/messages.ts';
import { useWords } from '../i18n/words.ts';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { COMPANY, ROLE as T } from './messages.ts';
import {
  ID_ORDER,
  ListToolbar,
  NameFilter,
  PageHeading,
  RowActions,
  serverMessage,
  type ColumnProps,
} from './shared.tsx';
import { ReferencedName } from './RoleShow.tsx';

function RoleActions(_props: ColumnProps) {
  const record = useRecordContext();
  const w = useWords(COMPANY);
  const text = useResourceText(roles);
  const generated = useGeneratedText();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Button
        component={Link}
        label={generated('view')}
        to={`${T.showRoute}/${encodeURIComponent(String(record.id))}`}
        state={{ role: record }}
      >
        <VisibilityIcon />
      </Button>
      <RowActions
        label={w.roles.actions}
        resource="roles"
        editRoute={T.editRoute}
        stateKey="role"
        title={text('deleteTitle')}
        confirm={text('deleteConfirm')}
        deleted={text('deleted')}
        failure={(error) => serverMessage(error) ?? w.roles.deleteFailed}
      />
    </span>
  );
}

export function RoleList() {
  const w = useWords(COMPANY);
  const text = useResourceText(roles);
  const generated = useGeneratedText();
  const translate = useTranslate();
  const title = text('title.list');
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <List
        resource="roles"
        title={title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={translate('ra.action.search')} />]}
        actions={
          <ListToolbar
            addLabel={text('add')}
            addTo={T.addRoute}
            filter={<NameFilter resource="roles" source="role_name" label={w.filterLabel} />}
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
          <ReferencedName
            label={text('fields.department_id')}
            sortable={false}
            source="department_name"
            reference="departments"
            via="department_id"
          />
          <ReferencedName
            label={text('fields.designation_id')}
            sortable={false}
            source="designation"
            reference="designations"
            via="designation_id"
          />
          <TextField source="role_name" label={text('name', { smart_count: 1 })} sortable={false} />
          <TextField source="responsibility" label={text('fields.responsibility')} sortable={false} />
          <RoleActions label={w.roles.actions} sortable={false} />
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
