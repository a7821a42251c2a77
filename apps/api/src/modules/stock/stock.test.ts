/**
 * The stock module's moves, one by one, on the file's own seeded database: what each moves, what
 * its guard refuses and why, the lock order of several lines, and what the ledger says. Run on
 * PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { asc, eq, gt, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { products, productVariations, stockMovements, users } from '../../db/schema.js';
import { makeCpf } from '../../../test/accounts.js';
import { stockOf } from '../../../test/checkout.js';
import { sizedPiece, sizesOf, sizeStock } from '../../../test/factories.js';
import { testDatabaseUrl, useTestDatabase } from '../../../test/helpers.js';
import { catalogTail, insertOrder } from '../../../test/orders.js';
import {
  adjustStock,
  closeSizes,
  emptyForSizes,
  giveBackForOrder,
  inLockOrder,
  openSizes,
  readStock,
  receiveInitialStock,
  setStockFromForm,
  takeAgainForOrder,
  takeForOrder,
  takeForOrderAtCommit,
  type Refusal,
  type SaleLine,
  type Shelf,
  type StockLine,
} from './index.js';

const ctx = useTestDatabase();
const take = catalogTail(() => ctx.database);

/** Thrown to roll a test's transaction back after a refused move, as the callers do. */
class RolledBack extends Error {
  constructor(readonly refusal: Refusal<SaleLine | StockLine>) {
    super(refusal.reason);
  }
}

/** `move` in its own transaction, rolled back when it refuses; the refusal, or null. */
async function inTransaction(
  move: (tx: Db) => Promise<Refusal<SaleLine | StockLine> | null>,
): Promise<Refusal<SaleLine | StockLine> | null> {
  try {
    await ctx.database.db.transaction(async (tx) => {
      const refused = await move(tx);
      if (refused) throw new RolledBack(refused);
    });
    return null;
  } catch (err) {
    if (err instanceof RolledBack) return err.refusal;
    throw err;
  }
}

/** An order row for the ledger's rows to name (its own lines do not matter here). */
async function anOrder(): Promise<number> {
  const { order } = await insertOrder(ctx.database, { products: 1 });
  return order.id;
}

let people = 0;
/** A user the ledger can name as the owner who moved a stock. */
async function anOwner(): Promise<number> {
  people += 1;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      firstName: 'Dona',
      lastName: 'Teste',
      email: `estoque.${people}.${Date.now()}@semijoias.test`,
      cpf: makeCpf(700_000_000 + people * 7919),
      phone: '11987654321',
      birthdate: '1980-05-01',
      passwordHash: 'not-a-hash',
    })
    .returning({ id: users.id });
  return row!.id;
}

/** The ledger's newest row id: what a test wrote comes after it. */
async function ledgerMark(): Promise<number> {
  const [row] = await ctx.database.db
    .select({ last: sql<number>`coalesce(max(${stockMovements.id}), 0)::int` })
    .from(stockMovements);
  return row!.last;
}

function ledgerSince(mark: number) {
  return ctx.database.db
    .select({
      productId: stockMovements.productId,
      variationId: stockMovements.variationId,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      orderId: stockMovements.orderId,
      actorUserId: stockMovements.actorUserId,
      note: stockMovements.note,
    })
    .from(stockMovements)
    .where(gt(stockMovements.id, mark))
    .orderBy(asc(stockMovements.id));
}

async function priceOf(productId: number): Promise<number> {
  const [row] = await ctx.database.db
    .select({ priceCents: products.priceCents })
    .from(products)
    .where(eq(products.id, productId));
  return row!.priceCents;
}

const sale = async (shelf: Shelf, quantity: number): Promise<SaleLine> => ({
  ...shelf,
  quantity,
  priceCents: await priceOf(shelf.productId),
});

