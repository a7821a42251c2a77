/**
 * Shipping quote (SPEC §9): free from R$ 600, otherwise a table by the CEP's first two digits
 * plus a weight surcharge. The server quotes with it and the browser uses it as the fallback
 * estimate when the quote call fails, so both always agree.
 */
import { cepDigits, CEP_DIGITS } from './cep';
import { centsToDecimal, toCents, type Cents } from './money';

export const FREE_SHIPPING_THRESHOLD: Cents = 60000;
export const FREE_SHIPPING_DAYS = '3-5';
export const FREE_SHIPPING_REASON = 'Compra acima de R$ 600,00';
/** Shown beside the local estimate when the quote call failed. */
export const SHIPPING_FALLBACK_LABEL = 'Erro no cálculo. Valor estimado.';

/** Default weight per item, 0.2 kg, in grams so the arithmetic stays in integers. */
export const ITEM_WEIGHT_GRAMS = 200;
/** Default package dimensions (cm), for a carrier API. */
export const DEFAULT_DIMENSIONS_CM = { length: 20, height: 5, width: 15 } as const;
/** Weight included in the table price. */
export const INCLUDED_WEIGHT_GRAMS = 1000;
/** Added for each started kilogram above the included weight. */
export const EXTRA_KG_SURCHARGE: Cents = 350;

export interface ShippingRegion {
  /** Inclusive range of the CEP's first two digits. */
  fromPrefix: number;
  toPrefix: number;
  /** Label exactly as the SPEC's table has it (20-28 is labelled 'Sul' even though it is RJ/ES). */
  regiao: string;
  valor: Cents;
  prazo: string;
}

export const SHIPPING_REGIONS: readonly ShippingRegion[] = [
  { fromPrefix: 1, toPrefix: 19, regiao: 'Sudeste', valor: 1290, prazo: '3-5' },
  { fromPrefix: 20, toPrefix: 28, regiao: 'Sul', valor: 1890, prazo: '5-7' },
  { fromPrefix: 40, toPrefix: 48, regiao: 'Nordeste', valor: 2290, prazo: '7-10' },
  { fromPrefix: 50, toPrefix: 56, regiao: 'Centro-Oeste', valor: 1990, prazo: '6-8' },
  { fromPrefix: 69, toPrefix: 76, regiao: 'Norte', valor: 2890, prazo: '8-12' },
];

/** Every other prefix. The SPEC gives this row no label, so `regiao` is empty. */
export const OTHER_REGION: Omit<ShippingRegion, 'fromPrefix' | 'toPrefix'> = {
  regiao: '',
  valor: 1590,
  prazo: '5-8',
};

/** The quote's shape (SPEC §3), with `valor` in centavos and `peso_total` in kg. */
export interface ShippingQuote {
  valor: Cents;
  prazo: string;
  gratis: boolean;
  motivo_gratis: string | null;
  regiao: string;
  peso_total: number;
}

export interface QuoteInput {
  /** 8 digits, mask allowed. */
  cep: string;
  /** The cart's subtotal before any coupon (coupons are applied at checkout, after the quote). */
  subtotalCents: Cents;
  /** Number of units in the cart (sum of quantities). */
  itemCount: number;
}

export function shippingRegion(cep: string): Omit<ShippingRegion, 'fromPrefix' | 'toPrefix'> {
  const prefix = Number(cepDigits(cep).slice(0, 2));
  return (
    SHIPPING_REGIONS.find((r) => prefix >= r.fromPrefix && prefix <= r.toPrefix) ?? OTHER_REGION
  );
}

export function totalWeightGrams(itemCount: number): number {
  return Math.max(0, Math.trunc(itemCount)) * ITEM_WEIGHT_GRAMS;
}

/** R$ 3,50 per started kg above 1 kg: 1.0 kg -> 0, 1.2 kg -> 350, 2.2 kg -> 700. */
export function weightSurcharge(grams: number): Cents {
  if (grams <= INCLUDED_WEIGHT_GRAMS) return 0;
  return Math.ceil((grams - INCLUDED_WEIGHT_GRAMS) / 1000) * EXTRA_KG_SURCHARGE;
}

/**
 * The quote for a cart. Throws a RangeError for a CEP without 8 digits: callers validate the CEP
 * first (the calculate button only enables on a complete one).
 */
export function quoteShipping(input: QuoteInput): ShippingQuote {
  if (cepDigits(input.cep).length !== CEP_DIGITS || /[^\d\s-]/.test(input.cep)) {
    throw new RangeError(`CEP must have 8 digits: ${input.cep}`);
  }
  const grams = totalWeightGrams(input.itemCount);
  const region = shippingRegion(input.cep);
  const peso_total = grams / 1000;
  if (input.subtotalCents >= FREE_SHIPPING_THRESHOLD) {
    return {
      valor: 0,
      prazo: FREE_SHIPPING_DAYS,
      gratis: true,
      motivo_gratis: FREE_SHIPPING_REASON,
      regiao: region.regiao,
      peso_total,
    };
  }
  return {
    valor: region.valor + weightSurcharge(grams),
    prazo: region.prazo,
    gratis: false,
    motivo_gratis: null,
    regiao: region.regiao,
    peso_total,
  };
}

