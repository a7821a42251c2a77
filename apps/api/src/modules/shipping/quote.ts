/**
 * SPEC §9's table as a quoter (ARCHITECTURE: "an adapter seam for a carrier API"), computed by
 * the domain's `quoteShipping`, the same function the browser falls back to, so the server's
 * figure and the estimate never disagree. The carriers (Melhor Envio) are asked by freight.ts,
 * which falls back to this one whenever they are off, failing or slow.
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
