/** The back office's 'Saúde da loja' (docs/admin/health.md). */
import { z } from 'zod';
import { HEALTH_ITEM_KEYS, HEALTH_STATES } from '@semijoias/domain/store-health';

export const healthItemAnswer = z.object({
  chave: z.enum(HEALTH_ITEM_KEYS),
  titulo: z.string(),
  estado: z.enum(HEALTH_STATES),
  detalhe: z.string(),
  /** Empty when green. */
  o_que_fazer: z.string(),
  /** ISO instant the item last changed colour. */
  desde: z.string(),
  /** ISO instant of the last check. */
  verificado_em: z.string(),
});

export const healthAnswer = z.object({
  itens: z.array(healthItemAnswer),
  /** The release running (STORE_VERSION, else package.json's): no colour, so not an item. */
  versao: z.string(),
});
