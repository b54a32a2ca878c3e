import { defineResource } from './define.ts';

/** Departments of the trust. Their /api/v1 contract is src/server/routes/api/v1/company.ts. */
export const departments = defineResource({
  name: 'departments',
  label: { one: 'Department', many: 'Departments' },
  provider: 'legacy-v1',
  permission: { feature: 'Company', subFeature: 'Departments' },
  fields: {
    department_name: {
      kind: 'text',
      label: 'Department Name',
      required: 'Department Name is required.',
      maxLength: 100,
      index: true,
      // Two departments of one name, whatever the case, could not be told apart in any select (drizzle/0017).
      unique: 'A department with this name already exists.',
      uniqueIgnoringCase: true,
    },
    description: {
      kind: 'text',
      label: 'Description',
      required: 'Description is required.',
      maxLength: 2000,
      multiline: true,
    },
  },
  // The /api/v1 lists have no sort: they come in id order (spec section 2: a filter of the names that exist, with
  // Cancel, and the 'Has Related Designations' badge).
  list: {
    pageSize: 3,
    empty: 'No departments found.',
    sort: { field: 'id', order: 'ASC' },
    searchPlaceholder: 'Search departments',
    nameFilter: { field: 'department_name', cancel: true },
    rowChip: { field: 'department_name', when: 'designation_count', label: 'Has Related Designations', colour: 'info' },
  },
  // A row's Edit passes the department in navigation state; edit also takes `/department/edit/:id`.
  routes: { list: '/department', create: '/department/add', edit: '/department/edit', editInState: true },
  messages: {
    deleteConfirm: 'Are you sure you want to delete this department?',
    deleteFailure: {
      refused: 'Error: {message}',
      unexplained: 'An unexpected error occurred',
      unanswered: 'An error occurred. Please try again later.',
    },
  },
  // Spec sections 5 and 8: the edit form's own sentence for an emptied name, and the failures' words.
  form: {
    updateLabel: 'Update',
    editRequired: { department_name: 'Department Name is required!' },
    failure: {
      create: {
        refused: 'Something went wrong.',
        unanswered: 'Failed to add department. Please try again later.',
        serverWords: false,
      },
      edit: {
        refused: 'Failed to update department. Please try again later.',
        unanswered: 'Failed to update department. Please try again later.',
        serverWords: false,
      },
    },
  },
  deleteBlockedBy: [
    {
      resource: 'designations',
      field: 'department_id',
      message: 'This department is connected to designations. Please remove them first.',
      listed: {
        count: 'designation_count',
        dialog: 'This department has designations assigned to it. Please remove them first.',
      },
    },
  ],
});

/** Designations, each within a department. */
export const designations = defineResource({
  name: 'designations',
  label: { one: 'Designation', many: 'Designations' },
  provider: 'legacy-v1',
  permission: { feature: 'Company', subFeature: 'Designations' },
  fields: {
    designation: {
      kind: 'text',
      label: 'Designation Name',
      required: 'Designation Name is required.',
      maxLength: 100,
      index: true,
    },
    department_id: {
      kind: 'reference',
      label: 'Department',
      reference: 'departments',
      display: 'department_name',
      required: 'Please select a department.',
    },
    description: {
      kind: 'text',
      label: 'Description',
      required: 'Description is required.',
      maxLength: 2000,
      multiline: true,
    },
  },
  list: {
    pageSize: 5,
    empty: 'No designations found.',
    sort: { field: 'id', order: 'ASC' },
    searchPlaceholder: 'Search designations',
    columns: ['designation', 'department_id', 'description'],
    headers: { department_id: 'Department Name' },
    nameFilter: { field: 'designation' },
  },
  routes: { list: '/designation', create: '/designation/add', edit: '/designation/edit', editInState: true },
  messages: {
    deleteConfirm: 'Are you sure you want to delete this designation? This action cannot be undone.',
    deleteFailure: {
      refused: 'Failed to delete designation',
      unanswered: 'Failed to delete designation. Please try again later.',
    },
  },
  // Spec sections 4, 8 and 9: the department first, an edit goes back after 1.5 seconds; the failures' words.
  form: {
    fields: ['department_id', 'designation', 'description'],
    updateLabel: 'Update',
    returnAfterMs: { edit: 1500 },
    failure: {
      create: { refused: 'Backend error occurred', unanswered: 'Failed to create designation.' },
      edit: { refused: 'Failed to update designation', unanswered: 'Failed to update designation', serverWords: false },
    },
    choicesFailed: {
      refused: 'Failed to load departments.',
      unanswered: 'Error fetching departments. Please try again later.',
    },
  },
});