describe('the stock module', () => {
  it('puts lines in one lock order: by product, its own row before its sizes by id', () => {
    const lines = [
      { productId: 9, variationId: 40 },
      { productId: 3, variationId: null },
      { productId: 9, variationId: 12 },
      { productId: 5, variationId: null },
    ];
    expect(inLockOrder(lines)).toEqual([
      { productId: 3, variationId: null },
      { productId: 5, variationId: null },
      { productId: 9, variationId: 12 },
      { productId: 9, variationId: 40 },
    ]);
    expect(lines[0]).toEqual({ productId: 9, variationId: 40 });
  });

  it("takes an order's lines in that order, each from its own shelf, the ledger naming the order", async () => {
    const [a, b] = await take(2, 5);
    const ring = await sizedPiece(ctx.database, { stocks: [3, 4] });
    const [small, large] = ring.sizes;
    const orderId = await anOrder();
    const mark = await ledgerMark();
    const lines = [
      await sale({ productId: ring.id, variationId: large!.id }, 2),
      await sale({ productId: b!, variationId: null }, 1),
      await sale({ productId: ring.id, variationId: small!.id }, 3),
      await sale({ productId: a!, variationId: null }, 5),
    ];

    expect(await inTransaction((tx) => takeForOrder(tx, orderId, lines))).toBeNull();

    expect(await stockOf(ctx.database, a!)).toBe(0);
    expect(await stockOf(ctx.database, b!)).toBe(4);
    expect(await sizeStock(ctx.database, small!.id)).toBe(0);
    expect(await sizeStock(ctx.database, large!.id)).toBe(2);
    // The piece's own stock is its sizes' sum, kept by the trigger in the same statement.
    const rest = (await sizesOf(ctx.database, ring.id)).reduce((sum, s) => sum + s.stock, 0);
    expect(await stockOf(ctx.database, ring.id)).toBe(rest);
    const ledger = await ledgerSince(mark);
    expect(ledger.map((m) => [m.productId, m.variationId, m.delta])).toEqual(
      inLockOrder(lines).map((l) => [l.productId, l.variationId, -l.quantity]),
    );
    expect(ledger.every((m) => m.reason === 'sale' && m.orderId === orderId)).toBe(true);
  });

  it('refuses a line it cannot serve, saying which and why, and takes nothing of it', async () => {
    const [plain, hidden] = await take(2, 2);
    const ring = await sizedPiece(ctx.database, { stocks: [1, 0] });
    const other = await sizedPiece(ctx.database, { stocks: [5] });
    const [one, none] = ring.sizes;
    const orderId = await anOrder();
    await ctx.database.db
      .update(products)
      .set({ hiddenAt: sql`now()` })
      .where(eq(products.id, hidden!));
    const [productName, ringName] = [
      (await ctx.database.db.select().from(products).where(eq(products.id, plain!)))[0]!.name,
      ring.name,
    ];
    const refusal = (line: SaleLine) => inTransaction((tx) => takeForOrder(tx, orderId, [line]));

    const short = await sale({ productId: plain!, variationId: null }, 3);
    expect(await refusal(short)).toEqual({
      line: short,
      reason: 'short',
      productName,
      sizeName: null,
      stock: 2,
    });
    const shortSize = await sale({ productId: ring.id, variationId: none!.id }, 1);
    expect(await refusal(shortSize)).toEqual({
      line: shortSize,
      reason: 'short',
      productName: ringName,
      sizeName: none!.name,
      stock: 0,
    });
    const hiddenLine = await sale({ productId: hidden!, variationId: null }, 1);
    expect(await refusal(hiddenLine)).toMatchObject({ reason: 'hidden' });
    // Priced a moment before the owners changed the price: the caller prices it again.
    const repriced = { ...(await sale({ productId: plain!, variationId: null }, 1)) };
    repriced.priceCents += 1;
    expect(await refusal(repriced)).toMatchObject({ reason: 'changed', productName });
    const anothers = await sale({ productId: ring.id, variationId: other.sizes[0]!.id }, 1);
    expect(await refusal(anothers)).toMatchObject({ reason: 'no-size', productName: ringName });
    const gone = { productId: 2_000_000_000, variationId: null, quantity: 1, priceCents: 1 };
    expect(await refusal(gone)).toEqual({ line: gone, reason: 'no-product' });
    // A size taken out is no longer sold, even with units left.
    await ctx.database.db
      .update(productVariations)
      .set({ archivedAt: sql`now()` })
      .where(eq(productVariations.id, one!.id));
    const archived = await sale({ productId: ring.id, variationId: one!.id }, 1);
    expect(await refusal(archived)).toMatchObject({ reason: 'no-size' });
    // A piece now sold by size is no longer taken from its own stock.
    const switched = await sale({ productId: ring.id, variationId: null }, 1);
    expect(await refusal(switched)).toMatchObject({ reason: 'changed' });

    expect(await stockOf(ctx.database, plain!)).toBe(2);
    expect(await sizeStock(ctx.database, one!.id)).toBe(1);
    expect(await sizeStock(ctx.database, other.sizes[0]!.id)).toBe(5);
  });

  it('stops at the first line it cannot serve in the lock order; the caller rolls back the rest', async () => {
    const [first, second, third] = await take(3, 1);
    const orderId = await anOrder();
    const lines = [
      await sale({ productId: third!, variationId: null }, 1),
      await sale({ productId: second!, variationId: null }, 2),
      await sale({ productId: first!, variationId: null }, 1),
    ];
    const refused = await inTransaction(async (tx) => {
      const r = await takeForOrder(tx, orderId, lines);
      // Inside the transaction, the line before the refused one was taken, the one after not.
      const levels = await readStock(tx, lines);
      expect([levels.of(lines[2]!), levels.of(lines[0]!)]).toEqual([0, 1]);
      return r;
    });
    expect(refused).toMatchObject({ reason: 'short', line: lines[1], stock: 1 });
    for (const id of [first!, second!, third!]) expect(await stockOf(ctx.database, id)).toBe(1);
  });

  it("gives an order's units back, the owner and her reason in the ledger; a line with no shelf is answered", async () => {
    const [plain] = await take(1, 0);
    const ring = await sizedPiece(ctx.database, { stocks: [0, 1] });
    const [small, large] = ring.sizes;
    const orderId = await anOrder();
    const owner = await anOwner();
    const mark = await ledgerMark();
    const lines: StockLine[] = [
      { productId: ring.id, variationId: large!.id, quantity: 2 },
      { productId: plain!, variationId: null, quantity: 3 },
      { productId: ring.id, variationId: small!.id, quantity: 1 },
      // Ordered before the piece was sold by size: no shelf of its own to go back to.
      { productId: ring.id, variationId: null, quantity: 4 },
    ];
    const left = await ctx.database.db.transaction((tx) =>
      giveBackForOrder(tx, orderId, lines, { actorUserId: owner, note: 'Cliente desistiu' }),
    );
    expect(left).toEqual([lines[3]]);
    expect(await stockOf(ctx.database, plain!)).toBe(3);
    expect(await sizeStock(ctx.database, small!.id)).toBe(1);
    expect(await sizeStock(ctx.database, large!.id)).toBe(3);
    expect(await stockOf(ctx.database, ring.id)).toBe(
      (await sizesOf(ctx.database, ring.id)).reduce((sum, s) => sum + s.stock, 0),
    );
    const ledger = await ledgerSince(mark);
    expect(ledger.map((m) => [m.productId, m.variationId, m.delta])).toEqual(
      inLockOrder(lines.slice(0, 3)).map((l) => [l.productId, l.variationId, l.quantity]),
    );
    for (const m of ledger)
      expect(m).toMatchObject({
        reason: 'cancellation',
        orderId,
        actorUserId: owner,
        note: 'Cliente desistiu',
      });
  });

  it('takes again for a late payment whatever the price or visibility now, only while the units are there', async () => {
    const [plain, other] = await take(2, 2);
    const orderId = await anOrder();
    await ctx.database.db
      .update(products)
      .set({ hiddenAt: sql`now()`, priceCents: sql`${products.priceCents} + 100` })
      .where(eq(products.id, plain!));
    const mark = await ledgerMark();
    const lines: StockLine[] = [{ productId: plain!, variationId: null, quantity: 2 }];
    expect(await inTransaction((tx) => takeAgainForOrder(tx, orderId, lines))).toBeNull();
    expect(await stockOf(ctx.database, plain!)).toBe(0);
    expect(await ledgerSince(mark)).toMatchObject([{ delta: -2, reason: 'sale', orderId }]);

    const short: StockLine[] = [
      { productId: other!, variationId: null, quantity: 1 },
      { productId: plain!, variationId: null, quantity: 1 },
    ];
    expect(await inTransaction((tx) => takeAgainForOrder(tx, orderId, short))).toMatchObject({
      reason: 'short',
      line: short[1],
      stock: 0,
    });
    expect(await stockOf(ctx.database, other!)).toBe(2);
  });

  it('adjusts a shelf for the owners: in, out to zero, never below, and says whose and why', async () => {
    const [plain] = await take(1, 3);
    const ring = await sizedPiece(ctx.database, { stocks: [2] });
    const size = ring.sizes[0]!;
    const owner = await anOwner();
    const by = { actorUserId: owner, note: 'Conferência do estoque' };
    const mark = await ledgerMark();
    const adjust = (shelf: Shelf, delta: number) =>
      ctx.database.db.transaction((tx) => adjustStock(tx, shelf, delta, by));

    const out = await adjust({ productId: plain!, variationId: null }, -3);
    expect(out).toMatchObject({ adjusted: { product: { id: plain, stock: 0 }, size: null } });
    expect(await adjust({ productId: plain!, variationId: null }, -1)).toMatchObject({
      refused: { reason: 'short', sizeName: null, stock: 0 },
    });
    const sized = await adjust({ productId: ring.id, variationId: size.id }, 5);
    expect(sized).toEqual({
      adjusted: {
        product: { id: ring.id, name: ring.name, stock: await stockOf(ctx.database, ring.id) },
        size: { id: size.id, name: size.name, stock: 7 },
      },
    });
    expect(await adjust({ productId: ring.id, variationId: size.id }, -8)).toMatchObject({
      refused: { reason: 'short', productName: ring.name, sizeName: size.name, stock: 7 },
    });
    expect(await adjust({ productId: plain!, variationId: size.id }, 1)).toMatchObject({
      refused: { reason: 'no-size' },
    });
    expect(await adjust({ productId: ring.id, variationId: null }, 1)).toMatchObject({
      refused: { reason: 'changed' },
    });
    expect(await sizeStock(ctx.database, size.id)).toBe(7);
    const ledger = await ledgerSince(mark);
    expect(ledger.map((m) => m.delta)).toEqual([-3, 5]);
    for (const m of ledger)
      expect(m).toMatchObject({ reason: 'adjustment', actorUserId: owner, note: by.note });
  });

  it("sets the form's stock only while it is the one the form showed", async () => {
    const [plain] = await take(1, 6);
    const ring = await sizedPiece(ctx.database, { stocks: [1] });
    const by = { actorUserId: await anOwner(), note: 'Editado no produto' };
    const set = (productId: number, seen: number, stock: number) =>
      ctx.database.db.transaction((tx) => setStockFromForm(tx, productId, { seen, stock }, by));
    const mark = await ledgerMark();

    expect(await set(plain!, 6, 9)).toBeNull();
    expect(await set(plain!, 6, 2)).toEqual({ refused: 'moved', stock: 9 });
    const ringStock = await stockOf(ctx.database, ring.id);
    expect(await set(ring.id, ringStock, ringStock + 1)).toEqual({
      refused: 'moved',
      stock: ringStock,
    });
    expect(await set(2_000_000_000, 0, 1)).toEqual({ refused: 'no-product' });
    expect(await stockOf(ctx.database, plain!)).toBe(9);
    expect(await ledgerSince(mark)).toMatchObject([
      { productId: plain, delta: 3, reason: 'adjustment', note: 'Editado no produto' },
    ]);
  });

  it("puts a new piece's first units through the ledger, once", async () => {
    const [piece] = await take(1, 0);
    const by = { actorUserId: await anOwner(), note: 'Cadastro no painel' };
    const mark = await ledgerMark();
    await ctx.database.db.transaction((tx) => receiveInitialStock(tx, piece!, 12, by));
    expect(await stockOf(ctx.database, piece!)).toBe(12);
    expect(await ledgerSince(mark)).toMatchObject([
      { productId: piece, delta: 12, stockAfter: 12, reason: 'initial', note: by.note },
    ]);
    await expect(
      ctx.database.db.transaction((tx) => receiveInitialStock(tx, piece!, 3, by)),
    ).rejects.toThrow(/not a new piece/);
    expect(await stockOf(ctx.database, piece!)).toBe(12);
  });

  it("opens sizes empty, closes them only empty, and empties a piece's own stock when it goes by size", async () => {
    const [piece] = await take(1, 4);
    const by = { actorUserId: await anOwner(), note: 'Estoque passa a ser por variação' };
    const mark = await ledgerMark();
    await ctx.database.db.transaction(async (tx) => {
      await emptyForSizes(tx, piece!, by);
      await tx.update(products).set({ variationAxis: 'Aro' }).where(eq(products.id, piece!));
      await openSizes(tx, piece!, [
        { name: '14', sku: null, position: 0 },
        { name: '16', sku: 'AN-16', position: 1 },
      ]);
    });
    expect(await ledgerSince(mark)).toMatchObject([
      { productId: piece, variationId: null, delta: -4, reason: 'adjustment', note: by.note },
    ]);
    const [fourteen, sixteen] = await sizesOf(ctx.database, piece!);
    expect([fourteen, sixteen].map((s) => [s!.name, s!.stock])).toEqual([
      ['14', 0],
      ['16', 0],
    ]);
    expect(await stockOf(ctx.database, piece!)).toBe(0);

    await ctx.database.db.transaction((tx) =>
      adjustStock(tx, { productId: piece!, variationId: sixteen!.id }, 2, by),
    );
    const close = (sizes: { id: number; ordered: boolean }[]) =>
      ctx.database.db.transaction(async (tx) => {
        const holding = await closeSizes(tx, piece!, sizes);
        if (holding) throw Object.assign(new Error('holding'), { holding });
      });
    await expect(
      close([
        { id: fourteen!.id, ordered: false },
        { id: sixteen!.id, ordered: true },
      ]),
    ).rejects.toMatchObject({ holding: { id: sixteen!.id, stock: 2 } });
    // Rolled back: both still there.
    expect(await sizesOf(ctx.database, piece!)).toHaveLength(2);

    await ctx.database.db.transaction((tx) =>
      adjustStock(tx, { productId: piece!, variationId: sixteen!.id }, -2, by),
    );
    await close([
      { id: fourteen!.id, ordered: false },
      { id: sixteen!.id, ordered: true },
    ]);
    expect(await sizesOf(ctx.database, piece!)).toEqual([]);
    const rows = await ctx.database.db
      .select({ id: productVariations.id, archivedAt: productVariations.archivedAt })
      .from(productVariations)
      .where(eq(productVariations.productId, piece!));
    // The ordered one archived (its order lines point at it), the other deleted.
    expect(rows).toEqual([{ id: sixteen!.id, archivedAt: expect.any(Date) }]);
  });

  it('reads the stock of shelves for a decision: a piece, a live size, nothing for the rest', async () => {
    const [plain] = await take(1, 7);
    const ring = await sizedPiece(ctx.database, { stocks: [2, 3], rest: 0 });
    const other = await sizedPiece(ctx.database, { stocks: [4] });
    const [live, archived] = ring.sizes;
    await ctx.database.db
      .update(productVariations)
      .set({ archivedAt: sql`now()`, stock: 0 })
      .where(eq(productVariations.id, archived!.id));
    const levels = await readStock(ctx.database.db, [
      { productId: plain!, variationId: null },
      { productId: ring.id, variationId: live!.id },
      { productId: ring.id, variationId: archived!.id },
      { productId: ring.id, variationId: other.sizes[0]!.id },
      { productId: 2_000_000_000, variationId: null },
    ]);
    expect(levels.of({ productId: plain!, variationId: null })).toBe(7);
    expect(levels.of({ productId: ring.id, variationId: live!.id })).toBe(2);
    expect(levels.of({ productId: ring.id, variationId: archived!.id })).toBeUndefined();
    expect(levels.of({ productId: ring.id, variationId: other.sizes[0]!.id })).toBeUndefined();
    expect(levels.of({ productId: 2_000_000_000, variationId: null })).toBeUndefined();
    expect(levels.of({ productId: ring.id, variationId: null })).toBe(2);
  });
});

