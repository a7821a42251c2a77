/**
 * Factories for the API tests, written once: pieces sold by size and their sizes, an owner's
 * restock through the back office, coupons (new, or already used on an order). Customers and
 * owners are in accounts.ts and admin.ts, orders in orders.ts, shopping calls in checkout.ts.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';
import { couponRedemptions, coupons, products, productVariations } from '../src/db/schema.js';
import { adminCall, loggedInOwner } from './admin.js';
import { SIZED_SEED_IDS } from './checkout.js';

// --- Pieces sold by size ----------------------------------------------------------------------

export interface Size {
  id: number;
  name: string;
  stock: number;
}

export interface SizedPiece {
  id: number;
  name: string;
  /** What its sizes measure: 'Aro', 'Comprimento'. */
  axis: string;
  priceCents: number;
  /** Its live sizes, in the order the shop lists them. */
  sizes: Size[];
}

export interface SizedPieceOptions {
  /**
   * The first seeded piece sold by this axis, the same piece at every call (the caller sets the
   * stock it needs each time). Without it, the next seeded sized piece not handed out yet in this
   * database: a piece no other test of the file touches.
   */
  axis?: string;
  /** Its sizes' stock, in order; the sizes after them keep theirs unless `rest` is given. */
  stocks?: readonly number[];
  /** The stock of every size past `stocks` (`rest: 0`: sold out but for the sizes named). */
  rest?: number;
}

/** Sized pieces handed out so far, per database (files of one worker share this module). */
const handedOut = new WeakMap<Database, number>();

/** A seeded piece sold by size, its sizes' stock set as asked (see SizedPieceOptions). */
export async function sizedPiece(
  database: Database,
  options: SizedPieceOptions = {},
): Promise<SizedPiece> {
  const { db } = database;
  let id: number;
  if (options.axis !== undefined) {
    const [first] = await db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.variationAxis, options.axis))
      .orderBy(asc(products.id))
      .limit(1);
    expect(first, `a seeded piece sold by ${options.axis}`).toBeDefined();
    id = first!.id;
  } else {
    const used = handedOut.get(database) ?? 0;
    handedOut.set(database, used + 1);
    const next = [...SIZED_SEED_IDS][used];
    expect(next, 'the seed has no sized piece left to hand out').toBeDefined();
    id = next!;
  }
  for (const [i, size] of (await sizesOf(database, id)).entries()) {
    const stock = options.stocks?.[i] ?? options.rest;
    if (stock === undefined) continue;
    await db.update(productVariations).set({ stock }).where(eq(productVariations.id, size.id));
  }
  const [piece] = await db
    .select({
      id: products.id,
      name: products.name,
      axis: products.variationAxis,
      priceCents: products.priceCents,
    })
    .from(products)
    .where(eq(products.id, id));
  return { ...piece!, axis: piece!.axis!, sizes: await sizesOf(database, id) };
}

/** A piece's live sizes (not archived) with their stock, in the order the shop lists them. */
export async function sizesOf(database: Database, productId: number): Promise<Size[]> {
  return database.db
    .select({
      id: productVariations.id,
      name: productVariations.name,
      stock: productVariations.stock,
    })
    .from(productVariations)
    .where(and(eq(productVariations.productId, productId), isNull(productVariations.archivedAt)))
    .orderBy(asc(productVariations.position));
}

/** One size's stock now. */
export async function sizeStock(database: Database, variationId: number): Promise<number> {
  const [row] = await database.db
    .select({ stock: productVariations.stock })
    .from(productVariations)
    .where(eq(productVariations.id, variationId));
  return row!.stock;
}

// --- Stock --------------------------------------------------------------------------------------

/**
 * An owner's restock through the back office (POST api/admin/estoque/ajustes/): `quantidade`
 * units of the piece in, of one size when `variacaoId` is given. It goes through the real call
 * (not SQL) so the ledger, the audit and what a restock sets off (the 'Avise-me' stamps) happen
 * as they do in the shop. Expects a 201 and answers the call.
 */
export async function restock(
  app: FastifyInstance,
  database: Database,
  productId: number,
  quantidade: number,
  variacaoId?: number,
) {
  const owner = await loggedInOwner(app, database);
  const res = await adminCall(app, owner.token, 'POST', '/api/admin/estoque/ajustes/', {
    produto_id: productId,
    ...(variacaoId === undefined ? {} : { variacao_id: variacaoId }),
    quantidade,
    nota: 'Reposição do fornecedor',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res;
}

// --- Coupons ------------------------------------------------------------------------------------

let couponSerial = 0;

/** A coupon code no other coupon of the run has. */
export function newCouponCode(prefix = 'TESTE'): string {
  return `${prefix}${process.pid % 1000}X${++couponSerial}`;
}

/**
 * A coupon written straight into the database: a fresh code and 10% off unless `values` say
 * otherwise (a fixed one takes `amountCents` and no percentage).
 */
export async function insertCoupon(
  database: Database,
  values: Partial<typeof coupons.$inferInsert> = {},
) {
  const kind = values.kind ?? 'percent';
  const [row] = await database.db
    .insert(coupons)
    .values({
      code: newCouponCode(),
      kind,
      ...(kind === 'percent' ? { percentBasisPoints: 1000 } : {}),
      ...values,
    })
    .returning();
  return row!;
}

/**
 * A fixed coupon of R$ 5,00 already used once, on her order: the coupon counted used and its
 * redemption row, as checkout leaves them.
 */
export async function redeemedCoupon(
  database: Database,
  redemption: { code: string; userId: number; orderId: number },
) {
  const coupon = await insertCoupon(database, {
    code: redemption.code,
    kind: 'fixed',
    amountCents: 500,
    timesUsed: 1,
  });
  await database.db.insert(couponRedemptions).values({
    couponId: coupon.id,
    userId: redemption.userId,
    orderId: redemption.orderId,
    discountCents: 500,
  });
  return coupon;
}