export interface FreeShippingProgress {
  /** 0-100, rounded down so the bar never shows 100% before shipping is actually free. */
  percent: number;
  remainingCents: Cents;
  qualifies: boolean;
}

/** The cart drawer's progress bar towards R$ 600 (percentage capped at 100). */
export function freeShippingProgress(subtotalCents: Cents): FreeShippingProgress {
  const subtotal = Math.max(0, subtotalCents);
  return {
    percent: Math.min(100, Math.floor((subtotal * 100) / FREE_SHIPPING_THRESHOLD)),
    remainingCents: Math.max(0, FREE_SHIPPING_THRESHOLD - subtotal),
    qualifies: subtotal >= FREE_SHIPPING_THRESHOLD,
  };
}

/** Tolerance of SPEC §4: a quote is stale when the subtotal moved by more than R$ 0,01. */
export const QUOTE_TOLERANCE_CENTS: Cents = 1;

export function isQuoteStale(quotedSubtotalCents: Cents, currentSubtotalCents: Cents): boolean {
  return Math.abs(quotedSubtotalCents - currentSubtotalCents) > QUOTE_TOLERANCE_CENTS;
}

/** What a quote was computed for, or what the cart holds now. */
export interface QuotedCart {
  subtotalCents: Cents;
  /** Units: the weight the quote charged for. */
  itemCount: number;
}

/**
 * Whether the cart's quote no longer fits the cart (SPEC §4: the shipping calculator's "stale"):
 * the subtotal moved by more than R$ 0,01, or the number of units changed, which changes the
 * weight even when the subtotal stays (one R$ 50 piece swapped for two of R$ 25).
 */
export function isCartQuoteStale(quoted: QuotedCart, current: QuotedCart): boolean {
  return (
    isQuoteStale(quoted.subtotalCents, current.subtotalCents) ||
    quoted.itemCount !== current.itemCount
  );
}

/** The quote as api/calcular-frete/ answers it: money as decimal strings, `valor` and `valor_frete`. */
export interface ShippingQuoteWire {
  valor: string;
  valor_frete: string;
  prazo: string;
  gratis: boolean;
  motivo_gratis: string | null;
  regiao: string;
  peso_total: number;
}

/**
 * One carrier's service she may choose (issue 35, docs/carrier-quotes-contract.md), in
 * `opcoes` of POST api/calcular-frete/, cheapest first; none when SPEC §9's table quoted.
 */
export interface ShippingOptionWire {
  /** Melhor Envio's service id: what api/pay takes back as `frete_servico`. */
  id: number;
  /** 'Correios', 'Jadlog'. */
  transportadora: string;
  /** 'PAC', 'SEDEX', 'Mini Envios'. */
  servico: string;
  /** Reais like `frete.valor` ('18.40'; '0.00' when free). */
  valor: string;
  /** Working days like `frete.prazo` ('3-5', '2'). */
  prazo: string;
  gratis: boolean;
}

/**
 * The quote as one carrier's service makes it (issue 35): its price, days and free mark replace
 * the quote's; the region and weight stay. The server's api/pay and the pages use this one rule.
 */
export function quoteWithService(
  quote: ShippingQuote,
  service: { valor: Cents; prazo: string; gratis: boolean },
): ShippingQuote {
  return {
    ...quote,
    valor: service.valor,
    prazo: service.prazo,
    gratis: service.gratis,
    motivo_gratis: service.gratis ? FREE_SHIPPING_REASON : null,
  };
}

/** Days as the store writes them: '2' or '3-5'. */
export function daysRange(min: number, max: number): string {
  return min >= max ? String(max) : `${min}-${max}`;
}

export function quoteToWire(quote: ShippingQuote): ShippingQuoteWire {
  const valor = centsToDecimal(quote.valor);
  return { ...quote, valor, valor_frete: valor };
}

/**
 * Reads a `frete` object from the API (`valor` or `valor_frete`, string or number of reais) back
 * into a quote in centavos; null when it carries no readable amount.
 */
export function quoteFromWire(frete: {
  valor?: string | number | null;
  valor_frete?: string | number | null;
  prazo?: string | null;
  gratis?: boolean | null;
  motivo_gratis?: string | null;
  regiao?: string | null;
  peso_total?: number | string | null;
}): ShippingQuote | null {
  const raw = frete.valor ?? frete.valor_frete;
  const valor = raw === null || raw === undefined ? null : toCents(raw);
  if (valor === null) return null;
  return {
    valor,
    prazo: frete.prazo ?? '',
    gratis: frete.gratis === true,
    motivo_gratis: frete.motivo_gratis ?? null,
    regiao: frete.regiao ?? '',
    peso_total: Number(frete.peso_total ?? 0) || 0,
  };
}
