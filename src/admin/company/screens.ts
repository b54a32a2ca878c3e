/**
 * The custom screens of the company resources, by kind; src/admin/generated/routes.tsx mounts them on the
 * declared routes in place of the generated ones.
 */
import type { CustomScreens } from '../generated/routes.tsx';
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

export const departmentScreens: CustomScreens = {
  list: DepartmentList,
  create: DepartmentCreate,
  edit: DepartmentEdit,
};

export const designationScreens: CustomScreens = {
  list: DesignationList,
  create: DesignationCreate,
  edit: DesignationEdit,
};

export const roleScreens: CustomScreens = {
  list: RoleList,
  create: RoleCreate,
  edit: RoleEdit,
  show: RoleShow,
};

export const employeeScreens: CustomScreens = {
  list: EmployeeList,
  create: EmployeeCreate,
  edit: EmployeeEdit,
  show: EmployeeView,
};
