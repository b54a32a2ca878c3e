/**
 * `GET /api/v2/backups/status` (Admins only): the server's backups as the dashboard's card shows them: the schedule
 * and its next time, the latest run and the latest that succeeded, and whether backups are missing
 * (services/backup-schedule.ts).
 */
import type { FastifyInstance } from 'fastify';
import { backupStatus } from '../services/backup-schedule.ts';

export function v2BackupRoutes(app: FastifyInstance): void {
  const { database, config } = app.services;
  app.get('/api/v2/backups/status', { config: { adminOnly: true } }, async () => backupStatus(database, config));
}
