/**
 * The owners' backups: make one now, list them, download one. Behind the back office's
 * guard like every /api/admin/ call; making and downloading are written to the audit log (a
 * backup holds every customer's data: who took a copy is worth knowing).
 */
import { createReadStream } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BACKUP_NOT_FOUND, formatFileSize } from '@semijoias/domain/admin';
import { NotFoundError } from '../../../lib/errors.js';
import { isBackupName, type BackupFile } from '../../backups/index.js';
import { writeAudit } from '../audit.js';
import { requireOwner } from '../../owner-access/index.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { backupAnswer, backupListAnswer, backupParams } from './schemas.js';

function answer(file: BackupFile) {
  return { arquivo: file.name, tamanho: file.sizeBytes, criado_em: file.createdAt.toISOString() };
}

export const adminBackupsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const backups = app.backups;

  app.post(
    '/backups/',
    { schema: { response: { 201: backupAnswer, ...adminErrors } } },
    async (req, reply) => {
      const owner = requireOwner(req);
      const made = await backups.runNow();
      const { clientes, pedidos, produtos, fotos } = made.manifest.contagens;
      await writeAudit(opts.db, owner, {
        action: 'backup.create',
        entityType: 'backup',
        entityId: made.name,
        summary:
          `Backup feito (${formatFileSize(made.sizeBytes)}): ${clientes} clientes, ${pedidos} ` +
          `pedidos, ${produtos} produtos, ${fotos} fotos`,
      });
      return reply.code(201).send(answer(made));
    },
  );

  app.get(
    '/backups/',
    { schema: { response: { 200: backupListAnswer, ...adminErrors } } },
    async () => ({
      backups: (await backups.list()).map(answer),
      a_cada_horas: opts.config.backups.everyHours,
      guardados: opts.config.backups.keep,
    }),
  );

  app.get(
    '/backups/:arquivo',
    // No response schema: the answer is the file's bytes (errors take the usual shape anyway).
    { schema: { params: backupParams } },
    async (req, reply) => {
      const owner = requireOwner(req);
      const { arquivo } = req.params;
      // Only a name the store writes, found in the listing: nothing else on the disk is reachable.
      const file = isBackupName(arquivo)
        ? (await backups.list()).find((b) => b.name === arquivo)
        : undefined;
      if (!file) throw new NotFoundError(BACKUP_NOT_FOUND);
      await writeAudit(opts.db, owner, {
        action: 'backup.download',
        entityType: 'backup',
        entityId: file.name,
        summary: `Backup baixado: ${file.name} (${formatFileSize(file.sizeBytes)})`,
      });
      return reply
        .type('application/gzip')
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .header('content-length', file.sizeBytes)
        .send(createReadStream(file.path));
    },
  );
};
