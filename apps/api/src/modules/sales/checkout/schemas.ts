/**
 * The bodies of api/pay and api/pagamento (docs/checkout-contract.md), validated at the edge by
 * the routes. Keys not named here (prices, totals, freight, discount sent by the browser) are
 * never read. A refusal the schema can make by itself (not an object, no CEP, no reference) is
 * answered by {@link contractRefusal} with the contract's text; the two whose answer depends on
 * who calls come out as data for the service to decide:
 * - a guest's lines (`linesRefusal`): a customer's order is made from her server cart, so her
 *   body's lines, good or bad, are never read;
 * - the delivery address (`addressRefusal`): an order the caller may not pay is a 404 before
 *   anything is said about the address she typed.
 */
import { z } from 'zod';
import { addressProfileSchema, normalizeAddressProfile } from '@semijoias/domain/address';
import { cepDigits, isCompleteCep } from '@semijoias/domain/cep';
import { fieldErrors } from '@semijoias/domain/fieldErrors';
import {
  CART_IS_EMPTY,
  CART_QUANTITY_INVALID,
  CHECKOUT_CEP_INVALID,
  CHECKOUT_REFERENCE_REQUIRED,
  CHECKOUT_SHIPPING_INFO_INVALID,
  CHECKOUT_TOO_MANY_LINES,
  PAYMENT_METHOD_INVALID,
  PRODUCT_ID_INVALID,
  SHIPPING_OPTION_INVALID,
} from '@semijoias/domain/messages';
import { isPaymentMethod } from '@semijoias/domain/payment-terms';
import { toCents, type Cents } from '@semijoias/domain/money';
import { VARIATION_ID_INVALID } from '@semijoias/domain/variations';
import { ValidationError, type FieldErrors } from '../../../lib/errors.js';

export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;
const INT_MAX = 2_147_483_647;

/** A 400 whose text is also answered as `message` (the checkout page reads either). */
export function badRequest(message: string, errors?: FieldErrors): ValidationError {
  return new ValidationError(message, errors, { message });
}

/**
 * A body schema's refusal as the contract answers it: its text as `error` and `message`, under
 * its field unless it is about the whole body. The text and field are the first issue's, or
 * `always`'s for a call that answers every refusal alike (api/pagamento). `validation` is
 * Fastify's `req.validationError.validation` (the routes use attachValidation).
 */
export function contractRefusal(
  validation: readonly { instancePath: string; message?: string }[],
  always?: { field: string; message: string },
): ValidationError {
  if (always) return badRequest(always.message, { [always.field]: [always.message] });
  const first = validation[0];
  const message = first?.message ?? CART_IS_EMPTY;
  const field = first?.instancePath.replace(/^\//, '').split('/')[0];
  return badRequest(message, field ? { [field]: [message] } : undefined);
}

// ------------------------------------------------------------------------------------ pay

const invalidId = { error: PRODUCT_ID_INVALID };
const idNumber = z.number(invalidId).int(invalidId).min(1, invalidId).max(INT_MAX, invalidId);
const productId = z.union(
  [
    idNumber,
    z
      .string(invalidId)
      .regex(/^\d{1,10}$/, invalidId)
      .transform(Number)
      .pipe(idNumber),
  ],
  invalidId,
);
const invalidQty = { error: CART_QUANTITY_INVALID };
const qtyNumber = z
  .number(invalidQty)
  .int(invalidQty)
  .min(1, invalidQty)
  .max(MAX_QUANTITY, invalidQty);
const quantity = z.union(
  [
    qtyNumber,
    z
      .string(invalidQty)
      .regex(/^\d{1,3}$/, invalidQty)
      .transform(Number)
      .pipe(qtyNumber),
  ],
  invalidQty,
);

const invalidVariation = { error: VARIATION_ID_INVALID };
const variationIdNumber = z
  .number(invalidVariation)
  .int(invalidVariation)
  .min(1, invalidVariation)
  .max(2_147_483_647, invalidVariation);
/** Her size of a piece sold by size: a number or a digit string, absent or null. */
const variationId = z
  .union(
    [
      variationIdNumber,
      z
        .string(invalidVariation)
        .regex(/^\d{1,10}$/, invalidVariation)
        .transform(Number)
        .pipe(variationIdNumber),
    ],
    invalidVariation,
  )
  .nullish();

const lineSchema = z
  .object({
    id: productId.optional(),
    produto: z.object({ id: productId }).loose().optional(),
    quantidade: quantity,
    variacao_id: variationId,
  })
  .loose()
  .transform((l, ctx) => {
    const id = l.id ?? l.produto?.id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_ID_INVALID });
      return z.NEVER;
    }
    const line: RequestedLine = { productId: id, quantidade: l.quantidade };
    if (l.variacao_id != null) line.variationId = l.variacao_id;
    return line;
  });

