import { defineResource } from './define.ts';

const ALL_REQUIRED = 'All fields (Role Name, Department, and Designation) are required.';

/** Employee roles: a name and responsibility within a department and designation. */
export const roles = defineResource({
  name: 'roles',
  label: { one: 'Role', many: 'Roles' },
  provider: 'legacy-v1',
  permission: { feature: 'Company', subFeature: 'Roles' },
  fields: {
    role_name: { kind: 'text', label: 'Role Name', required: ALL_REQUIRED, maxLength: 100, index: true },
    responsibility: { kind: 'text', label: 'Responsibility', maxLength: 2000, multiline: true },
    is_active: { kind: 'boolean', label: 'Active', default: true, required: true },
    department_id: {
      kind: 'reference',
      label: 'Department',
      reference: 'departments',
      display: 'department_name',
      required: ALL_REQUIRED,
    },
    designation_id: {
      kind: 'reference',
      label: 'Designation',
      reference: 'designations',
      display: 'designation',
      required: ALL_REQUIRED,
      within: { field: 'department_id', through: 'department_id' },
    },
  },
  // The spec shows the list at both /employee-roles and /employee-role.
  routes: {
    list: '/employee-roles',
    create: '/employee-role/add',
    edit: '/employee-role/edit',
    show: '/employee-role/view',
    aliases: { '/employee-role': '/employee-roles' },
    editInState: true,
  },
  list: {
    pageSize: 3,
    empty: 'No roles found.',
    sort: { field: 'id', order: 'ASC' },
    searchPlaceholder: 'Search',
    columns: ['department_id', 'designation_id', 'role_name', 'responsibility'],
    headers: { role_name: 'Role' },
    actionHeader: 'Actions',
    nameFilter: { field: 'role_name' },
  },
  messages: {
    deleteConfirm: 'Are you sure you want to delete this role?',
    // The server's sentence when it gives one.
    deleteFailure: { unexplained: 'Failed to delete role.' },
    // The spec's view (sections 8 and 9): its sentences for a missing id, a refusal, no answer and nothing.
    show: {
      missingId: 'No role ID provided.',
      refused: 'Failed to fetch role details.',
      unanswered: 'Something went wrong while fetching role.',
      noData: 'No role data available.',
    },
  },
  // Spec sections 4, 8 and 9: the form has no Active switch (a new role is active), saves go back after 1.5 seconds.
  form: {
    fields: ['role_name', 'responsibility', 'department_id', 'designation_id'],
    updateLabel: 'Update',
    returnAfterMs: { create: 1500, edit: 1500 },
    failure: {
      create: { refused: 'Failed to add role.', unanswered: 'Something went wrong. Please try again.' },
      edit: { refused: 'Failed to update role', unanswered: 'Failed to update role. Please try again later.' },
    },
    choicesFailed: { refused: 'Failed to load dropdowns. Please try again.' },
  },
});
