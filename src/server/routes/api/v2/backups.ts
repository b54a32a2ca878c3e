/**
 * The server's backups on the dashboard (Admins only; services/backup-schedule.ts):
 * - `GET /api/v2/backups/status`: the schedule and its next time, the latest run and the latest that succeeded,
 *   and whether backups are missing.
 * - `POST /api/v2/backups`: takes one now, in the background (202 with the run; audited); 409 while one is under way.
 * - `GET /api/v2/backups/:id/download`: the archive of a run that succeeded, while BACKUP_DIR still holds it
 *   (audited: the archive holds every PAN and password hash, encrypted only when a key is configured).
 */
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../../errors.ts';
import { appendAudit } from '../../../services/audit.ts';
import { archiveOfRun, BackupBusyError, backupStatus, startAdminBackup } from '../../../services/backup-schedule.ts';

const adminOnly = { config: { adminOnly: true } };

export function v2BackupRoutes(app: FastifyInstance): void {
  const { database, config, backupWriter } = app.services;
  app.get('/api/v2/backups/status', adminOnly, async () => backupStatus(database, config));

  app.post('/api/v2/backups', adminOnly, async (request, reply) => {
    try {
      const { run, done } = await startAdminBackup(
        { database, config, write: backupWriter, log: app.log },
        request.account!,
      );
      void done.catch((error: unknown) => app.log.warn({ err: error }, 'A backup started from the dashboard failed.'));
      return reply.status(202).send(run);
    } catch (error) {
      if (error instanceof BackupBusyError) throw conflict(error.message);
      throw error;
    }
  });

  app.get<{ Params: { id: string } }>('/api/v2/backups/:id/download', adminOnly, async (request, reply) => {
    const id = Number(request.params.id);
    if (!Number.isSafeInteger(id) || id < 1 || !/^\d+$/.test(request.params.id))
      throw badRequest('The backup id must be a positive whole number.');
    const archive = await archiveOfRun(database, config, id);
    if (!archive) {
      throw notFound(`Backup ${id} has no archive in BACKUP_DIR (it failed, or was removed since).`);
    }
    await database.db.transaction((tx) =>
      appendAudit(tx, request.account!, 'Note', 'backups', id, {
        note: `Downloaded the backup archive ${archive.file}.`,
      }),
    );
    return reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${archive.file}"`)
      .header('Cache-Control', 'no-store')
      .send(createReadStream(archive.path));
  });
}
