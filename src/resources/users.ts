import { defineResource } from './define.ts';
import { EMAIL, phone } from './patterns.ts';

export const USER_TYPES = ['Employee', 'Vendor', 'Client'] as const;

const REQUIRED = 'Username, Email, and User Type are required fields.';

/**
 * Users of the User List: sign-in accounts of employees, vendors and clients, each with an optional role whose
 * permission matrix applies to it. Like an employee, a user signs in with its email and password; the server
 * keeps the account beside the record (`account_id`) and never answers the password or its hash.
 */
export const users = defineResource({
  name: 'users',
  label: { one: 'User', many: 'Users' },
  provider: 'rest',
  permission: { feature: 'User', subFeature: 'User List' },
  fields: {
    username: { kind: 'text', label: 'Username', required: REQUIRED, minLength: 2, maxLength: 100, index: true },
    email: {
      kind: 'text',
      label: 'Email',
      required: REQUIRED,
      maxLength: 254,
      pattern: EMAIL,
      unique: 'A user with this email already exists.',
    },
    // A new sign-in email asked for by someone other than an Admin: it applies once the old address confirms it.
    pending_email: {
      kind: 'text',
      label: 'New Email (awaiting confirmation)',
      readOnly: true,
      maxLength: 254,
      inList: false,
      searchable: false,
      sortable: false,
    },
    user_type: { kind: 'enum', label: 'User Type', values: USER_TYPES, required: REQUIRED },
    role_id: { kind: 'reference', label: 'Role', reference: 'roles', display: 'role_name' },
    mobile: {
      kind: 'text',
      label: 'Mobile',
      maxLength: 20,
      pattern: phone('Please enter a valid mobile number.'),
    },
    is_active: {
      kind: 'boolean',
      label: 'Active',
      default: true,
      required: true,
      words: { true: 'Active', false: 'Inactive' },
    },
    profile_image: { kind: 'text', label: 'Profile Image', readOnly: true, searchable: false, sortable: false },
    account_creation_date: { kind: 'datetime', label: 'Account Created', readOnly: true, defaultNow: true },
    account_id: {
      kind: 'integer',
      label: 'Account',
      readOnly: true,
      account: true,
      inList: false,
      sortable: false,
      // The activity log names accounts: its User ID link finds the user by its account.
      filterable: true,
    },
  },
  // The sign-in password, taken on create only (src/server/services/accounts.ts).
  writeOnly: ['password'],
  routes: { list: '/user', create: '/user/add', edit: '/user/edit', show: '/user/profile' },
  list: {
    pageSize: 3,
    empty: 'No users found.',
    sort: { field: 'id', order: 'DESC' },
    filters: ['user_type'],
    title: 'User List',
    filterMenus: true,
    searchPlaceholder: 'Search users',
    // The spec's table: SNo, Username, Email, User Type, Role, Status, Actions (view, edit, delete).
    columns: ['username', 'email', 'user_type', 'role_id', 'is_active'],
    headers: { is_active: 'Status' },
    numberHeader: 'SNo',
    actionHeader: 'Actions',
  },
  messages: {
    notFound: 'User not found.',
    deleteConfirm: 'Are you sure you want to delete this user?',
    deleteFailure: {
      unexplained: 'Failed to delete user. Please try again.',
      unanswered: 'Failed to delete user. Please try again.',
    },
  },
});
