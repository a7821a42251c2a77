/**
 * The payment provider's REAL CLIENT: `createPagBankProvider`, PagBank's Checkout API
 * (PAYMENT_PROVIDER=pagbank; interface `PaymentProvider` in provider.ts; faked in tests by
 * test/fake-pagbank.ts, PAGBANK_API_URL pointed at it).
 *
 * A hosted checkout per order ('Criar checkout'): `POST {PAGBANK_API_URL}/checkouts` with the
 * bearer PAGBANK_TOKEN; the page is the answer's `links` entry with `rel: "PAY"`. It offers only
 * the method she chose (`payment_methods`: PIX or CREDIT_CARD; both for an order placed before the
 * choice existed), and for a card the owners' installments (`payment_methods_configs`:
 * INSTALLMENTS_LIMIT and INTEREST_FREE_INSTALLMENTS).
 *
 * Notifications ('Webhooks': the order with its charges, or the checkout itself) are authentic
 * when either signature verifies, over the raw body:
 * - `x-authenticity-token`: the SHA-256 hex of `PAGBANK_TOKEN + '-' + raw body` ('Confirmar
 *   autenticidade da notificação');
 * - `x-payload-signature`: ECDSA (SHA256withECDSA), Base64 of the DER signature, with PagBank's
 *   webhook public key from `GET /public-keys?type=webhook` ('Validação de autenticidade'). Kept in
 *   memory; asked again when no signature verifies with it (PagBank may have just rotated it).
 *   A notification the kept key refuses is always tried once more with a key asked for after it
 *   arrived, so a flood of forgeries cannot get a real notification signed with a new key refused
 *   (issue 33). The bound that keeps PagBank from being hammered: one request at a time, shared by
 *   every notification waiting for it, and requests started at least KEY_REFETCH_INTERVAL_MS
 *   apart (a notification arriving within it waits for the next one, a moment).
 * Either header may carry several values (repeated, or joined by commas): one that verifies is
 * enough. The method a payment was made with is the charge's `payment_method.type`.
 *
 * Nothing PagBank answers (messages, ids of errors) reaches the shopper: every failure is the
 * same UpstreamError text, and the token is never logged.
 */
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { PAYMENT_START_FAILED } from '@semijoias/domain/messages';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
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
import { installmentsFrom, withInstallments } from './provider.js';
import { probeWithBearer } from './reachability.js';

/** The token signature ('Confirmar autenticidade da notificação'). */
export const PAGBANK_SIGNATURE_HEADER = 'x-authenticity-token';
/** The ECDSA signature ('Validação de autenticidade'). */
export const PAGBANK_PAYLOAD_SIGNATURE_HEADER = 'x-payload-signature';
/** Where PagBank's webhook public key is asked for (`type=webhook`, 'Validação de autenticidade'). */
export const PAGBANK_WEBHOOK_KEY_PATH = '/public-keys?type=webhook';
/**
 * Requests for the key start at least this long apart (a flood of forged notifications waits for
 * the next one, and shares it): short, since a real notification may wait for it too.
 */
const KEY_REFETCH_INTERVAL_MS = 2_000;
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

/**
 * What the page offers ('Criar checkout'): `payment_methods` with only her choice (both for an
 * order placed before the choice existed), and for a card with the owners' installments,
 * `payment_methods_configs`: the most installments (INSTALLMENTS_LIMIT) and how many carry no
 * interest (INTEREST_FREE_INSTALLMENTS), values as text.
 */
function paymentMethodsOf(request: CheckoutRequest) {
  const types =
    request.method === 'pix'
      ? ['PIX']
      : request.method === 'cartao'
        ? ['CREDIT_CARD']
        : ['CREDIT_CARD', 'PIX'];
  const payment_methods = types.map((type) => ({ type }));
  const { installments } = request;
  if (!installments || !types.includes('CREDIT_CARD')) return { payment_methods };
  return {
    payment_methods,
    payment_methods_configs: [
      {
        type: 'CREDIT_CARD',
        config_options: [
          { option: 'INSTALLMENTS_LIMIT', value: String(installments.max) },
          { option: 'INTEREST_FREE_INSTALLMENTS', value: String(installments.interestFree) },
        ],
      },
    ],
  };
}

