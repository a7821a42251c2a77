/**
 * What 'Estoque baixo' means for the owners, in one place: the Painel's card counts and lists
 * these pieces, and the product list's 'Estoque baixo' filter (the card's link) shows them all.
 * A piece is low by its total: for a piece sold by size that is the sum of its live sizes, which
 * `products.stock` keeps (docs/variations-contract.md). Hidden pieces are not for sale, so their
 * stock is no alert.
 */
import { and, isNull, lte, type SQL } from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD } from '@semijoias/domain/admin';
import { products } from '../../../db/schema.js';

export function lowStockCondition(): SQL {
  return and(lte(products.stock, LOW_STOCK_THRESHOLD), isNull(products.hiddenAt))!;
}
