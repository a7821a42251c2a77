/** GET and PUT /api/admin/canais/ (docs/product-feeds.md, docs/admin/sales-channels.md). */
import { z } from 'zod';

export const salesChannelsJson = z.object({
  /** The brand the owners saved; null: the store's name. */
  marca: z.string().nullable(),
  /** The store's name, what an empty 'Marca' means. */
  marca_padrao: z.string(),
  marca_em_uso: z.string(),
  /** What the owners saved: null the server's default, '' off, else DDD and number. */
  whatsapp: z.string().nullable(),
  /** The environment's WHATSAPP_NUMBER, digits; null when it is not set. */
  whatsapp_padrao: z.string().nullable(),
  /** The number shoppers are sent to; null: no WhatsApp on the store. */
  whatsapp_em_uso: z.string().nullable(),
  /** Where it comes from: the owners' number, the environment's, turned off, or none at all. */
  whatsapp_origem: z.enum(['painel', 'ambiente', 'desligado', 'nenhum']),
  feeds: z.array(
    z.object({ canal: z.enum(['google', 'meta']), nome: z.string(), url: z.string() }),
  ),
  /** Visible pieces the feeds list (a piece with sizes once), their items, and those left out. */
  pecas_nos_catalogos: z.number().int(),
  itens_nos_catalogos: z.number().int(),
  pecas_fora: z.number().int(),
  atualizado_em: z.string().nullable(),
});

export type SalesChannelsJson = z.infer<typeof salesChannelsJson>;

/** Checked by the domain's validateSalesChannelsForm (the page's own rule). */
export const salesChannelsBody = z
  .object({ marca: z.unknown(), whatsapp: z.unknown() })
  .partial()
  .strict();

export const salesChannelsAnswer = z.object({ canais: salesChannelsJson });
