/**
 * /employee (spec section 2, "Employees"): 'All Employees' with the total count, the Export menu (Excel, CSV, PDF
 * of the whole list as filtered: generator/export-menu.tsx), the Import menu (the template, and a file previewed
 * before it is written: generator/import-menu.tsx), Add Employee, a filter by designation built from the
 * designations that exist (All + names), a search box (a whole number is an employee id; other text searches
 * names and emails), the table (S.No, Name, Mobile, Department, Designation, Status, Actions: view, edit, delete
 * with confirmation), 5 per page. Search and filter changes go back to page 1 (react-admin's setFilters).
 */
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, SearchInput, TextField, TopToolbar, useGetList, useListContext, useRecordContext } from 'react-admin';
import { employees } from '../../resources/employees.ts';
import { RowNumberField } from '../generator/columns.tsx';
import { ListTable } from '../generator/datagrid.tsx';
import { ALL_ROWS, ID_ORDER } from '../generator/name-filter.tsx';
import { RowActions, type ColumnProps } from '../generator/screen-parts.tsx';
import { useGeneratedText, useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { EMPLOYEE, EMPLOYEE_ROUTES } from './messages.ts';
import { StatusBadge } from './parts.tsx';
import { Allowed } from '../auth/RequireAccess.tsx';
import { ExportMenu } from '../generator/export-menu.tsx';
import { ImportMenu } from '../generator/import-menu.tsx';
import { ListPage } from '../generator/list-page.tsx';

/** All plus the designations that exist; choosing one filters by its id. */
function DesignationFilter() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const { data } = useGetList('designations', { pagination: ALL_ROWS, sort: ID_ORDER });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const resourceText = useResourceText(employees);
  const generated = useGeneratedText();
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
        {`${resourceText('fields.designation_id')}: ${current === undefined ? generated('all') : (currentName ?? current)}`}
      </MuiButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem selected={current === undefined} onClick={() => choose(undefined)}>
          {generated('all')}
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
  const w = useWords(EMPLOYEE);
  return <Typography sx={{ mr: 'auto' }}>{w.total({ count: total ?? 0 })}</Typography>;
}

function Toolbar() {
  const resourceText = useResourceText(employees);
  return (
    <TopToolbar sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <TotalCount />
      <DesignationFilter />
      <Allowed action="export">
        <ExportMenu resource={employees} />
      </Allowed>
      <ImportMenu resource={employees} />
      <Allowed action="create">
        <Button component={Link} label={resourceText('add')} to={EMPLOYEE_ROUTES.add} variant="contained">
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
  const w = useWords(EMPLOYEE);
  return error ? (
    <Alert severity="error" role="alert">
      {w.fetchFailed}
    </Alert>
  ) : null;
}

export function EmployeeList() {
  const w = useWords(EMPLOYEE);
  const resourceText = useResourceText(employees);
  const generated = useGeneratedText();
  const label = (field: keyof typeof employees.fields) => resourceText(`fields.${field}`);
  return (
    <ListPage
      title={w.title}
      of={employees}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={w.searchPlaceholder} />]}
      actions={<Toolbar />}
    >
      <FetchError />
      <ListTable emptyText={resourceText('empty')}>
        <RowNumberField label={generated('serialNumber')} sortable={false} />
        <TextField source="full_name" label={w.columns.name} sortable={false} />
        <TextField source="mobile" label={label('mobile')} sortable={false} />
        <TextField source="department_name" label={label('department_id')} sortable={false} emptyText="-" />
        <TextField source="designation" label={label('designation_id')} sortable={false} emptyText="-" />
        <StatusField label={label('status')} sortable={false} />
        <RowActions
          label={w.columns.actions}
          sortable={false}
          resource="employees"
          viewTo={(record) => `${EMPLOYEE_ROUTES.view}/${record.id}`}
          editTo={(record) => `${EMPLOYEE_ROUTES.edit}/${record.id}`}
          title={resourceText('deleteTitle')}
          confirm={resourceText('deleteConfirm')}
          deleted={resourceText('deleted')}
          failure={() => w.deleteFailed}
        />
      </ListTable>
    </ListPage>
  );
}
