/**
 * /employee (spec section 2, "Employees"): 'All Employees' with the total count, Export and Import dropdowns
 * (Excel, PDF) that say these arrive in a coming release, Add Employee, a filter by designation built from the
 * designations that exist (All + names), a search box (a whole number is an employee id; other text searches
 * names and emails), the table (S.No, Name, Mobile, Department, Designation, Status, Actions: view, edit, delete
 * with confirmation), 5 per page. Search and filter changes go back to page 1 (react-admin's setFilters).
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useGetList,
  useListContext,
  useRecordContext,
} from 'react-admin';
import { RowNumberField } from '../generated/columns.tsx';
import { PreviousNextPagination } from '../generated/pagination.tsx';
import { ResponsiveDatagrid } from '../generated/datagrid.tsx';
import { ALL_ROWS, ID_ORDER, PageHeading, RowActions, type ColumnProps } from '../company/shared.tsx';
import { EMPLOYEE as T, EMPLOYEE_ROUTES } from './messages.ts';
import { StatusBadge } from './parts.tsx';
import { Allowed } from '../auth/RequireAccess.tsx';

/** A dropdown whose entries only say that the action is not built yet. */
function ComingSoonMenu({ action }: { action: 'Export' | 'Import' }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [said, setSaid] = useState<string | undefined>(undefined);
  return (
    <>
      <MuiButton size="small" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {action === 'Export' ? T.export : T.import}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {T.formats.map((format) => (
          <MenuItem
            key={format}
            onClick={() => {
              setAnchor(null);
              setSaid(T.comingSoon(action, format));
            }}
          >
            {format}
          </MenuItem>
        ))}
      </Menu>
      {said ? (
        <Alert severity="info" role="status" onClose={() => setSaid(undefined)}>
          {said}
        </Alert>
      ) : null}
    </>
  );
}

/** All plus the designations that exist; choosing one filters by its id. */
function DesignationFilter() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { data } = useGetList('designations', { pagination: ALL_ROWS, sort: ID_ORDER });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = filterValues.designation_id as string | number | undefined;
  const currentName = (data ?? []).find((d) => String(d.id) === String(current))?.designation as string | undefined;
  const choose = (id: string | number | undefined) => {
    setAnchor(null);
    const next: Record<string, unknown> = { ...filterValues };
    if (id === undefined) delete next.designation_id;
    else next.designation_id = id;
    setFilters(next, displayedFilters);
  };
  return (
    <>
      <MuiButton size="small" aria-haspopup="menu" onClick={(event) => setAnchor(event.currentTarget)}>
        {`${T.filterLabel}: ${current === undefined ? T.all : (currentName ?? current)}`}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={current === undefined} onClick={() => choose(undefined)}>
          {T.all}
        </MenuItem>
        {(data ?? []).map((d) => (
          <MenuItem key={d.id} selected={String(d.id) === String(current)} onClick={() => choose(d.id)}>
            {String(d.designation)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

function TotalCount() {
  const { total } = useListContext();
  return <Typography sx={{ mr: 'auto' }}>{T.total(total ?? 0)}</Typography>;
}

function Toolbar() {
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TotalCount />
      <DesignationFilter />
      <Allowed action="export">
        <ComingSoonMenu action="Export" />
      </Allowed>
      <Allowed action="import">
        <ComingSoonMenu action="Import" />
      </Allowed>
      <Allowed action="create">
        <Button component={Link} label={T.add} to={EMPLOYEE_ROUTES.add} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

function StatusField(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <StatusBadge status={record.status} /> : null;
}

function FetchError() {
  const { error } = useListContext();
  return error ? (
    <Alert severity="error" role="alert">
      {T.fetchFailed}
    </Alert>
  ) : null;
}

export function EmployeeList() {
  return (
    <Box>
      <PageHeading>{T.title}</PageHeading>
      <List
        resource="employees"
        title={T.title}
        perPage={T.pageSize}
        sort={ID_ORDER}
        filters={[<SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} />]}
        actions={<Toolbar />}
        pagination={<PreviousNextPagination />}
        empty={false}
      >
        <FetchError />
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
          <TextField source="full_name" label={T.columns.name} sortable={false} />
          <TextField source="mobile" label={T.columns.mobile} sortable={false} />
          <TextField source="department_name" label={T.columns.department} sortable={false} emptyText="-" />
          <TextField source="designation" label={T.columns.designation} sortable={false} emptyText="-" />
          <StatusField label={T.columns.status} sortable={false} />
          <RowActions
            label={T.columns.actions}
            sortable={false}
            resource="employees"
            viewTo={(record) => `${EMPLOYEE_ROUTES.view}/${record.id}`}
            editTo={(record) => `${EMPLOYEE_ROUTES.edit}/${record.id}`}
            title={T.deleteTitle}
            confirm={T.deleteConfirm}
            deleted={T.deleted}
            failure={() => T.deleteFailed}
          />
        </ResponsiveDatagrid>
      </List>
    </Box>
  );
}
