/**
 * /role-permission (spec section 3, "Role permissions"): a search box, the role filter (All plus the role names
 * that exist), Add Permission (to the spec's /role-permisssion/add, which lands on /role-permission/add), the
 * table (SNo, Department, Designation, Role, Actions: view, edit, delete with 'Are you sure you want to delete
 * this permission?'), 3 per page, 'No permissions found.'.
 *
 * A role permission stores only its role: names come from the list of roles (roles.ts), and the search (role,
 * department or designation name) and the filter narrow the list to the matching roles' ids, which the server
 * filters on (`role_id`). A search or filter change goes back to page 1. The search, the filter and the page are kept
 * in react-admin's store, as every other list keeps its own, so View (or Edit) then Back finds the list as it was left.
 */
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import VisibilityIcon from '@mui/icons-material/Visibility';
import InputAdornment from '@mui/material/InputAdornment';
import MuiTextField from '@mui/material/TextField';
import { Link } from 'react-router-dom';
import { Button, TopToolbar, useListContext, useRecordContext, useStore } from 'react-admin';
import { ExportMenu } from '../generator/export-menu.tsx';
import { ImportMenu } from '../generator/import-menu.tsx';
import { roles } from '../../resources/roles.ts';
import { rolePermissions } from '../../resources/role-permissions.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { serverMessage } from '../generator/errors.ts';
import { ListFetchError, RowActions, type ColumnProps } from '../generator/screen-parts.tsx';
import { RowNumberField } from '../generator/columns.tsx';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { ListTable } from '../generator/datagrid.tsx';
import { ROLE_PERMISSION, ROLE_PERMISSION_ROUTES as ROUTES } from './messages.ts';
import { matchingRoleIds, useRoles, type RoleInfo } from './roles.ts';
import { FilterMenu } from '../generator/name-filter.tsx';
import { ListPage } from '../generator/list-page.tsx';

interface ToolbarProps {
  search: string;
  onSearch: (text: string) => void;
  roleNames: string[];
  roleName: string | undefined;
  onRoleName: (name: string | undefined) => void;
}

/** Search, role filter and Add Permission; a change goes back to page 1. */
function Toolbar({ search, onSearch, roleNames, roleName, onRoleName }: ToolbarProps) {
  const { setPage } = useListContext();
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const choose = (name: string | undefined) => {
    onRoleName(name);
    setPage(1);
  };
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap', width: '100%' }}>
      <MuiTextField
        size="small"
        value={search}
        placeholder={w.searchPlaceholder}
        onChange={(event) => {
          onSearch(event.target.value);
          setPage(1);
        }}
        slotProps={{
          htmlInput: { 'aria-label': w.searchPlaceholder },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mr: 'auto', minWidth: 280 }}
      />
      <FilterMenu
        label={text('fields.role_id')}
        current={roleName}
        choices={roleNames.map((name) => ({ value: name, label: name }))}
        onChoose={choose}
      />
      <ExportMenu />
      <ImportMenu />
      <Allowed action="create">
        <Button component={Link} label={text('add')} to={ROUTES.addAsSpelled} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

/** A name of the row's role (its department, designation or own name). */
function RoleName({ byId, pick }: ColumnProps & { byId: Map<string, RoleInfo>; pick: (role: RoleInfo) => string }) {
  const record = useRecordContext();
  const role = record ? byId.get(String(record.role_id)) : undefined;
  return <span>{role ? pick(role) : ''}</span>;
}

function Actions(_props: ColumnProps) {
  const record = useRecordContext();
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const generated = useGeneratedText();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Button
        component={Link}
        label={generated('view')}
        to={`${ROUTES.view}/${encodeURIComponent(String(record.id))}`}
        state={{ permission: record }}
      >
        <VisibilityIcon />
      </Button>
      <RowActions
        label={w.actions}
        resource="role_permissions"
        editRoute={`${ROUTES.edit}/${encodeURIComponent(String(record.id))}`}
        stateKey="permission"
        title={text('deleteTitle')}
        confirm={text('deleteConfirm')}
        deleted={text('deleted')}
        failure={(error) => serverMessage(error) ?? w.deleteFailed}
      />
    </span>
  );
}

/** Where the list keeps its search and role filter: not list filters, as the server filters on role ids alone. */
const STORE_KEYS = { search: 'role_permissions.search', roleName: 'role_permissions.roleName' } as const;

export function RolePermissionList() {
  const { roles: all, byId } = useRoles();
  const w = useWords(ROLE_PERMISSION);
  const text = useResourceText(rolePermissions);
  const roleText = useResourceText(roles);
  // Kept beside the list's own parameters (`role_permissions.listParams`: its page), which react-admin stores.
  const [search, setSearch] = useStore<string>(STORE_KEYS.search, '');
  const [roleName, setRoleName] = useStore<string | undefined>(STORE_KEYS.roleName, undefined);
  const roleNames = [...new Set(all.map((role) => role.roleName).filter((name) => name !== ''))];
  const ids = matchingRoleIds(all, search, roleName);
  // No matching role: a filter no row meets (every permission has a role).
  const filter = ids === undefined ? {} : { role_id: ids.length > 0 ? ids : [null] };

  return (
    <ListPage
      title={w.title}
      of={rolePermissions}
      filter={filter}
      actions={
        <Toolbar
          search={search}
          onSearch={setSearch}
          roleNames={roleNames}
          roleName={roleName}
          onRoleName={setRoleName}
        />
      }
    >
      <ListFetchError fallback={w.fetchFailed} />
      <ListTable emptyText={text('empty')}>
        <RowNumberField label={w.number} sortable={false} />
        <RoleName
          label={roleText('fields.department_id')}
          sortable={false}
          byId={byId}
          pick={(r) => r.departmentName}
        />
        <RoleName
          label={roleText('fields.designation_id')}
          sortable={false}
          byId={byId}
          pick={(r) => r.designationName}
        />
        <RoleName label={text('fields.role_id')} sortable={false} byId={byId} pick={(r) => r.roleName} />
        <Actions label={w.actions} sortable={false} />
      </ListTable>
    </ListPage>
  );
}
