/**
 * The payment provider's INTERFACE, `PaymentProvider`: the seam between the store and whoever
 * takes the money (ARCHITECTURE "payments"): create a hosted checkout for an order, read what
 * happened to it, and verify and read a notification. Amounts are integer centavos; the store
 * computed them all.
 *
 * - Real clients: `createPagBankProvider` (pagbank.ts), PAYMENT_PROVIDER=pagbank;
 *   `createMercadoPagoProvider` (mercadopago.ts), PAYMENT_PROVIDER=mercadopago.
 * - Fake for the app: `createSandboxProvider` (sandbox.ts) with its hosted page (sandbox-page.ts),
 *   PAYMENT_PROVIDER=sandbox, the default.
 * - Fakes for tests: local servers answering like PagBank's Checkout API (test/fake-pagbank.ts,
 *   PAGBANK_API_URL) and Mercado Pago's API (test/fake-mercadopago.ts, MERCADOPAGO_API_URL).
 *
 * `createPaymentProvider` (index.ts) picks one from PAYMENT_PROVIDER.
 */

import type { PaymentMethod } from '@semijoias/domain/payment-terms';

export type PaymentProviderName = 'sandbox' | 'pagbank' | 'mercadopago';

export interface CheckoutItem {
  /** The product id, as text. */
  referenceId: string;
  name: string;
  quantity: number;
  unitAmountCents: number;
}

export interface CheckoutRequest {
  /** The order's reference: the provider's `reference_id`. */
  reference: string;
  customer: {
    name: string;
    email: string;
    /** CPF, 11 digits. */
    taxId: string;
    /** 10 or 11 digits, area code first. */
    phone: string;
  };
  items: CheckoutItem[];
  shippingCents: number;
  discountCents: number;
  /** Items minus discount plus shipping: what the shopper pays. */
  totalCents: number;
  /** The hosted checkout stops taking payments at this instant (before the order's deadline). */
  expiresAt: Date;
  /** Where the browser goes after paying: the store's return page for this order. */
  redirectUrl: string;
  /** The store's `POST /api/webhooks/{provider}/`. */
  notificationUrl: string;
  /**
   * What she chose at checkout: the page offers only that. Null for an order placed before the
   * choice existed: the page offers both, as it did then.
   */
  method: PaymentMethod | null;
  /**
   * For a card: the most installments the page offers and how many carry no interest (the
   * owners' settings when the order was placed). Null: the provider's own defaults.
   */
  installments: { max: number; interestFree: number } | null;
}

export interface HostedCheckout {
  /** The provider's id of the checkout (PagBank `CHEC_…`). */
  checkoutId: string;
  /** The page the browser is sent to (PagBank: the `links` entry with `rel: "PAY"`). */
  paymentUrl: string;
  expiresAt: Date;
}

/** Where a payment stands at the provider. */
export type PaymentState = 'pending' | 'paid' | 'declined';

export interface PaymentStatus {
  state: PaymentState;
  /** The provider's payment (charge) id once there is one. */
  paymentId: string | null;
  /** What was paid, when paid. */
  amountCents: number | null;
  /** How it was paid, when the provider says. */
  method?: PaymentMethod | null;
  /** For a card: the installments she chose (1 for 'à vista'), when the provider says. */
  installments?: number | null;
}

/** A notification that verified, read into what the store needs. */
export interface PaymentEvent {
  /** Identifies this event at the provider: the same event delivered twice has the same key. */
  eventKey: string;
  /** The order's reference (`reference_id`). */
  reference: string;
  state: PaymentState;
  paymentId: string | null;
  amountCents: number | null;
  /** The hosted checkout the event belongs to, when the provider says (the sandbox does). */
  checkoutId?: string | null;
  /** How it was paid, when the provider says. */
  method?: PaymentMethod | null;
  /** For a card: the installments she chose (1 for 'à vista'), when the provider says. */
  installments?: number | null;
}

/** A notification as it reached `POST /api/webhooks/{provider}/`. */
export interface IncomingNotification {
  /** The body exactly as it came: signatures are computed over it. */
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  /** The URL's query (Mercado Pago names the payment there: `data.id`, `type`). */
  query: Record<string, string | undefined>;
}

/**
 * What the provider made of a notification: the event to apply, or why it was refused (its
 * signature; or signed, a body it cannot read), counted for the owners' health page.
 */
export type NotificationCheck =
  | { ok: true; event: PaymentEvent }
  /** Signed, about something the store does not follow (Mercado Pago's other topics): 200. */
  | { ok: true; event: null }
  | { ok: false; reason: 'assinatura' | 'invalida' };

/** The checkout a status is asked for (the sweeper's question). */
export interface CheckoutRef {
  checkoutId: string;
  /** The order's reference (Mercado Pago finds payments by it). */
  reference: string;
}

/**
 * Whether the provider answers now (the owners' health page): 'credentials_refused'
 * when it answers but refuses the store's credentials (a wrong or revoked token).
 */
export type ProviderReachability = 'ok' | 'unreachable' | 'credentials_refused';

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws UpstreamError (a fixed Portuguese text) when the provider fails or refuses. */
  createCheckout(request: CheckoutRequest): Promise<HostedCheckout>;
  /** What happened to a checkout (the sweeper asks when no notification came). */
  paymentStatus(checkout: CheckoutRef): Promise<PaymentStatus>;
  /**
   * Verifies a notification (its signature, against the raw body) and reads it. Never throws for
   * a bad notification: it answers why it refused it.
   */
  verifyNotification(notification: IncomingNotification): Promise<NotificationCheck>;
  /**
   * Stops a hosted checkout from taking payments (a retry switched the order's way of
   * paying). Best effort, never throws: a checkout left open expires on its own, and a payment
   * through it carries the old amount or method, which the store does not take as the order's.
   */
  closeCheckout?(checkoutId: string): Promise<void>;
  /**
   * Asks the provider, with a short time limit, whether it answers; never throws. Optional
   * (fakes in tests): the health page then says it cannot tell.
   */
  checkReachability?(): Promise<ProviderReachability>;
}

/** A card's installments as a provider reports them: a whole number from 1 to 24, else unknown. */
export function installmentsFrom(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 24 ? n : null;
}

/** `installments` on an event or status only when known (a card's): PIX's carry none. */
export function withInstallments(installments: number | null): { installments?: number } {
  return installments === null ? {} : { installments };
}
