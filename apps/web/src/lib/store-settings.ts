/**
 * The store's settings the server states (GET /api/loja/): the deadline of an unpaid order
 * (UNPAID_ORDER_TTL_MINUTES), which SPEC §1's note on the checkout, the return page and 'Meus
 * Pedidos' follows, and the owners' payment settings, from which every price shows
 * 'em até Nx de R$ Y sem juros' and 'R$ Z no PIX' (packages/domain/src/payment-terms.ts).
 *
 * The owners change the payment settings in the back office and every price must follow at once,
 * so the answer is asked again whenever the window regains focus and when a price appears a few
 * seconds after the last answer (the API answers with an ETag: usually a 304 from the browser's
 * cache). A server-rendered page carries the answer it was rendered with (entry-server.tsx), so
 * its HTML shows the lines and hydration matches. Until an answer comes (or when it does not, or
 * when a part of it is not understood) the defaults stand: the SPEC's 24 hours and
 * DEFAULT_PAYMENT_SETTINGS, the ones a new store starts with.
 */
import { DEFAULT_UNPAID_ORDER_TTL_MINUTES, unpaidOrderNote } from '@semijoias/domain/orders';
import {
  DEFAULT_PAYMENT_SETTINGS,
  validatePaymentSettingsForm,
  type PaymentSettings,
} from '@semijoias/domain/payment-terms';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api';

export interface StoreSettings {
  unpaidOrderTtlMinutes: number;
  /** Installments and the PIX discount: integer centavos, tenths of a percent. */
  payments: PaymentSettings;
  /**
   * The store's WhatsApp, DDD and number ('11974523180'), from which every chat link is made
   * (docs/whatsapp.md); null: the store shows no WhatsApp.
   */
  whatsapp: string | null;
  /** The brand the pieces carry (shared links' product:brand, the JSON-LD): 'Canais de venda'. */
  brand: string;
}

export const DEFAULT_STORE_SETTINGS: StoreSettings = {
  unpaidOrderTtlMinutes: DEFAULT_UNPAID_ORDER_TTL_MINUTES,
  payments: DEFAULT_PAYMENT_SETTINGS,
  whatsapp: null,
  brand: STORE_INFO.name,
};

export const storeSettingsQueryKey = ['store-settings'] as const;

/**
 * A price mounted within this long of the last answer uses it as it is (the cards of a page
 * mount together: one request, not one each; a hydrated page does not ask again at once).
 */
export const STORE_SETTINGS_FRESH_MS = 5_000;

/**
 * `pagamentos` of GET /api/loja/ ({parcelas_max, parcelas_sem_juros, parcela_minima: '20.00',
 * desconto_pix_percentual: '5.0'}) read by the owners' own form rule; anything it refuses (or
 * an answer without them, from an older server) keeps DEFAULT_PAYMENT_SETTINGS.
 */
export function parsePaymentSettings(raw: unknown): PaymentSettings {
  if (raw === null || typeof raw !== 'object') return DEFAULT_PAYMENT_SETTINGS;
  const checked = validatePaymentSettingsForm(raw);
  return checked.ok ? checked.settings : DEFAULT_PAYMENT_SETTINGS;
}

/**
 * GET /api/loja/'s body as the app uses it; a deadline that is not a positive whole number of
 * minutes keeps the default, payment settings that are not understood keep theirs.
 */
export function parseStoreSettings(data: unknown): StoreSettings {
  const body = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const minutes = body.prazo_pagamento_minutos;
  return {
    unpaidOrderTtlMinutes:
      typeof minutes === 'number' && Number.isInteger(minutes) && minutes > 0
        ? minutes
        : DEFAULT_UNPAID_ORDER_TTL_MINUTES,
    payments: parsePaymentSettings(body.pagamentos),
    whatsapp:
      typeof body.whatsapp === 'string' && /^[1-9]\d{9,10}$/.test(body.whatsapp)
        ? body.whatsapp
        : null,
    brand:
      typeof body.marca === 'string' && body.marca.trim() !== '' ? body.marca : STORE_INFO.name,
  };
}

/** GET /api/loja/. */
export async function fetchStoreSettings({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<StoreSettings> {
  // The same for every visitor: no bearer, so it never waits on a token refresh.
  const data = await apiRequest<unknown>('/api/loja/', { signal, auth: false });
  return parseStoreSettings(data);
}

/** The query, for the hook and for the server's render (which fills it before rendering). */
export const storeSettingsQuery = queryOptions({
  queryKey: storeSettingsQueryKey,
  queryFn: fetchStoreSettings,
  staleTime: STORE_SETTINGS_FRESH_MS,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useStoreSettings(): StoreSettings {
  const query = useQuery({
    ...storeSettingsQuery,
    // Back to the tab after the owners changed them: every price follows (a 304 otherwise).
    refetchOnWindowFocus: 'always',
    refetchOnMount: true,
  });
  return query.data ?? DEFAULT_STORE_SETTINGS;
}

/** The owners' payment settings now (the defaults until GET /api/loja/ answers). */
export function usePaymentSettings(): PaymentSettings {
  return useStoreSettings().payments;
}

/** The store's WhatsApp now (null until GET /api/loja/ answers, or when it has none). */
export function useStoreWhatsapp(): string | null {
  return useStoreSettings().whatsapp;
}

/** SPEC §1's note ('Pedidos não pagos são cancelados automaticamente após …') for this store. */
export function useUnpaidOrderNote(): string {
  return unpaidOrderNote(useStoreSettings().unpaidOrderTtlMinutes);
}
