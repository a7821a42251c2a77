/**
 * The checkout's calls (docs/checkout-contract.md): the coupon check, the order (api/pay/) and the
 * hosted payment (api/pagamento/). Each function is one HTTP exchange; the flow that chains them
 * lives in use-checkout.ts.
 */
import { couponResult, type CouponResult } from '@semijoias/domain/messages';
import { centsToDecimal, type Cents } from '@semijoias/domain/money';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { DEVICE_HEADER } from '@semijoias/domain/second-factor';
import { apiRequest, deviceId, toOutcome } from '@/lib/api';
import { clearGuestCart } from '@/lib/cart/guest-cart';
import { clearServerCart } from '@/lib/cart/server-cart';

/** POST /api/validar-cupom/ as the domain reads it (never throws: failures are a result too). */
export async function validateCoupon(code: string, subtotalCents: Cents): Promise<CouponResult> {
  try {
    const data = await apiRequest<unknown>('/api/validar-cupom/', {
      method: 'POST',
      body: { codigo_cupom: code.trim(), valor_pedido: centsToDecimal(subtotalCents) },
    });
    return couponResult({ kind: 'response', status: 200, data });
  } catch (error) {
    return couponResult(toOutcome(error));
  }
}

/** What the manual form borrows from her account (GET api/infos/): name, e-mail, phone, CPF. */
export interface AccountContact {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone?: string;
  cpf?: string;
}

export const accountContactQueryKey = ['session', 'checkout', 'infos'] as const;

export function fetchAccountContact(signal?: AbortSignal): Promise<AccountContact> {
  return apiRequest<AccountContact>('api/infos/', { signal });
}

export interface PayBody {
  produtos: {
    produto: { id: number; name: string; price: string; image: string | null };
    name: string;
    price: string;
    quantidade: number;
    /** The line's size, for a piece sold by size (docs/variations-contract.md). */
    variacao_id?: number;
  }[];
  subtotal: string;
  total: string;
  frete: string;
  /** The delivery CEP: the server quotes the freight for it. */
  cep: string;
  /** The carrier's service she chose among the quote's `opcoes` (issue 35). */
  frete_servico?: number;
  /** How she pays: 'pix' takes the PIX discount off; absent means 'cartao'. */
  forma_pagamento: PaymentMethod;
  cupom?: string;
  cupom_validado?: boolean;
  cupom_desconto?: string;
}

export interface PayAnswer {
  reference: string;
  chave: string;
  total: string;
}

/**
 * POST api/pay/: creates the order 'Aguardando Pagamento' (stock reserved, coupon redeemed). Her
 * browser's id goes with it: a guest's unpaid orders are counted by browser against the purchase
 * limits (docs/admin/purchase-limits.md).
 */
export async function createOrder(body: PayBody, idempotencyKey: string): Promise<PayAnswer> {
  const device = deviceId();
  const answer = await apiRequest<Partial<PayAnswer> | null>('api/pay/', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey, ...(device ? { [DEVICE_HEADER]: device } : {}) },
  });
  // SPEC §7: a missing reference after the first payment call is an internal error.
  if (!answer || typeof answer.reference !== 'string' || answer.reference === '')
    throw new Error('api/pay answered without a reference');
  return {
    reference: answer.reference,
    chave: typeof answer.chave === 'string' ? answer.chave : '',
    total: typeof answer.total === 'string' ? answer.total : '',
  };
}

export interface ShippingInfo {
  cep: string;
  street: string;
  number: string;
  complement: string;
  district: string;
  city: string;
  state: string;
  phone: string;
  cpf: string;
  fullName: string;
  email: string;
}

export interface TotalsWire {
  subtotal: string;
  subtotalComDesconto: string;
  frete: string;
  desconto: string;
  /** Paid by PIX: what its discount takes off; absent from older answers. */
  descontoPix?: string;
  total: string;
}

export interface PagamentoBody {
  reference: string;
  chave: string;
  logged: boolean;
  shippingInfo: ShippingInfo;
  dadosFrete: { valor: string; prazo: string };
  totais: TotalsWire;
  cupom_dados?: { codigo: string; validado: boolean; desconto: string };
}

/** POST api/pagamento/: the provider's hosted checkout for the order; answers where to go. */
export async function startPayment(body: PagamentoBody, idempotencyKey: string): Promise<string> {
  const answer = await apiRequest<{ payment_url?: unknown } | null>('api/pagamento/', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const url = answer?.payment_url;
  if (typeof url !== 'string' || url === '')
    throw new Error('api/pagamento answered no payment_url');
  return url;
}

/**
 * Empties the cart once the order holds its items (SPEC §4 "clear the cart"). A failure does not
 * stop the payment: the order is already made and the cart is only a list to buy from.
 */
export async function clearCartAfterOrder(loggedIn: boolean): Promise<void> {
  if (loggedIn) {
    try {
      await clearServerCart();
    } catch {
      // The items stay in the server cart; she can remove them herself.
    }
  } else {
    clearGuestCart();
  }
}
