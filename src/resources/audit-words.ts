/**
 * The words of the audit trail's list that the admin's screens (src/admin/audit/messages.ts) and the server's export
 * of the list (src/server/routes/api/v2/audit-logs.ts) both say, in English and Hindi: written once, here.
 */
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
  },
} as const;
