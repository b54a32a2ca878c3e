/**
 * The custom screens of the activity log; src/admin/generated/routes.tsx mounts them on the declared routes.
 */
import type { CustomScreens } from '../generated/routes.tsx';
import { ActivityCreate } from './ActivityCreate.tsx';
import { ActivityList } from './ActivityList.tsx';
import { ActivityShow } from './ActivityShow.tsx';

export const activityScreens: CustomScreens = {
  list: ActivityList,
  create: ActivityCreate,
  show: ActivityShow,
};
