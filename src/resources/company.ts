import { defineResource } from './define.ts';

/** Departments of the trust. Their /api/v1 contract and screens belong to the HR issue. */
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
    },
    description: {
      kind: 'text',
      label: 'Description',
      required: 'Description is required.',
      maxLength: 2000,
      multiline: true,
    },
  },
  list: { pageSize: 3, empty: 'No departments found.', sort: { field: 'created_at', order: 'DESC' } },
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
    sort: { field: 'created_at', order: 'DESC' },
  },
  messages: { deleteConfirm: 'Are you sure you want to delete this designation? This action cannot be undone.' },
});
