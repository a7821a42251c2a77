/**
 * What the cart hands the checkout (SPEC §2: /checkout "receives navigation state with cartData,
 * dadosFrete, totais, cepDestino"). Money travels as decimal strings of reais, as the API writes
 * it; the checkout shows it and the server recomputes every figure when the order is placed.
 * Opened without it (a reload, a new tab, a typed URL) the checkout builds the same state from
 * her cart and the remembered CEP (./use-checkout-from-cart.ts).
 */
import { cartSubtotal } from '@semijoias/domain/cart';
import { computeTotals } from '@semijoias/domain/coupon';
import { centsToDecimal, toCents } from '@semijoias/domain/money';
import {
  quoteToWire,
  type ShippingQuote,
  type ShippingOptionWire,
  type ShippingQuoteWire,
} from '@semijoias/domain/shipping';
import type { CartShippingQuote } from './shipping-quote';
import type { CartLineView } from './use-cart';

export interface CheckoutCartProduct {
  produto: { id: number; name: string; price: string; image: string | null };
  name: string;
  price: string;
  quantidade: number;
  /** The size of a piece sold by size (absent for any other)... */
  variacao_id?: number;
  /** ...and how the summary names it under the product's name: 'Aro 16'. */
  variacao_label?: string;
}

export interface CheckoutNavigationState {
  cartData: {
    produtos: CheckoutCartProduct[];
    subtotal: string;
    frete: string;
    total: string;
    cep: string;
  };
  dadosFrete: ShippingQuoteWire & {
    cep: string;
    estimado: boolean;
    /** The carriers' services of the cart's quote (issue 35); absent or empty from the table. */
    opcoes?: ShippingOptionWire[];
    /** The one she chose in the cart (its figures are the ones above); null: the cheapest. */
    servico_id?: number | null;
  };
  totais: {
    subtotal: string;
    subtotalComDesconto: string;
    frete: string;
    desconto: string;
    total: string;
  };
  /** As masked, 12345-678. */
  cepDestino: string;
}

const NO_QUOTE: ShippingQuote = {
  valor: 0,
  prazo: '',
  gratis: false,
  motivo_gratis: null,
  regiao: '',
  peso_total: 0,
};

/**
 * The state for these lines and this quote. Without a quote (no CEP known yet) the freight is 0
 * and `cepDestino` empty: the checkout quotes the CEP of the delivery address.
 */
export function buildCheckoutState(
  lines: readonly CartLineView[],
  shipping: CartShippingQuote | null,
): CheckoutNavigationState {
  const produtos = lines.map((line) => {
    const price = centsToDecimal(line.priceCents);
    return {
      produto: { id: line.productId, name: line.name, price, image: line.image },
      name: line.name,
      price,
      quantidade: line.quantidade,
      ...(line.variationId === undefined
        ? {}
        : {
            variacao_id: line.variationId,
            ...(line.variationLabel ? { variacao_label: line.variationLabel } : {}),
          }),
    };
  });
  const totals = computeTotals({
    subtotal: cartSubtotal(lines),
    frete: shipping?.quote.valor ?? 0,
  });
  const money = {
    subtotal: centsToDecimal(totals.subtotal),
    subtotalComDesconto: centsToDecimal(totals.subtotalComDesconto),
    frete: centsToDecimal(totals.frete),
    desconto: centsToDecimal(totals.desconto),
    total: centsToDecimal(totals.total),
  };
  return {
    cartData: {
      produtos,
      subtotal: money.subtotal,
      frete: money.frete,
      total: money.total,
      cep: shipping?.cep ?? '',
    },
    dadosFrete: shipping
      ? {
          ...quoteToWire(shipping.quote),
          cep: shipping.cep,
          estimado: shipping.estimated,
          opcoes: shipping.options ?? [],
          servico_id: shipping.serviceId ?? null,
        }
      : { ...quoteToWire(NO_QUOTE), cep: '', estimado: false },
    totais: money,
    cepDestino: shipping?.cep ?? '',
  };
}

/** The state as received, or null when it is missing or not the cart's (a reload, a typed URL). */
export function readCheckoutState(state: unknown): CheckoutNavigationState | null {
  if (state === null || typeof state !== 'object') return null;
  const s = state as Partial<CheckoutNavigationState>;
  const produtos = s.cartData?.produtos;
  if (!Array.isArray(produtos) || produtos.length === 0) return null;
  if (!s.totais || toCents(s.totais.total) === null || typeof s.cepDestino !== 'string')
    return null;
  return s as CheckoutNavigationState;
}
