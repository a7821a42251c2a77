/**
 * The payment provider's REAL CLIENT: `createMercadoPagoProvider`, Mercado Pago's Checkout Pro
 * (PAYMENT_PROVIDER=mercadopago; interface `PaymentProvider` in provider.ts; faked in tests by
 * test/fake-mercadopago.ts, MERCADOPAGO_API_URL pointed at it).
 *
 * A preference per order (`POST {MERCADOPAGO_API_URL}/checkout/preferences`, bearer
 * MERCADOPAGO_ACCESS_TOKEN): her lines, `external_reference` = the order's reference, the return
 * page as `back_urls`, the order's end as `expiration_date_to`, only the method she chose; the page
 * is the answer's `init_point`. The preference's items always add up to the order's total: her
 * lines and the freight as lines of their own, or, when a coupon took something off, one line
 * 'Pedido #<reference>' for the whole total (Checkout Pro has no discount of its own).
 *
 * A notification (Webhooks, `?data.id=<payment>&type=payment`) is signed: `x-signature` is
 * `ts=<ts>,v1=<hex>` with v1 the HMAC-SHA256, keyed by MERCADOPAGO_WEBHOOK_SECRET, of
 * `id:<data.id, lower case>;request-id:<x-request-id>;ts:<ts>;` (a part absent from the
 * notification is left out). It names the payment only: the payment is then read
 * (`GET /v1/payments/{id}`), and the sweeper finds an order's payments by its reference
 * (`GET /v1/payments/search?external_reference=…`).
 *
 * Nothing Mercado Pago answers reaches the shopper or a log: every failure is the same
 * UpstreamError text, and the token and the secret are never logged.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { PAYMENT_START_FAILED } from '@semijoias/domain/messages';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { UpstreamError } from '../../lib/errors.js';
import { sameSecret } from '../../lib/secrets.js';
import type {
  CheckoutRef,
  CheckoutRequest,
  HostedCheckout,
  IncomingNotification,
  NotificationCheck,
  PaymentEvent,
  PaymentProvider,
  PaymentState,
  PaymentStatus,
} from './provider.js';
import { installmentsFrom, withInstallments } from './provider.js';
import { probeWithBearer } from './reachability.js';

export const MERCADOPAGO_SIGNATURE_HEADER = 'x-signature';
export const MERCADOPAGO_REQUEST_ID_HEADER = 'x-request-id';
/** An order's payments read by paymentStatus (the newest): she tries a few times at most. */
const MAX_PAYMENTS_READ = 50;

/**
 * The payment types Checkout Pro offers in Brazil that a preference may leave out
 * (`payment_methods.excluded_payment_types`); the balance of a Mercado Pago account
 * (`account_money`) cannot be left out.
 */
const PAYMENT_TYPES = [
  'credit_card',
  'debit_card',
  'prepaid_card',
  'bank_transfer',
  'ticket',
  'atm',
  'digital_currency',
  'digital_wallet',
] as const;

/** The types each of the store's methods is: PIX is `bank_transfer` (its method id `pix`). */
const TYPES_OF: Record<PaymentMethod, readonly string[]> = {
  pix: ['bank_transfer'],
  cartao: ['credit_card', 'debit_card', 'prepaid_card'],
};

/** The parts of the signed manifest; an absent one is left out, as the docs say. */
export interface SignedParts {
  /** The query's `data.id`. */
  dataId?: string | undefined;
  /** The `x-request-id` header. */
  requestId?: string | undefined;
  /** `ts` of the `x-signature` header. */
  ts: string;
}

/** `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, the id lower-cased (alphanumeric ids are). */
export function mercadoPagoManifest(parts: SignedParts): string {
  let manifest = '';
  if (parts.dataId) manifest += `id:${parts.dataId.toLowerCase()};`;
  if (parts.requestId) manifest += `request-id:${parts.requestId};`;
  return `${manifest}ts:${parts.ts};`;
}

/** v1 of `x-signature`: the HMAC-SHA256 of the manifest, hex. */
export function signMercadoPagoNotification(secret: string, parts: SignedParts): string {
  return createHmac('sha256', secret).update(mercadoPagoManifest(parts), 'utf8').digest('hex');
}