export interface RequestedLine {
  productId: number;
  quantidade: number;
  /** Her size of a piece sold by size; absent for a product without them. */
  variationId?: number;
}

/**
 * Sums a line listed twice (the same product and size) and sorts by product, then size (also
 * the stock-locking order). Two sizes of one ring stay two lines.
 */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const byLine = new Map<string, RequestedLine>();
  for (const l of lines) {
    const key = `${l.productId}:${l.variationId ?? 0}`;
    const seen = byLine.get(key);
    if (seen) seen.quantidade += l.quantidade;
    else byLine.set(key, { ...l });
  }
  return [...byLine.values()].sort(
    (a, b) => a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0),
  );
}

type ParsedLines =
  | { lines: RequestedLine[]; refusal: null }
  | { lines: null; refusal: { message: string; errors?: FieldErrors } };

function refusedLines(message: string, withField = false): ParsedLines {
  return {
    lines: null,
    refusal: { message, errors: withField ? { produtos: [message] } : undefined },
  };
}

/** A guest's `produtos` (or `cart`): summed by product, sorted by id, or why not. */
// Made once: zod compiles a schema's parser on its first use, and a schema built per call cost
// api/pay 0.3 ms each time (a drop's 1,000 calls: 0.3 s of CPU, bench/RESULTS.md).
const linesSchema = z.array(lineSchema);

function parseLines(raw: unknown): ParsedLines {
  if (!Array.isArray(raw) || raw.length === 0) return refusedLines(CART_IS_EMPTY);
  if (raw.length > MAX_LINES) return refusedLines(CHECKOUT_TOO_MANY_LINES);
  const parsed = linesSchema.safeParse(raw);
  if (!parsed.success)
    return refusedLines(parsed.error.issues[0]?.message ?? CART_QUANTITY_INVALID, true);
  const lines = mergeLines(parsed.data);
  // A product listed twice is summed; the sum is still one line of at most 99 units.
  if (lines.some((l) => l.quantidade > MAX_QUANTITY))
    return refusedLines(CART_QUANTITY_INVALID, true);
  return { lines, refusal: null };
}

export const payBody = z.preprocess(
  (body) => body ?? {},
  z
    .object(
      {
        produtos: z.unknown().optional(),
        cart: z.unknown().optional(),
        cep: z.unknown().optional(),
        cep_destino: z.unknown().optional(),
        cupom: z.unknown().optional(),
        forma_pagamento: z.unknown().optional(),
        frete_servico: z.unknown().optional(),
      },
      { error: CART_IS_EMPTY },
    )
    .loose()
    .transform((b, ctx) => {
      const rawCep = typeof b.cep === 'string' && b.cep.trim() !== '' ? b.cep : b.cep_destino;
      if (typeof rawCep !== 'string' || !isCompleteCep(rawCep)) {
        ctx.addIssue({ code: 'custom', message: CHECKOUT_CEP_INVALID, path: ['cep'] });
        return z.NEVER;
      }
      // Absent means a card, so the SPEC's client works unchanged.
      const method = b.forma_pagamento ?? 'cartao';
      if (!isPaymentMethod(method)) {
        ctx.addIssue({
          code: 'custom',
          message: PAYMENT_METHOD_INVALID,
          path: ['forma_pagamento'],
        });
        return z.NEVER;
      }
      // The carrier's service she chose among `opcoes` (issue 35); absent: the cheapest.
      const service = b.frete_servico ?? null;
      if (service !== null && !(Number.isInteger(service) && (service as number) > 0)) {
        ctx.addIssue({ code: 'custom', message: SHIPPING_OPTION_INVALID, path: ['frete_servico'] });
        return z.NEVER;
      }
      const { lines, refusal } = parseLines(b.produtos ?? b.cart);
      return {
        /** How she pays: 'pix' (its discount) or 'cartao'. */
        method,
        /** 8 digits. */
        cep: cepDigits(rawCep),
        /** The typed code as sent (normalized later); '' when none. */
        coupon: typeof b.cupom === 'string' ? b.cupom : '',
        /** Melhor Envio's service id she chose; null: the cheapest. */
        serviceId: service as number | null,
        /** The body's lines, summed by product and sorted by id; null when they do not parse. */
        lines,
        /** Why the lines do not parse (a guest's order is refused with it). */
        linesRefusal: refusal,
      };
    }),
);

