/**
 * The stock module's moves racing each other: the last units taken by many orders at once, units
 * given back while others are taken, the owners' adjustments racing sales, and the lock order
 * that keeps two moves from waiting on each other in a circle. Every move runs in a transaction
 * of its own, alternately on two connections (two instances of the store); a refused move rolls
 * its transaction back, as its callers do. On PGlite the transactions interleave on its one
 * connection; with TEST_DATABASE_URL they run on several PostgreSQL connections at once, which is
 * the case that matters (and the only one where a deadlock can happen).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.js';
import { products, stockMovements, users } from '../../db/schema.js';
import { makeCpf } from '../../../test/accounts.js';
import { stockOf } from '../../../test/checkout.js';
import { sizedPiece, sizesOf, sizeStock } from '../../../test/factories.js';
import { testDatabaseUrl } from '../../../test/helpers.js';
import { catalogTail, insertOrder } from '../../../test/orders.js';
import { times, useRacingDatabase } from '../../../test/racing.js';
import {
  adjustStock,
  giveBackForOrder,
  takeForOrder,
  type Refusal,
  type SaleLine,
  type Shelf,
} from './index.js';

const ctx = useRacingDatabase();
const take = catalogTail(() => ctx.database);

/** The i-th racer's connection: the two instances take turns. */
const dbOf = (i: number): Db => (i % 2 ? ctx.other.db : ctx.database.db);

class RolledBack extends Error {
  constructor(readonly refusal: Refusal<Shelf>) {
    super(refusal.reason);
  }
}

/** `move` in its own transaction on the i-th connection, rolled back on a refusal. */
type Attempt = { moved: true } | { moved: false; refusal: Refusal<Shelf> };

async function attempt(
  i: number,
  move: (tx: Db) => Promise<Refusal<Shelf> | null>,
): Promise<Attempt> {
  try {
    await dbOf(i).transaction(async (tx) => {
      const refused = await move(tx);
      if (refused) throw new RolledBack(refused);
    });
    return { moved: true };
  } catch (err) {
    if (err instanceof RolledBack) return { moved: false, refusal: err.refusal };
    throw err;
  }
}

async function anOrder(): Promise<number> {
  return (await insertOrder(ctx.database, { products: 1 })).order.id;
}

let people = 0;
async function anOwner(): Promise<number> {
  people += 1;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      firstName: 'Dona',
      lastName: 'Concorrência',
      email: `estoque.corrida.${people}.${Date.now()}@semijoias.test`,
      cpf: makeCpf(800_000_000 + people * 7907),
      phone: '11987654321',
      birthdate: '1980-05-01',
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  return row!.id;
}

async function ledgerMark(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ last: sql<number>`coalesce(max(${stockMovements.id}), 0)::int` })
    .from(stockMovements);
  return row!.last;
}

/** The ledger's rows of a shelf written after `mark`. */
function shelfLedger(mark: number, shelf: Shelf) {
  return ctx.database.db
    .select({ delta: stockMovements.delta, stockAfter: stockMovements.stockAfter })
    .from(stockMovements)
    .where(
      and(
        gt(stockMovements.id, mark),
        eq(stockMovements.productId, shelf.productId),
        shelf.variationId === null
          ? sql`${stockMovements.variationId} is null`
          : eq(stockMovements.variationId, shelf.variationId),
      ),
    );
}

async function priceOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  return row!.priceCents;
}

const units = (database: Database, shelf: Shelf) =>
  shelf.variationId === null
    ? stockOf(database, shelf.productId)
    : sizeStock(database, shelf.variationId);

