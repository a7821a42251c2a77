/**
 * GET /api/health/ answers without touching anything: the liveness probe, and the baseline the
 * benchmark compares the catalog calls with. GET /api/health/ready/ is the readiness a proxy and
 * the image's HEALTHCHECK ask before sending traffic: 200 only while this instance can serve (the
 * database answers and holds at least the migrations this release was built with), 503 from the
 * moment it starts shutting down (lifecycle.ts) or while the database is out of reach.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { latestMigrationMillis } from '../../db/migrate.js';
import type { Lifecycle } from './lifecycle.js';

const statusSchema = z.object({ status: z.literal('ok') });
const notReadySchema = z.object({
  status: z.enum(['encerrando', 'banco_indisponivel', 'migracoes_pendentes']),
});

export interface HealthRoutesOptions {
  db: Db;
  lifecycle: Pick<Lifecycle, 'draining'>;
  /** The committed migrations' folder: its newest migration must be in the database. */
  migrationsFolder: string;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  const { db, lifecycle } = opts;
  const expectedMigration = latestMigrationMillis(opts.migrationsFolder);

  app.get('/health/', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready/',
    { schema: { response: { 200: statusSchema, 503: notReadySchema } } },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (lifecycle.draining) return reply.code(503).send({ status: 'encerrando' });
      let applied: number | null;
      try {
        // Drizzle records each migration with its journal time: a newer release's migrations
        // (a rolling update under way) leave this instance ready, a missing one does not.
        const result = (await db.execute(
          sql`select max(created_at)::bigint as applied from drizzle.__drizzle_migrations`,
        )) as unknown as { rows: { applied: string | number | null }[] };
        const value = result.rows[0]?.applied;
        applied = value == null ? null : Number(value);
      } catch (err) {
        req.log.warn({ err }, 'prontidão: banco indisponível');
        return reply.code(503).send({ status: 'banco_indisponivel' });
      }
      if (applied === null || applied < expectedMigration)
        return reply.code(503).send({ status: 'migracoes_pendentes' });
      return { status: 'ok' as const };
    },
  );
};
