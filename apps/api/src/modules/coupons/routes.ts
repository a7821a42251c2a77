/** POST /api/validar-cupom/ (docs/checkout-contract.md). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { Authenticate } from '../../lib/authenticate.js';

export interface CouponRoutesOptions {
  db: Db;
  authenticate: Authenticate;
}

 
export const couponRoutes: FastifyPluginAsyncZod<CouponRoutesOptions> = async () => {};
