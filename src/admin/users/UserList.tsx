/**
 * /user (spec section 3, "Users"): the User List with Add User, the user type filter (All, Employee, Vendor,
 * Client), a search box (username, email, mobile), the table (SNo, Username, Email, User Type, Role, Status,
 * Actions: view to /user/profile/:id, edit to /user/edit/:id, delete with confirmation), 3 per page, 'No users
 * found.'. Search and filter changes go back to page 1 (react-admin's setFilters). The role's name comes with
 * one getMany of the roles on the page. Add, Edit and Delete show only when the account may.
 */
import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Chip from '@mui/material/Chip';
import { Link } from 'react-router-dom';
import { Button, ReferenceField, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { users } from '../../resources/users.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { RowNumberField } from '../generator/columns.tsx';
import { ListTable } from '../generator/datagrid.tsx';
import { serverMessage } from '../generator/errors.ts';
import { ListFetchError, RowActions, type ColumnProps } from '../generator/screen-parts.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { USER, USER_ROUTES, USER_SCREENS } from './messages.ts';
import { ExportMenu } from '../generator/export-menu.tsx';
import { ImportMenu } from '../generator/import-menu.tsx';
import { FilterMenu, useExactFilter } from '../generator/name-filter.tsx';
import { ListPage } from '../generator/list-page.tsx';

/** All, Employee, Vendor, Client; choosing one filters on user_type, back on page 1. */
function UserTypeFilter() {
  const { current, choose } = useExactFilter('user_type');
  const text = useResourceText(users);
  return (
    <FilterMenu
      label={text('fields.user_type')}
      current={current}
      choices={USER_SCREENS.userTypes.map((type) => ({ value: type, label: text(`choices.user_type.${type}`) }))}
      onChoose={choose}
    />
  );
}

function Toolbar() {
  const T = useWords(USER);
  return (
    <TopToolbar>
      <UserTypeFilter />
      <ExportMenu />
      <ImportMenu />
      <Allowed action="create">
        <Button component={Link} label={T.add} to={USER_ROUTES.add} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

export function ActiveChip({ active }: { active: boolean }) {
  const T = useWords(USER);
  return (
    <Chip
      size="small"
      label={active ? T.active : T.inactive}
      color={active ? 'success' : 'error'}
      data-colour={active ? 'success' : 'error'}
    />
  );
}

function StatusField(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <ActiveChip active={record.is_active !== false} /> : null;
}

function Actions(_props: ColumnProps) {
  const record = useRecordContext();
  const T = useWords(USER);
  const text = useResourceText(users);
  if (!record) return null;
  const id = encodeURIComponent(String(record.id));
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Button component={Link} label={T.view} to={`${USER_ROUTES.profile}/${id}`}>
        <VisibilityIcon />
      </Button>
      <RowActions
        label={T.columns.actions}
        resource="users"
        editRoute={`${USER_ROUTES.edit}/${id}`}
        stateKey="user"
        title={T.deleteTitle}
        confirm={text('deleteConfirm')}
        deleted={T.deleted}
        failure={(error) => serverMessage(error) ?? T.deleteFailed}
      />
    </span>
  );
}

/** The user type as people read it (the value is the data). */
function UserTypeField(_props: ColumnProps) {
  const record = useRecordContext();
  const text = useResourceText(users);
  const type: unknown = record?.user_type;
  if (typeof type !== 'string' || type === '') return null;
  return <span>{text(`choices.user_type.${type}`, { _: type })}</span>;
}

export function UserList() {
  const T = useWords(USER);
  const text = useResourceText(users);
  return (
    <ListPage
      title={T.title}
      resource="users"
      perPage={USER_SCREENS.pageSize}
      sort={users.list.sort}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={text('search')} />]}
      actions={<Toolbar />}
    >
      <ListFetchError fallback={T.fetchFailed} />
      <ListTable emptyText={text('empty')}>
        <RowNumberField label={T.columns.number} sortable={false} />
        <TextField source="username" label={text('fields.username')} sortable={false} />
        <TextField source="email" label={text('fields.email')} sortable={false} />
        <UserTypeField source="user_type" label={text('fields.user_type')} sortable={false} />
        <ReferenceField
          source="role_id"
          reference="roles"
          label={text('fields.role_id')}
          sortable={false}
          link={false}
          emptyText="-"
        >
          <TextField source="role_name" />
        </ReferenceField>
        <StatusField label={T.columns.status} sortable={false} />
        <Actions label={T.columns.actions} sortable={false} />
      </ListTable>
    </ListPage>
  );
}
