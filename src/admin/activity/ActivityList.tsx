/**
 * /activity-logs (spec section 2, "Activity logs"): a status filter (All, Success, Failed, Pending), From and To
 * dates, a search by activity ID (a number opens that activity), the table (SNo, User ID linking to
 * /user/profile?account=<id>, Ride ID, Action, Description, Timestamp, Created At, Status badge, Actions: view),
 * 3 per page, newest first. Action and Timestamp are not in the spec's table, but the Add form saves them.
 *
 * The legacy provider asks filterActivities when a status is chosen or both dates are, getAllActivities
 * otherwise; so the dates are sent only as a pair. A failed list shows the empty sentence (spec section 8).
 */
import AddIcon from '@mui/icons-material/Add';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import MuiButton from '@mui/material/Button';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, TextField, TopToolbar, useListContext, useRecordContext } from 'react-admin';
import { ExportMenu } from '../generator/export-menu.tsx';
import { ImportMenu } from '../generator/import-menu.tsx';
import { activities } from '../../resources/index.ts';
import { FormattedField, RowNumberField } from '../generator/columns.tsx';
import { useResourceText } from '../generator/messages.ts';
import { useWords } from '../i18n/words.ts';
import { ResponsiveDatagrid } from '../generator/datagrid.tsx';
import { type ColumnProps } from '../generator/screen-parts.tsx';
import { ACTIVITY, ACTIVITY_SCREENS as S, STATUS_COLOURS } from './messages.ts';
import { Allowed } from '../auth/RequireAccess.tsx';
import { useSaid } from '../i18n/said.ts';
import { ListPage } from '../generator/list-page.tsx';

/** The status as a coloured badge: Success green, Pending yellow, Failed red. */
export function StatusBadge({ status }: { status: unknown }) {
  const text = useResourceText(activities);
  if (typeof status !== 'string' || status === '') return null;
  const colour = STATUS_COLOURS[status as keyof typeof STATUS_COLOURS] ?? 'default';
  const label = text(`choices.status.${status}`, { _: status });
  return <Chip size="small" label={label} color={colour} data-colour={colour} />;
}

function StatusColumn(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <StatusBadge status={record.status} /> : null;
}

/**
 * The User ID, linking to the profile of that account's user (the id in the address). The Admin's account has no
 * user profile: its id is shown without a link.
 */
export function UserIdLink({ record }: { record: Record<string, unknown> }) {
  if (record.account_id == null) return null;
  if (record.user_type === 'Admin') return <>{String(record.account_id)}</>;
  return <Link to={S.userProfileOf(record.account_id)}>{String(record.account_id)}</Link>;
}

function UserColumn(_props: ColumnProps) {
  const record = useRecordContext();
  return record ? <UserIdLink record={record} /> : null;
}

/** The Action and Description as the reader's language says them when the server wrote them (i18n/said.ts). */
function ActionColumn(_props: ColumnProps) {
  const record = useRecordContext();
  const said = useSaid();
  return record ? <>{said.term('activityAction', record.action)}</> : null;
}

function DescriptionColumn(_props: ColumnProps) {
  const record = useRecordContext();
  const said = useSaid();
  return record ? <>{said.sentence(record.description, record.description_key, record.description_values)}</> : null;
}

function ViewColumn(_props: ColumnProps) {
  const record = useRecordContext();
  const T = useWords(ACTIVITY);
  if (!record) return null;
  return (
    <Button
      component={Link}
      label={T.view}
      to={`${S.showRoute}/${encodeURIComponent(String(record.id))}`}
      state={{ activity: record }}
    >
      <VisibilityIcon />
    </Button>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function ActivityToolbar() {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  const navigate = useNavigate();
  const [from, setFrom] = useState(text(filterValues.startDate));
  const [to, setTo] = useState(text(filterValues.endDate));
  const [search, setSearch] = useState('');
  const [hint, setHint] = useState<string>();
  const T = useWords(ACTIVITY);
  const said = useResourceText(activities);

  const apply = (next: { status?: string; from?: string; to?: string }) => {
    const status = next.status ?? text(filterValues.status);
    const start = next.from ?? from;
    const end = next.to ?? to;
    const filters: Record<string, string> = {};
    if (status) filters.status = status;
    // Dates go as a pair (the contract's filterActivities takes one only with the other).
    if (start && end) {
      filters.startDate = start;
      filters.endDate = end;
    }
    setFilters(filters, displayedFilters);
  };

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    const id = search.trim();
    if (id === '') return setHint(undefined);
    if (!/^\d+$/.test(id)) return setHint(T.searchHint);
    setHint(undefined);
    navigate(`${S.showRoute}/${id}`);
  };

  return (
    <TopToolbar sx={{ flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
      <MuiTextField
        select
        size="small"
        label={T.statusLabel}
        value={text(filterValues.status)}
        onChange={(event) => apply({ status: event.target.value })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="">{T.all}</MenuItem>
        {S.statuses.map((status) => (
          <MenuItem key={status} value={status}>
            {said(`choices.status.${status}`)}
          </MenuItem>
        ))}
      </MuiTextField>
      <MuiTextField
        type="date"
        size="small"
        label={T.from}
        value={from}
        onChange={(event) => {
          setFrom(event.target.value);
          apply({ from: event.target.value });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <MuiTextField
        type="date"
        size="small"
        label={T.to}
        value={to}
        onChange={(event) => {
          setTo(event.target.value);
          apply({ to: event.target.value });
        }}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Box component="form" role="search" onSubmit={onSearch} sx={{ display: 'flex', gap: 1 }}>
        <MuiTextField
          size="small"
          label={T.search}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          error={hint !== undefined}
          helperText={hint}
        />
        <MuiButton type="submit" size="small">
          {T.searchButton}
        </MuiButton>
      </Box>
      <ExportMenu />
      <ImportMenu />
      <Allowed action="create">
        <Button component={Link} label={T.add} to={S.addRoute} variant="contained">
          <AddIcon />
        </Button>
      </Allowed>
    </TopToolbar>
  );
}

function Empty() {
  const text = useResourceText(activities);
  return (
    <Typography sx={{ p: 2 }} role="status">
      {text('empty')}
    </Typography>
  );
}

/** The table; a failed list is an empty one. */
function ActivityTable() {
  const { error } = useListContext();
  const T = useWords(ACTIVITY);
  const text = useResourceText(activities);
  if (error) return <Empty />;
  return (
    <ResponsiveDatagrid rowClick={false} bulkActionButtons={false} empty={<Empty />}>
      <RowNumberField label={T.columns.number} sortable={false} />
      <UserColumn label={text('fields.account_id')} sortable={false} />
      <TextField source="ride_id" label={text('fields.ride_id')} sortable={false} />
      <ActionColumn label={text('fields.action')} sortable={false} />
      <DescriptionColumn label={text('fields.description')} sortable={false} />
      <FormattedField source="occurred_at" label={text('fields.occurred_at')} as="dateTime" sortable={false} />
      <FormattedField source="created_at" label={T.columns.createdAt} as="dateTime" sortable={false} />
      <StatusColumn label={text('fields.status')} sortable={false} />
      <ViewColumn label={T.columns.actions} sortable={false} />
    </ResponsiveDatagrid>
  );
}

export function ActivityList() {
  const T = useWords(ACTIVITY);
  return (
    <ListPage title={T.title} of={activities} actions={<ActivityToolbar />} queryOptions={{ retry: false }}>
      <ActivityTable />
    </ListPage>
  );
}
