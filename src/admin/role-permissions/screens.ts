/**
 * The custom screens of role permissions, by kind; src/admin/screens.ts finds them and the generated routes mount them on the declared
 * routes (/role-permission, /role-permission/add and its alias /role-permisssion/add, /role-permission/edit[/:id],
 * /role-permission/view[/:id]) in place of the generated ones.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { RolePermissionCreate, RolePermissionEdit } from './RolePermissionForms.tsx';
import { RolePermissionList } from './RolePermissionList.tsx';
import { RolePermissionView } from './RolePermissionView.tsx';

export const screens: ScreenRegistry = {
  role_permissions: {
    list: RolePermissionList,
    create: RolePermissionCreate,
    edit: RolePermissionEdit,
    show: RolePermissionView,
  },
};
