/**
 * What 'Estoque baixo' means for the owners, in one place: the Painel's card counts and lists
 * these pieces, and the product list's 'Estoque baixo' filter (the card's link) shows them all.
 * A piece is low by its total: for a piece sold by size that is the sum of its live sizes, which
 * `products.stock` keeps (docs/variations-contract.md). A size counts on its own only when the
 * owners marked it 'Manter em estoque' (`kept_in_stock`): the ring's 16 they always want on the
 * shelf is an alert when it runs low, the demonstration ring's 26 is not. Hidden pieces are not
 * for sale, so their stock is no alert.
 */
import { and, asc, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import type { Db } from '../../../db/client.js';
import { products, productVariations } from '../../../db/schema.js';

// Written out: Drizzle leaves a one-table select's columns bare, and inside the subquery a bare
// "stock" would be the size's own.
const lowKeptSize = sql`exists (select 1 from product_variations kv
  where kv.product_id = "products"."id" and kv.kept_in_stock and kv.archived_at is null
    and kv.stock <= ${LOW_STOCK_THRESHOLD})`;

/** A visible piece whose total is low, or one of whose kept sizes is. */
export function lowStockCondition(): SQL {
  return and(isNull(products.hiddenAt), or(lte(products.stock, LOW_STOCK_THRESHOLD), lowKeptSize))!;
}

/**
 * The emptiest first: a piece by the lower of its total and its emptiest kept size, so a kept
 * size sold out comes before a piece with two units left.
 */
export function lowStockOrder(): SQL[] {
  return [
    asc(sql`least(${products.stock}, coalesce((select min(kv.stock) from product_variations kv
      where kv.product_id = "products"."id" and kv.kept_in_stock and kv.archived_at is null),
      ${products.stock}))`),
    asc(products.name),
    asc(products.id),
  ];
}

export interface LowKeptSize {
  id: number;
  nome: string;
  estoque: number;
}

/** Of these pieces, their kept sizes that are low, in the owners' order, by piece. */
export async function lowKeptSizes(
  db: Db,
  productIds: readonly number[],
): Promise<Map<number, LowKeptSize[]>> {
  const byPiece = new Map<number, LowKeptSize[]>();
  if (productIds.length === 0) return byPiece;
  const rows = await db
    .select({
      productId: productVariations.productId,
      id: productVariations.id,
      nome: productVariations.name,
      estoque: productVariations.stock,
    })
    .from(productVariations)
    .where(
      and(
        inArray(productVariations.productId, [...productIds]),
        eq(productVariations.keptInStock, true),
        isNull(productVariations.archivedAt),
        lte(productVariations.stock, LOW_STOCK_THRESHOLD),
      ),
    )
    .orderBy(asc(productVariations.position), asc(productVariations.id));
  for (const { productId, ...size } of rows) {
    const list = byPiece.get(productId) ?? [];
    list.push(size);
    byPiece.set(productId, list);
  }
  return byPiece;
}
