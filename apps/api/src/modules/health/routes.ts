/**
 * GET /api/health/ answers without touching anything: the liveness probe, and the baseline the
 * benchmark compares the catalog calls with. GET /api/health/ready/ is the readiness a proxy and
 * the image's HEALTHCHECK ask before sending traffic: 200 only while this instance can serve (the
 * database answers and holds at least the migrations this release was built with), 503 from the
 * moment it starts shutting down (lifecycle.ts) or while the database is out of reach.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
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
  lifecycle: Pick<Lifecycle, 'draining' | 'proxySawDrain'>;
  /** The committed migrations' folder: its newest migration must be in the database. */
  migrationsFolder: string;
}

type DatabaseStatus = 'ok' | 'banco_indisponivel' | 'migracoes_pendentes';

/** How long readiness waits for the database before answering from its last look. */
const PROBE_WAIT_MS = 1000;
/** A look at the database this recent still counts while a new one is slow (a busy pool). */
const PROBE_TRUST_MS = 10_000;

/**
 * The database as readiness sees it. A proxy asks every second, and in a rush (a flash sale) a
 * query waits behind the pool's other queries: had readiness waited with them, the proxy's
 * timeout would take a busy but healthy instance out of rotation, sending everything to the
 * other one. So one look at a time is shared by every asker; past PROBE_WAIT_MS the answer is the
 * last look, when it is recent and said ok. Nothing answers ready without a successful look.
 */
function databaseProbe(db: Db, expectedMigration: number, log: FastifyBaseLogger) {
  let inFlight: Promise<DatabaseStatus> | undefined;
  let lastOkAt = 0;

  async function look(): Promise<DatabaseStatus> {
    try {
      // Drizzle records each migration with its journal time: a newer release's migrations (a
      // rolling update under way) leave this instance ready, a missing one does not.
      const result = (await db.execute(
        sql`select max(created_at)::bigint as applied from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: string | number | null }[] };
      const value = result.rows[0]?.applied;
      if (value == null || Number(value) < expectedMigration) return 'migracoes_pendentes';
      lastOkAt = Date.now();
      return 'ok';
    } catch (err) {
      log.warn({ err }, 'prontidão: banco indisponível');
      return 'banco_indisponivel';
    }
  }

  return async function status(): Promise<DatabaseStatus> {
    inFlight ??= look().finally(() => (inFlight = undefined));
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<'slow'>((resolve) => {
      timer = setTimeout(() => resolve('slow'), PROBE_WAIT_MS);
    });
    const outcome = await Promise.race([inFlight, waited]);
    clearTimeout(timer);
    if (outcome !== 'slow') return outcome;
    return Date.now() - lastOkAt < PROBE_TRUST_MS ? 'ok' : 'banco_indisponivel';
  };
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = async (app, opts) => {
  const { lifecycle } = opts;
  const databaseStatus = databaseProbe(
    opts.db,
    latestMigrationMillis(opts.migrationsFolder),
    app.log,
  );

  app.get('/health/', { schema: { response: { 200: statusSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready/',
    {
      schema: {
        // `sonda=proxy`: the proxy's own check (deploy/Caddyfile), not the container's or a
        // person's: once it has read 'encerrando', the drain can end (lifecycle.ts).
        querystring: z.object({ sonda: z.string().optional() }),
        response: { 200: statusSchema, 503: notReadySchema },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // Draining is answered at once, without the database: the proxy must see it quickly.
      const draining = () => {
        if (req.query.sonda === 'proxy') reply.raw.once('finish', () => lifecycle.proxySawDrain());
        return reply.code(503).send({ status: 'encerrando' });
      };
      if (lifecycle.draining) return draining();
      const status = await databaseStatus();
      // The drain may have begun while the database was asked (up to a second on a busy
      // instance): a late 'ok' would put a closing instance back in the proxy's rotation.
      if (lifecycle.draining) return draining();
      if (status !== 'ok') return reply.code(503).send({ status });
      return { status: 'ok' as const };
    },
  );
};