/** The checkout's body, as PagBank's Checkout API takes it ('Criar checkout'). */
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
    ...paymentMethodsOf(request),
    redirect_url: request.redirectUrl,
    notification_urls: [request.notificationUrl],
    payment_notification_urls: [request.notificationUrl],
  };
}

interface Charge {
  id?: unknown;
  status?: unknown;
  amount?: { value?: unknown; summary?: { paid?: unknown } };
  payment_method?: { type?: unknown; installments?: unknown };
}

/** How a charge was paid: its `payment_method.type` (BOLETO, DEBIT_CARD... are neither). */
function methodOf(charge: Charge): PaymentMethod | null {
  const type = charge.payment_method?.type;
  if (type === 'PIX') return 'pix';
  if (type === 'CREDIT_CARD') return 'cartao';
  return null;
}

/** A card charge's installments (`payment_method.installments`); null for PIX or unknown. */
function installmentsOf(charge: Charge): number | null {
  return methodOf(charge) === 'cartao'
    ? installmentsFrom(charge.payment_method?.installments)
    : null;
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
      method: methodOf(charge),
      ...withInstallments(installmentsOf(charge)),
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
    method: null,
  };
}

type NotificationHeaders = Record<string, string | string[] | undefined>;

/**
 * Every value of a header, whatever its case: repeated (Node gives an array) or joined by commas
 * (neither hex nor Base64 has one).
 */
function headerValues(headers: NotificationHeaders, name: string): string[] {
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name || value === undefined) continue;
    for (const joined of Array.isArray(value) ? value : [value])
      for (const part of joined.split(',')) if (part.trim()) values.push(part.trim());
  }
  return values;
}

/**
 * Whether a value of `x-payload-signature` is an ECDSA signature of the raw body with this key:
 * SHA256withECDSA, Base64 of the DER encoding ('Validação de autenticidade').
 */
