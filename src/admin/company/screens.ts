/**
 * The custom screens of the company resources, by kind; src/admin/screens.ts finds them and the generated routes
 * mount them on the declared routes in place of the generated ones. The department, designation and role lists and
 * forms are the generated ones, from their declarations (src/resources/company.ts, roles.ts); the role's view keeps
 * the spec's sentences for a missing id, a refusal and no answer (RoleShow.tsx).
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { RoleShow } from './RoleShow.tsx';
import { EmployeeCreate } from '../employees/EmployeeCreate.tsx';
import { EmployeeEdit } from '../employees/EmployeeEdit.tsx';
import { EmployeeList } from '../employees/EmployeeList.tsx';
import { EmployeeView } from '../employees/EmployeeView.tsx';

export const screens: ScreenRegistry = {
  roles: { show: RoleShow },
  employees: { list: EmployeeList, create: EmployeeCreate, edit: EmployeeEdit, show: EmployeeView },
};
