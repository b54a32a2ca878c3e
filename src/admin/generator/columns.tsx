/**
 * The generated list's columns: the row number across pages, one column per declared field, the status chip,
 * the creation date and the row's actions (each shown only when react-admin's canAccess allows it). A reference
 * shows the name the row carries when it carries one (the /api/v1 lists do), else the referenced record's; a field
 * may have a chip beside its value (the declaration's `list.rowChip`). Images show
 * as small lazy thumbnails (their 320-pixel variant, never the original), files and addresses as links, a list of
 * items as its count; formatted text has no column (markup in a table cell reads badly and weighs a lot).
 */
import EditIcon from '@mui/icons-material/Edit';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import {
  BooleanField,
  Button,
  NumberField,
  ReferenceField,
  TextField,
  useListContext,
  useRecordContext,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import {
  findResource,
  isSortable,
  type EnumField,
  type FieldDeclaration,
  type FileField,
  type ItemsField,
  type ResourceDeclaration,
  type UrlField,
} from '../../resources/index.ts';
import { useFormats } from '../i18n/format.ts';
import { useSaid } from '../i18n/said.ts';
import { saidKeyField, saidValuesField } from '../../resources/sentences.ts';
import { imageAtWidth, videoLink } from '../../resources/media.ts';
import { Allowed, useAllowed } from '../auth/RequireAccess.tsx';
import { carriedName } from '../providers/legacy-v1.ts';
import { badgeColour } from './badges.ts';
import { DeleteButton } from './delete-button.tsx';
import { isServerAnswer, serverMessage } from './errors.ts';
import { hasResourceText, resourceMessages, useGeneratedText, useResourceText } from './messages.ts';
import { isVideoValue } from './upload.tsx';
import type { RecordActions } from './record-actions.ts';

/** Datagrid reads a column's header from its element's `label` and `sortable` props. */
interface ColumnProps {
  label: string;
  sortable?: boolean;
  source?: string;
}

/** S.No: the row's number across pages ((page - 1) × page size + position). */
export function RowNumberField(_props: ColumnProps) {
  const record = useRecordContext();
  const { data, page, perPage } = useListContext();
  const index = record && data ? data.findIndex((row) => row.id === record.id) : -1;
  if (index < 0) return null;
  return <span>{(page - 1) * perPage + index + 1}</span>;
}

/**
 * An enum value (or a boolean's declared word) as a chip in its declared badge colour (default: Active green,
 * Inactive red, others plain).
 */
export function EnumChipField({ source, badges }: ColumnProps & { source: string; badges?: EnumField['badges'] }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const translate = useTranslate();
  const value = record?.[source];
  if (value == null || value === '') return null;
  const text = String(value);
  // The value as people read it in the language chosen (generator/messages.ts `choices`); the badge follows the value.
  const label = resource ? translate(`resources.${resource}.choices.${source}.${text}`, { _: text }) : text;
  return <Chip size="small" label={label} color={badgeColour({ badges }, text)} />;
}

/** A date or an instant, in the office's format and the trust's time zone (i18n/format.ts). */
export function FormattedField({ source, as }: ColumnProps & { source: string; as: 'date' | 'dateTime' | 'money' }) {
  const record = useRecordContext();
  const formats = useFormats();
  const value: unknown = record?.[source];
  if (value === null || value === undefined || value === '') return null;
  return <span>{formats[as](value)}</span>;
}

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The words that name a record (its first text field, as on the show screen), for its images' descriptions. */
function useRecordName(resource: ResourceDeclaration | undefined, fallback: string): string {
  const record = useRecordContext();
  const contextName = useResourceContext();
  const declaration = resource ?? (contextName ? findResource(contextName) : undefined);
  const field = declaration
    ? Object.entries(declaration.fields).find(([, decl]) => decl.kind === 'text')?.[0]
    : undefined;
  const value: unknown = field ? record?.[field] : undefined;
  const translate = useTranslate();
  // The fallback is the column's label: a key of the admin's messages, or words.
  return isText(value) ? value : translate(fallback, { _: fallback });
}

interface MediaColumnProps extends ColumnProps {
  source: string;
  resource?: ResourceDeclaration;
}

/** A small thumbnail of the image (the first of a list, with how many more), loaded when scrolled to. */
export function ImageThumbnailField({ source, label, resource }: MediaColumnProps) {
  const record = useRecordContext();
  const alt = useRecordName(resource, label);
  const value: unknown = record?.[source];
  const paths = (Array.isArray(value) ? value : [value]).filter(isText);
  const first = paths[0];
  if (!first) return null;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <img
        src={imageAtWidth(first, 320)}
        alt={alt}
        loading="lazy"
        width={64}
        height={48}
        style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
      />
      {paths.length > 1 ? <span>{`+${paths.length - 1}`}</span> : null}
    </span>
  );
}

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An uploaded file or its address, opened in a new tab: "Play video" or "View file". */
export function FileLinkField({ source, decl }: MediaColumnProps & { decl: FileField }) {
  const record = useRecordContext();
  const words = useGeneratedText();
  const value: unknown = record?.[source];
  if (!isText(value)) return null;
  return (
    <a href={value} {...newTab}>
      {words(isVideoValue(value, decl) ? 'playVideo' : 'viewFile')}
    </a>
  );
}

