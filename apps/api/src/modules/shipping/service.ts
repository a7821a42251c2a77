/**
 * Shipping quotes: what is quoted (the shopper's server cart when logged in and not empty, the
 * request's figures otherwise) and by whom (the ShippingQuoter chosen in app.ts). Prices of the
 * server cart are read from the products table at the time of the call.
 */
import { eq, sql } from 'drizzle-orm';
import { centsToDecimal, type Cents } from '@semijoias/domain/money';
import { quoteToWire, type ShippingQuoteWire } from '@semijoias/domain/shipping';
import type { Db } from '../../db/client.js';
import { cartItems, products } from '../../db/schema.js';
import type { ShippingQuoter } from './quote.js';

export interface ShippingServiceOptions {
  db: Db;
  quoter: ShippingQuoter;
}

export interface QuoteFigures {
  /** 8 digits. */
  cep: string;
  subtotalCents: Cents;
  itemCount: number;
}

export interface QuoteAnswer {
  success: true;
  frete: ShippingQuoteWire;
  cep_destino: string;
  subtotal: string;
  quantidade_itens: number;
}

export function createShippingService({ db, quoter }: ShippingServiceOptions) {
  /** The subtotal and units of a user's server cart; null when it has no line. */
  async function serverCart(
    userId: number,
  ): Promise<{ subtotalCents: Cents; itemCount: number } | null> {
    const [row] = await db
      .select({
        lines: sql<number>`count(*)`.mapWith(Number),
        subtotalCents:
          sql<number>`coalesce(sum(${products.priceCents}::bigint * ${cartItems.quantidade}), 0)`.mapWith(
            Number,
          ),
        itemCount: sql<number>`coalesce(sum(${cartItems.quantidade}), 0)`.mapWith(Number),
      })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId));
    if (!row || row.lines === 0) return null;
    return { subtotalCents: row.subtotalCents, itemCount: row.itemCount };
  }

  return {
    /**
     * Quotes `requested`, or — for a logged-in shopper whose server cart has lines — that cart's
     * subtotal and units instead: the browser's figures are never trusted over the database's.
     */
    async quote(requested: QuoteFigures, userId: number | undefined): Promise<QuoteAnswer> {
      const cart = userId === undefined ? null : await serverCart(userId);
      const figures = cart ? { ...requested, ...cart } : requested;
      const quote = await quoter.quote(figures);
      return {
        success: true,
        frete: quoteToWire(quote),
        cep_destino: figures.cep,
        subtotal: centsToDecimal(figures.subtotalCents),
        quantidade_itens: figures.itemCount,
      };
    },
  };
}