// PostgreSQL's one message: the guarded statements and the commit together (docs/stock.md).
describe.skipIf(!testDatabaseUrl())('the take with the commit (PostgreSQL)', () => {
  /** Its own transaction, as api/pay runs it: the outcome, and whether drizzle's end failed. */
  async function atCommit(orderId: number, lines: SaleLine[]) {
    let outcome: 'committed' | 'refused' | undefined;
    await ctx.database.db
      .transaction(async (tx) => {
        outcome = await takeForOrderAtCommit(tx, orderId, lines);
        if (outcome === 'refused') throw new Error('refused: rolled back as api/pay does');
      })
      .catch((err: unknown) => {
        if (outcome !== 'refused') throw err;
      });
    return outcome;
  }

  it("commits every line of a take, sizes included, with the ledger's rows naming the order", async () => {
    const [a] = await take(1, 4);
    const ring = await sizedPiece(ctx.database, { stocks: [2, 5] });
    const orderId = await anOrder();
    const mark = await ledgerMark();
    const lines = [
      await sale({ productId: ring.id, variationId: ring.sizes[1]!.id }, 2),
      await sale({ productId: a!, variationId: null }, 3),
    ];

    expect(await atCommit(orderId, lines)).toBe('committed');

    expect(await stockOf(ctx.database, a!)).toBe(1);
    expect(await sizeStock(ctx.database, ring.sizes[1]!.id)).toBe(3);
    const ledger = await ledgerSince(mark);
    expect(ledger.map((m) => [m.productId, m.delta, m.reason, m.orderId])).toEqual(
      inLockOrder(lines).map((l) => [l.productId, -l.quantity, 'sale', orderId]),
    );
  });

  it('refused by any guard, takes nothing, the lines before it included', async () => {
    const [first, short, cheaper] = await take(3, 2);
    const orderId = await anOrder();
    const mark = await ledgerMark();
    // More than there is (the second line, in lock order): the first line's take goes too.
    const tooMany = [
      await sale({ productId: first!, variationId: null }, 1),
      await sale({ productId: short!, variationId: null }, 3),
    ];
    expect(await atCommit(orderId, tooMany)).toBe('refused');
    // A price the owners changed since the order read it.
    const stale = await sale({ productId: cheaper!, variationId: null }, 1);
    await ctx.database.db
      .update(products)
      .set({ priceCents: stale.priceCents - 100 })
      .where(eq(products.id, cheaper!));
    expect(await atCommit(orderId, [stale])).toBe('refused');

    for (const id of [first!, short!, cheaper!]) expect(await stockOf(ctx.database, id)).toBe(2);
    expect(await ledgerSince(mark)).toEqual([]);
  });
});
