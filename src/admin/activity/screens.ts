/**
 * The custom screens of the activity log; src/admin/screens.ts finds them and the generated routes mount them on the declared routes.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { ActivityCreate } from './ActivityCreate.tsx';
import { ActivityList } from './ActivityList.tsx';
import { ActivityShow } from './ActivityShow.tsx';

export const screens: ScreenRegistry = {
  activities: { list: ActivityList, create: ActivityCreate, show: ActivityShow },
};