/** A web address as a link (a YouTube or Vimeo link named after its site), or an image address as the image. */
export function UrlLinkField({ source, decl, label, resource }: MediaColumnProps & { decl: UrlField }) {
  const record = useRecordContext();
  const value: unknown = record?.[source];
  if (!isText(value)) return null;
  if (decl.image) return <ImageThumbnailField source={source} label={label} resource={resource} />;
  const link = decl.video ? videoLink(value) : undefined;
  return (
    <a
      href={value}
      {...newTab}
      title={value}
      style={{
        display: 'inline-block',
        maxWidth: 240,
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        whiteSpace: 'nowrap',
      }}
    >
      {link ? (link.site === 'youtube' ? 'YouTube' : 'Vimeo') : value}
    </a>
  );
}

/** How many items a list holds: "3 images". */
export function ItemsCountField({ source, resource }: MediaColumnProps & { decl: ItemsField }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const contextName = useResourceContext();
  const declaration = resource ?? (contextName ? findResource(contextName) : undefined);
  const value: unknown = record?.[source];
  if (!Array.isArray(value) || value.length === 0 || !declaration) return null;
  // `fields.<items>.count`: "1 image |||| 3 images" in English, from the declaration's item label.
  const english = resourceMessages(declaration) as { fields: Record<string, string> };
  return (
    <span>
      {translate(`resources.${declaration.name}.fields.${source}.count`, {
        _: english.fields[`${source}.count`],
        smart_count: value.length,
      })}
    </span>
  );
}

/**
 * A sentence the server wrote (a `said` field, a notification's message) in the reader's language, from its key and
 * values; the stored text when it has none (i18n/said.ts).
 */
export function SaidField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const said = useSaid();
  if (!record) return null;
  return (
    <Typography component="span" variant="body2">
      {said.sentence(record[source], record[saidKeyField(source)], record[saidValuesField(source)])}
    </Typography>
  );
}

/** A referenced record's name: as the row carries it under `carried`, else the referenced record's `display`. */
export function ReferenceNameField({
  source,
  reference,
  display,
  carried,
}: ColumnProps & { source: string; reference: string; display: string; carried?: string }) {
  const record = useRecordContext();
  const name: unknown = carried ? record?.[carried] : undefined;
  if (!record) return null;
  if (typeof name === 'string') return <span>{name}</span>;
  return (
    // No record named: a dash, as the audit trail says nothing recorded.
    <ReferenceField source={source} reference={reference} link={false} emptyText="-">
      <TextField source={display} />
    </ReferenceField>
  );
}

/** Whether a row's count or flag is on: above 0, or true. */
const isOn = (value: unknown) => value === true || Number(value ?? 0) > 0;

/**
 * A text field's value with the declaration's row chip beside it while the row's `when` is on. The value carries
 * its field's name (`data-testid="department-name"`), so that it can be read without the chip.
 */
export function RowChipField({ source, resource }: ColumnProps & { source: string; resource: ResourceDeclaration }) {
  const record = useRecordContext();
  const text = useResourceText(resource);
  const chip = resource.list.rowChip;
  if (!record) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <span data-testid={source.replaceAll('_', '-')}>{String(record[source] ?? '')}</span>
      {chip && isOn(record[chip.when]) ? (
        <Chip size="small" color={chip.colour ?? 'default'} label={text('rowChip')} />
      ) : null}
    </Box>
  );
}

/** What a column may change from its field's defaults: its header (a key or words) and whether it sorts. */
export interface ColumnOptions {
  label?: string;
  sortable?: boolean;
}

/**
 * The column of one declared field. The resource names the records in the images' descriptions; without it,
 * the list's resource context does.
 */
