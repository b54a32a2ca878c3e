/**
 * The words and routes of the audit-log screens (spec section 2, "Audit logs": the list with the
 * Create/Update/Delete filter and search, /audit-logs/add, /audit-logs/view/{id}, /audit-logs/edit/{id}), so
 * that screens and tests read the same text.
 */

/** The server's collection on /api/v2 (not a declared resource; the composite data provider routes it). */
export const AUDIT_RESOURCE = 'audit-logs';

/** Where the audit trail sits in the permission matrix. */
export const AUDIT_PERMISSION = { feature: 'Activity', subFeature: 'Audit Logs' } as const;

export const ACTION_TYPES = ['Create', 'Update', 'Delete', 'Note'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

export const AUDIT = {
  title: 'Audit Logs',
  menuLabel: 'Audit Logs',
  listRoute: '/audit-logs',
  addRoute: '/audit-logs/add',
  showRoute: '/audit-logs/view',
  editRoute: '/audit-logs/edit',
  /** As most admin lists (spec): 3 to a page. */
  pageSize: 3,
  actionLabel: 'Action',
  all: 'All',
  searchPlaceholder: 'Search logs',
  empty: 'No logs found.',
  columns: {
    number: 'SNo',
    action: 'Action',
    module: 'Module',
    record: 'Record',
    performedBy: 'Performed By',
    dateTime: 'Date & Time',
    actions: 'Actions',
  },
  view: 'View',
  correct: 'Correct',
  addNote: 'Add Note',

  showTitle: 'Audit Log Details',
  back: 'Back',
  notFound: 'Audit log entry not found.',
  entryId: 'Entry ID',
  refersTo: 'Refers to entry',
  note: 'Note',
  changes: 'Changes',
  field: 'Field',
  before: 'Before',
  after: 'After',
  noChanges: 'No field values were recorded for this entry.',
  /** A referenced record by what it is called now, and by what the trail last called it once it is deleted. */
  recordNamed: (name: string, id: string) => `${name} (ID ${id})`,
  recordDeleted: (id: string, lastName: string | undefined) =>
    lastName === undefined ? `ID ${id}, since deleted` : `ID ${id}, since deleted (last called “${lastName}”)`,
  notesTitle: 'Notes on this entry',
  noNotes: 'No notes refer to this entry.',

  addTitle: 'Add Note',
  module: 'Module',
  selectModule: 'Select Module',
  general: 'General',
  recordId: 'Record ID (optional)',
  save: 'Save',
  cancel: 'Cancel',
  moduleRequired: 'Module is required.',
  noteRequired: 'Note is required.',
  added: 'Note added to the audit log.',
  addFailed: 'The note could not be added.',

  editTitle: 'Correct Audit Log Entry',
  neverChanged:
    'An audit log entry is never changed. Your correction is recorded as a new note that refers to this entry; the entry itself stays exactly as it was.',
  correction: 'Correction',
  saveCorrection: 'Add Correction',
  corrected: 'Correction added to the audit log.',
} as const;

/** Badge colours of the actions: Create green, Update blue, Delete red, Note grey. */
export const ACTION_COLOURS = { Create: 'success', Update: 'info', Delete: 'error', Note: 'default' } as const;
