/**
 * The words of the role-permission screens, so that screens and tests read the same text. The spec's sentences
 * (the empty list, the delete confirmation, the required-fields alert) come from the declaration in
 * src/resources/role-permissions.ts, which the server speaks too.
 */
import { rolePermissions } from '../../resources/role-permissions.ts';

export const ROLE_PERMISSION_ROUTES = {
  list: rolePermissions.routes.list,
  add: rolePermissions.routes.create,
  /** The spec's Add Permission button goes to the add route spelled with three s's (an alias of `add`). */
  addAsSpelled: '/role-permisssion/add',
  edit: rolePermissions.routes.edit,
  view: rolePermissions.routes.show,
} as const;

export const ROLE_PERMISSION = {
  title: 'Role Permissions',
  add: 'Add Permission',
  pageSize: rolePermissions.list.pageSize,
  searchPlaceholder: 'Search by role, department or designation',
  filterLabel: 'Role',
  all: 'All',
  columns: {
    number: 'SNo',
    department: 'Department',
    designation: 'Designation',
    role: 'Role',
    actions: 'Actions',
  },
  view: 'View',
  empty: rolePermissions.list.empty,
  fetchFailed: 'Something went wrong while fetching permissions.',
  deleteTitle: 'Delete Permission',
  deleteConfirm: rolePermissions.messages.deleteConfirm,
  deleted: 'Permission deleted successfully.',
  deleteFailed: 'Failed to delete permission.',

  // The add and edit forms.
  addTitle: 'Add Role Permission',
  editTitle: 'Edit Role Permission',
  labels: { department: 'Department', designation: 'Designation', role: 'Role', permissions: 'Permissions' },
  selectAll: 'Select All',
  clearAll: 'Clear All',
  /** Spec section 5: the one sentence when the department, designation or role is missing. */
  allRequired: rolePermissions.fields.role_id.required,
  noRoles: 'No roles in this department and designation yet. Add one under Role first.',
  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  added: 'Permission added successfully.',
  updated: 'Permission updated successfully.',
  saveFailed: (serverMessage?: string) => `Error: ${serverMessage || 'Something went wrong!'}`,
  /** Spec section 9: after a successful save, back to the list after 2 seconds. */
  redirectDelayMs: 2000,

  // The view.
  viewTitle: 'Role Permission Details',
  notFound: rolePermissions.messages.notFound,
  roleActive: 'Role active',
  roleInactive: 'The role is inactive: its permissions apply to nobody until it is active again.',
  employeesTitle: 'Employees it applies to',
  employeesNote: "Employees whose department and designation are the role's.",
  noEmployees: 'No employees in this department and designation.',
  usersTitle: 'Users with this role',
  noUsers: 'No users have this role.',
  employeeColumns: { name: 'Name', email: 'Email', status: 'Status' },
  userColumns: { username: 'Username', email: 'Email', userType: 'User Type' },
  back: 'Back',
  edit: 'Edit',
} as const;
