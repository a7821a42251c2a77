/**
 * Picks the payment provider named by PAYMENT_PROVIDER. The PagBank adapter is not written yet
 * (issue 8 leaves it open): asking for it stops the server at boot with a clear message rather
 * than failing a shopper's payment later.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { PaymentProvider } from './provider.js';
import { createSandboxProvider } from './sandbox.js';

export function createPaymentProvider(options: { config: Config; db: Db }): PaymentProvider {
  const { config, db } = options;
  if (config.paymentProvider === 'sandbox') {
    return createSandboxProvider({
      db,
      publicUrl: config.publicUrl,
      secret: config.sandboxWebhookSecret,
    });
  }
  throw new Error(
    'PAYMENT_PROVIDER=pagbank: o adaptador PagBank ainda não está disponível nesta versão; use sandbox.',
  );
}
