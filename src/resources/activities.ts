import { defineResource } from './define.ts';

const ALL_REQUIRED = 'All fields are required.';

export const ACTIVITY_STATUSES = ['Success', 'Failed', 'Pending'] as const;

/**
 * The activity log: every sign-in (Success or Failed), sign-out and password-reset request is recorded by the
 * server; staff may add an entry with the spec's Add activity form. `account_id` is the account (the spec's
 * "User ID"), `ride_id` the reference the spec shows as "Ride ID" (none for the server's own entries).
 */
export const activities = defineResource({
  name: 'activities',
  label: { one: 'Activity', many: 'Activities' },
  provider: 'legacy-v1',
  permission: { feature: 'Activity', subFeature: 'Activity Logs' },
  fields: {
    account_id: { kind: 'integer', label: 'User ID', required: ALL_REQUIRED, min: 1, filterable: true, index: true },
    ride_id: { kind: 'integer', label: 'Ride ID', min: 1, filterable: true },
    action: { kind: 'text', label: 'Action', required: ALL_REQUIRED, maxLength: 100 },
    // The server's own entries are sentences of STORED (src/resources/sentences.ts), kept with their key and values.
    description: { kind: 'text', label: 'Description', maxLength: 2000, multiline: true, said: true },
    occurred_at: { kind: 'datetime', label: 'Timestamp', required: ALL_REQUIRED, defaultNow: true, index: true },
    status: { kind: 'enum', label: 'Status', values: ACTIVITY_STATUSES, required: ALL_REQUIRED, index: true },
  },
  // The spec's Add activity form returns to /activity-log.
  routes: {
    list: '/activity-logs',
    create: '/activity-logs/add',
    show: '/activity-logs/view',
    aliases: { '/activity-log': '/activity-logs' },
  },
  list: {
    pageSize: 3,
    empty: 'No activities found.',
    sort: { field: 'created_at', order: 'DESC' },
    filters: ['status'],
  },
});
