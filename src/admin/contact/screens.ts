/**
 * The contact messages area's additions to the generated list and show screens (src/admin/screens.ts finds them):
 * Mark as read / unread on each row, and Reply by email on a message's page, which marks it read when opened.
 */
import type { ScreenRegistry } from '../generator/routes.tsx';
import { MessageShowActions, ReadToggle } from './MessageActions.tsx';

export const screens: ScreenRegistry = {
  contact_messages: { rowActions: ReadToggle, showActions: MessageShowActions },
};
