/**
 * The store's settings the server states (GET /api/loja/): today the deadline of an unpaid order
 * (UNPAID_ORDER_TTL_MINUTES), which SPEC §1's note on the checkout, the return page and 'Meus
 * Pedidos' follows. They change only when the server restarts, so they are asked once in a long
 * while; until the answer comes (or when it does not) the SPEC's 24 hours stand.
 */
import { DEFAULT_UNPAID_ORDER_TTL_MINUTES, unpaidOrderNote } from '@semijoias/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

export interface StoreSettings {
  unpaidOrderTtlMinutes: number;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  unpaidOrderTtlMinutes: DEFAULT_UNPAID_ORDER_TTL_MINUTES,
};

export const storeSettingsQueryKey = ['store-settings'] as const;

/** GET /api/loja/; a value that is not a positive whole number of minutes keeps the default. */
export async function fetchStoreSettings({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<StoreSettings> {
  // The same for every visitor: no bearer, so it never waits on a token refresh.
  const data = await apiRequest<{ prazo_pagamento_minutos?: unknown } | null>('/api/loja/', {
    signal,
    auth: false,
  });
  const minutes = data?.prazo_pagamento_minutos;
  return typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0
    ? { unpaidOrderTtlMinutes: minutes }
    : DEFAULT_STORE_SETTINGS;
}

export function useStoreSettings(): StoreSettings {
  const query = useQuery({
    queryKey: storeSettingsQueryKey,
    queryFn: fetchStoreSettings,
    staleTime: 60 * 60_000,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? DEFAULT_STORE_SETTINGS;
}

/** SPEC §1's note ('Pedidos não pagos são cancelados automaticamente após …') for this store. */
export function useUnpaidOrderNote(): string {
  return unpaidOrderNote(useStoreSettings().unpaidOrderTtlMinutes);
}
