/**
 * The payment provider's FAKE FOR TESTS (src/integrations/payments: interface provider.ts, real
 * client pagbank.ts): a test starts it and points PAGBANK_API_URL (`pagbank.apiUrl`) at its URL.
 *
 * A local fake of PagBank's Checkout API for the API tests, answering in the shapes of PagBank's
 * pages: `POST /checkouts` ('Criar checkout': the checkout object with its `links`, PAY first,
 * after checking the bearer), `GET /checkouts/{id}` (the checkout with its `orders`),
 * `GET /orders/{id}` ('Consultar pedido': the order with its `charges`, each with its
 * `payment_method`) and `GET /public-keys?type=webhook` ('Validação de autenticidade': its ECDSA
 * P-256 webhook key, `public_key` the Base64 of the DER key). It keeps every request (the checkout
 * bodies among them), can fail (500, hang until the caller gives up, an answer that is not JSON
 * or has no `PAY` link), and marks a checkout paid or declined the way PagBank would, building the
 * notification the store's webhook receives, signed both ways (`x-authenticity-token` with the
 * token, `x-payload-signature` with its private key) or one of them. `signPayload` signs any body
 * with its key; `rotateKey` replaces the key pair, as PagBank may. Each attempt to pay a checkout is
 * an order (`ORDE_…`) with its charges (`CHAR_…`); the checkout lists its orders.
 */
import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPagBankBody } from '../src/integrations/payments/pagbank.js';
import { readBody, sendJson } from './fake-http.js';

/**
 * ok: answers like PagBank; error: 500; hang: never answers; garbage: 200 with a body that is not
 * JSON; no-pay-link: a checkout without its `PAY` link.
 */
export type FakePagBankMode = 'ok' | 'error' | 'hang' | 'garbage' | 'no-pay-link';

/** How a charge was paid (`payment_method.type`). */
export type FakePagBankMethod = 'PIX' | 'CREDIT_CARD';

/** Which signatures a notification carries: both (the default), or only one. */
export type FakePagBankSignedWith = 'both' | 'token' | 'ecdsa';

interface FakeCharge {
  id: string;
  status: 'PAID' | 'DECLINED';
  amountCents: number | undefined;
  method: FakePagBankMethod;
  createdAt: string;
}

interface FakeCheckout {
  id: string;
  body: Record<string, unknown>;
  createdAt: string;
  /** The attempts to pay it, oldest first. */
  orders: { id: string; createdAt?: string; charges: FakeCharge[] }[];
  /** Set by `POST /checkouts/{id}/inactivate`: it takes no more payments. */
  inactive?: boolean;
}

