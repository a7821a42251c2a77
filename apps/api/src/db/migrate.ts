/**
 * Applies the committed drizzle-kit migrations (apps/api/drizzle/) at start-up. Drizzle records
 * what it applied in drizzle.__drizzle_migrations, so running it again is a no-op.
 */
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Schema } from './client.js';

/**
 * The time drizzle-kit gave the newest committed migration (its journal's `when`), which drizzle
 * records as `created_at` once the migration is applied: readiness compares the two.
 */
export function latestMigrationMillis(migrationsFolder: string): number {
  return Math.max(0, ...migrationJournal(migrationsFolder).entries.map((e) => e.when));
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
  [other: string]: unknown;
}

/** drizzle-kit's list of the committed migrations, oldest first. */
export function migrationJournal(migrationsFolder: string): Journal {
  return JSON.parse(
    readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
}

/**
 * Applies the committed migrations up to the one recorded at `when` and no further (a restore
 * loads a backup into the schema it was taken from, then the newer migrations run over its data,
 * as they ran over the live store's). Drizzle reads the whole folder, so it is given a copy whose
 * journal ends there.
 */
export async function runMigrationsUpTo(
  database: Database,
  migrationsFolder: string,
  when: number,
): Promise<void> {
  const journal = migrationJournal(migrationsFolder);
  const folder = mkdtempSync(join(tmpdir(), 'semijoias-migracoes-'));
  try {
    cpSync(migrationsFolder, folder, { recursive: true });
    const entries = journal.entries.filter((e) => e.when <= when);
    writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
    await runMigrations(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Any fixed number: all instances of the store agree on it. */
const MIGRATION_LOCK_KEY = 727_001;

export async function runMigrations(database: Database, migrationsFolder: string): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as PgliteDatabase<Schema>, { migrationsFolder });
    return;
  }
  // Several instances may start together against one PostgreSQL: a session advisory lock on one
  // pooled connection lets exactly one of them migrate while the others wait.
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzle(client), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    client.release();
  }
}
