/**
 * The custom screens of the company resources, by kind; src/admin/screens.ts finds them and the generated routes
 * mount them on the declared routes in place of the generated ones. The department, designation and role forms
 * are the generated ones: their words and timings are declared (src/resources/company.ts, roles.ts).
 */
import type { ScreenRegistry } from '../generated/routes.tsx';
import { DepartmentList } from './DepartmentList.tsx';
import { DesignationList } from './DesignationList.tsx';
import { RoleList } from './RoleList.tsx';
import { RoleShow } from './RoleShow.tsx';
import { EmployeeCreate } from '../employees/EmployeeCreate.tsx';
import { EmployeeEdit } from '../employees/EmployeeEdit.tsx';
import { EmployeeList } from '../employees/EmployeeList.tsx';
import { EmployeeView } from '../employees/EmployeeView.tsx';

export const screens: ScreenRegistry = {
  departments: { list: DepartmentList },
  designations: { list: DesignationList },
  roles: { list: RoleList, show: RoleShow },
  employees: { list: EmployeeList, create: EmployeeCreate, edit: EmployeeEdit, show: EmployeeView },
};
