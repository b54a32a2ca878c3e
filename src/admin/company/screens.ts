/**
 * The custom screens of the company resources, by kind; src/admin/screens.ts finds them and the generated routes mount them on the
 * declared routes in place of the generated ones.
 */
import type { ScreenRegistry } from '../generated/routes.tsx';
import { DepartmentCreate, DepartmentEdit } from './DepartmentForms.tsx';
import { DepartmentList } from './DepartmentList.tsx';
import { DesignationCreate, DesignationEdit } from './DesignationForms.tsx';
import { DesignationList } from './DesignationList.tsx';
import { RoleCreate, RoleEdit } from './RoleForms.tsx';
import { RoleList } from './RoleList.tsx';
import { RoleShow } from './RoleShow.tsx';
import { EmployeeCreate } from '../employees/EmployeeCreate.tsx';
import { EmployeeEdit } from '../employees/EmployeeEdit.tsx';
import { EmployeeList } from '../employees/EmployeeList.tsx';
import { EmployeeView } from '../employees/EmployeeView.tsx';

export const screens: ScreenRegistry = {
  departments: { list: DepartmentList, create: DepartmentCreate, edit: DepartmentEdit },
  designations: { list: DesignationList, create: DesignationCreate, edit: DesignationEdit },
  roles: { list: RoleList, create: RoleCreate, edit: RoleEdit, show: RoleShow },
  employees: { list: EmployeeList, create: EmployeeCreate, edit: EmployeeEdit, show: EmployeeView },
};
