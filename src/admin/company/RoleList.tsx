/**
 * /employee-roles (and /employee-role, the spec's other reading): export and import menus that say they are not
 * there yet, Add Role, a filter of the role names that exist, search, the table (S.No, Department, Designation,
 * Role, Responsibility, Actions: view, edit, delete with confirmation), 3 per page, 'No roles found.'.
 *
 * The /api/v1 role list has no sort, search or filter: rows come in id order, and the legacy provider searches
 * and filters the whole list itself.
 */
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import FileUploadIcon from '@mui/icons-material/FileUpload';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, List, SearchInput, TextField, useRecordContext } from 'react-admin';
import { RowNumberField } from '../generated/columns.tsx';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { ROLE as T } from './messages.ts';
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
import { Allowed } from '../auth/RequireAccess.tsx';

/** A dropdown of the spec's formats, disabled, with the plain sentence that they arrive later. */
function ComingMenu({ label, icon }: { label: string; icon: ReactNode }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <MuiButton
        size="small"
        startIcon={icon}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {label}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {T.formats.map((format) => (
          <MenuItem key={format} disabled>
            {format}
          </MenuItem>
        ))}
        <Typography role="note" variant="body2" sx={{ px: 2, py: 1, maxWidth: 280 }}>
          {T.comingSoon}
        </Typography>
      </Menu>
    </>
  );
}

function RoleActions(_props: ColumnProps) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Button
        component={Link}
        label={T.view}
        to={`${T.showRoute}/${encodeURIComponent(String(record.id))}`}
        state={{ role: record }}
      >
        <VisibilityIcon />
      </Button>
      <RowActions
        label={T.columns.actions}
        resource="roles"
        editRoute={T.editRoute}
        stateKey="role"
        title={T.deleteTitle}
        confirm={T.deleteConfirm}
        deleted={T.deleted}
        failure={(error) => serverMessage(error) ?? T.deleteFailed}
      />
    </span>
  );
}

export function RoleList() {
  return (
    <Box>
      <PageHeading>{T.title}</PageHeading>
      <List
        resource="roles"
        title={T.title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} />]}
        actions={
          <ListToolbar
            addLabel={T.add}
            addTo={T.addRoute}
            filter={
              <>
                <Allowed action="export">
                  <ComingMenu label={T.export} icon={<FileDownloadIcon />} />
                </Allowed>
                <Allowed action="import">
                  <ComingMenu label={T.import} icon={<FileUploadIcon />} />
                </Allowed>
                <NameFilter resource="roles" source="role_name" label={T.filterLabel} />
              </>
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
          <ReferencedName
            label={T.columns.department}
            sortable={false}
            source="department_name"
            reference="departments"
            via="department_id"
          />
          <ReferencedName
            label={T.columns.designation}
            sortable={false}
            source="designation"
            reference="designations"
            via="designation_id"
          />
          <TextField source="role_name" label={T.columns.role} sortable={false} />
          <TextField source="responsibility" label={T.columns.responsibility} sortable={false} />
          <RoleActions label={T.columns.actions} sortable={false} />
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
