/**
 * The words of the department and designation screens, one object per resource, so that screens and tests read
 * the same text. Sentences in quotes in the product spec (sections 2, 4, 5, 8 and 9) are copied exactly; the
 * declared ones (empty-list text, required-field sentences, page sizes) come from the declarations in
 * src/resources/company.ts, which the server speaks too.
 */
import { departments, designations, requiredMessage, roles } from '../../resources/index.ts';

const required = (decl: Parameters<typeof requiredMessage>[0]) => requiredMessage(decl) ?? `${decl.label} is required.`;

/** The server's sentence for a refused delete (src/resources/messages.ts `connected`), for tests and docs. */
export const DEPARTMENT_CONNECTED = 'This department is connected to designations. Please remove them first.';

export const DEPARTMENT = {
  title: 'Departments',
  add: 'Add Department',
  addTitle: 'Add Department',
  editTitle: 'Edit Department',
  listRoute: departments.routes.list,
  addRoute: departments.routes.create,
  editRoute: departments.routes.edit,
  pageSize: departments.list.pageSize,
  searchPlaceholder: departments.list.searchPlaceholder,
  filterLabel: 'Filter',
  columns: {
    number: 'S.No',
    name: departments.fields.department_name.label,
    description: departments.fields.description.label,
    createdAt: 'Created At',
    action: 'Action',
  },
  hasDesignations: 'Has Related Designations',
  empty: departments.list.empty,

  deleteTitle: 'Delete Department',
  deleteConfirm: departments.messages.deleteConfirm,
  deleteBlocked: 'This department has designations assigned to it. Please remove them first.',
  deleted: 'Department deleted successfully.',
  /** The server answered with a refusal. */
  deleteFailed: (serverMessage?: string) => `Error: ${serverMessage || 'An unexpected error occurred'}`,
  /** No answer (network failure). */
  deleteError: 'An error occurred. Please try again later.',

  nameRequired: required(departments.fields.department_name),
  descriptionRequired: required(departments.fields.description),
  /** Spec section 5: the edit form's own sentence for an empty name. */
  editNameRequired: 'Department Name is required!',

  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  added: 'Department added successfully.',
  updated: 'Department updated successfully.',
  /** The server answered with `success: false`. */
  addRefused: 'Something went wrong.',
  addFailed: 'Failed to add department. Please try again later.',
  updateFailed: 'Failed to update department. Please try again later.',
  /** Spec section 4 / 9: after a successful add or edit, back to the list after 2 seconds. */
  redirectDelayMs: 2000,
} as const;

export const DESIGNATION = {
  title: 'Designations',
  add: 'Add Designation',
  addTitle: 'Add Designation',
  editTitle: 'Edit Designation',
  listRoute: designations.routes.list,
  addRoute: designations.routes.create,
  editRoute: designations.routes.edit,
  pageSize: designations.list.pageSize,
  searchPlaceholder: designations.list.searchPlaceholder,
  filterLabel: 'Filter',
  columns: {
    number: 'S.No',
    name: designations.fields.designation.label,
    department: 'Department Name',
    description: designations.fields.description.label,
    action: 'Action',
  },
  empty: designations.list.empty,

  deleteTitle: 'Delete Designation',
  deleteConfirm: designations.messages.deleteConfirm,
  deleted: 'Designation deleted successfully.',
  deleteFailed: 'Failed to delete designation',
  deleteError: 'Failed to delete designation. Please try again later.',

  department: designations.fields.department_id.label,
  selectDepartment: 'Select Department',
  departmentRequired: required(designations.fields.department_id),
  nameRequired: required(designations.fields.designation),
  descriptionRequired: required(designations.fields.description),
  departmentsRefused: 'Failed to load departments.',
  departmentsFailed: 'Error fetching departments. Please try again later.',

  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  added: 'Designation added successfully.',
  updated: 'Designation updated successfully.',
  /** The server refused without a sentence of its own. */
  addRefused: 'Backend error occurred',
  addFailed: 'Failed to create designation.',
  updateFailed: 'Failed to update designation',
  /** Spec section 4 / 9: add goes back after 2 seconds, edit after 1.5. */
  addRedirectDelayMs: 2000,
  editRedirectDelayMs: 1500,
} as const;

export const ROLE = {
  title: 'Roles',
  add: 'Add Role',
  addTitle: 'Add Role',
  editTitle: 'Edit Role',
  showTitle: 'Role Details',
  listRoute: roles.routes.list,
  /** The spec's other reading of the list's address. */
  listAlias: '/employee-role',
  addRoute: roles.routes.create,
  editRoute: roles.routes.edit,
  showRoute: roles.routes.show,
  pageSize: roles.list.pageSize,
  searchPlaceholder: 'Search',
  filterLabel: 'Filter',
  export: 'Export',
  import: 'Import',
  /** The export and import menus offer Excel and PDF, and say plainly that they do not work yet. */
  formats: ['Excel', 'PDF'],
  comingSoon: 'Export and import arrive in a coming release.',
  columns: {
    number: 'S.No',
    department: 'Department',
    designation: 'Designation',
    role: 'Role',
    responsibility: roles.fields.responsibility.label,
    actions: 'Actions',
  },
  empty: roles.list.empty,
  view: 'View',

  deleteTitle: 'Delete Role',
  deleteConfirm: roles.messages.deleteConfirm,
  deleted: 'Role deleted successfully.',
  deleteFailed: 'Failed to delete role.',

  roleName: roles.fields.role_name.label,
  department: roles.fields.department_id.label,
  designation: roles.fields.designation_id.label,
  active: roles.fields.is_active.label,
  selectDepartment: 'Select Department',
  selectDesignation: 'Select Designation',
  /** Spec section 5: one sentence for any of the three. */
  allRequired: required(roles.fields.role_name),
  dropdownsFailed: 'Failed to load dropdowns. Please try again.',

  save: 'Save',
  update: 'Update',
  cancel: 'Cancel',
  back: 'Back',
  added: 'Role added successfully.',
  updated: 'Role updated successfully.',
  /** The server refused without a sentence of its own. */
  addRefused: 'Failed to add role.',
  addFailed: 'Something went wrong. Please try again.',
  updateRefused: 'Failed to update role',
  updateFailed: 'Failed to update role. Please try again later.',
  /** Spec section 4 / 9: role saves go back to the list after 1.5 seconds. */
  redirectDelayMs: 1500,

  noId: 'No role ID provided.',
  fetchRefused: 'Failed to fetch role details.',
  fetchFailed: 'Something went wrong while fetching role.',
  noData: 'No role data available.',
} as const;
