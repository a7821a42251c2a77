/**
 * The payment provider's FAKE FOR TESTS (src/integrations/payments: interface provider.ts, real
 * client mercadopago.ts): a test starts it and points MERCADOPAGO_API_URL
 * (`mercadopago.apiUrl`) at its URL.
 *
 * A local fake of Mercado Pago's API as Checkout Pro uses it, answering in its shapes:
 * `POST /checkout/preferences` (a preference with its `init_point`, after checking the bearer),
 * `GET /v1/payments/{id}`, `GET /v1/payments/search` (by `external_reference`, sorted by
 * `date_created`) and `GET /users/me`. It keeps what it received, can fail (500, hang until the
 * caller gives up, an answer that is not JSON or has no `init_point`), takes a payment on a
 * preference the way a shopper would on its page (`pay`), and builds the signed Webhooks
 * notification Mercado Pago would send about it (`notification`).
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signMercadoPagoNotification } from '../src/integrations/payments/mercadopago.js';
import { readBody, sendJson } from './fake-http.js';

/**
 * ok: answers like Mercado Pago; error: 500; hang: never answers; garbage: 200 with a body that is
 * not JSON; no-init-point: a preference without its `init_point`.
 */
export type FakeMercadoPagoMode = 'ok' | 'error' | 'hang' | 'garbage' | 'no-init-point';

export type FakePaymentStatus = 'approved' | 'pending' | 'in_process' | 'rejected' | 'cancelled';

export interface FakePayment {
  id: number;
  status: FakePaymentStatus;
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: 'BRL';
  payment_method_id: string;
  payment_type_id: string;
  date_created: string;
  date_approved: string | null;
  live_mode: boolean;
  installments: number;
  /** Not Mercado Pago's: the preference it was paid on (Mercado Pago keeps it elsewhere). */
  preferenceId: string | null;
}

export interface FakePreference {
  id: string;
  body: Record<string, unknown>;
}

/** A notification as the store's webhook route receives it. */
export interface FakeNotification {
  query: Record<string, string>;
  headers: Record<string, string>;
  rawBody: string;
  /** `/api/webhooks/mercadopago/?data.id=…&type=…`: the store's path with this query. */
  url: string;
}

export interface FakeMercadoPago {
  url: string;
  accessToken: string;
  webhookSecret: string;
  mode: FakeMercadoPagoMode;
  /** Every request: method, path, query, authorization and idempotency headers, parsed body. */
  requests: {
    method: string;
    path: string;
    query: Record<string, string>;
    authorization?: string;
    idempotencyKey?: string;
    body: unknown;
  }[];
  preferences: Map<string, FakePreference>;
  payments: Map<number, FakePayment>;
  /**
   * A payment on the preference, as her attempt on its page: pix or card, approved by default,
   * for the preference's total unless `amountCents` says otherwise.
   */
  pay(
    preferenceId: string,
    options?: {
      status?: FakePaymentStatus;
      /** 'account_money': the balance of her Mercado Pago account (neither PIX nor a card). */
      method?: 'pix' | 'cartao' | 'account_money';
      amountCents?: number;
    },
  ): FakePayment;
  /**
   * The Webhooks notification Mercado Pago sends about a payment, signed with the secret (or
   * `secret`); `requestId: null` sends no `x-request-id`, `type` another topic.
   */
  notification(
    paymentId: number | string,
    options?: { secret?: string; requestId?: string | null; ts?: string; type?: string },
  ): FakeNotification;
  close(): Promise<void>;
}

/** Mercado Pago's error body. */
const problem = (status: number, error: string, message: string) => ({
  message,
  error,
  status,
  cause: [],
});

/** The preference's total in centavos: its lines (and `shipments.cost`, when given). */
function totalOf(body: Record<string, unknown>): number {
  const items = (body.items ?? []) as { unit_price: number; quantity: number }[];
  const cost = (body.shipments as { cost?: number } | undefined)?.cost ?? 0;
  return (
    items.reduce((sum, i) => sum + Math.round(i.unit_price * 100) * i.quantity, 0) +
    Math.round(cost * 100)
  );
}

