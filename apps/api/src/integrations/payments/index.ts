/**
 * Picks the payment provider named by PAYMENT_PROVIDER: the sandbox, the app's fake (sandbox.ts,
 * the default, served by this server), or the real client for PagBank's Checkout API (pagbank.ts;
 * PAGBANK_TOKEN is required by config.ts for it). The interface is provider.ts.
 */
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
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
  return createSandboxProvider({
    db,
    publicUrl: config.publicUrl,
    secret: config.sandboxWebhookSecret,
  });
}
