/** GET and PUT api/admin/canais/ (docs/product-feeds.md, docs/admin/sales-channels.md). */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export interface SalesChannelsJson {
  /** The brand the owners saved; null: the store's name. */
  marca: string | null;
  marca_padrao: string;
  marca_em_uso: string;
  /** Saved: null the server's default, '' off, else DDD and number ('11974523180'). */
  whatsapp: string | null;
  /** The environment's WHATSAPP_NUMBER; null when not set. */
  whatsapp_padrao: string | null;
  /** The number shoppers are sent to; null: no WhatsApp on the store. */
  whatsapp_em_uso: string | null;
  whatsapp_origem: 'painel' | 'ambiente' | 'desligado' | 'nenhum';
  feeds: { canal: 'google' | 'meta'; nome: string; url: string }[];
  pecas_nos_catalogos: number;
  itens_nos_catalogos: number;
  pecas_fora: number;
  atualizado_em: string | null;
}

export const SALES_CHANNELS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'canais'] as const;

export const salesChannelsQuery = {
  queryKey: SALES_CHANNELS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ canais: SalesChannelsJson }>('canais/', { signal }),
};

/** `whatsapp`: null the server's default, '' off, else the number as typed. */
export function saveSalesChannels(body: {
  marca: string;
  whatsapp: string | null;
}): Promise<{ canais: SalesChannelsJson }> {
  return adminSend('PUT', 'canais/', body);
}
