/** A database of the test file's own, for the tests that need one but not the whole app. */
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../src/db/client.js';
import { createTestDatabase, type TestDatabase } from './helpers.js';

/**
 * Made before the file's tests (createTestDatabase, with its `options`: `seed: false`, migrated
 * but without the catalog) and dropped after them. Read `database` inside tests, not at the top
 * level.
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
