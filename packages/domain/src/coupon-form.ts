/**
 * The back office's coupon form: what an owner may write in a coupon, checked the same way by the
 * browser and by the server (POST/PUT api/admin/cupons/), with the messages in Portuguese. The
 * rules the form alone cannot know (a code already taken, a limit below the uses already made, an
 * e-mail with no account) are the server's; their texts live here too.
 *
 * On the wire money is a decimal string ("10.00" or "10,00") and a percentage a number or text
 * with at most two decimals ("12,5"); the table keeps centavos and basis points (1000 = 10 %).
 */
import { COUPON_CODE_MAX_LENGTH, normalizeCouponCode } from './coupon';
import { isValidEmail, normalizeEmail } from './email';
import { toCents, type Cents } from './money';

export type CouponKind = 'percent' | 'fixed';

/** The body of POST/PUT api/admin/cupons/. */
export interface CouponFormBody {
  codigo: string;
  descricao?: string;
  tipo: 'percentual' | 'valor_fixo';
  percentual?: string | number | null;
  valor?: string | number | null;
  pedido_minimo?: string | number | null;
  /** ISO 8601 instants with their offset ('2026-11-01T00:00:00-03:00'), or null. */
  valido_de?: string | null;
  valido_ate?: string | null;
  limite_uso?: number | null;
  uma_vez_por_cliente?: boolean;
  primeira_compra?: boolean;
  /** The one customer who may use it, by her account's e-mail; null: anyone. */
  cliente_email?: string | null;
  ativo?: boolean;
}

/** The validated coupon, as the table keeps it. */
export interface CouponFormValue {
  code: string;
  description: string;
  kind: CouponKind;
  percentBasisPoints: number | null;
  amountCents: Cents | null;
  minOrderCents: Cents | null;
  validFrom: Date | null;
  validUntil: Date | null;
  usageLimit: number | null;
  oncePerCustomer: boolean;
  firstPurchaseOnly: boolean;
  customerEmail: string | null;
  active: boolean;
}

export const COUPON_DESCRIPTION_MAX_LENGTH = 200;
/** A bound for the limit and the amounts: what fits the table's integers with room. */
const MAX_INT = 1_000_000_000;

export const COUPON_FORM_MESSAGES = {
  bodyInvalid: 'Confira os dados do cupom.',
  codeRequired: 'Informe o código do cupom.',
  codeTooLong: `O código pode ter até ${COUPON_CODE_MAX_LENGTH} caracteres.`,
  codeInvalid: 'Use só letras, números, hífen ou sublinhado no código (sem espaços).',
  codeTaken: 'Já existe um cupom com este código.',
  descriptionTooLong: `A descrição pode ter até ${COUPON_DESCRIPTION_MAX_LENGTH} caracteres.`,
  kindInvalid: 'Escolha o tipo do desconto: percentual ou valor fixo.',
  percentRequired: 'Informe o percentual de desconto.',
  percentInvalid: 'O percentual deve ser um número de 1 a 100 (até duas casas decimais).',
  amountRequired: 'Informe o valor do desconto.',
  amountInvalid: 'O valor do desconto deve ser maior que zero (ex.: 15,00).',
  minimumInvalid: 'O pedido mínimo deve ser um valor em reais, zero ou mais (ex.: 100,00).',
  dateInvalid: 'Data inválida.',
  untilBeforeFrom: 'O fim da validade deve ser depois do início.',
  limitInvalid: 'O limite de usos deve ser um número inteiro, 1 ou mais (vazio: sem limite).',
  limitBelowUses: (used: number) => `O limite não pode ser menor que os usos já feitos (${used}).`,
  flagInvalid: 'Marque ou desmarque a opção.',
  emailInvalid: 'E-mail inválido.',
  customerNotFound: 'Nenhuma cliente cadastrada com este e-mail.',
} as const;

const CODE_PATTERN = /^[A-Z0-9_-]+$/;

export type CouponFormResult =
  { ok: true; value: CouponFormValue } | { ok: false; errors: Record<string, string[]> };

function blank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** A money amount typed or sent ("15,00", "15.00", 15) -> centavos, or null when it is none. */
function moneyOf(value: unknown): Cents | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const cents = toCents(value);
  return cents !== null && Number.isSafeInteger(cents) ? cents : null;
}

function dateOf(value: unknown): Date | null | 'invalid' {
  if (blank(value)) return null;
  if (typeof value !== 'string') return 'invalid';
  // An instant with its date, time and offset: a bare date would be read in the server's zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value.trim()))
    return 'invalid';
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? 'invalid' : date;
}

/**
 * Checks and normalises a coupon form: the code upper-cased as the checkout compares it, the
 * percentage in basis points, money in centavos. Every field's messages at once.
 */