function signedWith(rawBody: string, signatures: string[], key: KeyObject): boolean {
  const data = Buffer.from(rawBody, 'utf8');
  return signatures.some((signature) => {
    try {
      return verify('sha256', data, { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  });
}

/** PagBank's webhook key from its answer: `public_key`, the Base64 of the DER (SPKI) key, or a PEM. */
function webhookKeyOf(answer: unknown): KeyObject | null {
  const text =
    answer !== null && typeof answer === 'object'
      ? (answer as { public_key?: unknown }).public_key
      : undefined;
  if (typeof text !== 'string' || text.trim() === '') return null;
  try {
    return text.includes('-----BEGIN')
      ? createPublicKey(text)
      : createPublicKey({
          key: Buffer.from(text.replace(/\s/g, ''), 'base64'),
          format: 'der',
          type: 'spki',
        });
  } catch {
    return null;
  }
}

export function createPagBankProvider(options: {
  token: string;
  apiUrl: string;
  /** Per call (10 s by default); PagBank usually answers in well under a second. */
  timeoutMs?: number;
  /** Of the health page's check (5 s by default). */
  reachabilityTimeoutMs?: number;
  /** Requests for the webhook key start at least this long apart (2 s by default). */
  keyRefetchIntervalMs?: number;
  /** The clock of that limit (tests move it). */
  now?: () => number;
  fetch?: typeof fetch;
}): PaymentProvider {
  const { token, apiUrl } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const reachabilityTimeoutMs = options.reachabilityTimeoutMs ?? 5_000;
  const keyRefetchIntervalMs = options.keyRefetchIntervalMs ?? KEY_REFETCH_INTERVAL_MS;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;

  const tokenSigned = (rawBody: string, headers: NotificationHeaders) => {
    const expected = signPagBankBody(token, rawBody);
    return headerValues(headers, PAGBANK_SIGNATURE_HEADER).some((given) =>
      sameSecret(given.toLowerCase(), expected),
    );
  };

  /** PagBank's webhook key, kept in memory once asked for. */
  let webhookKey: KeyObject | null = null;
  /** The newest request for the key: when it starts (or started) and its answer. */
  let lastAsk: { startsAt: number; answer: Promise<KeyObject | null> } | null = null;

  /**
   * A key asked of PagBank at or after `arrivedAt` (null when PagBank gave no usable key). The
   * newest request when it starts after that instant (shared); otherwise a new one, after the one
   * under way ends and at least the interval after it started, which every notification arriving
   * meanwhile shares: one request at a time, at most one per interval, however many forgeries.
   */
  function keyAskedSince(arrivedAt: number): Promise<KeyObject | null> {
    if (lastAsk && lastAsk.startsAt >= arrivedAt) return lastAsk.answer;
    const previous = lastAsk;
    const startsAt = Math.max(
      arrivedAt,
      now(),
      previous ? previous.startsAt + keyRefetchIntervalMs : 0,
    );
    const answer = (async () => {
      if (previous) await previous.answer;
      const wait = startsAt - now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const key = webhookKeyOf(await call('GET', PAGBANK_WEBHOOK_KEY_PATH));
        if (key) webhookKey = key;
        return key;
      } catch {
        return null;
      }
    })();
    lastAsk = { startsAt, answer };
    return answer;
  }

  async function payloadSigned(rawBody: string, headers: NotificationHeaders): Promise<boolean> {
    const arrivedAt = now();
    const signatures = headerValues(headers, PAGBANK_PAYLOAD_SIGNATURE_HEADER);
    if (signatures.length === 0) return false;
    const kept = webhookKey;
    if (kept && signedWith(rawBody, signatures, kept)) return true;
    // None verifies with the kept key (or none is kept yet): PagBank may have rotated it. Tried
    // once with a key asked for after this notification arrived.
    const fresh = await keyAskedSince(arrivedAt);
    if (fresh !== null && signedWith(rawBody, signatures, fresh)) return true;
    // A request answered meanwhile may have kept a newer key than the one this one read.
    const newest = webhookKey;
    return (
      newest !== null &&
      newest !== kept &&
      newest !== fresh &&
      signedWith(rawBody, signatures, newest)
    );
  }

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
        let newest: PaymentStatus = {
          state: 'pending',
          paymentId: null,
          amountCents: null,
          method: null,
        };
        for (const orderId of orderIds) {
          const order = await call('GET', `/orders/${encodeURIComponent(orderId)}`);
          for (const charge of chargesOf(order)) {
            if (typeof charge.id !== 'string') continue;
            const state = stateOf(charge.status);
            const method = methodOf(charge);
            if (state === 'paid')
              return {
                state,
                paymentId: charge.id,
                amountCents: amountOf(charge),
                method,
                ...withInstallments(installmentsOf(charge)),
              };
            newest = { state, paymentId: charge.id, amountCents: null, method };
          }
        }
        return newest;
      } catch {
        throw new UpstreamError(PAYMENT_STATUS_FAILED);
      }
    },

    /**
     * Authentic when either signature verifies (a sandbox notice may carry only one): the token's
     * first, which needs no request.
     */
    async verifyNotification({ rawBody, headers }) {
      const authentic = tokenSigned(rawBody, headers) || (await payloadSigned(rawBody, headers));
      if (!authentic) return { ok: false, reason: 'assinatura' };
      const event = readEvent(rawBody);
      return event ? { ok: true, event } : { ok: false, reason: 'invalida' };
    },

    /**
     * `GET /public-keys/card` ('Consultar chave pública'): read-only, needs the bearer, so an
     * answer also says whether the token is still accepted. A short limit: a sweep waits on it.
     */
    /** `POST /checkouts/{id}/inactivate` (the checkout's INACTIVATE link): it stops taking payments. */
    async closeCheckout(checkoutId: string) {
      try {
        const res = await doFetch(
          `${apiUrl}/checkouts/${encodeURIComponent(checkoutId)}/inactivate`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
            signal: AbortSignal.timeout(timeoutMs),
          },
        );
        await res.body?.cancel();
      } catch {
        // Left to expire on its own (see the interface).
      }
    },

    checkReachability: () =>
      probeWithBearer(doFetch, `${apiUrl}/public-keys/card`, token, reachabilityTimeoutMs),
  };
}
