/**
 * Statements the tests run on the PostgreSQL server of TEST_DATABASE_URL itself (create, copy and
 * drop their databases), each on a short connection of its own: none stays open on a database
 * that is about to be copied or dropped. No Vitest import, so the global setup uses it too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs one statement on the server named by `adminUrl`. */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A database name no other test file or run will pick: `<prefix>_<pid>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
