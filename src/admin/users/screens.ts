/**
 * The custom screens of the User List, by kind; src/admin/screens.ts finds them and the generated routes mount them on
 * the declared routes (/user/add, /user/edit[/:id], /user/profile[/:id]) in place of the generated ones. The list
 * itself (/user) is the generated one, as the declaration describes it (src/resources/users.ts).
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { UserCreate, UserEdit } from './UserForms.tsx';
import { UserProfile } from './UserProfile.tsx';

export const screens: ScreenRegistry = {
  users: { create: UserCreate, edit: UserEdit, show: UserProfile },
};
