/**
 * For the racing tests: calls started at once, and the file's seeded database with a second
 * connection to it, as a second instance of the store would have. On PostgreSQL
 * (TEST_DATABASE_URL) a pool of its own, so the two really run at once; on PGlite the same
 * connection (it has only one), where the two interleave.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.js';
import { secondConnection, useTestDatabase } from './helpers.js';

export interface RacingDatabase {
  /** The file's database (the first instance's connection). */
  database: Database;
  /** A second connection to the same database (the second instance's). */
  other: Database;
}

/**
 * Opens both for the test file (beforeAll) and closes them afterwards; read the fields inside
 * tests, not at the top level.
 */
export function useRacingDatabase(): RacingDatabase {
  const file = useTestDatabase();
  const ctx = {} as RacingDatabase;
  beforeAll(async () => {
    ctx.database = file.database;
    ctx.other = await secondConnection(file.database);
  });
  // Registered after useTestDatabase's, so it runs before the database is dropped.
  afterAll(async () => {
    if (ctx.other && ctx.other !== ctx.database) await ctx.other.close();
  });
  return ctx;
}

/** `n` calls of `f` started at once (f(0) to f(n - 1)); their answers, in that order. */
export function times<T>(n: number, f: (i: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => f(i)));
}
