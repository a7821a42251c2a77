/**
 * The settings every session of the store runs with (db/client.ts): pg_trgm's threshold for the
 * search's second try, and, on PostgreSQL, no JIT (the Painel's plan was compiled for 0.5 s to run
 * in 0.15 s; issue 32).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/helpers.js';

const ctx = useTestDatabase({ seed: false });

async function setting(name: string): Promise<string | undefined> {
  const result = (await ctx.database.db.execute(sql.raw(`show ${name}`))) as unknown as {
    rows: Record<string, string>[];
  };
  return Object.values(result.rows[0] ?? {})[0];
}

describe("the store's sessions", () => {
  it('read pg_trgm words from 0.5 similar, and on PostgreSQL never compile a plan (no JIT)', async () => {
    expect(await setting('pg_trgm.word_similarity_threshold')).toBe('0.5');
    if (ctx.database.kind === 'postgres') expect(await setting('jit')).toBe('off');
  });
});
