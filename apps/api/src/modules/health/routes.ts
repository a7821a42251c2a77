/**
 * GET /api/health/ answers without touching anything: the liveness probe, and the baseline the
 * benchmark compares the catalog calls with. GET /api/health/ready/ also asks the database, for a
 * load balancer deciding whether to send traffic.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';

const statusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/health/', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get('/health/ready/', { schema: { response: { 200: statusSchema } } }, async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const };
  });
};
