/**
 * Notifications beyond their generic /api/v2 routes (resources.ts), which each account reads, marks read or
 * unread (PUT `{"is_read": true}`) and deletes for its own only: `POST /api/v2/notifications/read-all` marks every
 * unread notification of the caller read at once (services/notifications.ts).
 */
import type { FastifyInstance } from 'fastify';
import { apiPath, notifications } from '../../../../resources/index.ts';
import { signedInWith } from '../../shared/guard.ts';

export function v2NotificationRoutes(app: FastifyInstance): void {
  app.post(
    `/api/v2/${apiPath(notifications)}/read-all`,
    signedInWith({
      summary: 'Mark every unread notification of the signed-in account read; answers how many',
      tags: [notifications.label.many],
    }),
    async (request) => ({ marked: await app.services.notifications.markAllRead(request.account!) }),
  );
}
