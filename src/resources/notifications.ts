import { defineResource } from './define.ts';

export const NOTIFICATION_TYPES = [
  'Server Error',
  'Message',
  'User Registered',
  'Email',
  'Donation',
  'Backup',
] as const;

/**
 * Notifications shown under the header's bell. The server writes them (services/notifications.ts), one for each
 * account whose permissions cover what it reports; each account reads, marks read or unread, and deletes its own
 * and nobody else's (`ownedBy`), so the permission matrix is not asked and adds no entry for them.
 */
export const notifications = defineResource({
  name: 'notifications',
  label: { one: 'Notification', many: 'Notifications' },
  provider: 'rest',
  // Shown with the dashboard's header; `ownedBy` decides who reads what, so this place is never asked.
  permission: { feature: 'Dashboard', subFeature: 'Dashboard' },
  ownedBy: 'recipient_id',
  serverWritten: true,
  fields: {
    // What happened is the server's to say; its reader only marks it read or unread.
    type: {
      kind: 'enum',
      label: 'Type',
      values: NOTIFICATION_TYPES,
      default: 'Message',
      required: true,
      readOnly: true,
    },
    // A sentence of STORED (src/resources/sentences.ts), kept with its key and values: said in the reader's language.
    message: {
      kind: 'text',
      label: 'Message',
      required: true,
      maxLength: 500,
      multiline: true,
      readOnly: true,
      said: true,
    },
    // Shown as the list's New / Seen column (list.seenFlag), not as a column of its own.
    is_read: { kind: 'boolean', label: 'Read', default: false, required: true, inList: false },
    // Each notification is one account's (the server writes one for every account whose permissions cover it); the
    // bell's index and the foreign key that removes them with their account are migration 0014's.
    recipient_id: { kind: 'integer', label: 'Recipient', readOnly: true, inList: false, index: true, sortable: false },
    // Where the notification leads in the admin (the new contact message, the donation).
    link: { kind: 'text', label: 'Link', maxLength: 200, readOnly: true, inList: false, searchable: false },
  },
  list: {
    pageSize: 3,
    empty: 'No records found.',
    sort: { field: 'created_at', order: 'DESC' },
    filters: ['type', 'is_read'],
    searchPlaceholder: 'Search notifications',
    seenFlag: 'is_read',
  },
  routes: { list: '/notifications' },
  messages: { deleteConfirm: 'Are you sure you want to delete this notification?' },
});
