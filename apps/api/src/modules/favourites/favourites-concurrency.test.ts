/**
 * Concurrent adds of one piece make one row (`insert … on conflict do nothing`): a double tap,
 * two tabs, a login's merge racing a tap. On PGlite the calls interleave on one connection; with
 * TEST_DATABASE_URL they run on several PostgreSQL connections at once, the case that matters.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { favourites } from '../../db/schema.js';
import { loggedInCustomer } from '../../../test/accounts.js';
import { useTestApp } from '../../../test/helpers.js';
import { times } from '../../../test/racing.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';

const ctx = useTestApp({}, { mailer: memoryMailer() });
const N = 20;

function add(token: string, productId: number) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/favoritos/',
    payload: { produto_id: productId },
    headers: { authorization: `Bearer ${token}` },
  });
}

async function rows(userId: number, productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.productId, productId)));
  return row!.n;
}

describe('concurrent favourites', () => {
  it(`${N} concurrent adds of one piece make one row: one 201, the others 200`, async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    const answers = await times(N, () => add(token, 3));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses, answers.map((r) => r.body).join('\n')).toEqual([
      ...Array<number>(N - 1).fill(200),
      201,
    ]);
    expect(await rows(userId, 3)).toBe(1);
  });

  it('concurrent adds of several pieces each make their one row', async () => {
    const { token, userId } = await loggedInCustomer(ctx.app, ctx.database);
    const ids = [2, 4, 6, 8];
    const answers = await times(N, (i) => add(token, ids[i % ids.length]!));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(ids.length);
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 201)).toBe(true);
    for (const id of ids) expect(await rows(userId, id)).toBe(1);
  });
});
