/**
 * The custom screens of the company resources, by kind; src/admin/generated/routes.tsx mounts them on the
 * declared routes in place of the generated ones.
 */
import type { CustomScreens } from '../generated/routes.tsx';
import { DepartmentCreate, DepartmentEdit } from './DepartmentForms.tsx';
import { DepartmentList } from './DepartmentList.tsx';
import { DesignationCreate, DesignationEdit } from './DesignationForms.tsx';
import { DesignationList } from './DesignationList.tsx';

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