function signatureParts(value: unknown): { ts: string; v1: string } | null {
  if (typeof value !== 'string') return null;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const given = part.slice(at + 1).trim();
    if (key === 'ts') ts = given;
    else if (key === 'v1') v1 = given;
  }
  return ts && v1 ? { ts, v1 } : null;
}

const headerOf = (headers: IncomingNotification['headers'], name: string) => {
  const value = headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Centavos as Mercado Pago's reais (a JSON number with at most two decimals: 89.9). */
const reais = (cents: number) => cents / 100;

/**
 * Mercado Pago's reais as centavos, exactly (read from the number's decimal text, never
 * multiplied as a float); null for anything that is not a non-negative amount with at most two
 * decimals.
 */
export function centsOf(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount < 0) return null;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(amount));
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** An instant as the docs write it, with Brasília's offset: `2026-05-30T23:59:59.000-03:00`. */
export function brasiliaTime(at: Date): string {
  return new Date(at.getTime() - 3 * 60 * 60 * 1000).toISOString().replace(/Z$/, '-03:00');
}

/** The Webhooks only, not also the older IPN of the same events (`source_news=webhooks`). */
function webhooksOnly(notificationUrl: string): string {
  const url = new URL(notificationUrl);
  url.searchParams.set('source_news', 'webhooks');
  return url.toString();
}

function payerOf(customer: CheckoutRequest['customer']) {
  const words = customer.name.trim().split(/\s+/);
  const phone = customer.phone.replace(/\D/g, '');
  return {
    name: words[0] ?? '',
    surname: words.slice(1).join(' '),
    email: customer.email,
    identification: { type: 'CPF', number: customer.taxId.replace(/\D/g, '') },
    phone: { area_code: phone.slice(0, 2), number: phone.slice(2) },
  };
}

/**
 * The preference's lines, adding up to the order's total: her lines and the freight when nothing
 * was taken off; otherwise one line for the whole order. The freight is a line, not
 * `shipments.cost`: so the payment's `transaction_amount` (what the store checks against the
 * order's total) is the sum of the lines, whatever Mercado Pago does with a shipping cost.
 */
function itemsOf(request: CheckoutRequest) {
  const line = (id: string, title: string, quantity: number, cents: number) => ({
    id,
    title: title.slice(0, 256),
    quantity,
    unit_price: reais(cents),
    currency_id: 'BRL',
  });
  const itemsCents = request.items.reduce((sum, i) => sum + i.unitAmountCents * i.quantity, 0);
  const itemized =
    request.discountCents === 0 && itemsCents + request.shippingCents === request.totalCents;
  if (!itemized)
    return [
      line(`pedido-${request.reference}`, `Pedido #${request.reference}`, 1, request.totalCents),
    ];
  return [
    ...request.items.map((i) => line(i.referenceId, i.name, i.quantity, i.unitAmountCents)),
    ...(request.shippingCents > 0 ? [line('frete', 'Frete', 1, request.shippingCents)] : []),
  ];
}

/** The preference's body, as Checkout Pro's `POST /checkout/preferences` takes it. */
export function mercadoPagoPreferenceBody(request: CheckoutRequest) {
  const offered = request.method ? TYPES_OF[request.method] : [...TYPES_OF.pix, ...TYPES_OF.cartao];
  const cardOffered = request.method !== 'pix';
  return {
    items: itemsOf(request),
    payer: payerOf(request.customer),
    external_reference: request.reference,
    notification_url: webhooksOnly(request.notificationUrl),
    back_urls: {
      success: request.redirectUrl,
      pending: request.redirectUrl,
      failure: request.redirectUrl,
    },
    auto_return: 'approved',
    expires: true,
    expiration_date_to: brasiliaTime(request.expiresAt),
    payment_methods: {
      excluded_payment_types: PAYMENT_TYPES.filter((t) => !offered.includes(t)).map((id) => ({
        id,
      })),
      // The most installments only: a preference cannot say how many carry no interest (the
      // account's own settings at Mercado Pago decide who pays it).
      ...(cardOffered && request.installments ? { installments: request.installments.max } : {}),
    },
  };
}

interface MercadoPagoPayment {
  id?: unknown;
  status?: unknown;
  external_reference?: unknown;
  transaction_amount?: unknown;
  currency_id?: unknown;
  payment_type_id?: unknown;
  payment_method_id?: unknown;
  installments?: unknown;
}

