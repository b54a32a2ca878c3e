/**
 * The custom screens of the employees; src/admin/screens.ts finds them and the generated routes mount them on the
 * declared routes: the spec's four-step wizard (EmployeeCreate, EmployeeEdit on one EmployeeForm), its list with the
 * department and designation filters, and its profile view.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { EmployeeCreate } from './EmployeeCreate.tsx';
import { EmployeeEdit } from './EmployeeEdit.tsx';
import { EmployeeList } from './EmployeeList.tsx';
import { EmployeeView } from './EmployeeView.tsx';

export const screens: ScreenRegistry = {
  employees: { list: EmployeeList, create: EmployeeCreate, edit: EmployeeEdit, show: EmployeeView },
};
