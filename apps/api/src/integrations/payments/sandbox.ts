/**
 * The payment provider's FAKE FOR THE APP: `createSandboxProvider`, the sandbox (PAYMENT_PROVIDER=
 * sandbox, the default; no account needed, no money moves). Interface `PaymentProvider`
 * (provider.ts); the real client is pagbank.ts.
 *
 * Its "hosted page" is served by this store (sandbox-page.ts, beside this file), its records live
 * in `sandbox_checkouts`, and it notifies the store like PagBank does: a signed POST to the
 * notification URL, here signed with SANDBOX_WEBHOOK_SECRET (`x-sandbox-signature: sha256=<hex
 * HMAC-SHA256 of the raw body>`). Orders paid through it are always marked as test payments.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { sameSecret } from '../../lib/secrets.js';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sandboxCheckouts } from '../../db/schema.js';
import type {
  CheckoutRef,
  CheckoutRequest,
  HostedCheckout,
  PaymentEvent,
  PaymentProvider,
  PaymentStatus,
} from './provider.js';
import { installmentsFrom } from './provider.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_PROVIDER_NAME = 'sandbox';

/**
 * Whether an order's money is make-believe: paid, or to be paid, through the sandbox,
 * so the owners must never ship it. An order that has not reached the payment page has no
 * provider yet: the store's current one (`storeProvider`, when the caller knows it) decides.
 */
export function isTestPayment(orderProvider: string | null, storeProvider?: string): boolean {
  return (orderProvider ?? storeProvider) === SANDBOX_PROVIDER_NAME;
}

/** The body of a sandbox notification. */
export interface SandboxNotification {
  event_id: string;
  checkout_id: string;
  reference: string;
  status: 'paid' | 'declined';
  payment_id: string;
  amount_cents: number;
  method: 'card' | 'pix';
  /** For a card: the installments picked on the page. */
  installments?: number;
}

export function signSandboxBody(secret: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

function readEvent(rawBody: string): PaymentEvent | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (body === null || typeof body !== 'object') return null;
  const n = body as Partial<SandboxNotification>;
  if (
    typeof n.event_id !== 'string' ||
    typeof n.reference !== 'string' ||
    (n.status !== 'paid' && n.status !== 'declined') ||
    typeof n.payment_id !== 'string' ||
    typeof n.amount_cents !== 'number' ||
    !Number.isSafeInteger(n.amount_cents)
  ) {
    return null;
  }
  return {
    eventKey: n.event_id,
    reference: n.reference,
    state: n.status,
    paymentId: n.payment_id,
    amountCents: n.amount_cents,
    checkoutId: typeof n.checkout_id === 'string' ? n.checkout_id : null,
    method: n.method === 'pix' ? 'pix' : n.method === 'card' ? 'cartao' : null,
    installments: n.method === 'card' ? installmentsFrom(n.installments) : null,
  };
}

export function createSandboxProvider(options: {
  db: Db;
  publicUrl: string;
  secret: string;
}): PaymentProvider {
  const { db, publicUrl, secret } = options;
  const signedBy = (rawBody: string, headers: Record<string, string | string[] | undefined>) => {
    const given = headers[SANDBOX_SIGNATURE_HEADER];
    return typeof given === 'string' && sameSecret(given, signSandboxBody(secret, rawBody));
  };
  return {
    name: SANDBOX_PROVIDER_NAME,

    async createCheckout(request: CheckoutRequest): Promise<HostedCheckout> {
      const id = randomUUID();
      await db.insert(sandboxCheckouts).values({
        id,
        orderReference: request.reference,
        amountCents: request.totalCents,
        payload: request,
        redirectUrl: request.redirectUrl,
        notificationUrl: request.notificationUrl,
        expiresAt: request.expiresAt,
      });
      return {
        checkoutId: id,
        paymentUrl: `${publicUrl}/sandbox/checkout/${id}`,
        expiresAt: request.expiresAt,
      };
    },

    async paymentStatus({ checkoutId }: CheckoutRef): Promise<PaymentStatus> {
      const [row] = await db
        .select()
        .from(sandboxCheckouts)
        .where(eq(sandboxCheckouts.id, checkoutId));
      if (!row || row.status === 'pending')
        return { state: 'pending', paymentId: null, amountCents: null };
      return {
        state: row.status === 'paid' ? 'paid' : 'declined',
        paymentId: row.paymentId,
        amountCents: row.status === 'paid' ? row.amountCents : null,
      };
    },

    async verifyNotification({ rawBody, headers }) {
      if (!signedBy(rawBody, headers)) return { ok: false, reason: 'assinatura' };
      const event = readEvent(rawBody);
      return event ? { ok: true, event } : { ok: false, reason: 'invalida' };
    },

    /** Its page then says the link expired, and it takes no result. */
    async closeCheckout(checkoutId: string) {
      await db
        .update(sandboxCheckouts)
        .set({ expiresAt: new Date(), updatedAt: new Date() })
        .where(and(eq(sandboxCheckouts.id, checkoutId), eq(sandboxCheckouts.status, 'pending')))
        .catch(() => undefined);
    },

    // Served by this very process: reachable whenever the store is.
    async checkReachability() {
      return 'ok' as const;
    },
  };
}
