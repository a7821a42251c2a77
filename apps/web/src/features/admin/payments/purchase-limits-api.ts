/** GET and PUT api/admin/limites/ (docs/admin/purchase-limits.md). */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export interface PurchaseLimitsJson {
  /** The store's default 'máximo por cliente': a piece without its own takes it. */
  maximo_por_cliente: number;
}

export const PURCHASE_LIMITS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'limites'] as const;

export const purchaseLimitsQuery = {
  queryKey: PURCHASE_LIMITS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ limites: PurchaseLimitsJson }>('limites/', { signal }),
};

export function savePurchaseLimits(body: {
  maximo_por_cliente: unknown;
}): Promise<{ limites: PurchaseLimitsJson }> {
  return adminSend('PUT', 'limites/', body);
}
