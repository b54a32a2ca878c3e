/**
 * The words of the activity-log screens (spec sections 2 "Activity logs", 4, 5, 8, 9), so that screens and tests
 * read the same text. The declared ones (empty-list text, required sentence, page size) come from
 * src/resources/activities.ts, which the server speaks too.
 */
import { ACTIVITY_STATUSES } from '../../resources/activities.ts';
import { activities, requiredMessage } from '../../resources/index.ts';

export const ACTIVITY = {
  title: 'Activity Logs',
  addTitle: 'Add Activity',
  showTitle: 'Activity Details',
  add: 'Add Activity',
  listRoute: activities.routes.list,
  /** Where the spec's add form returns (a redirect to the list). */
  returnRoute: '/activity-log',
  addRoute: activities.routes.create,
  showRoute: activities.routes.show,
  userProfileRoute: '/user/profile',
  /** The profile of the user of an account (the address carries the account, so a reload or a new tab keeps it). */
  userProfileOf: (accountId: unknown) => `/user/profile?account=${encodeURIComponent(String(accountId))}`,
  pageSize: activities.list.pageSize,
  statuses: ACTIVITY_STATUSES,
  statusLabel: 'Status',
  all: 'All',
  from: 'From',
  to: 'To',
  search: 'Search by activity ID',
  searchButton: 'Search',
  /** A non-numeric search: the search is by id only. */
  searchHint: 'Enter an activity ID (a number).',
  columns: {
    number: 'SNo',
    user: activities.fields.account_id.label,
    ride: activities.fields.ride_id.label,
    action: activities.fields.action.label,
    description: activities.fields.description.label,
    timestamp: activities.fields.occurred_at.label,
    createdAt: 'Created At',
    status: activities.fields.status.label,
    actions: 'Actions',
  },
  view: 'View',
  empty: activities.list.empty,

  userType: 'User Type',
  mobile: 'Mobile',
  action: activities.fields.action.label,
  timestamp: activities.fields.occurred_at.label,
  updatedAt: 'Updated At',
  back: 'Back',
  notFound: 'Activity not found.',

  save: 'Save',
  cancel: 'Cancel',
  selectStatus: 'Select Status',
  allRequired: requiredMessage(activities.fields.account_id) ?? 'All fields are required.',
  added: 'Activity added successfully.',
  addFailed: 'Failed to add activity.',
} as const;

/** Badge colours (spec section 4): Success green, Pending yellow, Failed red. */
export const STATUS_COLOURS = { Success: 'success', Pending: 'warning', Failed: 'error' } as const;
