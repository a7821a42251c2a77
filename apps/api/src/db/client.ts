/**
 * One database type for the embedded default and production: an embedded PGlite (a data folder,
 * or in memory for tests) when no DATABASE_URL is set, otherwise a node-postgres pool. Both are
 * Drizzle `PgDatabase`s over the same schema, so every query is written once.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite, PGliteOptions } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { onFirstUse } from '../lib/on-first-use.js';
import * as schema from './schema.js';

export type Schema = typeof schema;

/** A database or a transaction: data functions take this, so a caller may pass its transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** What the store's PostgreSQL sessions are called (pg_stat_activity.application_name). */
export const STORE_APPLICATION_NAME = 'semijoias-loja';

interface DatabaseBase {
  db: Db;
  kind: DatabaseKind;
  /** For messages and logs; never contains a password. */
  description: string;
  close(): Promise<void>;
}

/** The driver underneath is reachable for the few things Drizzle does not cover (locks). */
export type Database =
  | (DatabaseBase & { kind: 'postgres'; pool: pg.Pool })
  | (DatabaseBase & { kind: 'pglite'; client: PGlite });

export type DatabaseTarget =
  | {
      kind: 'postgres';
      url: string;
      poolMax?: number;
      /** How its sessions name themselves in pg_stat_activity (default: the store's name). */
      applicationName?: string;
    }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory'; copyOf?: PgliteSnapshot };

/**
 * A dumped PGlite data folder (`dumpDataDir`) to open an in-memory copy of, instead of running
 * initdb: the tests make their migrated and seeded database once and start every file from it.
 * The compiled WebAssembly module, when given, is reused rather than compiled again.
 */
export interface PgliteSnapshot {
  dataDir: Blob;
  wasmModule?: WebAssembly.Module;
}

/**
 * PGlite and the extensions the migrations create, loaded into every PGlite (PostgreSQL has them
 * as contrib): pg_trgm indexes the searches (migration 0016), unaccent takes the accents out of
 * the names the search's second try compares (migration 0024). A database made with them cannot
 * be opened without them once a query needs one of its indexes. Imported when a PGlite is opened:
 * a store on PostgreSQL never loads them.
 */
const loadPglite = onFirstUse(async () => {
  const [{ PGlite }, { pg_trgm }, { unaccent }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
    import('drizzle-orm/pglite'),
  ]);
  const extensions = { pg_trgm, unaccent } satisfies NonNullable<PGliteOptions['extensions']>;
  return { PGlite, extensions, drizzlePglite: drizzle };
});

/**
 * Set on every session of the store, both databases. pg_trgm's `<%` (a typed word close to a word
 * of a piece's name: the shop's search, modules/catalog) finds what is at least this similar, and
 * only an operator, not a comparison of word_similarity(), is served by the trigram index. 0.5
 * instead of pg_trgm's 0.6 lets one wrong letter of a six-letter word through ('brinko' is 0.57
 * from 'brinco'); the search asks it only when no piece matched the words as typed.
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';
/** The same, as PGlite's one session runs it once opened. */
const SESSION_SETTINGS = `set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`;

/** The target named by the settings: DATABASE_URL, else PGlite under DATA_DIR. */
export function databaseTarget(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolMax?: number;
}): DatabaseTarget {
  if (config.databaseUrl) {
    return { kind: 'postgres', url: config.databaseUrl, poolMax: config.dbPoolMax ?? 10 };
  }
  return { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}

/** "postgres://user:secret@host/db" -> "postgres://user@host/db". */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    u.password = '';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

/** Another process holds the embedded database: a message for the operator, not a crash. */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two processes opening one data folder corrupt it. A pid file makes
 * the second one stop with a clear message instead (a stale file from a crash is taken over).
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'lock.pid');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8').trim());
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DatabaseLockedError(
          `O banco embutido em ${dataDir} já está aberto pelo processo ${owner}. ` +
            'Pare esse processo ou use outro DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível travar ${dataDir}`);
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolMax ?? 10,
      // Seen in pg_stat_activity: a restore tells a running store's sessions from its own.
      application_name: target.applicationName ?? STORE_APPLICATION_NAME,
      // Set as the session starts, with no statement of its own (a `set` queued beside the
      // first user's query cost a round trip per connection, and pg 8 warns that it overlaps):
      // - no JIT: the store's queries are short, and a plan whose rows are estimated high (a
      //   lateral join over a list, the Painel's 'Avise-me') was compiled for 0.5 s to run in
      //   0.15;
      // - pg_trgm's threshold (a placeholder until the extension loads, which then takes it).
      options: `-c jit=off -c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    return {
      db,
      kind: 'postgres',
      pool,
      description: redactUrl(target.url),
      close: () => pool.end(),
    };
  }
  const { PGlite, extensions, drizzlePglite } = await loadPglite();
  const unlock = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {};
  try {
    const client =
      target.kind === 'pglite'
        ? new PGlite(target.dataDir, { extensions })
        : new PGlite({
            extensions,
            ...(target.copyOf
              ? {
                  loadDataDir: target.copyOf.dataDir,
                  ...(target.copyOf.wasmModule
                    ? { pgliteWasmModule: target.copyOf.wasmModule }
                    : {}),
                }
              : {}),
          });
    await client.waitReady;
    await client.exec(SESSION_SETTINGS);
    const db = drizzlePglite(client, { schema });
    return {
      db,
      kind: 'pglite',
      client,
      description: target.kind === 'pglite' ? `PGlite em ${target.dataDir}` : 'PGlite em memória',
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}