export type PayRequest = z.output<typeof payBody>;

export const placedOrderAnswer = z.object({
  reference: z.string(),
  /** The order's secret: her return link and the guest's key to it (access.ts). */
  chave: z.string(),
  total: z.string(),
});
export type PlacedOrder = z.output<typeof placedOrderAnswer>;

// ------------------------------------------------------------------------------ pagamento

/** The checkout form's names -> the address profile's (the domain's rules and texts). */
const FORM_TO_PROFILE = {
  cep: 'cep',
  street: 'endereco',
  number: 'numero',
  complement: 'complemento',
  district: 'bairro',
  city: 'cidade',
  state: 'estado',
  phone: 'telefone',
  cpf: 'cpf',
  fullName: 'nome_completo',
  email: 'email',
} as const;
const PROFILE_TO_FORM = Object.fromEntries(
  Object.entries(FORM_TO_PROFILE).map(([form, profile]) => [profile, form]),
) as Record<string, string>;

const shippingInfoSchema = addressProfileSchema.omit({ nome_perfil: true, is_default: true });

export interface DeliveryAddress {
  nomeCompleto: string;
  email: string;
  cpf: string;
  telefone: string;
  cep: string;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
}

type ParsedAddress =
  | { address: DeliveryAddress; addressRefusal: null }
  | { address: null; addressRefusal: FieldErrors };

/** shippingInfo -> the stored snapshot (digits, lower-case e-mail, UF), or its field errors. */
function parseShippingInfo(raw: unknown): ParsedAddress {
  const info = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const profile: Record<string, unknown> = {};
  for (const [form, field] of Object.entries(FORM_TO_PROFILE)) profile[field] = info[form];
  const parsed = shippingInfoSchema.safeParse(profile);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error)))
      errors[PROFILE_TO_FORM[field] ?? 'shippingInfo'] = messages;
    return { address: null, addressRefusal: errors };
  }
  const n = normalizeAddressProfile({ ...parsed.data, nome_perfil: '-' });
  return {
    address: {
      nomeCompleto: n.nome_completo,
      email: n.email,
      cpf: n.cpf,
      telefone: n.telefone,
      cep: n.cep,
      endereco: n.endereco,
      numero: n.numero,
      complemento: n.complemento,
      bairro: n.bairro,
      cidade: n.cidade,
      estado: n.estado,
    },
    addressRefusal: null,
  };
}

/** The address refusal the service answers once it knows she may pay the order. */
export function addressRefused(errors: FieldErrors): ValidationError {
  return badRequest(CHECKOUT_SHIPPING_INFO_INVALID, errors);
}

/** api/pagamento answers any refusal of its body alike (the contract). */
export const PAGAMENTO_REFUSAL = { field: 'reference', message: CHECKOUT_REFERENCE_REQUIRED };

/** Every refusal of this schema is answered as 'Informe a referência do pedido.' (routes.ts). */
export const pagamentoBody = z.preprocess(
  (body) => body ?? {},
  z
    .object({
      reference: z.union([z.string().trim().min(1).max(20), z.number().int().positive()]),
      chave: z.string().max(200).nullish(),
      shippingInfo: z.unknown().optional(),
      totais: z.unknown().optional(),
    })
    .loose()
    .transform((b) => {
      const totais = b.totais;
      const rawTotal =
        totais !== null && typeof totais === 'object'
          ? (totais as Record<string, unknown>).total
          : undefined;
      return {
        reference: String(b.reference),
        chave: b.chave ?? null,
        ...parseShippingInfo(b.shippingInfo),
        /** The total the page shows, in centavos; null when missing or not an amount. */
        total: (typeof rawTotal === 'string' || typeof rawTotal === 'number'
          ? toCents(rawTotal)
          : null) as Cents | null,
      };
    }),
);

export type PagamentoRequest = z.output<typeof pagamentoBody>;

export const paymentStartAnswer = z.object({ payment_url: z.string() });
export type PaymentStart = z.output<typeof paymentStartAnswer>;

/** Every refusal of api/pay and api/pagamento: `error`, the same text as `message`, and more. */
export const checkoutErrorAnswer = z.looseObject({
  error: z.string(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
