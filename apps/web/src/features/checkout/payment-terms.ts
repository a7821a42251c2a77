/**
 * The owners' payment settings as the checkout needs them: the PIX discount and the
 * card's interest-free installments, from the store's settings (GET /api/loja/'s `pagamentos`,
 * @/lib/store-settings). Until they answer, or when they do not, the seeded settings stand: the
 * server charges its own figures anyway, and a difference comes back as a 409 with them.
 */
import { DEFAULT_PAYMENT_SETTINGS, type PaymentSettings } from '@semijoias/domain/payment-terms';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { storeSettingsQuery } from '@/lib/store-settings';

export interface PaymentTerms {
  settings: PaymentSettings;
  /** The first answer has not come yet (the figures shown are the seeded settings'). */
  pending: boolean;
}

export function usePaymentTerms(): PaymentTerms {
  // Asked again when the checkout opens: the owners may have changed them since the cart.
  const query = useQuery({ ...storeSettingsQuery, refetchOnMount: true });
  return {
    settings: query.data?.payments ?? DEFAULT_PAYMENT_SETTINGS,
    pending: query.isPending,
  };
}

/** The settings to pay with: the answer (waited for when it has not come), else the seeded ones. */
export async function paymentTermsForPaying(queryClient: QueryClient): Promise<PaymentSettings> {
  try {
    return (await queryClient.ensureQueryData(storeSettingsQuery)).payments;
  } catch {
    return DEFAULT_PAYMENT_SETTINGS;
  }
}

/** After a 409 'Os valores do pedido mudaram…': the owners may have changed them meanwhile. */
export function refreshPaymentTerms(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: storeSettingsQuery.queryKey });
}
