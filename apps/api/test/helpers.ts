/**
 * Test databases and apps. Each test file gets its own database: an in-memory PGlite, or — when
 * TEST_DATABASE_URL points at a PostgreSQL — a freshly created database dropped afterwards. Either
 * way it is migrated with the committed migrations and seeded by the real seed function with the
 * real catalog data (STYLE 12), so tests see what a shopper sees.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, vi } from 'vitest';
import { buildApp } from '../src/app.js';
import { parseEnv, type Config } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedCatalog } from '../src/db/seed.js';
import type { Mailer, MailMessage } from '../src/integrations/mail/mailer.js';
import { UNARRANGED_URLS } from './outside-services.js';
import { adminStatement, databaseUrl, uniqueDatabaseName } from './postgres-admin.js';
import { databaseSnapshot, pgliteSnapshot } from './snapshot-source.js';

export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
export const TEST_SANDBOX_WEBHOOK_SECRET = 'sandbox-secret-sandbox-secret-sandbox-0123';

/**
 * The settings of a test app: defaults, silent, nothing written to disk. Rate limits are off
 * (every test call comes from one address); the rate-limit tests pass their own `rateLimits`.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const parsed = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent/semijoias-test',
    PUBLIC_URL: 'http://loja.test',
    RATE_LIMIT_SCALE: '0',
    // A stock change reaches the catalog's answers at once, as before issue 32: a test reads the
    // stock right after an order (cache.test.ts checks the delay itself).
    CATALOG_STOCK_DELAY_MS: '0',
    // No backup at a sweep unless a test asks for one (modules/backups).
    BACKUP_EVERY_HOURS: '0',
    // No test reaches a real outside service. A test that needs one starts its fake and points
    // the setting at it; a call to these unarranged addresses (a closed local port) fails the
    // test that made it (test/outside-calls.ts). No SMTP_URL: mail goes to the files outbox
    // (nothing leaves), or to the memoryMailer a test hands the app.
    VIACEP_URL: UNARRANGED_URLS.viacep,
    PAGBANK_API_URL: UNARRANGED_URLS.pagbank,
    MERCADOPAGO_API_URL: UNARRANGED_URLS.mercadopago,
    MELHORENVIO_API_URL: UNARRANGED_URLS.melhorenvio,
  });
  return {
    ...parsed,
    jwtSecret: TEST_JWT_SECRET,
    sandboxWebhookSecret: TEST_SANDBOX_WEBHOOK_SECRET,
    secondFactorKey: 'test-second-factor-key-test-second-factor-key',
    ...overrides,
  };
}

export interface TestDatabase {
  database: Database;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  drop(): Promise<void>;
}

/**
 * A second connection to the same database, for two instances racing: on PostgreSQL a pool of its
 * own (close it after), on PGlite the same one (it has a single connection).
 */
export async function secondConnection(database: Database): Promise<Database> {
  return database.kind === 'postgres'
    ? openDatabase({
        kind: 'postgres',
        url: database.pool.options.connectionString!,
        poolMax: 4,
      })
    : database;
}

