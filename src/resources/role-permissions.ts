import { defineResource } from './define.ts';

const ALL_REQUIRED = 'All fields (Role Name, Department, and Designation) are required.';

/**
 * The permission matrix of a role, one per role. It applies to the employees whose department and designation
 * are the role's (while the role is active) and to the users whose role it is. The role's department and
 * designation are the role's own; the admin's form chooses them to narrow the choice of role.
 */
export const rolePermissions = defineResource({
  name: 'role_permissions',
  path: 'role-permissions',
  label: { one: 'Permission', many: 'Permissions' },
  provider: 'rest',
  permission: { feature: 'Company', subFeature: 'Role Permissions' },
  fields: {
    role_id: {
      kind: 'reference',
      label: 'Role',
      reference: 'roles',
      display: 'role_name',
      required: ALL_REQUIRED,
      unique: 'This role already has its permissions. Edit them instead.',
    },
    permissions: { kind: 'permissions', label: 'Permissions', inList: false },
  },
  // The spec spells the add route with three s's; the canonical one has two and the quirky one redirects.
  routes: {
    list: '/role-permission',
    create: '/role-permission/add',
    edit: '/role-permission/edit',
    show: '/role-permission/view',
    aliases: { '/role-permisssion/add': '/role-permission/add' },
  },
  list: { pageSize: 3, empty: 'No permissions found.', sort: { field: 'id', order: 'ASC' }, filters: ['role_id'] },
  messages: {
    notFound: 'Permission not found.',
    deleteConfirm: 'Are you sure you want to delete this permission?',
  },
});
