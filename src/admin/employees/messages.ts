/**
 * The words of the employee screens, so that screens and tests read the same text. Sentences in quotes in the
 * product spec (sections 2, 4, 5 and 8) are copied exactly; field labels, required-field sentences ('Please fill
 * out {field}', which the server speaks too), the page size and the empty-list text come from the declaration in
 * src/resources/employees.ts.
 */
import { employees, EMPLOYEE_ROLES, EMPLOYEE_STATUSES } from '../../resources/employees.ts';

const f = employees.fields;

/** The routes (spec section 2). */
export const EMPLOYEE_ROUTES = {
  list: '/employee',
  add: '/employee/add',
  edit: '/employee/edit',
  view: '/employee/view',
} as const;

export const EMPLOYEE = {
  title: 'All Employees',
  total: (count: number) => `Total: ${count}`,
  add: 'Add Employee',
  export: 'Export',
  import: 'Import',
  formats: ['Excel', 'PDF'] as const,
  /** Export and import are not built: the dropdowns say so rather than pretend. */
  comingSoon: (action: 'Export' | 'Import', format: string) =>
    action === 'Export'
      ? `Export to ${format} arrives in a coming release.`
      : `Import from ${format} arrives in a coming release.`,
  filterLabel: 'Designation',
  all: 'All',
  searchPlaceholder: 'Search by employee id, name or email',
  pageSize: employees.list.pageSize,
  columns: {
    number: 'S.No',
    name: 'Name',
    mobile: f.mobile.label,
    department: f.department_id.label,
    designation: f.designation_id.label,
    status: f.status.label,
    actions: 'Actions',
  },
  view: 'View',
  edit: 'Edit',
  delete: 'Delete',
  empty: employees.list.empty,
  fetchFailed: 'Something went wrong while fetching employees.',
  deleteTitle: 'Delete Employee',
  deleteConfirm: employees.messages.deleteConfirm,
  deleted: 'Employee deleted successfully.',
  deleteFailed: 'Failed to delete employee. Please try again.',

  // The wizard (spec section 4) and the edit form.
  addTitle: 'Add Employee',
  editTitle: 'Edit Employee',
  profileTab: 'Profile',
  permissionTab: 'Permission',
  next: 'Next',
  back: 'Back',
  submit: 'Submit',
  cancel: 'Cancel',
  selectAll: 'Select All',
  clearAll: 'Clear All',
  labels: {
    fullName: f.full_name.label,
    email: f.email.label,
    mobile: f.mobile.label,
    dob: f.dob.label,
    hireDate: f.hire_date.label,
    salary: f.salary.label,
    contractStartDate: f.contract_start_date.label,
    contractLastDate: f.contract_last_date.label,
    password: 'Password',
    gender: f.gender.label,
    userProfile: f.user_profile.label,
    department: f.department_id.label,
    designation: f.designation_id.label,
    role: f.role.label,
    status: f.status.label,
    isActive: f.is_active.label,
    permissions: f.permissions.label,
  },
  genders: f.gender.values,
  roles: EMPLOYEE_ROLES,
  statuses: EMPLOYEE_STATUSES,
  /** Spec section 5: the alert of a missing field. */
  fill: (label: string) => `Please fill out ${label}`,
  created: 'Employee added successfully.',
  createFailed: (serverMessage?: string) => `Error: ${serverMessage || 'Something went wrong!'}`,
  updated: 'Employee updated successfully.',
  updateFailed: 'Failed to update employee.',
  /** Editing: the photo is replaced after the rest is saved (its own request). */
  changePhoto: 'Change Photo',
  photoFailed: (serverMessage?: string) =>
    `The employee was updated, but the photo was not saved: ${serverMessage || 'Something went wrong!'}`,
  /** Spec section 9: after a successful add, back to the list after 2 seconds. */
  redirectDelayMs: 2000,

  // The view screen.
  viewTitle: 'Employee Details',
  contract: 'Contract Details',
  job: 'Job Info',
  noPhoto: 'No photo',
  viewFailed: 'Failed to fetch employee',
} as const;
