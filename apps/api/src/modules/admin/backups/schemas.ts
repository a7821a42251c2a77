/** The back office's backups (docs/admin/backups.md). */
import { z } from 'zod';

export const backupAnswer = z.object({
  arquivo: z.string(),
  /** Bytes. */
  tamanho: z.number().int(),
  criado_em: z.string(),
});

export const backupListAnswer = z.object({
  backups: z.array(backupAnswer),
  /** BACKUP_EVERY_HOURS (0: none on a schedule) and BACKUP_KEEP, for the page to say. */
  a_cada_horas: z.number().int(),
  guardados: z.number().int(),
});

export const backupParams = z.object({ arquivo: z.string() });