export interface FakePagBank {
  url: string;
  token: string;
  mode: FakePagBankMode;
  /** Every request: method, path, query (without `?`), authorization header and parsed body. */
  requests: {
    method: string;
    path: string;
    query: string;
    authorization?: string;
    body: unknown;
  }[];
  checkouts: Map<string, FakeCheckout>;
  /** The bodies of the checkouts it was asked to create, oldest first. */
  checkoutBodies(): Record<string, unknown>[];
  /** The webhook public key it serves now, as `public_key` (Base64 of the DER SPKI key). */
  publicKey(): string;
  /** Base64 of the DER ECDSA (SHA-256) signature of a raw body, with the current private key. */
  signPayload(raw: string): string;
  /** A new key pair: what the old one signed no longer verifies with the key it serves. */
  rotateKey(): void;
  /**
   * Adds a charge to the checkout's latest order (or to a new order: another attempt) and answers
   * the notification PagBank would send: raw body and headers. The charge is paid with `method`
   * (by default the checkout's only method, PIX when it offered both).
   */
  settle(
    checkoutId: string,
    status: 'PAID' | 'DECLINED',
    amountCents?: number,
    options?: {
      newOrder?: boolean;
      method?: FakePagBankMethod;
      signedWith?: FakePagBankSignedWith;
    },
  ): { raw: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function ecdsaKeyPair() {
  return generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
}

/** Brasília's offset, as PagBank writes its instants. */
function pagBankInstant(at = new Date()): string {
  return new Date(at.getTime() - 3 * 3600_000).toISOString().replace('Z', '-03:00');
}

export async function startFakePagBank(token = 'fake-pagbank-token'): Promise<FakePagBank> {
  const hanging = new Set<ServerResponse>();
  let keys: { publicKey: KeyObject; privateKey: KeyObject } = ecdsaKeyPair();
  const fake = {
    url: '',
    token,
    mode: 'ok' as FakePagBankMode,
    requests: [] as FakePagBank['requests'],
    checkouts: new Map<string, FakeCheckout>(),
  };
  const publicKey = () => keys.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  const signPayload = (raw: string) =>
    sign('sha256', Buffer.from(raw, 'utf8'), { key: keys.privateKey, dsaEncoding: 'der' }).toString(
      'base64',
    );

  /** The checkout object, as 'Criar checkout' answers it and the 'Webhooks' page shows it. */
  function checkoutOf(c: FakeCheckout) {
    const b = c.body;
    const links = [
      {
        rel: 'PAY',
        href: `https://pagamento.sandbox.pagbank.test/pagamento?code=${c.id}`,
        method: 'GET',
      },
      { rel: 'SELF', href: `${fake.url}/checkouts/${c.id}`, method: 'GET' },
      { rel: 'INACTIVATE', href: `${fake.url}/checkouts/${c.id}/inactivate`, method: 'POST' },
    ];
    return {
      id: c.id,
      reference_id: b.reference_id,
      expiration_date: b.expiration_date,
      created_at: c.createdAt,
      status: 'ACTIVE',
      customer: b.customer,
      customer_modifiable: b.customer_modifiable ?? true,
      items: b.items,
      additional_amount: b.additional_amount ?? 0,
      discount_amount: b.discount_amount ?? 0,
      shipping: b.shipping,
      payment_methods: b.payment_methods,
      ...(b.payment_methods_configs ? { payment_methods_configs: b.payment_methods_configs } : {}),
      redirect_url: b.redirect_url,
      notification_urls: b.notification_urls,
      payment_notification_urls: b.payment_notification_urls,
      links: fake.mode === 'no-pay-link' ? links.filter((l) => l.rel !== 'PAY') : links,
    };
  }

  /** `payment_method` of a charge, as the order shows it. */
  function paymentMethodOf(method: FakePagBankMethod, holder: string) {
    if (method === 'PIX') return { type: 'PIX' };
    return {
      type: 'CREDIT_CARD',
      installments: 1,
      capture: true,
      card: {
        brand: 'visa',
        first_digits: '411111',
        last_digits: '1111',
        exp_month: '12',
        exp_year: '2030',
        holder: { name: holder },
      },
    };
  }

  /** An order with its charges, as 'Consultar pedido' and the 'Webhooks' page show it. */
  function orderOf(c: FakeCheckout, o: FakeCheckout['orders'][number]) {
    const body = c.body as {
      reference_id?: string;
      customer?: { name?: string; email?: string; tax_id?: string };
      items?: { reference_id?: string; name?: string; unit_amount: number; quantity: number }[];
    };
    const items = body.items ?? [];
    const total =
      items.reduce((acc, i) => acc + i.unit_amount * i.quantity, 0) -
      Number(c.body.discount_amount ?? 0) +
      Number((c.body.shipping as { amount?: number } | undefined)?.amount ?? 0);
    return {
      id: o.id,
      reference_id: body.reference_id,
      created_at: o.createdAt ?? c.createdAt,
      customer: body.customer,
      items: items.map((i) => ({
        reference_id: i.reference_id,
        name: i.name,
        quantity: i.quantity,
        unit_amount: i.unit_amount,
      })),
      charges: o.charges.map((charge) => {
        const value = charge.amountCents ?? total;
        const paid = charge.status === 'PAID';
        return {
          id: charge.id,
          reference_id: body.reference_id,
          status: charge.status,
          created_at: charge.createdAt,
          ...(paid ? { paid_at: charge.createdAt } : {}),
          amount: {
            value,
            currency: 'BRL',
            summary: { total: value, paid: paid ? value : 0, refunded: 0 },
          },
          payment_response: paid
            ? { code: '20000', message: 'SUCESSO', reference: String(Date.now()) }
            : { code: '20007', message: 'NAO AUTORIZADO' },
          payment_method: paymentMethodOf(charge.method, body.customer?.name ?? ''),
          links: [
            {
              rel: 'SELF',
              href: `${fake.url}/charges/${charge.id}`,
              media: 'application/json',
              type: 'GET',
            },
          ],
        };
      }),
      notification_urls: c.body.notification_urls,
      links: [
        {
          rel: 'SELF',
          href: `${fake.url}/orders/${o.id}`,
          media: 'application/json',
          type: 'GET',
        },
      ],
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const [path = '/', query = ''] = (req.url ?? '/').split('?');
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      fake.requests.push({
        method: req.method ?? '',
        path,
        query,
        authorization: req.headers.authorization,
        body,
      });
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error')
        return sendJson(res, 500, { error_messages: [{ code: 'internal' }] });
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Serviço indisponível</body></html>');
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return sendJson(res, 401, { error_messages: [{ code: 'UNAUTHORIZED' }] });
      }
      if (req.method === 'POST' && path === '/checkouts') {
        const id = `CHEC_${randomUUID().toUpperCase()}`;
        const c = {
          id,
          body: body as Record<string, unknown>,
          createdAt: pagBankInstant(),
          orders: [],
        };
        fake.checkouts.set(id, c);
        return sendJson(res, 201, checkoutOf(c));
      }
      if (
        req.method === 'GET' &&
        path === '/public-keys' &&
        new URLSearchParams(query).get('type') === 'webhook'
      ) {
        return sendJson(res, 200, { public_key: publicKey(), created_at: Date.now() });
      }
      const inactivate = /^\/checkouts\/([^/]+)\/inactivate$/.exec(path);
      if (req.method === 'POST' && inactivate) {
        const c = fake.checkouts.get(decodeURIComponent(inactivate[1]!));
        if (!c) return sendJson(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
        c.inactive = true;
        return sendJson(res, 200, { ...checkoutOf(c), status: 'INACTIVE' });
      }
      const checkout = /^\/checkouts\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && checkout) {
        const c = fake.checkouts.get(decodeURIComponent(checkout[1]!));
        if (!c) return sendJson(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
        return sendJson(res, 200, {
          ...checkoutOf(c),
          orders: c.orders.map((o) => ({ id: o.id })),
        });
      }
      const order = /^\/orders\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && order) {
        for (const c of fake.checkouts.values()) {
          const o = c.orders.find((x) => x.id === order[1]);
          if (o) return sendJson(res, 200, orderOf(c, o));
        }
        return sendJson(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
      }
      return sendJson(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    checkoutBodies() {
      return fake.requests
        .filter((r) => r.method === 'POST' && r.path === '/checkouts')
        .map((r) => r.body as Record<string, unknown>);
    },
    publicKey,
    signPayload,
    rotateKey() {
      keys = ecdsaKeyPair();
    },
    settle(
      checkoutId: string,
      status: 'PAID' | 'DECLINED',
      amountCents?: number,
      options: {
        newOrder?: boolean;
        method?: FakePagBankMethod;
        signedWith?: FakePagBankSignedWith;
      } = {},
    ) {
      const c = fake.checkouts.get(checkoutId);
      if (!c) throw new Error(`fake pagbank: no checkout ${checkoutId}`);
      if (c.orders.length === 0 || options.newOrder)
        c.orders.push({
          id: `ORDE_${randomUUID().toUpperCase()}`,
          createdAt: pagBankInstant(),
          charges: [],
        });
      const offered = ((c.body.payment_methods ?? []) as { type?: string }[]).map((m) => m.type);
      const method =
        options.method ??
        (offered.length === 1 && offered[0] === 'CREDIT_CARD' ? 'CREDIT_CARD' : 'PIX');
      const o = c.orders[c.orders.length - 1]!;
      o.charges.push({
        id: `CHAR_${randomUUID().toUpperCase()}`,
        status,
        amountCents,
        method,
        createdAt: pagBankInstant(),
      });
      const raw = JSON.stringify(orderOf(c, o));
      const signedWith = options.signedWith ?? 'both';
      return {
        raw,
        headers: {
          'content-type': 'application/json',
          ...(signedWith === 'ecdsa'
            ? {}
            : { 'x-authenticity-token': signPagBankBody(token, raw) }),
          ...(signedWith === 'token' ? {} : { 'x-payload-signature': signPayload(raw) }),
        },
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
