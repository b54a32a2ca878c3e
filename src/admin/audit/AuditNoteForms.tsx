/**
 * The two ways a person writes to the audit trail, both appending a note (POST /api/v2/audit-logs):
 *
 * - /audit-logs/add: a manual note: module, record id (optional), note; then back to the list, its filter and
 *   search cleared and on its first page, newest first, so the note just saved is the first row (the list keeps
 *   its last filter otherwise: a list left at Delete would hide the note).
 * - /audit-logs/edit/{id}: the entry, read-only, and a correction that refers to it; then to the entry's view,
 *   where the correction shows among its notes. The entry itself is never changed, and the screen says so.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import { useMemo } from 'react';
import { Create, NumberInput, SelectInput, SimpleForm, TextInput, useTranslate, type Identifier } from 'react-admin';
import { resources } from '../../resources/index.ts';
import { isBlank } from '../generator/declaration.ts';
import { SaveCancelToolbar, useCreateOutcome, useEditId } from '../generator/screen-parts.tsx';
import { ChangesTable, EntrySummary, useAuditEntry } from './AuditLogShow.tsx';
import { useWords, type Words } from '../i18n/words.ts';
import { AUDIT, AUDIT_RESOURCE, AUDIT_ROUTES as R, GENERAL_MODULE } from './messages.ts';
import { moduleLabel } from './parts.tsx';
import { PageHeading } from '../layout/PageParts.tsx';

type Values = Record<string, unknown>;

/**
 * The modules a note may name, in the language chosen: every declared resource, and General for a note about none
 * of them (stored as the English word).
 */
function useModuleChoices() {
  const translate = useTranslate();
  const T = useWords(AUDIT);
  return useMemo(
    () =>
      [...resources.map((resource) => resource.name), GENERAL_MODULE].map((id) => ({
        id,
        name: moduleLabel(id, translate, T.general),
      })),
    [translate, T],
  );
}

export function validateNote(
  values: Values,
  T: Pick<Words<typeof AUDIT>, 'moduleRequired' | 'noteRequired'> = AUDIT,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (isBlank(values.module)) errors.module = T.moduleRequired;
  if (isBlank(values.note)) errors.note = T.noteRequired;
  return errors;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** The list with no filter or search, on its first page, newest first: where a new note is the first row. */
export const LIST_SHOWING_NEW_NOTE = `${R.list}?${new URLSearchParams({
  filter: '{}',
  page: '1',
  sort: 'date_time',
  order: 'DESC',
})}`;

export function AuditNoteCreate() {
  const T = useWords(AUDIT);
  const choices = useModuleChoices();
  const { mutationOptions, alert } = useCreateOutcome(T.added, LIST_SHOWING_NEW_NOTE, T.addFailed);
  const transform = (values: Values) => ({
    module: text(values.module),
    record_id: isBlank(values.record_id) ? null : values.record_id,
    note: text(values.note),
  });
  return (
    <Box>
      <PageHeading>{T.addTitle}</PageHeading>
      <Create
        resource={AUDIT_RESOURCE}
        title={T.addTitle}
        redirect={false}
        transform={transform}
        mutationOptions={mutationOptions}
      >
        <SimpleForm
          validate={(values) => validateNote(values, T)}
          toolbar={<SaveCancelToolbar save={T.save} cancel={T.cancel} cancelTo={R.list} />}
        >
          {alert}
          <SelectInput
            source="module"
            label={T.module}
            choices={choices}
            emptyText={T.selectModule}
            translateChoice={false}
            fullWidth
          />
          <NumberInput source="record_id" label={T.recordId} min={1} step={1} fullWidth />
          <TextInput source="note" label={T.note} multiline minRows={3} fullWidth />
        </SimpleForm>
      </Create>
    </Box>
  );
}

function CorrectionForm({ id }: { id: Identifier }) {
  const T = useWords(AUDIT);
  const { data: entry, isPending, error } = useAuditEntry(id);
  const { mutationOptions, alert } = useCreateOutcome(
    T.corrected,
    `${R.show}/${encodeURIComponent(String(id))}`,
    T.addFailed,
  );
  if (isPending) return <CircularProgress aria-label={T.loading} />;
  if (error || !entry) return <Alert severity="warning">{T.notFound}</Alert>;
  const transform = (values: Values) => ({
    module: entry.module,
    record_id: entry.record_id,
    note: text(values.note),
    refers_to_id: entry.id,
  });
  return (
    <>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <EntrySummary entry={entry} />
          <ChangesTable entry={entry} />
        </CardContent>
      </Card>
      <Alert severity="info" sx={{ mb: 2 }}>
        {T.neverChanged}
      </Alert>
      <Create
        resource={AUDIT_RESOURCE}
        title={T.editTitle}
        redirect={false}
        transform={transform}
        mutationOptions={mutationOptions}
      >
        <SimpleForm
          validate={(values) => (isBlank(values.note) ? { note: T.noteRequired } : {})}
          toolbar={<SaveCancelToolbar save={T.saveCorrection} cancel={T.cancel} cancelTo={R.list} />}
        >
          {alert}
          <TextInput source="note" label={T.correction} multiline minRows={3} fullWidth />
        </SimpleForm>
      </Create>
    </>
  );
}

export function AuditLogEdit() {
  const T = useWords(AUDIT);
  const id = useEditId();
  return (
    <Box>
      <PageHeading>{T.editTitle}</PageHeading>
      {id === undefined ? <Alert severity="warning">{T.notFound}</Alert> : <CorrectionForm key={String(id)} id={id} />}
    </Box>
  );
}
