/**
 * The seam for who prices a delivery (ARCHITECTURE: "an adapter seam for a carrier API"). Today
 * the only quoter is SPEC §9's table, computed by the domain's `quoteShipping`, the same function
 * the browser falls back to, so the server's figure and the estimate never disagree. A carrier
 * (Correios, Melhor Envio...) would be another ShippingQuoter chosen in app.ts from a setting; it
 * answers the same ShippingQuote and must give up within its own timeout (and may fall back to
 * the table), because the quote call must never hang.
 */
import { quoteShipping, type QuoteInput, type ShippingQuote } from '@semijoias/domain/shipping';

export interface ShippingQuoter {
  /** `input.cep` is 8 digits; the subtotal and the unit count come from the server's data. */
  quote(input: QuoteInput): Promise<ShippingQuote>;
}

/** SPEC §9: region by the CEP's first two digits, weight surcharge, free from R$ 600. */
export function tableShippingQuoter(): ShippingQuoter {
  return { quote: async (input) => quoteShipping(input) };
}
