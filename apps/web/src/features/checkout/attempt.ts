/**
 * One try at paying: its Idempotency-Keys and, once api/pay made it, the order. Kept in
 * sessionStorage as well as in memory, so a reload of /checkout after a lost answer (the
 * navigation state survives it) pays the order already made instead of reserving the stock again.
 * A try belongs to one cart, one coupon and one way to pay: other lines, another coupon or another
 * method (the server computed the order's total for it: PIX takes its discount off) need another
 * order.
 */
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { randomId } from '@/lib/random-id';

export interface Attempt {
  fingerprint: string;
  payKey: string;
  pagamentoKey: string;
  order?: { reference: string; chave: string };
}

const STORAGE_KEY = 'checkout-attempt';

export function newIdempotencyKey(): string {
  return randomId();
}

export function attemptFingerprint(
  lines: readonly { produto: { id: number }; quantidade: number; variacao_id?: number }[],
  coupon: string,
  method: PaymentMethod,
): string {
  // A line of a piece sold by size is its product and its size: '3:41x2'.
  const items = lines
    .map((l) =>
      l.variacao_id === undefined
        ? `${l.produto.id}x${l.quantidade}`
        : `${l.produto.id}:${l.variacao_id}x${l.quantidade}`,
    )
    .sort();
  return JSON.stringify([items, coupon, method]);
}

function read(): Attempt | null {
  try {
    const raw = window.sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Attempt) : null;
    return parsed && typeof parsed.payKey === 'string' && typeof parsed.pagamentoKey === 'string'
      ? parsed
      : null;
  } catch {
    return null;
  }
}

export function saveAttempt(attempt: Attempt | null): void {
  try {
    if (attempt) window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(attempt));
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Kept in memory only.
  }
}

/** The try under way for this cart, coupon and method, or a new one. */
export function currentAttempt(fingerprint: string): Attempt {
  const stored = read();
  if (stored && stored.fingerprint === fingerprint) return stored;
  const fresh = { fingerprint, payKey: newIdempotencyKey(), pagamentoKey: newIdempotencyKey() };
  saveAttempt(fresh);
  return fresh;
}
