/**
 * Request and answer schemas of POST api/calcular-frete/ (docs/cart-contract.md, "Shipping").
 * The body is read field by field in the order the shopper sees them (CEP, total, units), and
 * every refusal answers the SPEC's `{success: false, error}` with the domain's text.
 */
import { z } from 'zod';
import { cepDigits, isCompleteCep } from '@semijoias/domain/cep';
import {
  CEP_ENTER_VALID,
  SHIPPING_ITEM_COUNT_INVALID,
  SHIPPING_ITEMS_INVALID,
  SHIPPING_TOTAL_INVALID,
} from '@semijoias/domain/messages';
import { toCents, type Cents } from '@semijoias/domain/money';

/** R$ 1.000.000,00: far above any cart of this store, far below integer trouble. */
export const MAX_QUOTE_TOTAL_CENTS: Cents = 100_000_000;
/** The cart's units: at least one, at most 999 (the cart's own quantity bound). */
export const MIN_QUOTE_ITEMS = 1;
export const MAX_QUOTE_ITEMS = 999;

/** 8 digits, mask allowed ('01310-100', '01310100'); answers the 8 digits. */
const cepField = z.unknown().transform((value, ctx) => {
  if (typeof value !== 'string' || !isCompleteCep(value)) {
    ctx.addIssue({ code: 'custom', message: CEP_ENTER_VALID });
    return z.NEVER;
  }
  return cepDigits(value);
});

/** Reais as a number (123.45) or a decimal string ('123.45', '123,45'); answers centavos. */
const totalField = z.unknown().transform((value, ctx) => {
  const cents =
    typeof value === 'number' || (typeof value === 'string' && value.length <= 32)
      ? toCents(value)
      : null;
  if (cents === null || cents < 0 || cents > MAX_QUOTE_TOTAL_CENTS) {
    ctx.addIssue({ code: 'custom', message: SHIPPING_TOTAL_INVALID });
    return z.NEVER;
  }
  return cents;
});

/** A whole number 1…999, as a number or a string of digits. */
const itemCountField = z.unknown().transform((value, ctx) => {
  const n =
    typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  const wellWritten = typeof value === 'number' || /^\s*\d{1,4}\s*$/.test(String(value));
  if (!wellWritten || !Number.isInteger(n) || n < MIN_QUOTE_ITEMS || n > MAX_QUOTE_ITEMS) {
    ctx.addIssue({ code: 'custom', message: SHIPPING_ITEM_COUNT_INVALID });
    return z.NEVER;
  }
  return n;
});

/** A guest's cart lines (issue 35), so the carriers can be quoted for the pieces themselves. */
export const MAX_QUOTE_LINES = 50;
const lineSchema = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  quantidade: z.number().int().min(1).max(99),
  variacao_id: z.number().int().positive().max(2_147_483_647).nullish(),
});

export interface QuoteLine {
  productId: number;
  quantity: number;
  variationId: number | null;
}

// Made once: zod compiles a schema's parser on its first use (per schema, not per call).
const linesSchema = z.array(lineSchema).min(1).max(MAX_QUOTE_LINES);

/** Absent (or null): none sent. Otherwise 1…50 lines, each well written, or the whole is refused. */
const itemsField = z.unknown().transform((value, ctx): QuoteLine[] | undefined => {
  if (value === undefined || value === null) return undefined;
  const parsed = linesSchema.safeParse(value);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: SHIPPING_ITEMS_INVALID });
    return z.NEVER;
  }
  return parsed.data.map((l) => ({
    productId: l.id,
    quantity: l.quantidade,
    variationId: l.variacao_id ?? null,
  }));
});

/** The body as read; the first problem (in field order) is the one answered. */
export const quoteRequest = z.object(
  {
    cep_destino: cepField,
    valor_total: totalField,
    quantidade_itens: itemCountField,
    itens: itemsField.optional(),
  },
  // No body, or not an object: the first thing missing is the CEP.
  { error: CEP_ENTER_VALID },
);

export type QuoteRequest = z.output<typeof quoteRequest>;

/** Taken as any JSON at the edge, so that bad bodies answer in the SPEC's shape (above). */
export const quoteBody = z.unknown();

export const freteSchema = z.object({
  valor: z.string(),
  valor_frete: z.string(),
  prazo: z.string(),
  gratis: z.boolean(),
  motivo_gratis: z.string().nullable(),
  regiao: z.string(),
  peso_total: z.number(),
});

export const quoteAnswer = z.object({
  success: z.literal(true),
  frete: freteSchema,
  cep_destino: z.string(),
  subtotal: z.string(),
  quantidade_itens: z.number().int(),
  /** The carriers' services, cheapest first; empty when SPEC §9's table quoted. */
  opcoes: z.array(
    z.object({
      id: z.number().int(),
      transportadora: z.string(),
      servico: z.string(),
      valor: z.string(),
      prazo: z.string(),
      gratis: z.boolean(),
    }),
  ),
});

/** `{success: false, error}` from the handlers; `{error}` from Fastify itself (bad JSON...). */
export const failureSchema = z.looseObject({
  success: z.literal(false).optional(),
  error: z.string(),
});
