/**
 * The orders' calls (docs/checkout-contract.md): her order lines for 'Meus Pedidos', one order for
 * the return page /pedido/{reference}, and the payment link of an unpaid order. Each function is
 * one HTTP exchange; the screens decide what a failure shows.
 */
import { paymentLinkResult, type PaidWith } from '@semijoias/domain/messages';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import type { OrderLine } from '@semijoias/domain/orders';
import { apiRequest, toOutcome } from '@/lib/api';

/** Money on the wire: a decimal string of reais ("129.90"). */
type Money = string | number;

/**
 * One line of GET /api/user/orders/ (SPEC §3 "Order line"). The order-level fields repeat on each
 * line of the order; they are optional so an answer without them still shows (the total then
 * falls back to the sum of the lines).
 */
export interface UserOrderLine extends OrderLine {
  /** The size she ordered (null without one; absent from older answers) and its axis. */
  variacao?: { id: number; nome: string } | null;
  nome_variacao?: string | null;
  payment_id?: string | null;
  subtotal?: Money | null;
  desconto?: Money | null;
  /** Paid by PIX: what its discount took off the products ('0.00' otherwise). */
  desconto_pix?: Money | null;
  /** How she chose to pay: 'pix' or 'cartao' (null for an order placed before the choice). */
  forma_pagamento?: string | null;
  /** How she paid, once paid and when the provider said (a card's installments included). */
  pago_com?: PaidWith | null;
  frete?: Money | null;
  total?: Money | null;
  cupom?: string | null;
  expira_em?: string | null;
  /** The Correios code and its tracking link once the order is posted ('Enviado'). */
  codigo_rastreio?: string | null;
  rastreio_url?: string | null;
  /** The store cancelled it after payment (its money goes back); when the refund was made. */
  cancelado_pela_loja?: boolean;
  estornado_em?: string | null;
}

/** Cached under 'session' so it goes with the session (see app/providers.tsx). */
export const userOrdersQueryKey = ['session', 'orders'] as const;

/** GET /api/user/orders/?t={timestamp} (the timestamp defeats caching, SPEC §7). */
export async function fetchUserOrders({
  signal,
}: {
  signal?: AbortSignal;
}): Promise<UserOrderLine[]> {
  const data = await apiRequest<unknown>('/api/user/orders/', {
    query: { t: Date.now() },
    signal,
  });
  return Array.isArray(data) ? (data as UserOrderLine[]) : [];
}

export interface OrderAddress {
  nome_completo: string;
  endereco: string;
  numero: string;
  complemento?: string | null;
  bairro: string;
  cidade: string;
  estado: string;
  cep: string;
}

export interface OrderItem {
  produto: OrderLine['produto'];
  quantidade: number;
  subtotal?: Money | null;
  /** The size she ordered (null without one) and its axis, as when she ordered. */
  variacao?: { id: number; nome: string } | null;
  nome_variacao?: string | null;
}

/** GET /api/orders/{reference}/: the return page's order. */
export interface OrderDetail {
  reference: string;
  status: string;
  status_code?: string | null;
  created_at?: string | null;
  data_pedido?: string | null;
  payment_id?: string | null;
  itens: OrderItem[];
  subtotal?: Money | null;
  desconto?: Money | null;
  /** Paid by PIX: what its discount took off the products ('0.00' otherwise). */
  desconto_pix?: Money | null;
  /** How she chose to pay: 'pix' or 'cartao' (null for an order placed before the choice). */
  forma_pagamento?: string | null;
  /** How she paid, once paid and when the provider said (a card's installments included). */
  pago_com?: PaidWith | null;
  frete?: Money | null;
  total?: Money | null;
  cupom?: string | null;
  expira_em?: string | null;
  endereco?: OrderAddress | null;
  /** The Correios code and its tracking link once the order is posted ('Enviado'). */
  codigo_rastreio?: string | null;
  rastreio_url?: string | null;
  /** The store cancelled it after payment (its money goes back); when the refund was made. */
  cancelado_pela_loja?: boolean;
  estornado_em?: string | null;
}

export function orderQueryKey(reference: string, chave: string | null) {
  return ['order', reference, chave ?? ''] as const;
}

/** GET /api/orders/{reference}/ with the bearer (when logged in) and/or `?chave=`. */
export async function fetchOrder(
  reference: string,
  chave: string | null,
  signal?: AbortSignal,
): Promise<OrderDetail> {
  const data = await apiRequest<OrderDetail>(`/api/orders/${encodeURIComponent(reference)}/`, {
    query: { chave: chave || undefined },
    signal,
  });
  return { ...data, itens: Array.isArray(data?.itens) ? data.itens : [] };
}

export type PaymentLinkResult = { url: string } | { message: string; status?: number };

/**
 * GET /api/payment-status/{reference}/: the link to pay at, or SPEC §8's message ('Link de
 * pagamento não disponível no momento…' / 'Erro ao buscar link de pagamento…'). Never throws.
 * `status` is the HTTP status of a refusal (409: the order no longer waits for payment).
 */
export async function fetchPaymentLink(
  reference: string,
  chave: string | null,
  /** A retry that changes how she pays: the order's total is recomputed for it. */
  method?: PaymentMethod,
): Promise<PaymentLinkResult> {
  try {
    const data = await apiRequest<unknown>(
      `/api/payment-status/${encodeURIComponent(reference)}/`,
      { query: { chave: chave || undefined, forma_pagamento: method } },
    );
    return paymentLinkResult({ kind: 'response', status: 200, data });
  } catch (error) {
    const outcome = toOutcome(error);
    const result = paymentLinkResult(outcome);
    return outcome.kind === 'response' && 'message' in result
      ? { ...result, status: outcome.status }
      : result;
  }
}
