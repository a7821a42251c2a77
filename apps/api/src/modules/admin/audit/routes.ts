/** The back office's audit calls (issue 12). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminRouteOptions } from '../options.js';

export const adminAuditRoutes: FastifyPluginAsyncZod<AdminRouteOptions> = async () => {};