/** Mercado Pago's payment statuses, as the store reads them. */
function stateOf(status: unknown): PaymentState {
  if (status === 'approved') return 'paid';
  if (status === 'rejected' || status === 'cancelled') return 'declined';
  return 'pending';
}

function methodOf(p: MercadoPagoPayment): PaymentMethod | null {
  if (p.payment_method_id === 'pix' || p.payment_type_id === 'bank_transfer') return 'pix';
  if (typeof p.payment_type_id === 'string' && TYPES_OF.cartao.includes(p.payment_type_id))
    return 'cartao';
  return null;
}

/** A payment's id (a number in Mercado Pago's answers) as text; null when it is not one. */
function idOf(id: unknown): string | null {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return String(id);
  if (typeof id === 'string' && /^\d{1,20}$/.test(id)) return id;
  return null;
}

function amountOf(p: MercadoPagoPayment): number | null {
  if (p.currency_id !== undefined && p.currency_id !== 'BRL') return null;
  return centsOf(p.transaction_amount);
}

/**
 * A payment read into the store's event. A payment without `external_reference` (not one of this
 * store's preferences: a link or a sale on the same account) reads as the reference '' that no
 * order has: kept, answered 200 and counted, like a signed event for an unknown order.
 */
function eventOf(p: MercadoPagoPayment): PaymentEvent | null {
  const id = idOf(p.id);
  if (!id || typeof p.status !== 'string' || p.status === '') return null;
  return {
    eventKey: `mp:${id}:${p.status}`,
    reference: typeof p.external_reference === 'string' ? p.external_reference : '',
    state: stateOf(p.status),
    paymentId: id,
    amountCents: amountOf(p),
    method: methodOf(p),
    ...withInstallments(methodOf(p) === 'cartao' ? installmentsFrom(p.installments) : null),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

export function createMercadoPagoProvider(options: {
  accessToken: string;
  webhookSecret: string;
  apiUrl: string;
  /** Per call (10 s by default): a notification is answered within Mercado Pago's 22 s. */
  timeoutMs?: number;
  /** Of the health page's check (5 s by default). */
  reachabilityTimeoutMs?: number;
  fetch?: typeof fetch;
}): PaymentProvider {
  const { accessToken, webhookSecret, apiUrl } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const reachabilityTimeoutMs = options.reachabilityTimeoutMs ?? 5_000;
  const doFetch = options.fetch ?? fetch;

  /** The answer's JSON; throws on no answer, a refusal or a body that is not JSON. */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<unknown> {
    const res = await doFetch(`${apiUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) {
      await res.body?.cancel();
      throw new Error(`mercadopago ${method} ${path.split(/[/?]/)[1] ?? ''}: ${res.status}`);
    }
    return res.json();
  }

  /** `GET /v1/payments/{id}`; throws UpstreamError when it cannot be read. */
  async function readPayment(id: string): Promise<PaymentEvent> {
    try {
      const payment = await call('GET', `/v1/payments/${encodeURIComponent(id)}`);
      const event = isObject(payment) ? eventOf(payment) : null;
      if (!event || event.paymentId !== id) throw new Error('mercadopago: pagamento ilegível');
      return event;
    } catch {
      throw new UpstreamError(PAYMENT_START_FAILED);
    }
  }

  return {
    name: 'mercadopago',

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      let answer: unknown;
      try {
        // The SDKs send a fresh key with every write: a retry of this call is a new preference.
        answer = await call('POST', '/checkout/preferences', mercadoPagoPreferenceBody(request), {
          'x-idempotency-key': randomUUID(),
        });
      } catch {
        throw new UpstreamError(PAYMENT_START_FAILED);
      }
      const a = isObject(answer) ? answer : {};
      if (
        typeof a.id !== 'string' ||
        a.id === '' ||
        typeof a.init_point !== 'string' ||
        !/^https?:\/\//.test(a.init_point)
      ) {
        throw new UpstreamError(PAYMENT_START_FAILED);
      }
      const given =
        typeof a.expiration_date_to === 'string'
          ? new Date(a.expiration_date_to)
          : request.expiresAt;
      const expiresAt =
        Number.isNaN(given.getTime()) || given > request.expiresAt ? request.expiresAt : given;
      return { checkoutId: a.id, paymentUrl: a.init_point, expiresAt };
    },

    /**
     * The order's payments, newest first (one per attempt: a declined card, then PIX...). One
     * approved means the order was paid (the oldest, when more were); otherwise the newest decides:
     * rejected or cancelled is declined, anything else still pending.
     */
    async paymentStatus({ reference }: CheckoutRef): Promise<PaymentStatus> {
      let answer: unknown;
      try {
        const query = new URLSearchParams({
          external_reference: reference,
          sort: 'date_created',
          criteria: 'desc',
          limit: String(MAX_PAYMENTS_READ),
        });
        answer = await call('GET', `/v1/payments/search?${query.toString()}`);
      } catch {
        throw new UpstreamError(PAYMENT_START_FAILED);
      }
      const results = isObject(answer) ? answer.results : undefined;
      if (!Array.isArray(results)) throw new UpstreamError(PAYMENT_START_FAILED);
      const events = results
        .filter(isObject)
        .filter((p) => p.external_reference === reference)
        .map((p) => eventOf(p))
        .filter((e): e is PaymentEvent => e !== null);
      const paid = events.filter((e) => e.state === 'paid').at(-1);
      if (paid)
        return {
          state: 'paid',
          paymentId: paid.paymentId,
          amountCents: paid.amountCents,
          method: paid.method ?? null,
          ...withInstallments(paid.installments ?? null),
        };
      const newest = events[0];
      if (!newest) return { state: 'pending', paymentId: null, amountCents: null };
      return { state: newest.state, paymentId: newest.paymentId, amountCents: null };
    },

    /**
     * The signature first (nothing is asked of Mercado Pago for a notification that does not
     * verify), then the payment it names, read from Mercado Pago: a notification carries no
     * status. Signed but about another topic (a merchant order, a chargeback the owners switched
     * on): answered 200 and left alone, since Mercado Pago retries anything else forever; a
     * payment topic without a usable id: refused as unreadable. Mercado Pago down: throws
     * UpstreamError (502), so the notification is delivered again.
     */
    async verifyNotification({ rawBody, headers, query }): Promise<NotificationCheck> {
      const signature = signatureParts(headers[MERCADOPAGO_SIGNATURE_HEADER]);
      if (!signature) return { ok: false, reason: 'assinatura' };
      const dataId = query['data.id'] || undefined;
      const expected = signMercadoPagoNotification(webhookSecret, {
        dataId,
        requestId: headerOf(headers, MERCADOPAGO_REQUEST_ID_HEADER),
        ts: signature.ts,
      });
      if (!sameSecret(signature.v1.toLowerCase(), expected)) {
        return { ok: false, reason: 'assinatura' };
      }
      const topic = query.type ?? query.topic ?? topicOf(rawBody);
      if (topic !== 'payment') return { ok: true, event: null };
      if (!dataId || idOf(dataId) === null) return { ok: false, reason: 'invalida' };
      return { ok: true, event: await readPayment(dataId) };
    },

    /**
     * `GET /users/me` (the account the token belongs to): read-only, needs the bearer, so an
     * answer also says whether the token is still accepted. A short limit: a sweep waits on it.
     */
    /** The preference's validity ends now (`PUT /checkout/preferences/{id}`): no more payments. */
    async closeCheckout(checkoutId: string) {
      try {
        const res = await doFetch(
          `${apiUrl}/checkout/preferences/${encodeURIComponent(checkoutId)}`,
          {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${accessToken}`,
              'content-type': 'application/json',
              accept: 'application/json',
            },
            body: JSON.stringify({ expires: true, expiration_date_to: brasiliaTime(new Date()) }),
            signal: AbortSignal.timeout(timeoutMs),
          },
        );
        await res.body?.cancel();
      } catch {
        // Left to expire on its own (see the interface).
      }
    },

    checkReachability: () =>
      probeWithBearer(doFetch, `${apiUrl}/users/me`, accessToken, reachabilityTimeoutMs),
  };
}

/** The body's `type` (`payment`...), when the query does not say. */
function topicOf(rawBody: string): string | undefined {
  try {
    const body: unknown = JSON.parse(rawBody);
    return isObject(body) && typeof body.type === 'string' ? body.type : undefined;
  } catch {
    return undefined;
  }
}
