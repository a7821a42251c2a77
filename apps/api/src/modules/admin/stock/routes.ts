/**
 * The back office's Estoque: the stock ledger (why each number is what it is), the
 * products for the adjustment dialog's picker, and the manual adjustment itself.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  STOCK_ADJUSTMENT_MESSAGES,
  validateStockAdjustment,
} from '@semijoias/domain/stock-adjustment';
import { ValidationError } from '../../../lib/errors.js';
import { imageUrlFrom } from '../../catalog/index.js';
import { adminErrors } from '../schemas.js';
import { requireOwner } from '../../owner-access/index.js';
import type { AdminRouteOptions } from '../options.js';
import {
  adjustmentAnswer,
  ledgerAnswer,
  ledgerQuery,
  pickerAnswer,
  pickerQuery,
} from './schemas.js';
import { createStockService } from './service.js';

export const adminStockRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const stock = createStockService(opts.db, imageUrlFrom(opts.config.imageBaseUrl));

  app.get(
    '/estoque/',
    { schema: { querystring: ledgerQuery, response: { 200: ledgerAnswer, ...adminErrors } } },
    async (req) =>
      stock.ledger({
        page: req.query.pagina ?? 1,
        ...(req.query.produto ? { productId: req.query.produto } : {}),
        ...(req.query.motivo ? { reason: req.query.motivo } : {}),
      }),
  );

  app.get(
    '/estoque/produtos/',
    { schema: { querystring: pickerQuery, response: { 200: pickerAnswer, ...adminErrors } } },
    async (req) => stock.picker(req.query.busca, req.query.id),
  );

  app.post(
    '/estoque/ajustes/',
    { schema: { response: { 201: adjustmentAnswer, ...adminErrors } } },
    async (req, reply) => {
      const owner = requireOwner(req);
      const result = validateStockAdjustment(req.body);
      if (!result.ok) {
        const first = Object.values(result.errors)[0]?.[0] ?? STOCK_ADJUSTMENT_MESSAGES.bodyInvalid;
        throw new ValidationError(first, result.errors);
      }
      return reply.code(201).send(await stock.adjust(owner, result.value));
    },
  );
};
