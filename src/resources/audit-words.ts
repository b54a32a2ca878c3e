/**
 * The words of the audit trail's list that the admin's screens (src/admin/audit/messages.ts) and the server's export
 * of the list (src/server/routes/api/v2/audit-logs.ts) both say, in English and Hindi: written once, here; and an
 * entry's shape as the server answers it and the admin reads it.
 */

/** An entry as `/api/v2/audit-logs` answers it, in the list and alone (services/audit-log.ts writes it). */
export interface AuditEntry {
  id: number;
  action_type: string;
  module: string;
  record_id: number | null;
  performed_by: { id: number | null; name: string };
  performed_by_id: number | null;
  performed_by_name: string;
  /** ISO 8601 with the trust's offset (`2026-11-22T10:30:00.000+05:30`): the time as the trust's clocks showed it. */
  date_time: string;
  details: unknown;
  refers_to_id: number | null;
}

export const AUDIT_WORDS = {
  en: {
    title: 'Audit Logs',
    /** The actions as people read them (the server's values are the English words). */
    actions: { Create: 'Create', Update: 'Update', Delete: 'Delete', Note: 'Note' },
    columns: {
      number: 'SNo',
      action: 'Action',
      module: 'Module',
      record: 'Record',
      performedBy: 'Performed By',
      dateTime: 'Date & Time',
    },
    /** The module of a note about no declared module. */
    general: 'General',
    id: 'ID',
    /** The export's column of what an entry holds: a note's text, or the fields and values it recorded. */
    details: 'Details',
    yes: 'Yes',
    no: 'No',
  },
  hi: {
    title: 'ऑडिट लॉग',
    actions: { Create: 'जोड़ा गया', Update: 'बदला गया', Delete: 'हटाया गया', Note: 'टिप्पणी' },
    columns: {
      number: 'क्रम सं.',
      action: 'कार्रवाई',
      module: 'मॉड्यूल',
      record: 'रिकॉर्ड',
      performedBy: 'किसने किया',
      dateTime: 'तारीख़ और समय',
    },
    general: 'सामान्य',
    id: 'आईडी',
    details: 'विवरण',
    yes: 'हाँ',
    no: 'नहीं',
  },
} as const;

/**
 * A value an entry recorded, in words, as the entry's screen and the list's export both say it: '-' for nothing,
 * Yes/No, text and numbers as they are, anything else as JSON.
 */
export function recordedValueText(value: unknown, words: { yes: string; no: string } = AUDIT_WORDS.en): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}
