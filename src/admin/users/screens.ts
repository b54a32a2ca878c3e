/**
 * The custom screens of the User List, by kind; src/admin/screens.ts finds them and the generated routes mount them on the declared
 * routes (/user, /user/add, /user/edit[/:id], /user/profile[/:id]) in place of the generated ones.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { UserCreate, UserEdit } from './UserForms.tsx';
import { UserList } from './UserList.tsx';
import { UserProfile } from './UserProfile.tsx';

export const screens: ScreenRegistry = {
  users: { list: UserList, create: UserCreate, edit: UserEdit, show: UserProfile },
};
