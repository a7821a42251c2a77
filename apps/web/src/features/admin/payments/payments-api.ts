/** GET and PUT api/admin/pagamentos/ (docs/admin/payments.md). */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

/** As the API answers them: money as '20.00', the percentage as '5.0'. */
export interface PaymentSettingsJson {
  parcelas_max: number;
  parcelas_sem_juros: number;
  parcela_minima: string;
  desconto_pix_percentual: string;
}

export const PAYMENT_SETTINGS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'pagamentos'] as const;

export const paymentSettingsQuery = {
  queryKey: PAYMENT_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ pagamentos: PaymentSettingsJson }>('pagamentos/', { signal }),
};

export function savePaymentSettings(body: {
  parcelas_max: unknown;
  parcelas_sem_juros: unknown;
  parcela_minima: unknown;
  desconto_pix_percentual: unknown;
}): Promise<{ pagamentos: PaymentSettingsJson }> {
  return adminSend('PUT', 'pagamentos/', body);
}
