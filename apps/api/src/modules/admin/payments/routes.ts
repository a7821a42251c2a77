/**
 * The owners' payment settings (docs/admin/payments.md): installments and the PIX
 * discount. A change is audited and shows in every price at once (the storefront reads
 * GET /api/loja/); orders already placed keep what they were placed with.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYMENT_SETTINGS_INVALID } from '@semijoias/domain/messages';
import { validatePaymentSettingsForm } from '@semijoias/domain/payment-terms';
import { ValidationError } from '../../../lib/errors.js';
import { requireOwner } from '../../owner-access/index.js';
import {
  paymentSettingsJson,
  readPaymentSettings,
  writePaymentSettings,
} from '../../payment-settings/index.js';
import { writeAudit } from '../audit.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { paymentSettingsAnswer, paymentSettingsBody } from './schemas.js';

export const adminPaymentsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/pagamentos/',
    { schema: { response: { 200: paymentSettingsAnswer, ...adminErrors } } },
    async () => ({ pagamentos: paymentSettingsJson(await readPaymentSettings(db)) }),
  );

  app.put(
    '/pagamentos/',
    {
      schema: {
        body: paymentSettingsBody,
        response: { 200: paymentSettingsAnswer, ...adminErrors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const checked = validatePaymentSettingsForm(req.body);
      if (!checked.ok) {
        const errors = Object.fromEntries(
          Object.entries(checked.errors).map(([field, message]) => [field, [message]]),
        );
        throw new ValidationError(PAYMENT_SETTINGS_INVALID, errors);
      }
      const answer = await db.transaction(async (tx) => {
        const before = paymentSettingsJson(await readPaymentSettings(tx));
        await writePaymentSettings(tx, checked.settings);
        const after = paymentSettingsJson(checked.settings);
        await writeAudit(tx, owner, {
          action: 'payment_settings.update',
          entityType: 'payment_settings',
          entityId: 'pagamentos',
          summary:
            `Pagamentos: até ${after.parcelas_max}x, ${after.parcelas_sem_juros}x sem juros, ` +
            `parcela mínima R$ ${after.parcela_minima.replace('.', ',')}, ` +
            `${after.desconto_pix_percentual.replace('.', ',')} % no PIX`,
          before,
          after,
        });
        return after;
      });
      // Every instance drops its kept pages when the database notifies the change (migration
      // 0010); this one at once, so the owner's next page already shows the new prices.
      app.catalogCache.invalidate();
      return { pagamentos: answer };
    },
  );
};