export function validateCouponForm(body: unknown): CouponFormResult {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!body || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, errors: { _: [COUPON_FORM_MESSAGES.bodyInvalid] } };
  const b = body as Record<string, unknown>;

  const code = normalizeCouponCode(typeof b.codigo === 'string' ? b.codigo : '');
  if (code === '') add('codigo', COUPON_FORM_MESSAGES.codeRequired);
  else if (code.length > COUPON_CODE_MAX_LENGTH) add('codigo', COUPON_FORM_MESSAGES.codeTooLong);
  else if (!CODE_PATTERN.test(code)) add('codigo', COUPON_FORM_MESSAGES.codeInvalid);

  let description = '';
  if (!blank(b.descricao)) {
    if (typeof b.descricao !== 'string') add('descricao', COUPON_FORM_MESSAGES.bodyInvalid);
    else if (b.descricao.trim().length > COUPON_DESCRIPTION_MAX_LENGTH)
      add('descricao', COUPON_FORM_MESSAGES.descriptionTooLong);
    else description = b.descricao.trim();
  }

  let kind: CouponKind | null = null;
  if (b.tipo === 'percentual') kind = 'percent';
  else if (b.tipo === 'valor_fixo') kind = 'fixed';
  else add('tipo', COUPON_FORM_MESSAGES.kindInvalid);

  let percentBasisPoints: number | null = null;
  let amountCents: Cents | null = null;
  if (kind === 'percent') {
    // "12,5" -> 1250: a percentage with two decimals is an amount of hundredths, like centavos.
    const points = blank(b.percentual) ? null : moneyOf(b.percentual);
    if (blank(b.percentual)) add('percentual', COUPON_FORM_MESSAGES.percentRequired);
    else if (points === null || points < 100 || points > 10_000)
      add('percentual', COUPON_FORM_MESSAGES.percentInvalid);
    else percentBasisPoints = points;
  } else if (kind === 'fixed') {
    const cents = blank(b.valor) ? null : moneyOf(b.valor);
    if (blank(b.valor)) add('valor', COUPON_FORM_MESSAGES.amountRequired);
    else if (cents === null || cents <= 0 || cents > MAX_INT)
      add('valor', COUPON_FORM_MESSAGES.amountInvalid);
    else amountCents = cents;
  }

  let minOrderCents: Cents | null = null;
  if (!blank(b.pedido_minimo)) {
    const cents = moneyOf(b.pedido_minimo);
    if (cents === null || cents < 0 || cents > MAX_INT)
      add('pedido_minimo', COUPON_FORM_MESSAGES.minimumInvalid);
    else minOrderCents = cents === 0 ? null : cents;
  }

  const from = dateOf(b.valido_de);
  const until = dateOf(b.valido_ate);
  if (from === 'invalid') add('valido_de', COUPON_FORM_MESSAGES.dateInvalid);
  if (until === 'invalid') add('valido_ate', COUPON_FORM_MESSAGES.dateInvalid);
  if (from instanceof Date && until instanceof Date && until.getTime() <= from.getTime())
    add('valido_ate', COUPON_FORM_MESSAGES.untilBeforeFrom);

  let usageLimit: number | null = null;
  if (!blank(b.limite_uso)) {
    const n = typeof b.limite_uso === 'string' ? Number(b.limite_uso.trim()) : b.limite_uso;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_INT)
      add('limite_uso', COUPON_FORM_MESSAGES.limitInvalid);
    else usageLimit = n;
  }

  const flag = (field: string, fallback: boolean): boolean => {
    const value = b[field];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') {
      add(field, COUPON_FORM_MESSAGES.flagInvalid);
      return fallback;
    }
    return value;
  };
  const oncePerCustomer = flag('uma_vez_por_cliente', false);
  const firstPurchaseOnly = flag('primeira_compra', false);
  const active = flag('ativo', true);

  let customerEmail: string | null = null;
  if (!blank(b.cliente_email)) {
    if (typeof b.cliente_email !== 'string' || !isValidEmail(b.cliente_email))
      add('cliente_email', COUPON_FORM_MESSAGES.emailInvalid);
    else customerEmail = normalizeEmail(b.cliente_email);
  }

  if (Object.keys(errors).length > 0 || kind === null) return { ok: false, errors };
  return {
    ok: true,
    value: {
      code,
      description,
      kind,
      percentBasisPoints,
      amountCents,
      minOrderCents,
      validFrom: from instanceof Date ? from : null,
      validUntil: until instanceof Date ? until : null,
      usageLimit,
      oncePerCustomer,
      firstPurchaseOnly,
      customerEmail,
      active,
    },
  };
}

export type CouponStatusText = 'Ativo' | 'Pausado' | 'Expirado' | 'Agendado' | 'Esgotado';

/**
 * What the owners read of a coupon's state now, in the order the checkout refuses it: paused
 * first (a paused coupon is invalid whatever its dates), then out of its dates, then used up.
 */
export function couponStatusText(
  coupon: {
    active: boolean;
    validFrom: Date | null;
    validUntil: Date | null;
    usageLimit: number | null;
    timesUsed: number;
  },
  now: Date = new Date(),
): CouponStatusText {
  if (!coupon.active) return 'Pausado';
  if (coupon.validUntil && now.getTime() > coupon.validUntil.getTime()) return 'Expirado';
  if (coupon.validFrom && now.getTime() < coupon.validFrom.getTime()) return 'Agendado';
  if (coupon.usageLimit !== null && coupon.timesUsed >= coupon.usageLimit) return 'Esgotado';
  return 'Ativo';
}

/** "10 %", "12,5 %" or "R$ 15,00" from the table's basis points or centavos. */
export function couponValueLabel(
  kind: CouponKind,
  percentBasisPoints: number | null,
  amountCents: Cents | null,
  formatMoney: (cents: Cents) => string,
): string {
  if (kind === 'percent') {
    const percent = (percentBasisPoints ?? 0) / 100;
    return `${percent.toLocaleString('pt-BR', { maximumFractionDigits: 2 })} %`;
  }
  return formatMoney(amountCents ?? 0);
}