export async function startFakeMercadoPago(
  options: { accessToken?: string; webhookSecret?: string } = {},
): Promise<FakeMercadoPago> {
  const accessToken = options.accessToken ?? 'APP_USR-fake-mercadopago-token';
  const webhookSecret = options.webhookSecret ?? 'fake-mercadopago-webhook-secret';
  const hanging = new Set<ServerResponse>();
  const collectorId = 1_234_567_890;
  let nextPaymentId = 1_300_000_001;
  /** Each payment a second after the last: `date_created` orders them. */
  let clock = Date.parse('2026-01-10T12:00:00.000Z');
  const fake = {
    url: '',
    accessToken,
    webhookSecret,
    mode: 'ok' as FakeMercadoPagoMode,
    requests: [] as FakeMercadoPago['requests'],
    preferences: new Map<string, FakePreference>(),
    payments: new Map<number, FakePayment>(),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      const idempotencyKey = req.headers['x-idempotency-key'];
      fake.requests.push({
        method: req.method ?? '',
        path,
        query: Object.fromEntries(url.searchParams),
        authorization: req.headers.authorization,
        ...(typeof idempotencyKey === 'string' ? { idempotencyKey } : {}),
        body,
      });
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error') return sendJson(res, 500, problem(500, 'internal_error', 'Oops'));
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Serviço indisponível</body></html>');
      }
      if (req.headers.authorization !== `Bearer ${accessToken}`) {
        return sendJson(res, 401, problem(401, 'unauthorized', 'invalid access token'));
      }
      if (req.method === 'POST' && path === '/checkout/preferences') {
        const id = `${collectorId}-${randomUUID()}`;
        const b = body as Record<string, unknown>;
        fake.preferences.set(id, { id, body: b });
        return sendJson(res, 201, {
          ...b,
          id,
          collector_id: collectorId,
          client_id: '6295877106812064',
          date_created: new Date(clock).toISOString().replace('Z', '-03:00'),
          operation_type: 'regular_payment',
          site_id: 'MLB',
          ...(fake.mode === 'no-init-point'
            ? {}
            : {
                init_point: `https://www.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
                sandbox_init_point: `https://sandbox.mercadopago.com.br/checkout/v1/redirect?pref_id=${id}`,
              }),
        });
      }
      const preference = /^\/checkout\/preferences\/([^/]+)$/.exec(path);
      if (req.method === 'PUT' && preference) {
        const found = fake.preferences.get(decodeURIComponent(preference[1]!));
        if (!found) return sendJson(res, 404, problem(404, 'not_found', 'preference not found'));
        found.body = { ...found.body, ...(body as Record<string, unknown>) };
        return sendJson(res, 200, { ...found.body, id: found.id });
      }
      if (req.method === 'GET' && path === '/v1/payments/search') {
        const reference = url.searchParams.get('external_reference');
        const descending = url.searchParams.get('criteria') !== 'asc';
        const limit = Number(url.searchParams.get('limit') ?? 30);
        const found = [...fake.payments.values()]
          .filter((p) => reference === null || p.external_reference === reference)
          .sort((a, b) => (a.date_created < b.date_created ? -1 : 1));
        if (descending) found.reverse();
        return sendJson(res, 200, {
          paging: { total: found.length, limit, offset: 0 },
          results: found.slice(0, limit).map(publicPayment),
        });
      }
      const payment = /^\/v1\/payments\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && payment) {
        const p = fake.payments.get(Number(payment[1]));
        if (!p) return sendJson(res, 404, problem(404, 'not_found', 'Payment not found'));
        return sendJson(res, 200, publicPayment(p));
      }
      if (req.method === 'GET' && path === '/users/me') {
        return sendJson(res, 200, {
          id: collectorId,
          nickname: 'DUASIRMASSEMIJOIAS',
          site_id: 'MLB',
          country_id: 'BR',
          email: 'contato@duasirmassemijoias.com.br',
        });
      }
      return sendJson(res, 404, problem(404, 'not_found', 'resource not found'));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function publicPayment(p: FakePayment) {
    const { preferenceId: _preferenceId, ...rest } = p;
    return {
      ...rest,
      collector_id: collectorId,
      payment_method: { id: p.payment_method_id, type: p.payment_type_id },
      transaction_details: {
        total_paid_amount: p.transaction_amount,
        net_received_amount: p.transaction_amount,
        installment_amount: p.transaction_amount / p.installments,
      },
    };
  }

  return Object.assign(fake, {
    pay(
      preferenceId: string,
      payOptions: {
        status?: FakePaymentStatus;
        method?: 'pix' | 'cartao' | 'account_money';
        amountCents?: number;
      } = {},
    ): FakePayment {
      const preference = fake.preferences.get(preferenceId);
      if (!preference) throw new Error(`fake mercadopago: no preference ${preferenceId}`);
      const status = payOptions.status ?? 'approved';
      const method = payOptions.method ?? 'pix';
      const pix = method === 'pix';
      clock += 1000;
      const created = new Date(clock).toISOString().replace('Z', '-03:00');
      const p: FakePayment = {
        id: nextPaymentId++,
        status,
        status_detail: {
          approved: 'accredited',
          pending: 'pending_waiting_transfer',
          in_process: 'pending_contingency',
          rejected: 'cc_rejected_other_reason',
          cancelled: 'expired',
        }[status],
        external_reference:
          typeof preference.body.external_reference === 'string'
            ? preference.body.external_reference
            : null,
        transaction_amount: (payOptions.amountCents ?? totalOf(preference.body)) / 100,
        currency_id: 'BRL',
        payment_method_id: pix ? 'pix' : method === 'account_money' ? 'account_money' : 'master',
        payment_type_id: pix
          ? 'bank_transfer'
          : method === 'account_money'
            ? 'account_money'
            : 'credit_card',
        date_created: created,
        date_approved: status === 'approved' ? created : null,
        live_mode: false,
        installments: 1,
        preferenceId,
      };
      fake.payments.set(p.id, p);
      return p;
    },

    notification(
      paymentId: number | string,
      notifyOptions: {
        secret?: string;
        requestId?: string | null;
        ts?: string;
        type?: string;
      } = {},
    ): FakeNotification {
      const dataId = String(paymentId);
      const type = notifyOptions.type ?? 'payment';
      const requestId =
        notifyOptions.requestId === undefined ? randomUUID() : notifyOptions.requestId;
      // Milliseconds, as the current docs' example.
      const ts = notifyOptions.ts ?? String(Date.now());
      const v1 = signMercadoPagoNotification(notifyOptions.secret ?? webhookSecret, {
        dataId,
        requestId: requestId ?? undefined,
        ts,
      });
      const rawBody = JSON.stringify({
        action: `${type}.updated`,
        api_version: 'v1',
        data: { id: dataId },
        date_created: new Date().toISOString(),
        id: Math.floor(Math.random() * 1e11),
        live_mode: false,
        type,
        user_id: String(collectorId),
      });
      // Mercado Pago adds its parameters to the preference's notification_url (its own query,
      // `source_news=webhooks`, kept).
      const preferenceId = fake.payments.get(Number(dataId))?.preferenceId;
      const notificationUrl = preferenceId
        ? fake.preferences.get(preferenceId)?.body.notification_url
        : undefined;
      const query: Record<string, string> = {
        ...(typeof notificationUrl === 'string'
          ? Object.fromEntries(new URL(notificationUrl).searchParams)
          : {}),
        'data.id': dataId,
        type,
      };
      return {
        query,
        headers: {
          'content-type': 'application/json',
          'x-signature': `ts=${ts},v1=${v1}`,
          ...(requestId === null ? {} : { 'x-request-id': requestId }),
        },
        rawBody,
        url: `/api/webhooks/mercadopago/?${new URLSearchParams(query).toString()}`,
      };
    },

    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
