/**
 * The payment provider's FAKE FOR TESTS (src/integrations/payments: interface provider.ts, real
 * client pagbank.ts): a test starts it and points PAGBANK_API_URL (`pagbank.apiUrl`) at its URL.
 *
 * A local fake of PagBank's Checkout API for the API tests: `POST /checkouts` (answers a
 * checkout with its `PAY` link, after checking the bearer), `GET /checkouts/{id}` and
 * `GET /orders/{id}`. It keeps what it received, can fail (500, hang until the caller gives up,
 * an answer that is not JSON or has no `PAY` link), and marks a checkout paid or declined the
 * way PagBank would, building the signed notification the store's webhook receives. Each attempt
 * to pay a checkout is an order (`ORDE_…`) with its charges (`CHAR_…`); the checkout lists its
 * orders.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signPagBankBody } from '../src/integrations/payments/pagbank.js';

/**
 * ok: answers like PagBank; error: 500; hang: never answers; garbage: 200 with a body that is not
 * JSON; no-pay-link: a checkout without its `PAY` link.
 */
export type FakePagBankMode = 'ok' | 'error' | 'hang' | 'garbage' | 'no-pay-link';

interface FakeCharge {
  id: string;
  status: 'PAID' | 'DECLINED';
  amountCents: number | undefined;
}

interface FakeCheckout {
  id: string;
  body: Record<string, unknown>;
  /** The attempts to pay it, oldest first. */
  orders: { id: string; charges: FakeCharge[] }[];
}

export interface FakePagBank {
  url: string;
  token: string;
  mode: FakePagBankMode;
  /** Every request: method, path, authorization header and parsed body. */
  requests: { method: string; path: string; authorization?: string; body: unknown }[];
  checkouts: Map<string, FakeCheckout>;
  /**
   * Adds a charge to the checkout's latest order (or to a new order: another attempt) and answers
   * the notification PagBank would send: raw body and headers.
   */
  settle(
    checkoutId: string,
    status: 'PAID' | 'DECLINED',
    amountCents?: number,
    options?: { newOrder?: boolean },
  ): { raw: string; headers: Record<string, string> };
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePagBank(token = 'fake-pagbank-token'): Promise<FakePagBank> {
  const hanging = new Set<ServerResponse>();
  const fake = {
    url: '',
    token,
    mode: 'ok' as FakePagBankMode,
    requests: [] as FakePagBank['requests'],
    checkouts: new Map<string, FakeCheckout>(),
  };

  function orderOf(c: FakeCheckout, o: FakeCheckout['orders'][number]) {
    const body = c.body as {
      reference_id?: string;
      items?: { unit_amount: number; quantity: number }[];
    };
    const items = body.items ?? [];
    const total =
      items.reduce((acc, i) => acc + i.unit_amount * i.quantity, 0) -
      Number(c.body.discount_amount ?? 0) +
      Number((c.body.shipping as { amount?: number } | undefined)?.amount ?? 0);
    return {
      id: o.id,
      reference_id: body.reference_id,
      checkout_id: c.id,
      charges: o.charges.map((charge) => {
        const value = charge.amountCents ?? total;
        return {
          id: charge.id,
          status: charge.status,
          amount: {
            value,
            currency: 'BRL',
            summary: { total: value, paid: charge.status === 'PAID' ? value : 0, refunded: 0 },
          },
        };
      }),
    };
  }

  const server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = (req.url ?? '/').split('?')[0]!;
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        body = raw;
      }
      fake.requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        body,
      });
      if (fake.mode === 'hang') {
        hanging.add(res);
        return;
      }
      if (fake.mode === 'error') return send(res, 500, { error_messages: [{ code: 'internal' }] });
      if (fake.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><body>Serviço indisponível</body></html>');
      }
      if (req.headers.authorization !== `Bearer ${token}`) {
        return send(res, 401, { error_messages: [{ code: 'UNAUTHORIZED' }] });
      }
      if (req.method === 'POST' && path === '/checkouts') {
        const id = `CHEC_${randomUUID().toUpperCase()}`;
        const b = body as Record<string, unknown>;
        fake.checkouts.set(id, { id, body: b, orders: [] });
        return send(res, 201, {
          id,
          reference_id: b.reference_id,
          status: 'ACTIVE',
          expiration_date: b.expiration_date,
          links: [
            { rel: 'SELF', href: `${fake.url}/checkouts/${id}`, method: 'GET' },
            ...(fake.mode === 'no-pay-link'
              ? []
              : [
                  {
                    rel: 'PAY',
                    href: `https://pagamento.sandbox.pagbank.test/pagamento?code=${id}`,
                    method: 'GET',
                  },
                ]),
          ],
        });
      }
      const checkout = /^\/checkouts\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && checkout) {
        const c = fake.checkouts.get(decodeURIComponent(checkout[1]!));
        if (!c) return send(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
        return send(res, 200, {
          id: c.id,
          reference_id: c.body.reference_id,
          status: 'ACTIVE',
          orders: c.orders.map((o) => ({ id: o.id })),
        });
      }
      const order = /^\/orders\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && order) {
        for (const c of fake.checkouts.values()) {
          const o = c.orders.find((x) => x.id === order[1]);
          if (o) return send(res, 200, orderOf(c, o));
        }
        return send(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
      }
      return send(res, 404, { error_messages: [{ code: 'NOT_FOUND' }] });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(fake, {
    settle(
      checkoutId: string,
      status: 'PAID' | 'DECLINED',
      amountCents?: number,
      options: { newOrder?: boolean } = {},
    ) {
      const c = fake.checkouts.get(checkoutId);
      if (!c) throw new Error(`fake pagbank: no checkout ${checkoutId}`);
      if (c.orders.length === 0 || options.newOrder)
        c.orders.push({ id: `ORDE_${randomUUID().toUpperCase()}`, charges: [] });
      const o = c.orders[c.orders.length - 1]!;
      o.charges.push({ id: `CHAR_${randomUUID().toUpperCase()}`, status, amountCents });
      const raw = JSON.stringify(orderOf(c, o));
      return {
        raw,
        headers: {
          'content-type': 'application/json',
          'x-authenticity-token': signPagBankBody(token, raw),
        },
      };
    },
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
