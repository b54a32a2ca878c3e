import { defineResource } from './define.ts';

export const NOTIFICATION_TYPES = ['Server Error', 'Message', 'User Registered', 'Email'] as const;

/** Notifications shown under the header's bell. */
export const notifications = defineResource({
  name: 'notifications',
  label: { one: 'Notification', many: 'Notifications' },
  provider: 'rest',
  permission: { feature: 'Dashboard', subFeature: 'Dashboard' },
  fields: {
    type: { kind: 'enum', label: 'Type', values: NOTIFICATION_TYPES, default: 'Message', required: true },
    message: { kind: 'text', label: 'Message', required: true, maxLength: 500, multiline: true },
    is_read: { kind: 'boolean', label: 'Read', default: false, required: true },
  },
  list: {
    pageSize: 3,
    empty: 'No records found.',
    sort: { field: 'created_at', order: 'DESC' },
    filters: ['type', 'is_read'],
    searchPlaceholder: 'Search notifications',
  },
  routes: { list: '/notifications' },
  messages: { deleteConfirm: 'Are you sure you want to delete this notification?' },
});
