/**
 * Runs once per Vitest run and API project, before any test file: builds the migrated database
 * and the migrated-and-seeded one the real way (initdb, every committed migration, the real seed)
 * ONCE, and hands the workers a way to copy them:
 *  - on PGlite, dumps of the data folder in temporary files (each file loads a copy in memory);
 *  - on PostgreSQL (the project's TEST_DATABASE_URL), template databases (each file runs
 *    `CREATE DATABASE … TEMPLATE …`).
 * Copies skip ~110 initdbs, migration runs and seeds a run. The tests whose subject is that path
 * (migrations, the seed, backups, several instances, crash safety) still take it
 * (`createTestDatabase({ fresh: true })` or their own database), and db/snapshot.test.ts proves a
 * copy's schema and rows equal a freshly migrated and seeded database's.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { seedCatalog } from '../src/db/seed.js';
import { appPaths } from '../src/lib/paths.js';
import { adminStatement, databaseUrl, uniqueDatabaseName } from './postgres-admin.js';
import type { DatabaseSnapshot } from './snapshot-source.js';

function projectDatabaseUrl(project: TestProject): string | undefined {
  const url = project.config.env?.TEST_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  return url && url.trim() !== '' ? url : undefined;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = projectDatabaseUrl(project);
  const started = Date.now();

  if (adminUrl) {
    const prefix = uniqueDatabaseName('semijoias_template');
    const made: DatabaseSnapshot = {
      kind: 'postgres',
      migrated: `${prefix}_migrated`,
      seeded: `${prefix}_seeded`,
    };
    const admin = (statement: string) => adminStatement(adminUrl, statement);
    // One connection, closed before any copy: PostgreSQL copies a template nobody is on.
    const open = (name: string) =>
      openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name), poolMax: 1 });
    await admin(`create database "${made.migrated}"`);
    const migrated = await open(made.migrated);
    try {
      await runMigrations(migrated, appPaths().migrations);
    } finally {
      await migrated.close();
    }
    await admin(`create database "${made.seeded}" template "${made.migrated}"`);
    const seeded = await open(made.seeded);
    try {
      await seedCatalog(seeded.db);
    } finally {
      await seeded.close();
    }
    project.provide('databaseSnapshot', made);
    console.log(`test databases: PostgreSQL templates made in ${Date.now() - started} ms`);
    return async () => {
      await admin(`drop database if exists "${made.seeded}" with (force)`);
      await admin(`drop database if exists "${made.migrated}" with (force)`);
    };
  }

  const folder = mkdtempSync(join(tmpdir(), 'semijoias-test-snapshot-'));
  const made: DatabaseSnapshot = {
    kind: 'pglite',
    migrated: join(folder, 'migrated.tar'),
    seeded: join(folder, 'seeded.tar'),
  };
  const dump = async (database: Database, file: string) => {
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    // Written to its files first: a copy that had to replay the log would start its sequences
    // where the log had reserved them (up to 32 ahead), not where a fresh database's are.
    await database.client.exec('checkpoint');
    const tar = await database.client.dumpDataDir('none');
    writeFileSync(file, new Uint8Array(await tar.arrayBuffer()));
  };
  const database = await openDatabase({ kind: 'pglite-memory' });
  try {
    await runMigrations(database, appPaths().migrations);
    await dump(database, made.migrated);
    await seedCatalog(database.db);
    await dump(database, made.seeded);
  } finally {
    await database.close();
  }
  project.provide('databaseSnapshot', made);
  console.log(`test databases: PGlite snapshots made in ${Date.now() - started} ms`);
  return async () => rmSync(folder, { recursive: true, force: true });
}
