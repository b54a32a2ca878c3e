/**
 * Pieces shared by the audit-log screens: the action badge, the module's name, the entry's time as the trust's
 * clocks showed it, and the changes of an entry as before/after rows.
 */
import Chip from '@mui/material/Chip';
import type { Identifier } from 'react-admin';
import { findResource, referrersOf } from '../../resources/index.ts';
import { ACTION_COLOURS } from './messages.ts';

/** An entry as `/api/v2/audit-logs` answers it. */
export interface AuditEntry {
  id: Identifier;
  action_type: string;
  module: string;
  record_id: number | null;
  performed_by: { id: number | null; name: string };
  performed_by_id: number | null;
  performed_by_name: string;
  date_time: string;
  details: Record<string, unknown> | null;
  refers_to_id: Identifier | null;
}

export function ActionBadge({ action }: { action: unknown }) {
  if (typeof action !== 'string' || action === '') return null;
  const colour = ACTION_COLOURS[action as keyof typeof ACTION_COLOURS] ?? 'default';
  return <Chip size="small" label={action} color={colour} data-colour={colour} />;
}

/** A module by its declared name ("Countries" for countries); a module of a note that is not declared, as it is. */
export function moduleLabel(module: unknown): string {
  if (typeof module !== 'string') return '';
  return findResource(module)?.label.many ?? module;
}

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

const wallClock = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/**
 * The time of an entry as the trust's clocks showed it. The server writes it with the trust's offset
 * (TRUST_TIMEZONE: `2026-11-22T10:30:00.000+05:30`), so the date and time are read from the text itself, not
 * moved into the browser's zone.
 */
export function trustTime(value: unknown): string {
  if (typeof value !== 'string') return '-';
  const match = AT.exec(value);
  if (!match) return value === '' ? '-' : value;
  const [, year, month, day, hour, minute, second] = match.map(Number) as number[];
  const wall = new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second || 0));
  return wallClock.format(wall);
}

/** A recorded value in words: '-' for nothing, Yes/No, text as it is, anything else as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
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
 * delete's values (before). Fields are named by the module's declaration where it has them.
 */
export function changeRows(entry: Pick<AuditEntry, 'action_type' | 'module' | 'details'>): ChangeRow[] {
  const details = isRecord(entry.details) ? entry.details : {};
  const fields = findResource(entry.module)?.fields ?? {};
  const label = (field: string) => (Object.hasOwn(fields, field) ? fields[field]!.label : field);
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