describe('stock moves racing', () => {
  it('many orders for the last units at once: exactly the stock is sold, the rest refused, never below zero', async () => {
    const [plain] = await take(1, 5);
    const ring = await sizedPiece(ctx.database, { stocks: [4] });
    const shelves: Shelf[] = [
      { productId: plain!, variationId: null },
      { productId: ring.id, variationId: ring.sizes[0]!.id },
    ];
    const orderId = await anOrder();
    const mark = await ledgerMark();
    for (const [shelf, stock, buyers, each] of [
      [shelves[0]!, 5, 24, 1],
      [shelves[1]!, 4, 16, 2],
    ] as const) {
      const line: SaleLine = {
        ...shelf,
        quantity: each,
        priceCents: await priceOf(shelf.productId),
      };
      const answers = await times(buyers, (i) =>
        attempt(i, (tx) => takeForOrder(tx, orderId, [line])),
      );
      const sold = answers.filter((a) => a.moved).length;
      expect(sold).toBe(stock / each);
      for (const a of answers)
        if (!a.moved) expect(a.refusal).toMatchObject({ reason: 'short', stock: 0 });
      expect(await units(ctx.database, shelf)).toBe(0);
      const ledger = await shelfLedger(mark, shelf);
      expect(ledger).toHaveLength(sold);
      expect(ledger.reduce((sum, m) => sum + m.delta, 0)).toBe(-stock);
      expect(ledger.every((m) => m.stockAfter >= 0)).toBe(true);
    }
    // The piece's own stock followed its sizes'.
    expect(await stockOf(ctx.database, ring.id)).toBe(
      (await sizesOf(ctx.database, ring.id)).reduce((sum, size) => sum + size.stock, 0),
    );
  });

  it('orders of several lines at once, in any order: each all or nothing, no line oversold', async () => {
    const [a, b, c] = await take(3, 6);
    const orderId = await anOrder();
    const price = new Map<number, number>();
    for (const id of [a!, b!, c!]) price.set(id, await priceOf(id));
    const line = (productId: number, quantity: number): SaleLine => ({
      productId,
      variationId: null,
      quantity,
      priceCents: price.get(productId)!,
    });
    // Each order asks for the three pieces in its own order (the module sorts them).
    const baskets = [
      [line(a!, 1), line(b!, 2), line(c!, 1)],
      [line(c!, 2), line(b!, 1), line(a!, 1)],
      [line(b!, 1), line(a!, 2), line(c!, 1)],
    ];
    const answers = await times(18, (i) =>
      attempt(i, (tx) => takeForOrder(tx, orderId, baskets[i % 3]!)),
    );
    const taken = new Map([a!, b!, c!].map((id) => [id, 0]));
    answers.forEach((answer, i) => {
      if (!answer.moved) return expect(answer.refusal.reason).toBe('short');
      for (const l of baskets[i % 3]!) taken.set(l.productId, taken.get(l.productId)! + l.quantity);
    });
    expect(answers.some((x) => x.moved)).toBe(true);
    for (const id of [a!, b!, c!]) {
      const left = await stockOf(ctx.database, id);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(left).toBe(6 - taken.get(id)!);
    }
  });

  it('units given back while others are taken: none lost, none doubled, never below zero', async () => {
    const [plain] = await take(1, 0);
    const ring = await sizedPiece(ctx.database, { stocks: [0] });
    const HELD = 10;
    for (const shelf of [
      { productId: plain!, variationId: null },
      { productId: ring.id, variationId: ring.sizes[0]!.id },
    ]) {
      // HELD orders hold one unit each (the shelf is empty); they are cancelled while 16 shoppers
      // try to buy one unit.
      const held = await Promise.all(Array.from({ length: HELD }, () => anOrder()));
      const buyer = await anOrder();
      const mark = await ledgerMark();
      const line: SaleLine = { ...shelf, quantity: 1, priceCents: await priceOf(shelf.productId) };
      type Racer = (i: number) => Promise<Attempt & { kind: 'back' | 'sale' }>;
      const racers: Racer[] = [
        ...held.map(
          (orderId) => (i: number) =>
            attempt(i, async (tx) => {
              expect(await giveBackForOrder(tx, orderId, [{ ...shelf, quantity: 1 }])).toEqual([]);
              return null;
            }).then((a) => ({ kind: 'back' as const, ...a })),
        ),
        ...Array.from(
          { length: 16 },
          () => (i: number) =>
            attempt(i, (tx) => takeForOrder(tx, buyer, [line])).then((a) => ({
              kind: 'sale' as const,
              ...a,
            })),
        ),
      ];
      // Interleaved: a give-back, then sales, in a fixed shuffle (7 is prime to 26).
      const answers = await times(racers.length, (i) => racers[(i * 7) % racers.length]!(i));
      expect(answers.filter((x) => x.kind === 'back').every((x) => x.moved)).toBe(true);
      for (const x of answers) if (!x.moved) expect(x.refusal).toMatchObject({ reason: 'short' });
      const sold = answers.filter((x) => x.kind === 'sale' && x.moved).length;
      expect(sold).toBeLessThanOrEqual(HELD);
      const left = await units(ctx.database, shelf);
      expect(left).toBe(HELD - sold);
      const ledger = await shelfLedger(mark, shelf);
      expect(ledger).toHaveLength(HELD + sold);
      expect(ledger.reduce((sum, m) => sum + m.delta, 0)).toBe(left);
      expect(ledger.every((m) => m.stockAfter >= 0)).toBe(true);
    }
  });

  it("the owners' adjustments racing sales: stock = initial + Σ accepted adjustments − sold, never negative", async () => {
    const [plain] = await take(1, 4);
    const ring = await sizedPiece(ctx.database, { stocks: [4] });
    const owner = await anOwner();
    for (const shelf of [
      { productId: plain!, variationId: null },
      { productId: ring.id, variationId: ring.sizes[0]!.id },
    ]) {
      const orderId = await anOrder();
      const mark = await ledgerMark();
      const line: SaleLine = { ...shelf, quantity: 1, priceCents: await priceOf(shelf.productId) };
      // More units asked for than there are: some sales and removals must be refused.
      const deltas = [-2, 3, -2, -2, 2, -3, -2, 1];
      const racers = [
        ...deltas.map(
          (delta) => (i: number) =>
            attempt(i, async (tx) => {
              const moved = await adjustStock(tx, shelf, delta, {
                actorUserId: owner,
                note: 'Teste de concorrência',
              });
              return 'refused' in moved ? moved.refused : null;
            }).then((a) => ({ delta, ...a })),
        ),
        ...Array.from(
          { length: 10 },
          () => (i: number) =>
            attempt(i, (tx) => takeForOrder(tx, orderId, [line])).then((a) => ({
              delta: -1,
              ...a,
            })),
        ),
      ];
      const answers = await times(racers.length, (i) => racers[(i * 7) % racers.length]!(i));
      for (const x of answers) if (!x.moved) expect(x.refusal).toMatchObject({ reason: 'short' });
      expect(answers.some((x) => !x.moved)).toBe(true);
      const accepted = answers.filter((x) => x.moved);
      const final = await units(ctx.database, shelf);
      expect(final).toBe(4 + accepted.reduce((sum, x) => sum + x.delta, 0));
      expect(final).toBeGreaterThanOrEqual(0);
      const ledger = await shelfLedger(mark, shelf);
      expect(ledger).toHaveLength(accepted.length);
      expect(ledger.reduce((sum, m) => sum + m.delta, 0)).toBe(final - 4);
      expect(ledger.every((m) => m.stockAfter >= 0)).toBe(true);
    }
  });

  // Only PostgreSQL runs two transactions at once. A trigger made for the test slows every stock
  // change of the racing pieces, so each transaction holds its first row while the other takes its
  // own: locked in two different orders, they would wait on each other until PostgreSQL killed
  // one (deadlock detected).
  async function slowStockChanges(productIds: number[], run: () => Promise<void>): Promise<void> {
    const { db } = ctx.database;
    const ids = sql.raw(productIds.map(Number).join(','));
    await db.execute(sql`create or replace function stock_test_slow() returns trigger
      language plpgsql as $$ begin perform pg_sleep(0.4); return new; end $$`);
    await db.execute(sql`create trigger stock_test_slow_products before update of stock
      on products for each row when (old.id in (${ids})) execute function stock_test_slow()`);
    await db.execute(sql`create trigger stock_test_slow_sizes before update of stock
      on product_variations for each row when (old.product_id in (${ids}))
      execute function stock_test_slow()`);
    try {
      await run();
    } finally {
      await db.execute(sql`drop trigger stock_test_slow_products on products`);
      await db.execute(sql`drop trigger stock_test_slow_sizes on product_variations`);
    }
  }

  it.runIf(testDatabaseUrl())(
    'two orders naming the same pieces in opposite orders never wait on each other (PostgreSQL)',
    async () => {
      const [a, b] = await take(2, 4);
      const orderId = await anOrder();
      const line = async (productId: number): Promise<SaleLine> => ({
        productId,
        variationId: null,
        quantity: 1,
        priceCents: await priceOf(productId),
      });
      const [la, lb] = [await line(a!), await line(b!)];
      await slowStockChanges([a!, b!], async () => {
        const answers = await Promise.all([
          attempt(0, (tx) => takeForOrder(tx, orderId, [la, lb])),
          attempt(1, (tx) => takeForOrder(tx, orderId, [lb, la])),
        ]);
        expect(answers).toEqual([{ moved: true }, { moved: true }]);
      });
      expect([await stockOf(ctx.database, a!), await stockOf(ctx.database, b!)]).toEqual([2, 2]);
    },
  );

  it.runIf(testDatabaseUrl())(
    'a size sold while the owners hold its piece (as editing its sizes does) waits for them, not on them (PostgreSQL)',
    async () => {
      const ring = await sizedPiece(ctx.database, { stocks: [3] });
      const size = ring.sizes[0]!;
      const shelf = { productId: ring.id, variationId: size.id };
      const owner = await anOwner();
      const orderId = await anOrder();
      const line: SaleLine = { ...shelf, quantity: 1, priceCents: ring.priceCents };
      await slowStockChanges([ring.id], async () => {
        let holding!: () => void;
        const held = new Promise<void>((resolve) => (holding = resolve));
        const owners = attempt(0, async (tx) => {
          // The owners' change to the piece locks its row first, then writes its sizes.
          await tx
            .select({ id: products.id })
            .from(products)
            .where(eq(products.id, ring.id))
            .for('no key update');
          holding();
          await tx.execute(sql`select pg_sleep(0.4)`);
          const moved = await adjustStock(tx, shelf, 2, {
            actorUserId: owner,
            note: 'Reposição',
          });
          return 'refused' in moved ? moved.refused : null;
        });
        await held;
        const sale = attempt(1, (tx) => takeForOrder(tx, orderId, [line]));
        expect(await Promise.all([owners, sale])).toEqual([{ moved: true }, { moved: true }]);
      });
      expect(await sizeStock(ctx.database, size.id)).toBe(4);
    },
  );
});
