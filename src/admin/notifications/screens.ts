/**
 * The notifications area's additions to the generated /notifications list (src/admin/screens.ts finds them):
 * Mark as read / unread on each row and Mark all as read above it. The bell is in the header (layout/).
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { MarkAllRead, ToggleRead } from './NotificationActions.tsx';

export const screens: ScreenRegistry = {
  notifications: { rowActions: ToggleRead, listActions: MarkAllRead },
};
