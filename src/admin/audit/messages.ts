/**
 * The words and routes of the audit-log screens (spec section 2, "Audit logs": the list with the
 * Create/Update/Delete filter and search, /audit-logs/add, /audit-logs/view/{id}, /audit-logs/edit/{id}), in
 * English and Hindi (i18n/words.ts), so that screens and tests read the same text.
 */
import { AUDIT_WORDS } from '../../resources/audit-words.ts';
import { defineWords, hindi, type AreaWords } from '../i18n/words.ts';

/** The server's collection on /api/v2 (not a declared resource; the composite data provider routes it). */
export const AUDIT_RESOURCE = 'audit-logs';

/** Where the audit trail sits in the permission matrix. */
export const AUDIT_PERMISSION = { feature: 'Activity', subFeature: 'Audit Logs' } as const;

export const ACTION_TYPES = ['Create', 'Update', 'Delete', 'Note'] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** The module of a note about no declared module (stored as this word, in English). */
export const GENERAL_MODULE = 'General';

export const AUDIT_ROUTES = {
  list: '/audit-logs',
  add: '/audit-logs/add',
  show: '/audit-logs/view',
  edit: '/audit-logs/edit',
  /** As most admin lists (spec): 3 to a page. */
  pageSize: 3,
} as const;

export const AUDIT = defineWords('audit', {
  title: AUDIT_WORDS.en.title,
  actionLabel: 'Action',
  all: 'All',
  /** The actions as people read them (the server's values are the English words). */
  actions: AUDIT_WORDS.en.actions,
  searchPlaceholder: 'Search logs',
  empty: 'No logs found.',
  columns: { ...AUDIT_WORDS.en.columns, actions: 'Actions' },
  view: 'View',
  correct: 'Correct',
  addNote: 'Add Note',

  showTitle: 'Audit Log Details',
  back: 'Back',
  loading: 'Loading',
  notFound: 'Audit log entry not found.',
  entryId: 'Entry ID',
  refersTo: 'Refers to entry',
  note: 'Note',
  changes: 'Changes',
  field: 'Field',
  before: 'Before',
  after: 'After',
  yes: AUDIT_WORDS.en.yes,
  no: AUDIT_WORDS.en.no,
  noChanges: 'No field values were recorded for this entry.',
  /**
   * The columns every record has beside its declared fields (src/server/db/schema.ts), which a create's or a
   * delete's values carry: named like the fields, never by their column names.
   */
  recordColumns: {
    id: 'ID',
    created_at: 'Created At',
    updated_at: 'Updated At',
    created_by: 'Created By (Account ID)',
  },
  /** A referenced record by what it is called now, and by what the trail last called it once it is deleted. */
  recordNamed: '%{name} (ID %{id})',
  recordDeleted: 'ID %{id}, since deleted',
  recordDeletedNamed: 'ID %{id}, since deleted (last called “%{name}”)',
  notesTitle: 'Notes on this entry',
  noNotes: 'No notes refer to this entry.',

  addTitle: 'Add Note',
  module: 'Module',
  selectModule: 'Select Module',
  general: AUDIT_WORDS.en.general,
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
} as const);

export const AUDIT_HI = hindi(AUDIT, {
  title: AUDIT_WORDS.hi.title,
  actionLabel: 'कार्रवाई',
  all: 'सभी',
  actions: AUDIT_WORDS.hi.actions,
  searchPlaceholder: 'लॉग खोजें',
  empty: 'कोई लॉग नहीं मिला।',
  columns: { ...AUDIT_WORDS.hi.columns, actions: 'कार्रवाइयाँ' },
  view: 'देखें',
  correct: 'सुधार करें',
  addNote: 'टिप्पणी जोड़ें',

  showTitle: 'ऑडिट लॉग का विवरण',
  back: 'वापस',
  loading: 'लोड हो रहा है',
  notFound: 'ऑडिट लॉग की प्रविष्टि नहीं मिली।',
  entryId: 'प्रविष्टि आईडी',
  refersTo: 'संबंधित प्रविष्टि',
  note: 'टिप्पणी',
  changes: 'बदलाव',
  field: 'फ़ील्ड',
  before: 'पहले',
  after: 'बाद में',
  yes: AUDIT_WORDS.hi.yes,
  no: AUDIT_WORDS.hi.no,
  noChanges: 'इस प्रविष्टि के लिए किसी फ़ील्ड का मान दर्ज नहीं हुआ।',
  recordColumns: {
    id: 'आईडी',
    created_at: 'दर्ज करने की तिथि',
    updated_at: 'अपडेट की तिथि',
    created_by: 'किसने दर्ज किया (खाता आईडी)',
  },
  recordNamed: '%{name} (आईडी %{id})',
  recordDeleted: 'आईडी %{id}, अब हटाया जा चुका है',
  recordDeletedNamed: 'आईडी %{id}, अब हटाया जा चुका है (अंतिम नाम “%{name}”)',
  notesTitle: 'इस प्रविष्टि पर टिप्पणियाँ',
  noNotes: 'इस प्रविष्टि पर कोई टिप्पणी नहीं है।',

  addTitle: 'टिप्पणी जोड़ें',
  module: 'मॉड्यूल',
  selectModule: 'मॉड्यूल चुनें',
  general: AUDIT_WORDS.hi.general,
  recordId: 'रिकॉर्ड आईडी (वैकल्पिक)',
  save: 'सहेजें',
  cancel: 'रद्द करें',
  moduleRequired: 'मॉड्यूल आवश्यक है।',
  noteRequired: 'टिप्पणी आवश्यक है।',
  added: 'टिप्पणी ऑडिट लॉग में जोड़ दी गई।',
  addFailed: 'टिप्पणी जोड़ी नहीं जा सकी।',

  editTitle: 'ऑडिट लॉग की प्रविष्टि में सुधार करें',
  neverChanged:
    'ऑडिट लॉग की कोई प्रविष्टि कभी बदली नहीं जाती। आपका सुधार एक नई टिप्पणी के रूप में दर्ज होता है जो इस प्रविष्टि से जुड़ी रहती है; प्रविष्टि स्वयं बिल्कुल वैसी ही रहती है।',
  correction: 'सुधार',
  saveCorrection: 'सुधार जोड़ें',
  corrected: 'सुधार ऑडिट लॉग में जोड़ दिया गया।',
});

/** Badge colours of the actions: Create green, Update blue, Delete red, Note grey. */
export const ACTION_COLOURS = { Create: 'success', Update: 'info', Delete: 'error', Note: 'default' } as const;

/** This area's words and their Hindi, which i18n/areas.ts finds by this file's name. */
export const WORDS: AreaWords = [[AUDIT, AUDIT_HI]];
