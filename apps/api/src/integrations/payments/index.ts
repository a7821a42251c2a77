/**
 * Picks the payment provider named by PAYMENT_PROVIDER: the sandbox, the app's fake (sandbox.ts,
 * the default, served by this server), or a real client: PagBank's Checkout API (pagbank.ts;
 * PAGBANK_TOKEN is required by config.ts for it) or Mercado Pago's Checkout Pro (mercadopago.ts;
 * MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET are required for it). The interface is
 * provider.ts.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createMercadoPagoProvider } from './mercadopago.js';
import { createPagBankProvider } from './pagbank.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';

export function createPaymentProvider(options: { config: Config; db: Db }): PaymentProvider {
  const { config, db } = options;
  if (config.paymentProvider === 'pagbank') {
    const token = config.pagbank.token;
    if (!token) throw new Error('PAYMENT_PROVIDER=pagbank exige PAGBANK_TOKEN.');
    return createPagBankProvider({ token, apiUrl: config.pagbank.apiUrl });
  }
  if (config.paymentProvider === 'mercadopago') {
    const { accessToken, webhookSecret, apiUrl } = config.mercadopago;
    if (!accessToken || !webhookSecret)
      throw new Error(
        'PAYMENT_PROVIDER=mercadopago exige MERCADOPAGO_ACCESS_TOKEN e MERCADOPAGO_WEBHOOK_SECRET.',
      );
    return createMercadoPagoProvider({ accessToken, webhookSecret, apiUrl });
  }
  return createSandboxProvider({
    db,
    publicUrl: config.publicUrl,
    secret: config.sandboxWebhookSecret,
  });
}
