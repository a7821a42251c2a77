/** The back office's coupons calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminCouponsRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
