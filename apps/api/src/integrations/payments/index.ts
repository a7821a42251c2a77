/** Picks the payment provider named by PAYMENT_PROVIDER. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { UpstreamError } from '../../lib/errors.js';
import type { PaymentProvider } from './provider.js';

// Scaffolding while the providers are written (issue 8): every call fails as a provider outage.
export function createPaymentProvider(options: { config: Config; db: Db }): PaymentProvider {
  const down = () => Promise.reject(new UpstreamError('Provedor de pagamento indisponível.'));
  return {
    name: options.config.paymentProvider,
    createCheckout: down,
    paymentStatus: down,
    verifyNotification: () => null,
  };
}
