/**
 * /audit-logs/view/{id}: the entry (action, module, record, performer, date and time, the entry it refers to),
 * a note's text, the changes as a before/after table (for a create its values after, for a delete its values
 * before), and the notes that refer to the entry. Back to the list; Correct for those who may add notes.
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditNoteIcon from '@mui/icons-material/EditNote';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { Button, useGetList, useGetManyAggregate, useGetOne, type Identifier } from 'react-admin';
import { Allowed } from '../auth/RequireAccess.tsx';
import { useEditId } from '../generator/screen-parts.tsx';
import { AUDIT_RESOURCE, AUDIT_ROUTES as R } from './messages.ts';
import { ActionBadge, changeRows, lastKnownName, nameFieldOf, noteOf, referenceOf, useAuditText } from './parts.tsx';
import type { AuditEntry } from '../../resources/audit-words.ts';
import { PageHeading, Row } from '../layout/PageParts.tsx';

const NEWEST_FIRST = { field: 'date_time', order: 'DESC' } as const;

/** What the trail last called a record that is gone (its delete's values, or its last rename before that). */
function DeletedRecord({ resource, id, nameField }: { resource: string; id: Identifier; nameField: string }) {
  const { words: T } = useAuditText();
  const { data, isPending } = useGetList<AuditEntry>(
    AUDIT_RESOURCE,
    { filter: { module: resource, record_id: id }, sort: NEWEST_FIRST, pagination: { page: 1, perPage: 50 } },
    { retry: false },
  );
  if (isPending) return <>{String(id)}</>;
  const name = data ? lastKnownName(data, nameField) : undefined;
  return (
    <>{name === undefined ? T.recordDeleted({ id: String(id) }) : T.recordDeletedNamed({ id: String(id), name })}</>
  );
}

/**
 * A record of `resource` by what it is called now and its id ("Finance (ID 3)"); one that no longer exists as
 * deleted, with the name the trail last gave it; the bare id when the name cannot be read (the module names no
 * one, or the reader may not see that module).
 */
export function RecordName({ resource, id }: { resource: string | undefined; id: unknown }) {
  const { words: T, valueText } = useAuditText();
  const nameField = resource === undefined ? undefined : nameFieldOf(resource);
  const valid = typeof id === 'number' || (typeof id === 'string' && id !== '');
  const { data, isPending, error } = useGetManyAggregate(
    resource ?? AUDIT_RESOURCE,
    { ids: valid ? [id as Identifier] : [] },
    { enabled: valid && nameField !== undefined, retry: false },
  );
  if (!valid || nameField === undefined || resource === undefined || error) return <>{valueText(id)}</>;
  if (isPending) return <>{String(id)}</>;
  const record = data?.find((row) => row != null && String(row.id) === String(id));
  if (!record) return <DeletedRecord resource={resource} id={id as Identifier} nameField={nameField} />;
  const name = record[nameField];
  return <>{typeof name === 'string' && name !== '' ? T.recordNamed({ name, id: String(id) }) : String(id)}</>;
}

/** A recorded value: a reference by its record's name, an enum's value, a time or rupees as the screens say them. */
function RecordedValue({ module, field, value }: { module: string; field: string; value: unknown }) {
  const { recordedText } = useAuditText();
  const reference = referenceOf(module, field);
  if (reference === undefined || value === null || value === undefined || value === '')
    return <>{recordedText(module, field, value)}</>;
  return <RecordName resource={reference} id={value} />;
}

const entryLink = (id: unknown) => `${R.show}/${encodeURIComponent(String(id))}`;

/** What the entry says of itself: action, module, record, performer, time, the entry it refers to, its note. */
export function EntrySummary({ entry }: { entry: AuditEntry }) {
  const { words: T, moduleLabel, valueText, time } = useAuditText();
  const note = noteOf(entry);
  return (
    <>
      <Row label={T.entryId}>{String(entry.id)}</Row>
      <Row label={T.columns.action}>
        <ActionBadge action={entry.action_type} />
      </Row>
      <Row label={T.columns.module}>{moduleLabel(entry.module)}</Row>
      <Row label={T.columns.record}>
        <RecordName resource={entry.module} id={entry.record_id} />
      </Row>
      <Row label={T.columns.performedBy}>{valueText(entry.performed_by_name)}</Row>
      <Row label={T.columns.dateTime}>{time(entry.date_time)}</Row>
      {entry.refers_to_id != null ? (
        <Row label={T.refersTo}>
          <Link to={entryLink(entry.refers_to_id)}>#{String(entry.refers_to_id)}</Link>
        </Row>
      ) : null}
      {note !== undefined ? <Row label={T.note}>{note}</Row> : null}
    </>
  );
}

