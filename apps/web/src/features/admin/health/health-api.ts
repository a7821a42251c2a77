/** GET api/admin/saude/ (docs/admin/health.md): the store's health, as the last sweep left it. */
import type { HealthItemKey, HealthState } from '@semijoias/domain/store-health';
import { ADMIN_QUERY_ROOT, adminGet } from '../lib/admin-api';

export interface HealthItem {
  chave: HealthItemKey;
  titulo: string;
  estado: HealthState;
  detalhe: string;
  /** Empty when green. */
  o_que_fazer: string;
  /** ISO: when it last changed colour. */
  desde: string;
  /** ISO: when it was last checked. */
  verificado_em: string;
}

export interface StoreHealth {
  itens: HealthItem[];
  versao: string;
}

export const HEALTH_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'saude'] as const;

/** The store checks every sweep (a minute by default): the page follows without a reload. */
export const healthQuery = {
  queryKey: HEALTH_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminGet<StoreHealth>('saude/', { signal }),
  refetchInterval: 60_000,
};

const URGENCY: Record<HealthState, number> = { vermelho: 0, amarelo: 1, verde: 2 };

/** Problems first, then what needs attention, then the rest, each in the server's order. */
export function byUrgency(items: readonly HealthItem[]): HealthItem[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => URGENCY[a.item.estado] - URGENCY[b.item.estado] || a.i - b.i)
    .map(({ item }) => item);
}

/** The page's one-line verdict: the worst colour and how many items share it. */
export function healthSummary(items: readonly HealthItem[]): {
  estado: HealthState;
  texto: string;
} {
  const red = items.filter((i) => i.estado === 'vermelho').length;
  const yellow = items.filter((i) => i.estado === 'amarelo').length;
  if (red > 0)
    return {
      estado: 'vermelho',
      texto: red === 1 ? '1 problema para resolver agora' : `${red} problemas para resolver agora`,
    };
  if (yellow > 0)
    return {
      estado: 'amarelo',
      texto: yellow === 1 ? '1 item pede atenção' : `${yellow} itens pedem atenção`,
    };
  return { estado: 'verde', texto: 'Nenhum item pede atenção agora' };
}
