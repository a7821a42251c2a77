/**
 * The payment provider's REAL CLIENT: `createPagBankProvider`, PagBank's Checkout API
 * (PAYMENT_PROVIDER=pagbank; interface `PaymentProvider` in provider.ts; faked in tests by
 * test/fake-pagbank.ts, PAGBANK_API_URL pointed at it).
 *
 * A hosted checkout per order, paid by card or PIX on PagBank's page.
 * `POST {PAGBANK_API_URL}/checkouts` with the bearer PAGBANK_TOKEN; the page is the answer's
 * `links` entry with `rel: "PAY"`. Notifications (the order with its charges, or the checkout
 * itself) are signed: `x-authenticity-token` is the SHA-256 hex of `PAGBANK_TOKEN + '-' + raw
 * body`.
 *
 * Nothing PagBank answers (messages, ids of errors) reaches the shopper: every failure is the
 * same UpstreamError text, and the token is never logged.
 */
import { createHash } from 'node:crypto';
import { PAYMENT_START_FAILED } from '@semijoias/domain/messages';
import { sameSecret } from '../../lib/secrets.js';
import { UpstreamError } from '../../lib/errors.js';
import type {
  CheckoutRef,
  CheckoutRequest,
  HostedCheckout,
  PaymentEvent,
  PaymentProvider,
  PaymentState,
  PaymentStatus,
} from './provider.js';

export const PAGBANK_SIGNATURE_HEADER = 'x-authenticity-token';
const PAYMENT_STATUS_FAILED =
  'Não foi possível consultar o pagamento. Tente novamente em instantes.';
/** A checkout's attempts read by paymentStatus (the newest ones): a shopper tries a few times. */
const MAX_ATTEMPTS_READ = 10;

export function signPagBankBody(token: string, rawBody: string): string {
  return createHash('sha256').update(`${token}-${rawBody}`, 'utf8').digest('hex');
}

/** PagBank's charge statuses, as the store reads them. */
function stateOf(status: unknown): PaymentState {
  if (status === 'PAID') return 'paid';
  if (status === 'DECLINED' || status === 'CANCELED') return 'declined';
  return 'pending';
}

function phoneOf(digits: string) {
  const d = digits.replace(/\D/g, '');
  return { country: '+55', area: d.slice(0, 2), number: d.slice(2) };
}

/** The checkout's body, as PagBank's Checkout API takes it. */
export function pagBankCheckoutBody(request: CheckoutRequest) {
  return {
    reference_id: request.reference,
    expiration_date: request.expiresAt.toISOString(),
    customer: {
      name: request.customer.name,
      email: request.customer.email,
      tax_id: request.customer.taxId.replace(/\D/g, ''),
      phone: phoneOf(request.customer.phone),
    },
    customer_modifiable: false,
    items: request.items.map((i) => ({
      reference_id: i.referenceId,
      name: i.name.slice(0, 100),
      quantity: i.quantity,
      unit_amount: i.unitAmountCents,
    })),
    discount_amount: request.discountCents,
    shipping: { type: 'FIXED', amount: request.shippingCents, address_modifiable: false },
    payment_methods: [{ type: 'CREDIT_CARD' }, { type: 'PIX' }],
    redirect_url: request.redirectUrl,
    notification_urls: [request.notificationUrl],
    payment_notification_urls: [request.notificationUrl],
  };
}

interface Charge {
  id?: unknown;
  status?: unknown;
  amount?: { value?: unknown; summary?: { paid?: unknown } };
}

/** An order's charges, oldest first (only the objects). */
function chargesOf(body: unknown): Charge[] {
  const charges = body && typeof body === 'object' ? (body as { charges?: unknown }).charges : null;
  if (!Array.isArray(charges)) return [];
  return charges.filter((c): c is Charge => c !== null && typeof c === 'object');
}

function firstCharge(body: unknown): Charge | null {
  // The newest charge decides (a retry after a decline is a new charge).
  return chargesOf(body).at(-1) ?? null;
}

function amountOf(charge: Charge): number | null {
  const paid = charge.amount?.summary?.paid;
  const value = typeof paid === 'number' && paid > 0 ? paid : charge.amount?.value;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

function readEvent(rawBody: string): PaymentEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  const b = body as { id?: unknown; reference_id?: unknown; status?: unknown };
  if (typeof b.reference_id !== 'string' || typeof b.id !== 'string') return null;
  const charge = firstCharge(body);
  if (charge) {
    if (typeof charge.id !== 'string' || typeof charge.status !== 'string') return null;
    return {
      eventKey: `${charge.id}:${charge.status}`,
      reference: b.reference_id,
      state: stateOf(charge.status),
      paymentId: charge.id,
      amountCents: amountOf(charge),
    };
  }
  // A checkout's own notification (e.g. it expired): kept, changes nothing.
  if (typeof b.status !== 'string') return null;
  return {
    eventKey: `${b.id}:${b.status}`,
    reference: b.reference_id,
    state: 'pending',
    paymentId: null,
    amountCents: null,
    checkoutId: b.id,
  };
}

