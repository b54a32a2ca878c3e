import { defineResource } from './define.ts';
import { EMAIL, phone } from './patterns.ts';

export const EMPLOYEE_STATUSES = ['Active', 'Inactive', 'Pending'] as const;
export const EMPLOYEE_ROLES = ['admin', 'user', 'supervisor'] as const;

const fill = (label: string) => `Please fill out ${label}`;

/**
 * Employees of the trust. An employee signs in with its email and password (user type Employee): the server
 * keeps the sign-in account beside the record (`account_id`) and never answers the password or its hash.
 */
export const employees = defineResource({
  name: 'employees',
  label: { one: 'Employee', many: 'Employees' },
  provider: 'legacy-v1',
  permission: { feature: 'Company', subFeature: 'Employees' },
  fields: {
    full_name: { kind: 'text', label: 'Full Name', required: fill('Full Name'), maxLength: 150, index: true },
    email: {
      kind: 'text',
      label: 'Email',
      required: fill('Email'),
      maxLength: 254,
      pattern: EMAIL,
      unique: 'An employee with this email already exists.',
    },
    mobile: {
      kind: 'text',
      label: 'Mobile',
      required: fill('Mobile'),
      maxLength: 20,
      pattern: phone('Please enter a valid mobile number.'),
    },
    gender: { kind: 'enum', label: 'Gender', values: ['Male', 'Female'], required: fill('Gender') },
    dob: { kind: 'date', label: 'Date of Birth', required: fill('Date of Birth') },
    hire_date: { kind: 'date', label: 'Hire Date', required: fill('Hire Date') },
    salary: { kind: 'integer', label: 'Salary', required: fill('Salary'), min: 0, max: 100_000_000 },
    contract_start_date: { kind: 'date', label: 'Contract Start Date', required: fill('Contract Start Date') },
    contract_last_date: { kind: 'date', label: 'Contract End Date', required: fill('Contract End Date') },
    user_profile: { kind: 'text', label: 'Photo', readOnly: true, searchable: false, sortable: false },
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
    status: { kind: 'enum', label: 'Status', values: EMPLOYEE_STATUSES, default: 'Active', required: true },
    is_active: { kind: 'boolean', label: 'Active', default: true, required: true },
    role: { kind: 'enum', label: 'Role', values: EMPLOYEE_ROLES, default: 'user', required: true },
    permissions: { kind: 'permissions', label: 'Permissions', inList: false },
    department_id: {
      kind: 'reference',
      label: 'Department',
      reference: 'departments',
      display: 'department_name',
      required: fill('Department'),
    },
    designation_id: {
      kind: 'reference',
      label: 'Designation',
      reference: 'designations',
      display: 'designation',
      required: fill('Designation'),
      within: { field: 'department_id', through: 'department_id' },
    },
    account_id: { kind: 'integer', label: 'Account', readOnly: true, account: true, inList: false, sortable: false },
  },
  rules: [
    {
      field: 'contract_last_date',
      notBefore: 'contract_start_date',
      message: 'The contract end date must not be before its start date.',
    },
  ],
  // Custom screens (src/admin/employees) answer these routes; edit and view also take `/:id`.
  routes: { list: '/employee', create: '/employee/add', edit: '/employee/edit', show: '/employee/view' },
  list: { pageSize: 5, empty: 'No employees found.', sort: { field: 'id', order: 'ASC' } },
  messages: { notFound: 'Employee not found', deleteConfirm: 'Are you sure you want to delete this employee?' },
});
