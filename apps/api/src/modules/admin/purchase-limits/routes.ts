/**
 * The store's purchase limits (docs/admin/purchase-limits.md, issue 32): the default 'máximo por
 * cliente' of a piece without its own. A change is audited and read at once by api/pay and by
 * the product page (the catalog's kept answers are dropped).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isValidMaxPerCustomer, MAX_PER_CUSTOMER_INVALID } from '@semijoias/domain/purchase-limits';
import { ValidationError } from '../../../lib/errors.js';
import { requireOwner } from '../../owner-access/index.js';
import { readStoreMaxPerCustomer, writeStoreMaxPerCustomer } from '../../purchase-limits/index.js';
import { writeAudit } from '../audit.js';
import type { AdminRouteOptions } from '../options.js';
import { adminErrors } from '../schemas.js';
import { purchaseLimitsAnswer, purchaseLimitsBody } from './schemas.js';

/** The number as sent, or its digits as typed ('12'); anything else is NaN. */
function wholeNumberOf(raw: unknown): number {
  if (typeof raw === 'number') return raw;
  if (typeof raw === 'string' && /^\d{1,3}$/.test(raw.trim())) return Number(raw);
  return Number.NaN;
}

export const adminPurchaseLimitsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (
  app,
  opts,
) => {
  const { db } = opts;

  app.get(
    '/limites/',
    { schema: { response: { 200: purchaseLimitsAnswer, ...adminErrors } } },
    async () => ({ limites: { maximo_por_cliente: await readStoreMaxPerCustomer(db) } }),
  );

  app.put(
    '/limites/',
    {
      schema: {
        body: purchaseLimitsBody,
        response: { 200: purchaseLimitsAnswer, ...adminErrors },
      },
    },
    async (req) => {
      const owner = requireOwner(req);
      const max = wholeNumberOf(req.body.maximo_por_cliente);
      if (!isValidMaxPerCustomer(max)) {
        throw new ValidationError(MAX_PER_CUSTOMER_INVALID, {
          maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID],
        });
      }
      const answer = await db.transaction(async (tx) => {
        const before = { maximo_por_cliente: await readStoreMaxPerCustomer(tx) };
        await writeStoreMaxPerCustomer(tx, max);
        const after = { maximo_por_cliente: max };
        await writeAudit(tx, owner, {
          action: 'purchase_limits.update',
          // The default is a column of payment_settings, and its card is on 'Pagamentos'.
          entityType: 'payment_settings',
          entityId: 'limites',
          summary: `Limites de compra: máximo de ${max} ${max === 1 ? 'unidade' : 'unidades'} de cada peça por cliente (era ${before.maximo_por_cliente})`,
          before,
          after,
        });
        return after;
      });
      // The product page says the maximum: every instance drops its kept answers when the
      // database notifies the change; this one at once.
      app.catalogCache.invalidate();
      return { limites: answer };
    },
  );
};
