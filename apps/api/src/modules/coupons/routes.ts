/** POST /api/validar-cupom/ (docs/checkout-contract.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartSubtotal } from '@semijoias/domain/cart';
import { normalizeCouponCode } from '@semijoias/domain/coupon';
import { CART_IS_EMPTY, COUPON_APPLIED, COUPON_CODE_REQUIRED } from '@semijoias/domain/messages';
import { centsToDecimal } from '@semijoias/domain/money';
import type { Db } from '../../db/client.js';
import { requireUserId, type Authenticate } from '../../lib/authenticate.js';
import { createCartService, type KeptCartLines } from '../cart/index.js';
import { couponAnswerSchema, errorSchema, validateCouponBody } from './schemas.js';
import { CouponRefusedError, findUsable } from './service.js';

export interface CouponRoutesOptions {
  db: Db;
  authenticate: Authenticate;
  cartLines?: KeptCartLines;
}

const refused = (message: string) => ({ success: false, desconto: '0.00', message });

export const couponRoutes: FastifyPluginAsyncZod<CouponRoutesOptions> = async (app, opts) => {
  const cart = createCartService(opts.db, opts.cartLines);

  // Guests cannot use coupons (SPEC §6): 401 before the body is read.
  app.addHook('onRequest', opts.authenticate);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.post(
    '/validar-cupom/',
    {
      schema: {
        body: validateCouponBody,
        response: { 200: couponAnswerSchema, 400: couponAnswerSchema, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const userId = requireUserId(req);
      const typed = req.body.codigo_cupom;
      const code = normalizeCouponCode(typeof typed === 'string' ? typed : '');
      if (code === '') return reply.code(400).send(refused(COUPON_CODE_REQUIRED));
      // The discount is on her own server cart, at today's prices; valor_pedido is not read.
      const lines = await cart.read(userId);
      if (lines.length === 0) return reply.code(400).send(refused(CART_IS_EMPTY));
      try {
        const usable = await findUsable(opts.db, {
          code,
          userId,
          subtotalCents: cartSubtotal(lines),
        });
        return {
          success: true,
          desconto: centsToDecimal(usable.discountCents),
          message: COUPON_APPLIED,
          codigo: usable.coupon.code,
        };
      } catch (err) {
        if (err instanceof CouponRefusedError) return reply.code(400).send(refused(err.message));
        throw err;
      }
    },
  );
};
