/** The back office's backups (docs/admin/backups.md). */
import { z } from 'zod';

export const backupAnswer = z.object({
  arquivo: z.string(),
  /** Bytes. */
  tamanho: z.number().int(),
  criado_em: z.string(),
});

export const backupListAnswer = z.object({ backups: z.array(backupAnswer) });

export const backupParams = z.object({ arquivo: z.string() });
