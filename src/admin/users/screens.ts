/**
 * The custom screens of the User List, by kind; src/admin/generated/routes.tsx mounts them on the declared
 * routes (/user, /user/add, /user/edit[/:id], /user/profile[/:id]) in place of the generated ones.
 */
import type { CustomScreens } from '../generated/routes.tsx';
import { UserCreate, UserEdit } from './UserForms.tsx';
import { UserList } from './UserList.tsx';
import { UserProfile } from './UserProfile.tsx';

export const userScreens: CustomScreens = {
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  show: UserProfile,
};
