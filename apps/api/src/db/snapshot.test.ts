/**
 * Test files start from a copy of a database the run's global setup migrated and seeded once
 * (test/global-setup.ts: a PGlite dump, or a PostgreSQL template). This proves the copy is what
 * the real path makes: the same tables, columns, constraints, indexes, triggers, functions and
 * sequences, the same migrations recorded, and the same rows in every table.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers.js';
import { databaseSnapshot } from '../../test/snapshot-source.js';
import type { Db } from './client.js';

/** Rows of a catalog query, as plain comparable objects. */
async function rows(db: Db, query: ReturnType<typeof sql>): Promise<unknown[]> {
  // node-postgres and PGlite both answer `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((r) => ({ ...r }));
}

/** Everything the schema is made of, in a fixed order. */
async function schemaOf(db: Db) {
  return {
    columns: await rows(
      db,
      sql`select table_schema, table_name, column_name, data_type, is_nullable, column_default
          from information_schema.columns
          where table_schema in ('public', 'drizzle')
          order by table_schema, table_name, column_name`,
    ),
    constraints: await rows(
      db,
      sql`select conrelid::regclass::text as on_table, conname, pg_get_constraintdef(oid) as def
          from pg_constraint where connamespace = 'public'::regnamespace
          order by 1, 2`,
    ),
    indexes: await rows(
      db,
      sql`select tablename, indexname, indexdef from pg_indexes
          where schemaname = 'public' order by tablename, indexname`,
    ),
    triggers: await rows(
      db,
      sql`select tgrelid::regclass::text as on_table, tgname, pg_get_triggerdef(oid) as def
          from pg_trigger where not tgisinternal order by 1, 2`,
    ),
    functions: await rows(
      db,
      sql`select proname, pg_get_functiondef(oid) as def from pg_proc
          where pronamespace = 'public'::regnamespace order by proname, def`,
    ),
    sequences: await rows(
      db,
      sql`select sequencename, last_value from pg_sequences
          where schemaname = 'public' order by sequencename`,
    ),
    migrations: await rows(
      db,
      sql`select hash, created_at from drizzle.__drizzle_migrations order by id`,
    ),
  };
}

/** Every row of every table of the store, each table in its primary key's order. */
async function contentsOf(db: Db): Promise<Record<string, unknown[]>> {
  const tables = (await rows(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as { table_name: string }[];
  const contents: Record<string, unknown[]> = {};
  for (const { table_name: table } of tables) {
    // Ordered by the whole row's text: stable whatever the table's key.
    contents[table] = await rows(
      db,
      sql`select to_jsonb(t) as row from ${sql.identifier(table)} t order by t::text`,
    );
  }
  return contents;
}

describe('the test database copied from the run snapshot', () => {
  let copy: TestDatabase;
  let fresh: TestDatabase;

  beforeAll(async () => {
    copy = await createTestDatabase();
    fresh = await createTestDatabase({ fresh: true });
  });
  afterAll(async () => {
    await copy?.drop();
    await fresh?.drop();
  });

  it('is a copy: the global setup made a snapshot for this kind of database', () => {
    const snapshot = databaseSnapshot();
    expect(snapshot?.kind).toBe(copy.database.kind === 'postgres' ? 'postgres' : 'pglite');
  });

  it('has the schema of a freshly migrated database', async () => {
    const [copied, migrated] = [
      await schemaOf(copy.database.db),
      await schemaOf(fresh.database.db),
    ];
    expect(copied.columns.length).toBeGreaterThan(50);
    expect(copied.migrations.length).toBeGreaterThan(10);
    // The seed's timestamps differ between the two; sequences name how many rows were made.
    expect(copied).toEqual(migrated);
  });

  it('holds the rows a fresh seed writes, table by table', async () => {
    const ignoreTimes = (contents: Record<string, unknown[]>) =>
      JSON.parse(
        JSON.stringify(contents).replace(
          /"\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?"/g,
          '"t"',
        ),
      ) as Record<string, unknown[]>;
    const copied = await contentsOf(copy.database.db);
    expect(copied.products?.length).toBeGreaterThan(50);
    expect(ignoreTimes(copied)).toEqual(ignoreTimes(await contentsOf(fresh.database.db)));
  });
});
