/**
 * What the order screens ('Meus Pedidos' and the return page) compute from the API's answers:
 * the figures she pays, the order's date text and the delivery address lines. Pure functions over
 * the domain's rules; nothing here is invented when the API leaves a field out.
 */
import { maskCep } from '@semijoias/domain/cep';
import {
  DATE_INVALID,
  DATE_MISSING,
  formatDataPedido,
  parseDataPedido,
  toInstant,
} from '@semijoias/domain/dates';
import { toCents, type Cents } from '@semijoias/domain/money';
import type { PaidWith } from '@semijoias/domain/messages';
import type { OrderAddress } from './api';

type Money = string | number | null | undefined;

function cents(value: Money): Cents | null {
  return value === null || value === undefined || value === '' ? null : toCents(value);
}

export interface OrderFigures {
  subtotal: Cents;
  /** 0 when the order had no discount. */
  discount: Cents;
  /** The PIX discount: 0 for a card order, or an answer without it. */
  pixDiscount: Cents;
  /** null when the API did not say (an older answer): the row is left out rather than guessed. */
  shipping: Cents | null;
  /** What she pays: the order's total, else subtotal - discount + shipping, else the lines' sum. */
  total: Cents;
  coupon: string | null;
  /** How she paid, once paid and when the provider said (`pago_com`); null otherwise. */
  paidWith: PaidWith | null;
  /** The carrier's service she chose, 'Correios · SEDEX' (issue 35); null when the table quoted. */
  carrier: string | null;
}

/**
 * The order-level fields as the API answers them (repeated on each line of GET
 * /api/user/orders/, once on GET /api/orders/{reference}/), with `linesCents` (sum of quantity x
 * price) as the fallback for an absent subtotal or total.
 */
export function orderFigures(
  fields: {
    subtotal?: Money;
    desconto?: Money;
    desconto_pix?: Money;
    frete?: Money;
    total?: Money;
    cupom?: string | null;
    pago_com?: PaidWith | null;
    frete_transportadora?: string | null;
    frete_servico_nome?: string | null;
  },
  linesCents: Cents,
): OrderFigures {
  const subtotal = cents(fields.subtotal) ?? linesCents;
  const discount = Math.max(0, cents(fields.desconto) ?? 0);
  const pixDiscount = Math.max(0, cents(fields.desconto_pix) ?? 0);
  const shipping = cents(fields.frete);
  const total =
    cents(fields.total) ??
    (fields.subtotal == null && fields.desconto == null && fields.frete == null
      ? linesCents
      : subtotal - discount - pixDiscount + (shipping ?? 0));
  const coupon = fields.cupom?.trim() || null;
  const paidWith = fields.pago_com ?? null;
  const carrier =
    [fields.frete_transportadora, fields.frete_servico_nome]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' · ') || null;
  return { subtotal, discount, pixDiscount, shipping, total, coupon, paidWith, carrier };
}

/**
 * The date an order card shows: `data_pedido` as the API writes it ('23/11/2026 às 11:30', São
 * Paulo time), else `created_at` in the same format; 'Data não disponível' when neither is there,
 * 'Data inválida' when what is there cannot be read (SPEC §8 "Dates").
 */
export function orderDateText(order: {
  data_pedido?: string | null;
  created_at?: string | null;
}): string {
  const text = order.data_pedido?.trim();
  if (text) {
    if (parseDataPedido(text)) return text;
    const instant = toInstant(text);
    return instant ? formatDataPedido(instant) : DATE_INVALID;
  }
  const created = order.created_at?.trim();
  if (!created) return DATE_MISSING;
  const instant = toInstant(created);
  return instant ? formatDataPedido(instant) : DATE_INVALID;
}

/** The machine-readable instant for <time dateTime>, when the API gave a readable created_at. */
export function orderDateTimeAttribute(order: { created_at?: string | null }): string | undefined {
  return toInstant(order.created_at)?.toISOString();
}

/** The delivery address as the lines of a label: name; street, number - complement; district; city - UF; CEP. */
export function addressLines(a: OrderAddress): string[] {
  const street = [a.endereco, a.numero].filter(Boolean).join(', ');
  const complement = a.complemento?.trim();
  return [
    a.nome_completo,
    complement ? `${street} - ${complement}` : street,
    a.bairro,
    [a.cidade, a.estado].filter(Boolean).join(' - '),
    a.cep ? `CEP ${maskCep(a.cep)}` : '',
  ].filter((line) => line && line.trim() !== '');
}
