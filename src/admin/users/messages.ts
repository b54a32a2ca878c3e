/**
 * The words of the user screens, so that screens and tests read the same text. The spec's sentences (the
 * required-fields alert, the empty list, the delete confirmation) come from the declaration in
 * src/resources/users.ts, which the server speaks too.
 */
import { USER_TYPES, users } from '../../resources/users.ts';

const f = users.fields;

/** The routes (spec section 3, "Users"). */
export const USER_ROUTES = {
  list: users.routes.list,
  add: users.routes.create,
  edit: users.routes.edit,
  profile: users.routes.show,
} as const;

export const USER = {
  title: 'User List',
  add: 'Add User',
  pageSize: users.list.pageSize,
  searchPlaceholder: users.list.searchPlaceholder,
  filterLabel: 'User Type',
  all: 'All',
  userTypes: USER_TYPES,
  columns: {
    number: 'SNo',
    username: f.username.label,
    email: f.email.label,
    userType: f.user_type.label,
    role: f.role_id.label,
    status: 'Status',
    actions: 'Actions',
  },
  active: 'Active',
  inactive: 'Inactive',
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  empty: users.list.empty,
  fetchFailed: 'Something went wrong while fetching users.',
  deleteTitle: 'Delete User',
  deleteConfirm: users.messages.deleteConfirm,
  deleted: 'User deleted successfully.',
  deleteFailed: 'Failed to delete user. Please try again.',

  // The add and edit forms.
  addTitle: 'Add User',
  editTitle: 'Edit User',
  labels: {
    username: f.username.label,
    email: f.email.label,
    userType: f.user_type.label,
    role: f.role_id.label,
    mobile: f.mobile.label,
    isActive: f.is_active.label,
    password: 'Password',
    profileImage: f.profile_image.label,
  },
  noRole: 'No role',
  generate: 'Generate',
  showPassword: 'Show password',
  hidePassword: 'Hide password',
  chooseImage: 'Choose Image',
  removeImage: 'Remove Image',
  imageHint: 'JPEG, PNG or WebP, at most 5 MB.',
  /** The edit form has no password: the user changes it, or an administrator sends a reset link. */
  passwordNote: 'The password is changed by the user, or reset by email from the profile (Send reset link).',
  /** Spec section 5: one sentence when username, email or user type is missing. */
  required: f.username.required,
  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  created: 'User added successfully.',
  updated: 'User updated successfully.',
  saveFailed: (serverMessage?: string) => `Error: ${serverMessage || 'Something went wrong!'}`,
  imageFailed: (serverMessage?: string) =>
    `The user was saved, but the profile image was not: ${serverMessage || 'Something went wrong!'}`,
  /** Spec section 9: after a successful save, back to the list after 2 seconds. */
  redirectDelayMs: 2000,

  // The profile.
  profileTitle: 'User Profile',
  notFound: 'User not found',
  basicInfo: 'Basic Info',
  accountCreated: f.account_creation_date.label,
  noImage: 'No image',
  activityTitle: 'Activity Summary',
  signIns: 'Sign-ins',
  failedSignIns: 'Failed sign-ins',
  lastSignIn: 'Last sign-in',
  never: 'Never',
  recentActivity: 'Recent activity',
  noActivity: 'No activity recorded yet.',
  activityColumns: { action: 'Action', status: 'Status', description: 'Description', time: 'Time' },
  activityFailed: 'Failed to load the activity summary.',
  settingsTitle: 'Account Settings',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activated: 'The account is active; the user can sign in.',
  deactivated: 'The account is deactivated; the user is signed out and cannot sign in.',
  statusFailed: (serverMessage?: string) =>
    `Failed to change the account status: ${serverMessage || 'Something went wrong!'}`,
  sendReset: 'Send reset link',
  /** The forgot-password answer is shown as the server gives it; these are for no answer or a refusal. */
  resetFailed: 'Failed to send reset link.',
  resetError: 'Something went wrong. Please try again later.',
  back: 'Back',
} as const;
