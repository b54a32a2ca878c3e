/**
 * /audit-logs (spec section 2, "Audit logs"): the action filter (All, Create, Update, Delete, Note), the search
 * (module, performer and details), the table (SNo, Action, Module, Record, Performed By, Date & Time, Actions:
 * View, and Correct for those who may add notes), 3 per page, newest first; Add Note records a manual note.
 * A failed list shows the empty sentence.
 */
import AddIcon from '@mui/icons-material/Add';
import EditNoteIcon from '@mui/icons-material/EditNote';
import VisibilityIcon from '@mui/icons-material/Visibility';
import MenuItem from '@mui/material/MenuItem';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Button, SearchInput, TopToolbar, useListContext, useRecordContext } from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import type { ColumnProps } from '../generator/screen-parts.tsx';
import { RowNumberField } from '../generator/columns.tsx';
import { ExportMenu } from '../generator/export-menu.tsx';
import { ResponsiveDatagrid } from '../generator/datagrid.tsx';
import { useWords } from '../i18n/words.ts';
import { ACTION_TYPES, AUDIT, AUDIT_RESOURCE, AUDIT_ROUTES as R } from './messages.ts';
import { ActionBadge, useAuditText } from './parts.tsx';
import { ListPage } from '../generator/list-page.tsx';

const NEWEST_FIRST = { field: 'date_time', order: 'DESC' } as const;

function ActionFilter() {
  const T = useWords(AUDIT);
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const current = typeof filterValues.action_type === 'string' ? filterValues.action_type : '';
  return (
    <MuiTextField
      select
      size="small"
      label={T.actionLabel}
      value={current}
      onChange={(event) => {
        const { action_type: _dropped, ...rest } = filterValues as Record<string, unknown>;
        setFilters(event.target.value ? { ...rest, action_type: event.target.value } : rest, displayedFilters);
      }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      sx={{ minWidth: 140 }}
    >
      <MenuItem value="">{T.all}</MenuItem>
      {ACTION_TYPES.map((action) => (
        <MenuItem key={action} value={action}>
          {T.actions[action]}
        </MenuItem>
      ))}
    </MuiTextField>
  );
}

function AuditToolbar() {
  const T = useWords(AUDIT);
  return (
    <TopToolbar sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <ActionFilter />
      <ExportMenu path={AUDIT_RESOURCE} />
      <Allowed action="create" resource={AUDIT_RESOURCE}>
        <Button component={Link} label={T.addNote} to={R.add} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

function ActionColumn(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <ActionBadge action={record.action_type} /> : null;
}

function ModuleColumn(_props: ColumnProps) {
  const record = useRecordContext();
  const { moduleLabel } = useAuditText();
  return record ? <span>{moduleLabel(record.module)}</span> : null;
}

function RecordColumn(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <span>{record.record_id == null ? '-' : String(record.record_id)}</span> : null;
}

function PerformerColumn(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <span>{String(record.performed_by_name ?? '')}</span> : null;
}

function TimeColumn(_props: ColumnProps) {
  const record = useRecordContext();
  const { time } = useAuditText();
  return record ? <span>{time(record.date_time)}</span> : null;
}

function RowActions(_props: ColumnProps) {
  const T = useWords(AUDIT);
  const record = useRecordContext();
  if (!record) return null;
  const id = encodeURIComponent(String(record.id));
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Button component={Link} label={T.view} to={`${R.show}/${id}`}>
        <VisibilityIcon />
      </Button>
      <Allowed action="create" resource={AUDIT_RESOURCE}>
        <Button component={Link} label={T.correct} to={`${R.edit}/${id}`}>
          <EditNoteIcon />
        </Button>
      </Allowed>
    </span>
  );
}

function Empty() {
  const T = useWords(AUDIT);
  return (
    <Typography sx={{ p: 2 }} role="status">
      {T.empty}
    </Typography>
  );
}

/** The table; a failed list is an empty one. */
function AuditTable() {
  const T = useWords(AUDIT);
  const { error } = useListContext();
  if (error) return <Empty />;
  return (
    <ResponsiveDatagrid rowClick={false} bulkActionButtons={false} empty={<Empty />}>
      <RowNumberField label={T.columns.number} sortable={false} />
      <ActionColumn label={T.columns.action} sortable={false} />
      <ModuleColumn label={T.columns.module} sortable={false} />
      <RecordColumn label={T.columns.record} sortable={false} />
      <PerformerColumn label={T.columns.performedBy} sortable={false} />
      <TimeColumn label={T.columns.dateTime} sortable={false} />
      <RowActions label={T.columns.actions} sortable={false} />
    </ResponsiveDatagrid>
  );
}

export function AuditLogList() {
  const T = useWords(AUDIT);
  return (
    <ListPage
      title={T.title}
      resource={AUDIT_RESOURCE}
      perPage={R.pageSize}
      sort={NEWEST_FIRST}
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder={T.searchPlaceholder} />]}
      actions={<AuditToolbar />}
      queryOptions={{ retry: false }}
    >
      <AuditTable />
    </ListPage>
  );
}