export function fieldColumn(
  name: string,
  decl: FieldDeclaration,
  resource?: ResourceDeclaration,
  options: ColumnOptions = {},
): ReactElement | null {
  // The header's key in the admin's messages (generator/messages.ts) when the resource is known.
  const label = options.label ?? (resource ? `resources.${resource.name}.fields.${name}` : decl.label);
  const common = { source: name, label, sortable: options.sortable !== false && isSortable(decl) };
  switch (decl.kind) {
    case 'text':
      if (resource?.list.rowChip?.field === name) return <RowChipField key={name} {...common} resource={resource} />;
      return decl.said ? <SaidField key={name} {...common} /> : <TextField key={name} {...common} />;
    case 'enum':
      return <EnumChipField key={name} {...common} badges={decl.badges} />;
    case 'reference':
      return (
        <ReferenceNameField
          key={name}
          {...common}
          reference={decl.reference}
          display={decl.display}
          carried={resource ? carriedName(resource.name, name) : undefined}
        />
      );
    case 'integer':
      return decl.rupees ? (
        <FormattedField key={name} {...common} as="money" />
      ) : (
        <NumberField key={name} {...common} />
      );
    case 'boolean':
      // Declared words (Active, Inactive) as a chip coloured as those words' badges; else a tick or a cross.
      return decl.words ? (
        <EnumChipField
          key={name}
          {...common}
          badges={{ true: badgeColour({}, decl.words.true), false: badgeColour({}, decl.words.false) }}
        />
      ) : (
        <BooleanField key={name} {...common} />
      );
    case 'date':
      return <FormattedField key={name} {...common} as="date" />;
    case 'datetime':
      return <FormattedField key={name} {...common} as="dateTime" />;
    case 'image':
      return <ImageThumbnailField key={name} {...common} resource={resource} />;
    case 'file':
      return <FileLinkField key={name} {...common} decl={decl} />;
    case 'url':
      return <UrlLinkField key={name} {...common} decl={decl} resource={resource} />;
    case 'items':
      return <ItemsCountField key={name} {...common} decl={decl} />;
    case 'permissions':
    case 'richText':
      // A matrix, or formatted text, has no column: the record's own screens show it.
      return null;
  }
}

/** Whether a list has a row action to show at all (edit or delete), so that an empty column is left out. */
export function useRowActionsAllowed(resource: string, withView = false): boolean {
  const view = useAllowed('show', resource);
  const edit = useAllowed('edit', resource);
  const remove = useAllowed('delete', resource);
  return (withView && view) || edit || remove;
}

/** Where a record's Edit goes: `<edit>/<id>`, or the edit route itself when the record goes in navigation state. */
export function editPath(resource: ResourceDeclaration, record: RaRecord): string | undefined {
  const { edit, editInState } = resource.routes ?? {};
  if (edit === undefined) return undefined;
  return editInState ? edit : `${edit}/${encodeURIComponent(String(record.id))}`;
}

/** The sentence of a delete that did not go through, as the declaration says it (DeleteFailure). */
export function useDeleteFailure(resource: ResourceDeclaration): (error: unknown) => string {
  const text = useResourceText(resource);
  const translate = useTranslate();
  const has = (key: string) => hasResourceText(resource, `deleteFailure.${key}`);
  return (error) => {
    if (!isServerAnswer(error) && has('unanswered')) return text('deleteFailure.unanswered');
    const message =
      serverMessage(error) ??
      (has('unexplained') ? text('deleteFailure.unexplained') : translate('ra.notification.http_error'));
    return has('refused') ? text('deleteFailure.refused', { message }) : message;
  };
}

/** The sentence saying why a record cannot be deleted, when its list row counts records that keep it. */
function blockedBy(resource: ResourceDeclaration, record: RaRecord, text: (key: string) => string) {
  const block = resource.deleteBlockedBy?.find((entry) => entry.listed && isOn(record[entry.listed.count]));
  return block ? text(`deleteBlocked.${block.resource}`) : undefined;
}

/**
 * View (to the declared show route, `<show>/<id>`), Edit (editPath) and delete with the declaration's confirmation
 * sentence, or the dialog saying why it cannot be deleted, each only when the account may. View and Edit carry the
 * record in navigation state too, as the spec's screens expect.
 */
export function RowActions({
  resource,
  extra: Extra,
}: ColumnProps & { resource: ResourceDeclaration; extra?: RecordActions }) {
  const record = useRecordContext();
  const text = useResourceText(resource);
  const translate = useTranslate();
  const words = useGeneratedText();
  const failure = useDeleteFailure(resource);
  if (!record) return null;
  const { show } = resource.routes ?? {};
  const edit = editPath(resource, record);
  const id = encodeURIComponent(String(record.id));
  // A record the declaration keeps once a field is set (a receipted donation) offers no Delete.
  const keep = resource.keepWhenSet?.field;
  const kept = keep !== undefined && record[keep] !== null && record[keep] !== undefined && record[keep] !== '';
  return (
    // The buttons wrap rather than widen the table past the screen.
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {show ? (
        <Allowed action="show" resource={resource.name}>
          <Button component={Link} label={words('view')} to={`${show}/${id}`} state={{ record }}>
            <VisibilityIcon />
          </Button>
        </Allowed>
      ) : null}
      {edit ? (
        <Allowed action="edit" resource={resource.name}>
          <Button component={Link} label={translate('ra.action.edit')} to={edit} state={{ record }}>
            <EditIcon />
          </Button>
        </Allowed>
      ) : null}
      {kept ? null : (
        <DeleteButton
          resource={resource.name}
          record={record}
          title={text('deleteTitle')}
          confirm={text('deleteConfirm')}
          blocked={blockedBy(resource, record, text)}
          deleted={text('deleted')}
          failure={failure}
        />
      )}
      {Extra ? <Extra record={record} /> : null}
    </span>
  );
}
