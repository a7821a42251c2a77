/**
 * What api/pay and api/pagamento read of their bodies (docs/checkout-contract.md). Bodies are
 * parsed here rather than by the route schema so each refusal carries the contract's text; every
 * key not named here (prices, totals, freight, discount sent by the browser) is never read.
 */
import { z } from 'zod';
import { addressProfileSchema, normalizeAddressProfile } from '@semijoias/domain/address';
import { cepDigits, isCompleteCep } from '@semijoias/domain/cep';
import { fieldErrors } from '@semijoias/domain/fieldErrors';
import { CART_IS_EMPTY, CART_QUANTITY_INVALID } from '@semijoias/domain/messages';
import { toCents, type Cents } from '@semijoias/domain/money';
import { ValidationError } from '../../lib/errors.js';
import { PRODUCT_ID_INVALID } from '../cart/schemas.js';

export const CEP_INVALID = 'CEP inválido.';
export const TOO_MANY_LINES = 'O carrinho pode ter no máximo 50 produtos diferentes.';
export const REFERENCE_REQUIRED = 'Informe a referência do pedido.';
export const SHIPPING_INFO_INVALID = 'Dados de entrega inválidos.';
export const MAX_LINES = 50;
export const MAX_QUANTITY = 99;
const INT_MAX = 2_147_483_647;

/** A 400 whose text is also answered as `message` (the checkout page reads either). */
export function badRequest(message: string, errors?: Record<string, string[]>): ValidationError {
  return new ValidationError(message, errors, { message });
}

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

const lineSchema = z
  .object({
    id: productId.optional(),
    produto: z.object({ id: productId }).loose().optional(),
    quantidade: quantity,
  })
  .loose()
  .transform((l, ctx) => {
    const id = l.id ?? l.produto?.id;
    if (id === undefined) {
      ctx.addIssue({ code: 'custom', message: PRODUCT_ID_INVALID });
      return z.NEVER;
    }
    return { productId: id, quantidade: l.quantidade };
  });

export interface RequestedLine {
  productId: number;
  quantidade: number;
}

const payBodySchema = z
  .object({
    produtos: z.unknown().optional(),
    cart: z.unknown().optional(),
    cep: z.unknown().optional(),
    cep_destino: z.unknown().optional(),
    cupom: z.unknown().optional(),
  })
  .loose();

export interface PayRequest {
  /** 8 digits. */
  cep: string;
  /** The typed code as sent (normalized later); '' when none. */
  coupon: string;
  /** The body's lines, summed by product and sorted by id; null when they do not parse. */
  lines: RequestedLine[] | null;
  /** Why the lines do not parse (a guest's order refuses with it). */
  linesError: ValidationError | null;
}

/** Sums a product listed twice and sorts by product id (also the stock-locking order). */
export function mergeLines(lines: readonly RequestedLine[]): RequestedLine[] {
  const byId = new Map<number, number>();
  for (const l of lines) byId.set(l.productId, (byId.get(l.productId) ?? 0) + l.quantidade);
  return [...byId]
    .map(([productId, quantidade]) => ({ productId, quantidade }))
    .sort((a, b) => a.productId - b.productId);
}

function parseLines(raw: unknown): { lines: RequestedLine[] } | { error: ValidationError } {
  if (raw === undefined || raw === null) return { error: badRequest(CART_IS_EMPTY) };
  if (!Array.isArray(raw)) return { error: badRequest(CART_IS_EMPTY) };
  if (raw.length === 0) return { error: badRequest(CART_IS_EMPTY) };
  if (raw.length > MAX_LINES) return { error: badRequest(TOO_MANY_LINES) };
  const parsed = z.array(lineSchema).safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? CART_QUANTITY_INVALID;
    return { error: badRequest(message, { produtos: [message] }) };
  }
  const lines = mergeLines(parsed.data);
  // A product listed twice is summed; the sum is still one line of at most 99 units.
  if (lines.some((l) => l.quantidade > MAX_QUANTITY))
    return { error: badRequest(CART_QUANTITY_INVALID, { produtos: [CART_QUANTITY_INVALID] }) };
  return { lines };
}

export function parsePayBody(body: unknown): PayRequest {
  const parsed = payBodySchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(CART_IS_EMPTY);
  const b = parsed.data;
  const rawCep = typeof b.cep === 'string' && b.cep.trim() !== '' ? b.cep : b.cep_destino;
  if (typeof rawCep !== 'string' || !isCompleteCep(rawCep))
    throw badRequest(CEP_INVALID, { cep: [CEP_INVALID] });
  const lines = parseLines(b.produtos ?? b.cart);
  return {
    cep: cepDigits(rawCep),
    coupon: typeof b.cupom === 'string' ? b.cupom : '',
    lines: 'lines' in lines ? lines.lines : null,
    linesError: 'error' in lines ? lines.error : null,
  };
}

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

/** shippingInfo -> the stored snapshot (digits, lower-case e-mail, UF); 400 with field errors. */
export function parseShippingInfo(raw: unknown): DeliveryAddress {
  const info = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const profile: Record<string, unknown> = {};
  for (const [form, field] of Object.entries(FORM_TO_PROFILE)) profile[field] = info[form];
  const parsed = shippingInfoSchema.safeParse(profile);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(fieldErrors(parsed.error)))
      errors[PROFILE_TO_FORM[field] ?? 'shippingInfo'] = messages;
    throw new ValidationError(SHIPPING_INFO_INVALID, errors, { message: SHIPPING_INFO_INVALID });
  }
  const n = normalizeAddressProfile({ ...parsed.data, nome_perfil: '-' });
  return {
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
  };
}

const pagamentoBodySchema = z
  .object({
    reference: z.union([z.string().trim().min(1).max(20), z.number().int().positive()]),
    chave: z.string().max(200).nullish(),
    shippingInfo: z.unknown().optional(),
    totais: z.unknown().optional(),
  })
  .loose();

export interface PagamentoRequest {
  reference: string;
  chave: string | null;
  shippingInfo: unknown;
  /** The total the page shows, in centavos; null when missing or not an amount. */
  total: Cents | null;
}

export function parsePagamentoBody(body: unknown): PagamentoRequest {
  const parsed = pagamentoBodySchema.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(REFERENCE_REQUIRED, { reference: [REFERENCE_REQUIRED] });
  const b = parsed.data;
  const totais = b.totais;
  const rawTotal =
    totais !== null && typeof totais === 'object'
      ? (totais as Record<string, unknown>).total
      : undefined;
  const total =
    typeof rawTotal === 'string' || typeof rawTotal === 'number' ? toCents(rawTotal) : null;
  return {
    reference: String(b.reference),
    chave: b.chave ?? null,
    shippingInfo: b.shippingInfo,
    total,
  };
}