/** The changes as a table of field, before and after. */
export function ChangesTable({ entry }: { entry: AuditEntry }) {
  const { words: T, translate } = useAuditText();
  const rows = changeRows(entry, translate, T.recordColumns);
  if (entry.action_type === 'Note') return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2">
        {T.changes}
      </Typography>
      {rows.length === 0 ? (
        <Typography role="status">{T.noChanges}</Typography>
      ) : (
        <Table size="small" aria-label={T.changes}>
          <TableHead>
            <TableRow>
              <TableCell>{T.field}</TableCell>
              <TableCell>{T.before}</TableCell>
              <TableCell>{T.after}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.field}>
                <TableCell component="th" scope="row">
                  {row.label}
                </TableCell>
                <TableCell>
                  <RecordedValue module={entry.module} field={row.field} value={row.before} />
                </TableCell>
                <TableCell>
                  <RecordedValue module={entry.module} field={row.field} value={row.after} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

const OLDEST_FIRST = { field: 'date_time', order: 'ASC' } as const;

/** The notes that refer to the entry, oldest first. */
function ReferringNotes({ id }: { id: Identifier }) {
  const { words: T, valueText, time } = useAuditText();
  const { data, isPending } = useGetList<AuditEntry>(
    AUDIT_RESOURCE,
    { filter: { refers_to_id: id }, sort: OLDEST_FIRST, pagination: { page: 1, perPage: 100 } },
    { retry: false },
  );
  if (isPending) return null;
  return (
    <Box sx={{ mt: 2 }} component="section" aria-label={T.notesTitle}>
      <Typography variant="h6" component="h2">
        {T.notesTitle}
      </Typography>
      {!data || data.length === 0 ? (
        <Typography role="status">{T.noNotes}</Typography>
      ) : (
        <Box component="ul" sx={{ pl: 2 }}>
          {data.map((note) => (
            <li key={note.id}>
              <Link to={entryLink(note.id)}>#{note.id}</Link> · {time(note.date_time)} ·{' '}
              {valueText(note.performed_by_name)}: {noteOf(note) ?? ''}
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** One entry by id: its summary and changes, or 'Audit log entry not found.' */
export function useAuditEntry(id: Identifier) {
  // The route's id is text ("12"); the server reads it as the number its entries carry.
  return useGetOne<AuditEntry>(AUDIT_RESOURCE, { id: id as number }, { retry: false });
}

function EntryDetails({ id }: { id: Identifier }) {
  const { words: T } = useAuditText();
  const { data, isPending, error } = useAuditEntry(id);
  if (isPending) return <CircularProgress aria-label={T.loading} />;
  if (error || !data) return <Alert severity="warning">{T.notFound}</Alert>;
  return (
    <Card>
      <CardContent>
        <EntrySummary entry={data} />
        <ChangesTable entry={data} />
        <ReferringNotes id={data.id} />
      </CardContent>
    </Card>
  );
}

export function AuditLogShow() {
  const { words: T } = useAuditText();
  const id = useEditId();
  return (
    <Box>
      <PageHeading>{T.showTitle}</PageHeading>
      <Box sx={{ mb: 2, display: 'flex', gap: 1 }}>
        <Button component={Link} label={T.back} to={R.list} variant="outlined">
          <ArrowBackIcon />
        </Button>
        {id !== undefined ? (
          <Allowed action="create" resource={AUDIT_RESOURCE}>
            <Button component={Link} label={T.correct} to={`${R.edit}/${encodeURIComponent(String(id))}`}>
              <EditNoteIcon />
            </Button>
          </Allowed>
        ) : null}
      </Box>
      {id === undefined ? <Alert severity="warning">{T.notFound}</Alert> : <EntryDetails key={String(id)} id={id} />}
    </Box>
  );
}
