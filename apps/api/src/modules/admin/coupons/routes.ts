/**
 * The back office's coupons calls (docs/admin/coupons-customers.md): list, one coupon
 * with its uses, create, edit, pause and activate. Thin: the domain validates, the service acts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COUPON_FORM_MESSAGES, validateCouponForm } from '@semijoias/domain/coupon-form';
import { ValidationError } from '../../../lib/errors.js';
import { requireOwner } from '../../owner-access/index.js';
import { adminErrors } from '../schemas.js';
import type { AdminRouteOptions } from '../options.js';
import { couponAnswer, couponDetailAnswer, couponIdParams, couponListAnswer } from './schemas.js';
import { createAdminCouponService } from './service.js';

/** The body as the domain reads it, or the 400 with every field's messages. */
function validBody(body: unknown) {
  const result = validateCouponForm(body);
  if (result.ok) return result.value;
  const first = Object.values(result.errors)[0]?.[0] ?? COUPON_FORM_MESSAGES.bodyInvalid;
  throw new ValidationError(first, result.errors);
}

export const adminCouponsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async (app, opts) => {
  const service = createAdminCouponService(opts.db);

  app.get(
    '/cupons/',
    { schema: { response: { 200: couponListAnswer, ...adminErrors } } },
    async () => ({
      cupons: await service.list(),
    }),
  );

  app.get(
    '/cupons/:id/',
    { schema: { params: couponIdParams, response: { 200: couponDetailAnswer, ...adminErrors } } },
    async (req) => service.get(req.params.id),
  );

  app.post(
    '/cupons/',
    { schema: { response: { 201: couponAnswer, ...adminErrors } } },
    async (req, reply) => {
      const cupom = await service.create(requireOwner(req), validBody(req.body));
      return reply.code(201).send({ cupom });
    },
  );

  app.put(
    '/cupons/:id/',
    { schema: { params: couponIdParams, response: { 200: couponAnswer, ...adminErrors } } },
    async (req) => ({
      cupom: await service.update(requireOwner(req), req.params.id, validBody(req.body)),
    }),
  );

  app.post(
    '/cupons/:id/pausar/',
    { schema: { params: couponIdParams, response: { 200: couponAnswer, ...adminErrors } } },
    async (req) => ({ cupom: await service.setActive(requireOwner(req), req.params.id, false) }),
  );

  app.post(
    '/cupons/:id/ativar/',
    { schema: { params: couponIdParams, response: { 200: couponAnswer, ...adminErrors } } },
    async (req) => ({ cupom: await service.setActive(requireOwner(req), req.params.id, true) }),
  );
};