export function createPagBankProvider(options: {
  token: string;
  apiUrl: string;
  /** Per call (10 s by default); PagBank usually answers in well under a second. */
  timeoutMs?: number;
  /** Of the health page's check (5 s by default). */
  reachabilityTimeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentProvider {
  const { token, apiUrl } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const reachabilityTimeoutMs = options.reachabilityTimeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;
  const signedBy = (rawBody: string, headers: Record<string, string | string[] | undefined>) => {
    const given = headers[PAGBANK_SIGNATURE_HEADER];
    return (
      typeof given === 'string' && sameSecret(given.toLowerCase(), signPagBankBody(token, rawBody))
    );
  };

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const res = await doFetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`pagbank ${method} ${path.split('/')[1] ?? ''}: ${res.status}`);
    }
    return res.json();
  }

  return {
    name: 'pagbank',

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      let answer: unknown;
      try {
        answer = await call('POST', '/checkouts', pagBankCheckoutBody(request));
      } catch {
        throw new UpstreamError(PAYMENT_START_FAILED);
      }
      const a = answer as { id?: unknown; links?: unknown; expiration_date?: unknown };
      const links = Array.isArray(a.links) ? (a.links as { rel?: unknown; href?: unknown }[]) : [];
      const pay = links.find((l) => l && l.rel === 'PAY' && typeof l.href === 'string');
      if (typeof a.id !== 'string' || !pay || !/^https?:\/\//.test(String(pay.href))) {
        throw new UpstreamError(PAYMENT_START_FAILED);
      }
      const given =
        typeof a.expiration_date === 'string' ? new Date(a.expiration_date) : request.expiresAt;
      const expiresAt =
        Number.isNaN(given.getTime()) || given > request.expiresAt ? request.expiresAt : given;
      return { checkoutId: a.id, paymentUrl: String(pay.href), expiresAt };
    },

    /**
     * The checkout lists its orders (one per attempt to pay it: a declined card, then PIX...),
     * each with its charges. A charge PAID in any of them means the checkout was paid; otherwise
     * the newest attempt decides (declined, or still pending).
     */
    async paymentStatus({ checkoutId }: CheckoutRef): Promise<PaymentStatus> {
      try {
        const checkout = (await call('GET', `/checkouts/${encodeURIComponent(checkoutId)}`)) as {
          orders?: unknown;
        };
        const orderIds = (Array.isArray(checkout.orders) ? (checkout.orders as unknown[]) : [])
          .map((o) => (o && typeof o === 'object' ? (o as { id?: unknown }).id : undefined))
          .filter((id): id is string => typeof id === 'string')
          .slice(-MAX_ATTEMPTS_READ);
        let newest: PaymentStatus = { state: 'pending', paymentId: null, amountCents: null };
        for (const orderId of orderIds) {
          const order = await call('GET', `/orders/${encodeURIComponent(orderId)}`);
          for (const charge of chargesOf(order)) {
            if (typeof charge.id !== 'string') continue;
            const state = stateOf(charge.status);
            if (state === 'paid')
              return { state, paymentId: charge.id, amountCents: amountOf(charge) };
            newest = { state, paymentId: charge.id, amountCents: null };
          }
        }
        return newest;
      } catch {
        throw new UpstreamError(PAYMENT_STATUS_FAILED);
      }
    },

    async verifyNotification({ rawBody, headers }) {
      if (!signedBy(rawBody, headers)) return { ok: false, reason: 'assinatura' };
      const event = readEvent(rawBody);
      return event ? { ok: true, event } : { ok: false, reason: 'invalida' };
    },

    /**
     * `GET /public-keys/card` ('Consultar chave pública'): read-only, needs the bearer, so an
     * answer also says whether the token is still accepted. A short limit: a sweep waits on it.
     */
    async checkReachability() {
      try {
        const res = await doFetch(`${apiUrl}/public-keys/card`, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(reachabilityTimeoutMs),
        });
        await res.body?.cancel();
        if (res.ok) return 'ok';
        if (res.status === 401 || res.status === 403) return 'credentials_refused';
        return 'unreachable';
      } catch {
        return 'unreachable';
      }
    },
  };
}