export function testDatabaseUrl(): string | undefined {
  const url = process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

/**
 * A database for one test file. By default a copy of the migrated and seeded database the run's
 * global setup made once (test/global-setup.ts). `fresh: true` takes the real path instead
 * (initdb or CREATE DATABASE, every migration, the seed), for the tests whose subject it is;
 * `migrate: false` gives an empty database, `seed: false` a migrated one without the catalog.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; seed?: boolean; fresh?: boolean } = {},
): Promise<TestDatabase> {
  const { migrate = true, seed = true, fresh = false } = options;
  const adminUrl = testDatabaseUrl();
  const snapshot = migrate && !fresh ? databaseSnapshot() : undefined;
  const state = seed ? 'seeded' : 'migrated';
  // The global setup made the copies for this project's kind of database.
  const template = adminUrl && snapshot?.kind === 'postgres' ? snapshot[state] : undefined;
  const dumpFile = !adminUrl && snapshot?.kind === 'pglite' ? snapshot[state] : undefined;
  const copied = template !== undefined || dumpFile !== undefined;
  let database: Database;
  let drop: () => Promise<void>;

  if (adminUrl) {
    const name = uniqueDatabaseName('semijoias_test');
    await adminStatement(
      adminUrl,
      `create database "${name}"${template ? ` template "${template}"` : ''}`,
    );
    database = await openDatabase({
      kind: 'postgres',
      url: databaseUrl(adminUrl, name),
      poolMax: 4,
    });
    drop = async () => {
      await database.close();
      await adminStatement(adminUrl, `drop database if exists "${name}" with (force)`);
    };
  } else {
    const copyOf = dumpFile ? await pgliteSnapshot(dumpFile) : undefined;
    database = await openDatabase({ kind: 'pglite-memory', ...(copyOf ? { copyOf } : {}) });
    drop = () => database.close();
  }
  try {
    if (migrate && !copied) await runMigrations(database, testConfig().paths.migrations);
    if (migrate && seed && !copied) await seedCatalog(database.db);
  } catch (err) {
    await drop();
    throw err;
  }
  return { database, drop };
}

/**
 * A database of the test file's own, for the tests that need one but not the whole app: made
 * before the file's tests (createTestDatabase with `options`) and dropped after them. Read
 * `database` inside tests, not at the top level.
 */
export function useTestDatabase(options: Parameters<typeof createTestDatabase>[0] = {}): {
  database: Database;
} {
  const ctx = {} as { database: Database };
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase(options);
    ctx.database = testDb.database;
  });
  afterAll(() => testDb?.drop());
  return ctx;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
}

/**
 * Builds the app once for the test file (beforeAll) on a fresh seeded database and tears both
 * down afterwards. Read `ctx.app` inside tests, not at the top level. Nothing runs by itself
 * (`background: false`): e-mail waits in the outbox until a test calls {@link sentMail}.
 */
export function useTestApp(
  overrides: Partial<Config> = {},
  options: { mailer?: Mailer } = {},
): TestApp {
  const ctx = {} as TestApp;
  let testDb: TestDatabase | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    ctx.database = testDb.database;
    ctx.app = await buildApp({
      config: testConfig(overrides),
      database: testDb.database,
      logger: false,
      background: false,
      ...(options.mailer ? { mailer: options.mailer } : {}),
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await testDb?.drop();
  });
  return ctx;
}

/**
 * A second instance of the store on the test file's PostgreSQL database (its own connections,
 * nothing running by itself), for what one instance must hear from another: built in beforeAll
 * of the describe that calls it, closed in its afterAll. Read `other.app` inside tests.
 */
export function useOtherInstance(ctx: { database: Database }): TestApp {
  const other = {} as TestApp;
  beforeAll(async () => {
    other.database = await secondConnection(ctx.database);
    other.app = await buildApp({
      config: testConfig(),
      database: other.database,
      logger: false,
      background: false,
    });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app?.close();
    if (other.database && other.database !== ctx.database) await other.database.close();
  });
  return other;
}

/**
 * Delivers what the app's outbox holds through its mailer (a memoryMailer) and answers every
 * message that mailer has received so far, oldest first.
 */
export async function sentMail(
  app: FastifyInstance,
  mailer: { sent: MailMessage[] },
): Promise<MailMessage[]> {
  await app.outbox.drain();
  return mailer.sent;
}

/**
 * Counts the statements the app sends to `database` from now on (outside transactions: the
 * PGlite client's or the pool's `query`). `mockRestore()` when done.
 */
export function countQueries(database: Database) {
  const target: { query: (...args: never[]) => unknown } =
    database.kind === 'pglite' ? database.client : database.pool;
  return vi.spyOn(target, 'query');
}
