/**
 * Pieces shared by the audit-log screens: the action badge, the module's name, the entry's time (in the trust's
 * time zone, labelled, through i18n/format.ts), and the changes of an entry as before/after rows.
 */
import Chip from '@mui/material/Chip';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { findResource, referrersOf } from '../../resources/index.ts';
import { recordedValueText, type AuditEntry } from '../../resources/audit-words.ts';
import { useFormats, type Formats } from '../i18n/format.ts';
import { useWords } from '../i18n/words.ts';
import { ACTION_COLOURS, ACTION_TYPES, AUDIT, GENERAL_MODULE, type ActionType } from './messages.ts';

export function ActionBadge({ action }: { action: unknown }) {
  const words = useWords(AUDIT);
  if (typeof action !== 'string' || action === '') return null;
  const known = (ACTION_TYPES as readonly string[]).includes(action) ? (action as ActionType) : undefined;
  const colour = known ? ACTION_COLOURS[known] : 'default';
  return <Chip size="small" label={known ? words.actions[known] : action} color={colour} data-colour={colour} />;
}

/** Translates a key, with the English given as its default (react-admin's translate). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A module by its declared name ("Countries" for countries), in the language chosen when a translator is given;
 * General in words; a module of a note that is not declared, as it is.
 */
export function moduleLabel(module: unknown, translate?: Translate, general: string = GENERAL_MODULE): string {
  if (typeof module !== 'string') return '';
  if (module === GENERAL_MODULE) return general;
  const resource = findResource(module);
  if (!resource) return module;
  const many = resource.label.many;
  return translate ? translate(`resources.${resource.name}.title.list`, { _: many }) : many;
}

/** An instant as JSON and the server write it: a day, a time of day and a zone (`Z` or an offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A recorded value of a module's field as its screens show it: an enum's value in words (`choices.<field>.<value>`),
 * an instant or a day in the trust's formats, rupees as money; anything else as recordedValueText (resources/audit-words.ts, which the server's export says too).
 */
export function recordedText(
  module: unknown,
  field: string,
  value: unknown,
  helpers: { translate: Translate; formats: Pick<Formats, 'dateTime' | 'date' | 'money'>; yes: string; no: string },
): string {
  const resource = typeof module === 'string' ? findResource(module) : undefined;
  const fields = resource?.fields ?? {};
  const decl = Object.hasOwn(fields, field) ? fields[field] : undefined;
  // A column no declaration describes (created_at, updated_at, or a module that is not declared) that holds an
  // instant, as JSON writes one ("2026-11-26T22:41:20.978Z"): in the trust's time, as every screen says times.
  if (!decl && typeof value === 'string' && INSTANT.test(value)) return helpers.formats.dateTime(value);
  if (!resource || !decl || value === null || value === undefined || value === '')
    return recordedValueText(value, helpers);
  if (decl.kind === 'enum' && typeof value === 'string')
    return helpers.translate(`resources.${resource.name}.choices.${field}.${value}`, { _: value });
  if (decl.kind === 'datetime') return helpers.formats.dateTime(value);
  if (decl.kind === 'date') return helpers.formats.date(value);
  if (decl.kind === 'integer' && decl.rupees) return helpers.formats.money(value);
  return recordedValueText(value, helpers);
}

/** The audit screens' words, with the module, value and time helpers in the language chosen. */
export function useAuditText() {
  const words = useWords(AUDIT);
  const translate = useTranslate();
  const formats = useFormats();
  return useMemo(
    () => ({
      words,
      translate: translate as Translate,
      moduleLabel: (module: unknown) => moduleLabel(module, translate, words.general),
      valueText: (value: unknown) => recordedValueText(value, words),
      recordedText: (module: unknown, field: string, value: unknown) =>
        recordedText(module, field, value, { translate, formats, yes: words.yes, no: words.no }),
      /** The entry's instant in the trust's time zone, labelled (IST). */
      time: (value: unknown) => formats.dateTime(value),
    }),
    [words, translate, formats],
  );
}

export interface ChangeRow {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * The changes of an entry, one row a field: an update's before and after; a create's values (after); a
 * delete's values (before). Fields are named by the module's declaration where it has them (in the language
 * chosen when a translator is given), and the columns every record has (id, created_at, …) by `columns`, the
 * words of that language; only a key neither knows is shown as it is.
 */
export function changeRows(
  entry: Pick<AuditEntry, 'action_type' | 'module' | 'details'>,
  translate?: Translate,
  columns: Readonly<Record<string, string>> = AUDIT.recordColumns,
): ChangeRow[] {
  const details = isRecord(entry.details) ? entry.details : {};
  const resource = findResource(entry.module);
  const fields = resource?.fields ?? {};
  const label = (field: string) => {
    if (!resource || !Object.hasOwn(fields, field)) return Object.hasOwn(columns, field) ? columns[field]! : field;
    const english = fields[field]!.label;
    return translate ? translate(`resources.${resource.name}.fields.${field}`, { _: english }) : english;
  };
  if (isRecord(details.changes)) {
    return Object.entries(details.changes).map(([field, change]) => ({
      field,
      label: label(field),
      before: isRecord(change) ? change.before : undefined,
      after: isRecord(change) ? change.after : undefined,
    }));
  }
  const side = entry.action_type === 'Delete' ? 'before' : 'after';
  const values = isRecord(details[side]) ? details[side] : {};
  return Object.entries(values).map(([field, value]) => ({
    field,
    label: label(field),
    before: side === 'before' ? value : undefined,
    after: side === 'after' ? value : undefined,
  }));
}

/** The text of a note entry. */
export function noteOf(entry: Pick<AuditEntry, 'details'>): string | undefined {
  const note = isRecord(entry.details) ? entry.details.note : undefined;
  return typeof note === 'string' ? note : undefined;
}

/**
 * The field a record of `module` is known by: the `display` other records refer to it with (a department by its
 * department_name, a role by its role_name); none for a module nothing refers to.
 */
export function nameFieldOf(module: unknown): string | undefined {
  if (typeof module !== 'string') return undefined;
  for (const { resource, field } of referrersOf(module)) {
    const decl = resource.fields[field];
    if (decl?.kind === 'reference') return decl.display;
  }
  return undefined;
}

/** The resource a field of `module` refers to (a designation's department_id: departments), if it is a reference. */
export function referenceOf(module: unknown, field: string): string | undefined {
  if (typeof module !== 'string') return undefined;
  const fields = findResource(module)?.fields ?? {};
  const decl = Object.hasOwn(fields, field) ? fields[field] : undefined;
  return decl?.kind === 'reference' ? decl.reference : undefined;
}

/**
 * What a record was last called, from its own entries, newest first: a delete's values before, an update's new
 * value, a create's values after. Undefined when the trail never recorded its name.
 */
export function lastKnownName(
  entries: readonly Pick<AuditEntry, 'action_type' | 'details'>[],
  nameField: string,
): string | undefined {
  for (const entry of entries) {
    const details = isRecord(entry.details) ? entry.details : {};
    const change = isRecord(details.changes) ? details.changes[nameField] : undefined;
    const candidates = [
      isRecord(change) ? change.after : undefined,
      isRecord(details.before) ? details.before[nameField] : undefined,
      isRecord(details.after) ? details.after[nameField] : undefined,
    ];
    const name = candidates.find((value) => typeof value === 'string' && value.trim() !== '');
    if (typeof name === 'string') return name;
  }
  return undefined;
}
