/**
 * Shipping quotes: what is quoted (the shopper's server cart when logged in and not empty; a
 * guest's lines when she sends them, priced from the products table; the request's figures
 * otherwise) and by whom (the FreightQuoter: the carriers through Melhor Envio, or SPEC §9's
 * table). Prices are read from the products table at the time of the call.
 */
import { and, inArray, isNull } from 'drizzle-orm';
import { cartItemCount, cartSubtotal } from '@semijoias/domain/cart';
import { centsToDecimal } from '@semijoias/domain/money';
import {
  quoteToWire,
  type ShippingOptionWire,
  type ShippingQuoteWire,
} from '@semijoias/domain/shipping';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { createCartService, rememberCartCep, type KeptCartLines } from '../cart/index.js';
import { optionsToWire, type FreightPiece, type FreightQuoter } from './freight.js';
import type { QuoteLine } from './schemas.js';

export interface ShippingServiceOptions {
  db: Db;
  freight: FreightQuoter;
  /** Her cart's lines kept between calls (modules/cart); without it each quote reads them. */
  cartLines?: KeptCartLines;
}

export interface QuoteFigures {
  /** 8 digits. */
  cep: string;
  subtotalCents: number;
  itemCount: number;
}

export interface QuoteAnswer {
  success: true;
  frete: ShippingQuoteWire;
  cep_destino: string;
  subtotal: string;
  quantidade_itens: number;
  opcoes: ShippingOptionWire[];
}

interface PiecesAndFigures {
  pieces: FreightPiece[];
  subtotalCents: number;
  itemCount: number;
}

export function createShippingService({ db, freight, cartLines }: ShippingServiceOptions) {
  const cart = createCartService(db, cartLines);

  /** A user's server cart (the cart's own read); null when empty. */
  async function serverCart(userId: number): Promise<PiecesAndFigures | null> {
    const lines = await cart.read(userId);
    if (lines.length === 0) return null;
    return {
      pieces: lines.map((l) => ({
        productId: l.productId,
        variationId: l.variationId,
        quantity: l.quantidade,
        unitPriceCents: l.priceCents,
      })),
      subtotalCents: cartSubtotal(lines),
      itemCount: cartItemCount(lines),
    };
  }

  /**
   * A guest's lines at today's prices; null when one names a piece not for sale (then her
   * request's figures are quoted by the table, as before the lines existed).
   */
  async function guestLines(lines: QuoteLine[]): Promise<PiecesAndFigures | null> {
    const ids = [...new Set(lines.map((l) => l.productId))];
    const rows = await db
      .select({ id: products.id, priceCents: products.priceCents })
      .from(products)
      .where(and(inArray(products.id, ids), isNull(products.hiddenAt)));
    const price = new Map(rows.map((r) => [r.id, r.priceCents]));
    if (ids.some((id) => !price.has(id))) return null;
    const pieces = lines.map((l) => ({
      productId: l.productId,
      variationId: l.variationId,
      quantity: l.quantity,
      unitPriceCents: price.get(l.productId)!,
    }));
    return {
      pieces,
      subtotalCents: pieces.reduce((sum, p) => sum + p.unitPriceCents * p.quantity, 0),
      itemCount: pieces.reduce((sum, p) => sum + p.quantity, 0),
    };
  }

  return {
    /**
     * Quotes `requested`, or — for a logged-in shopper whose server cart has lines — that cart's
     * pieces, subtotal and units instead: the browser's figures are never trusted over the
     * database's. A guest's `lines` are priced here too.
     */
    async quote(
      requested: QuoteFigures,
      userId: number | undefined,
      lines?: QuoteLine[],
    ): Promise<QuoteAnswer> {
      const saved =
        (userId === undefined ? null : await serverCart(userId)) ??
        (lines ? await guestLines(lines) : null);
      const figures = saved
        ? { ...requested, subtotalCents: saved.subtotalCents, itemCount: saved.itemCount }
        : requested;
      const quote = await freight.quote({ ...figures, pieces: saved?.pieces });
      // Logged in, her cart remembers the CEP on every device (docs/cart-contract.md).
      if (userId !== undefined) await rememberCartCep(db, userId, figures.cep, cartLines);
      return {
        success: true,
        frete: quoteToWire(quote.cheapest),
        cep_destino: figures.cep,
        subtotal: centsToDecimal(figures.subtotalCents),
        quantidade_itens: figures.itemCount,
        opcoes: optionsToWire(quote.options),
      };
    },
  };
}
