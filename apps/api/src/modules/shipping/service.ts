/**
 * Shipping quotes: what is quoted (the shopper's server cart when logged in and not empty, the
 * request's figures otherwise) and by whom (the ShippingQuoter chosen in app.ts). Prices of the
 * server cart are read from the products table at the time of the call.
 */
import { cartItemCount, cartSubtotal } from '@semijoias/domain/cart';
import { centsToDecimal, type Cents } from '@semijoias/domain/money';
import { quoteToWire, type ShippingQuoteWire } from '@semijoias/domain/shipping';
import type { Db } from '../../db/client.js';
import { createCartService, rememberCartCep, type KeptCartLines } from '../cart/index.js';
import type { ShippingQuoter } from './quote.js';

export interface ShippingServiceOptions {
  db: Db;
  quoter: ShippingQuoter;
  /** Her cart's lines kept between calls (modules/cart); without it each quote reads them. */
  cartLines?: KeptCartLines;
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

export function createShippingService({ db, quoter, cartLines }: ShippingServiceOptions) {
  const cart = createCartService(db, cartLines);

  /** The subtotal and units of a user's server cart (the cart's own read); null when empty. */
  async function serverCart(userId: number): Promise<Omit<QuoteFigures, 'cep'> | null> {
    const lines = await cart.read(userId);
    if (lines.length === 0) return null;
    return { subtotalCents: cartSubtotal(lines), itemCount: cartItemCount(lines) };
  }

  return {
    /**
     * Quotes `requested`, or — for a logged-in shopper whose server cart has lines — that cart's
     * subtotal and units instead: the browser's figures are never trusted over the database's.
     */
    async quote(requested: QuoteFigures, userId: number | undefined): Promise<QuoteAnswer> {
      const saved = userId === undefined ? null : await serverCart(userId);
      const figures = saved ? { ...requested, ...saved } : requested;
      const quote = await quoter.quote(figures);
      // Logged in, her cart remembers the CEP on every device (docs/cart-contract.md).
      if (userId !== undefined) await rememberCartCep(db, userId, figures.cep);
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
