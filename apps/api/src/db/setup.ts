/**
 * Start-up of the database: open it (PGlite in DATA_DIR or PostgreSQL), apply the committed
 * migrations, seed the catalog when it is empty. Shared by the server and by tools/fixtures.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import { databaseTarget, openDatabase, type Database } from './client.js';
import { runMigrations } from './migrate.js';
import { seedCatalog } from './seed.js';

type Log = Pick<FastifyBaseLogger, 'info'>;

export async function prepareDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'dbPoolMax' | 'paths' | 'seedDemoCatalog'>,
  log: Log,
): Promise<Database> {
  const started = performance.now();
  const database = await openDatabase(databaseTarget(config));
  try {
    const opened = performance.now();
    await runMigrations(database, config.paths.migrations);
    const migrated = performance.now();
    // Production starts with an empty shop unless SEED_DEMO_CATALOG=true: the owners add theirs.
    const seed = config.seedDemoCatalog
      ? await seedCatalog(database.db)
      : { seeded: false, products: undefined };
    log.info(
      {
        database: database.description,
        openMs: Math.round(opened - started),
        migrateMs: Math.round(migrated - opened),
        seedMs: Math.round(performance.now() - migrated),
        seeded: seed.seeded,
        products: seed.products,
      },
      seed.seeded ? 'banco pronto; catálogo semeado' : 'banco pronto',
    );
    return database;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
