/**
 * The back office's Pedidos (docs/admin/orders.md): every call 401 / 403 / 200, the list's
 * filters, one order, and the actions — each one guarded statement: a wrong status is a 409 that
 * changes nothing, two owners clicking 'Enviado' at once ship once and mail once, two cancels at
 * once give the stock back once. With TEST_DATABASE_URL the concurrent calls run on several
 * PostgreSQL connections at once; on PGlite they interleave on one.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import { TRACKING_CODE_MESSAGES } from '@semijoias/domain/tracking-code';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { stockAndSales } from '../../../../test/checkout.js';
import { redeemedCoupon } from '../../../../test/factories.js';
import { testConfig, useTestApp } from '../../../../test/helpers.js';
import {
  catalogTail,
  insertOrder,
  orderByReference,
  orderOutbox,
  type TestOrderOptions,
} from '../../../../test/orders.js';
import { buildApp } from '../../../app.js';
import {
  auditLog,
  couponRedemptions,
  coupons,
  orders,
  paymentNotifications,
  products,
  stockMovements,
  users,
} from '../../../db/schema.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const takeProducts = catalogTail(() => ctx.database);

const VALID_CODE = 'AA473124829BR';
let owner: { token: string; userId: number; email: string };
let customer: { token: string; userId: number };

beforeAll(async () => {
  owner = await loggedInOwner(ctx.app, ctx.database);
  customer = await loggedInCustomer(ctx.app, ctx.database);
});

/** A paid order of the customer's on products of its own (2 units of the first, 1 of the other). */
async function paidOrder(options: TestOrderOptions = {}) {
  const productIds = await takeProducts(2, 10);
  return insertOrder(ctx.database, {
    userId: customer.userId,
    status: 'paid',
    productIds,
    ...options,
  });
}

const call = (method: 'GET' | 'POST', url: string, body?: unknown, token = owner.token) =>
  adminCall(ctx.app, token, method, url, body);

async function auditOf(reference: string) {
  return ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, reference)))
    .orderBy(auditLog.id);
}

describe('the door of every Pedidos call', () => {
  it('answers 401 without a session, 403 to a customer and 200 to an owner', async () => {
    const { order } = await paidOrder();
    const ref = order.reference;
    const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
      ['GET', '/api/admin/pedidos/'],
      ['GET', `/api/admin/pedidos/${ref}/`],
      ['POST', `/api/admin/pedidos/${ref}/em-andamento/`],
      ['POST', `/api/admin/pedidos/${ref}/enviado/`, { codigo_rastreio: VALID_CODE }],
      ['POST', `/api/admin/pedidos/${ref}/entregue/`],
      ['POST', `/api/admin/pedidos/${ref}/cancelar/`, { motivo: 'x' }],
      ['POST', `/api/admin/pedidos/${ref}/estorno-feito/`],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await adminCall(ctx.app, undefined, method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const refused = await adminCall(ctx.app, customer.token, method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ error: ADMIN_FORBIDDEN });
    }
    // Nothing the refused calls asked for happened.
    expect((await orderByReference(ctx.database, ref)).status).toBe('paid');
    // The owner goes through the whole life of the order.
    const ok = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await call(method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
      return res.json();
    };
    await ok('GET', '/api/admin/pedidos/');
    expect((await ok('GET', `/api/admin/pedidos/${ref}/`)).pedido.acoes).toEqual([
      'em_andamento',
      'enviado',
      'cancelar',
    ]);
    expect((await ok('POST', `/api/admin/pedidos/${ref}/em-andamento/`)).pedido).toMatchObject({
      status: 'in_progress',
      status_texto: 'Em andamento',
      acoes: ['enviado', 'cancelar'],
    });
    expect(
      (await ok('POST', `/api/admin/pedidos/${ref}/enviado/`, { codigo_rastreio: VALID_CODE }))
        .pedido,
    ).toMatchObject({ status: 'shipped', codigo_rastreio: VALID_CODE, acoes: ['entregue'] });
    expect((await ok('POST', `/api/admin/pedidos/${ref}/entregue/`)).pedido).toMatchObject({
      status: 'delivered',
      acoes: [],
    });
    const cancelled = await paidOrder();
    const r2 = cancelled.order.reference;
    expect(
      (await ok('POST', `/api/admin/pedidos/${r2}/cancelar/`, { motivo: 'Peça com defeito' }))
        .pedido,
    ).toMatchObject({
      status: 'refund_due',
      motivo_cancelamento: 'owner',
      motivo_texto: 'Peça com defeito',
      estorno: { valor_cents: cancelled.order.totalCents },
      acoes: ['estorno_feito'],
    });
    // Her side says the store cancelled it (her money goes back), not that it expired unpaid.
    const mine = async () =>
      (await adminCall(ctx.app, customer.token, 'GET', `/api/orders/${r2}/`)).json();
    expect(await mine()).toMatchObject({
      status: 'Pagamento a estornar',
      cancelado_pela_loja: true,
      estornado_em: null,
    });
    const refunded = (await ok('POST', `/api/admin/pedidos/${r2}/estorno-feito/`)).pedido;
    expect(refunded).toMatchObject({ status: 'cancelled', acoes: [] });
    expect(refunded.estornado_em).not.toBeNull();
    expect(await mine()).toMatchObject({ status: 'Cancelado', cancelado_pela_loja: true });
    expect((await mine()).estornado_em).not.toBeNull();
    // Every action is in the order's history, by whom.
    const history = await auditOf(ref);
    expect(history.map((h) => h.action)).toEqual([
      'order.in_progress',
      'order.ship',
      'order.deliver',
    ]);
    expect(history[1]).toMatchObject({ actorEmail: owner.email });
    expect(history[1]!.summary).toContain(VALID_CODE);
    expect(history[1]!.before).toMatchObject({ status: 'in_progress' });
    expect(history[1]!.after).toMatchObject({ status: 'shipped' });
  });

  it('answers 404 in Portuguese for an order that does not exist', async () => {
    const res = await call('GET', '/api/admin/pedidos/999999999/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'Pedido não encontrado.' });
  });
});

describe('GET /api/admin/pedidos/', () => {
  it('filters by status, searches by reference, name, e-mail and CPF, newest first', async () => {
    const a = await paidOrder();
    const b = await paidOrder({ status: 'awaiting_payment' });
    const byStatus = (await call('GET', '/api/admin/pedidos/?status=awaiting_payment')).json();
    expect(byStatus.pedidos.every((p: { status: string }) => p.status === 'awaiting_payment')).toBe(
      true,
    );
    expect(byStatus.pedidos.map((p: { reference: string }) => p.reference)).toContain(
      b.order.reference,
    );

    const byRef = (await call('GET', `/api/admin/pedidos/?busca=${a.order.reference}`)).json();
    expect(byRef.pedidos.map((p: { reference: string }) => p.reference)).toEqual([
      a.order.reference,
    ]);
    expect(byRef.pedidos[0]).toMatchObject({
      status: 'paid',
      status_texto: 'Pedido Pago',
      cliente: { nome: 'Ana Souza <teste>', email: 'ana.comprador@exemplo.com.br' },
      itens: 3,
      total_cents: a.order.totalCents,
    });

    for (const busca of ['ana souza', 'COMPRADOR@exemplo', '529.982.247-25', '52998224725']) {
      const found = (
        await call('GET', `/api/admin/pedidos/?busca=${encodeURIComponent(busca)}`)
      ).json();
      const refs = found.pedidos.map((p: { reference: string }) => p.reference);
      expect(refs, busca).toContain(a.order.reference);
      expect(refs.indexOf(b.order.reference), busca).toBeLessThan(refs.indexOf(a.order.reference));
    }
    const none = (await call('GET', '/api/admin/pedidos/?busca=ninguem%25')).json();
    expect(none).toMatchObject({ pedidos: [], total: 0, pagina: 1, por_pagina: 25 });
  });

  it("finds an order by its account's e-mail, name and CPF when the order has no buyer yet", async () => {
    const { order } = await paidOrder({ status: 'awaiting_payment', withoutBuyer: true });
    const [account] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.id, customer.userId));
    const guest = await paidOrder({ userId: null, status: 'awaiting_payment', withoutBuyer: true });
    for (const busca of [
      account!.email.slice(2, -4).toUpperCase(),
      `${account!.firstName} ${account!.lastName}`.slice(1),
      account!.cpf,
    ]) {
      const found = (
        await call('GET', `/api/admin/pedidos/?busca=${encodeURIComponent(busca)}`)
      ).json();
      const refs = found.pedidos.map((p: { reference: string }) => p.reference);
      expect(refs, busca).toContain(order.reference);
      expect(refs, busca).not.toContain(guest.order.reference);
      expect(found.total, busca).toBe(refs.length);
    }
  });

  it('pages a search newest first with its total on every page, a page past the end included', async () => {
    // 28 orders an e-mail of their own finds: a page of 25, then 3, then none. Two share an
    // instant (newest first, then the higher id), one of them also found by its buyer's name.
    const tag = `paginas${Date.now()}`;
    const base = Date.parse('2024-06-01T12:00:00Z');
    const placed: { reference: string; id: number; at: number; delivered: boolean }[] = [];
    for (let i = 0; i < 28; i++) {
      const at = base + (i === 7 ? 6 : i) * 60_000;
      const { order } = await insertOrder(ctx.database, {
        userId: null,
        status: i % 3 === 0 ? 'delivered' : 'paid',
        products: 1,
        createdAt: new Date(at),
        columns: {
          email: `cliente.${i}.${tag}@exemplo.com.br`,
          ...(i === 6 ? { nomeCompleto: `Compradora ${tag}` } : {}),
        },
      });
      placed.push({ reference: order.reference, id: order.id, at, delivered: i % 3 === 0 });
    }
    const newestFirst = placed.sort((a, b) => b.at - a.at || b.id - a.id);
    const expected = newestFirst.map((o) => o.reference);
    const pageOf = async (query: string) => {
      const res = await call('GET', `/api/admin/pedidos/?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ pedidos: { reference: string }[]; total: number; pagina: number }>();
    };
    const [one, two, three] = [
      await pageOf(`busca=${tag}`),
      await pageOf(`busca=${tag.toUpperCase()}&pagina=2`),
      await pageOf(`busca=${tag}&pagina=3`),
    ];
    expect([one.total, two.total, three.total]).toEqual([28, 28, 28]);
    expect(one.pedidos.map((p) => p.reference)).toEqual(expected.slice(0, 25));
    expect(two.pedidos.map((p) => p.reference)).toEqual(expected.slice(25));
    expect(three).toMatchObject({ pedidos: [], total: 28, pagina: 3 });
    // With a filter besides: the delivered ones (every third), on one page.
    const delivered = await pageOf(`busca=${tag}&status=delivered`);
    expect(delivered.total).toBe(10);
    expect(delivered.pedidos.map((p) => p.reference)).toEqual(
      newestFirst.filter((o) => o.delivered).map((o) => o.reference),
    );
  });

  it("filters by the day placed on the store's calendar (São Paulo)", async () => {
    // 02:30 UTC on the 10th is 23:30 of the 9th in São Paulo.
    const late = await paidOrder({ createdAt: new Date('2025-03-10T02:30:00Z') });
    const ninth = (await call('GET', '/api/admin/pedidos/?de=2025-03-09&ate=2025-03-09')).json();
    expect(ninth.pedidos.map((p: { reference: string }) => p.reference)).toContain(
      late.order.reference,
    );
    const tenth = (await call('GET', '/api/admin/pedidos/?de=2025-03-10&ate=2025-03-10')).json();
    expect(tenth.pedidos.map((p: { reference: string }) => p.reference)).not.toContain(
      late.order.reference,
    );
  });

  it('refuses a bad filter with field errors in Portuguese', async () => {
    const res = await call(
      'GET',
      '/api/admin/pedidos/?status=enviado&de=2025-02-30&pagina=0&busca=' + 'x'.repeat(101),
    );
    expect(res.statusCode).toBe(400);
    const { errors } = res.json();
    expect(errors.status[0]).toMatch(/^Situação inválida/);
    expect(errors.de).toEqual(['Data inválida: use o formato AAAA-MM-DD.']);
    expect(errors.pagina).toEqual(['A página deve ser um número inteiro a partir de 1.']);
    expect(errors.busca).toEqual(['A busca deve ter no máximo 100 caracteres.']);
    const range = await call('GET', '/api/admin/pedidos/?de=2025-03-10&ate=2025-03-01');
    expect(range.json().errors).toEqual({
      ate: ['A data final deve ser igual ou posterior à inicial.'],
    });
  });
});

describe('GET /api/admin/pedidos/:reference/', () => {
  it("answers items, totals, address, customer and the provider's events without their bodies", async () => {
    const { order, lines } = await paidOrder({ couponCode: 'BOASVINDAS', discountCents: 500 });
    await ctx.database.db.insert(paymentNotifications).values({
      provider: 'pagbank',
      eventKey: `test:${order.id}`,
      orderId: order.id,
      outcome: 'paid',
      rawBody: JSON.stringify({
        charges: [{ status: 'PAID', payment_method: { card: { holder: 'SEGREDO' } } }],
      }),
    });
    const { pedido } = (await call('GET', `/api/admin/pedidos/${order.reference}/`)).json();
    expect(pedido).toMatchObject({
      reference: order.reference,
      cupom: 'BOASVINDAS',
      desconto_cents: 500,
      total_cents: order.totalCents,
      endereco: { cep: '01310100', cidade: 'São Paulo', numero: '1000' },
      cliente: { tipo: 'conta', user_id: customer.userId, cpf: '52998224725' },
      pagamento: { eventos: [{ provedor: 'pagbank', resultado: 'paid', status_provedor: 'PAID' }] },
      codigo_rastreio: null,
    });
    expect(pedido.itens).toHaveLength(lines.length);
    expect(JSON.stringify(pedido)).not.toContain('SEGREDO');
  });
});

describe('POST enviado', () => {
  it('refuses a code whose check digit does not match, with a field error, changing nothing', async () => {
    const { order } = await paidOrder();
    for (const [code, message] of [
      ['AA473124828BR', TRACKING_CODE_MESSAGES.checkDigit],
      ['AA47312482BR', TRACKING_CODE_MESSAGES.format],
      ['', TRACKING_CODE_MESSAGES.required],
    ] as const) {
      const res = await call('POST', `/api/admin/pedidos/${order.reference}/enviado/`, {
        codigo_rastreio: code,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: message, errors: { codigo_rastreio: [message] } });
    }
    const missing = await call('POST', `/api/admin/pedidos/${order.reference}/enviado/`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.codigo_rastreio).toEqual([TRACKING_CODE_MESSAGES.required]);
    const row = await orderByReference(ctx.database, order.reference);
    expect(row).toMatchObject({ status: 'paid', trackingCode: null });
    expect(await orderOutbox(ctx.database, order.id)).toEqual([]);
  });

  it('ships with the normalized code, mails her the code and the Correios link, and she sees both', async () => {
    const { order } = await paidOrder();
    const res = await call('POST', `/api/admin/pedidos/${order.reference}/enviado/`, {
      codigo_rastreio: ' aa 473124829 br ',
    });
    expect(res.statusCode).toBe(200);
    const link = `https://rastreamento.correios.com.br/app/index.php?objetos=${VALID_CODE}`;
    expect(res.json().pedido).toMatchObject({ codigo_rastreio: VALID_CODE, rastreio_url: link });
    const mail = await orderOutbox(ctx.database, order.id);
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'order_shipped', recipient: 'ana.comprador@exemplo.com.br' }),
    ]);
    const sent = (await ctx.database.db.query.outboxEmails.findFirst({
      where: (o, { eq: is }) => is(o.dedupeKey, `order:${order.id}:shipped`),
    }))!;
    expect(sent.textBody).toContain(VALID_CODE);
    expect(sent.textBody).toContain(link);
    expect(sent.htmlBody).toContain(link.replace('&', '&amp;'));

    // Her side: 'Meus Pedidos' and the order page answer the code and the link.
    const mine = await adminCall(ctx.app, customer.token, 'GET', '/api/user/orders/');
    const line = mine.json().find((l: { reference: string }) => l.reference === order.reference);
    expect(line).toMatchObject({
      status: 'Enviado',
      codigo_rastreio: VALID_CODE,
      rastreio_url: link,
    });
    const page = await adminCall(ctx.app, customer.token, 'GET', `/api/orders/${order.reference}/`);
    expect(page.json()).toMatchObject({ status_code: 'shipped', codigo_rastreio: VALID_CODE });
  });

  it('two owners at once: one ships, the other gets 409; one change, one e-mail, one audit entry', async () => {
    const { order } = await paidOrder();
    const other = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    const answers = await Promise.all(
      [owner.token, other.token, owner.token].map((token) =>
        call(
          'POST',
          `/api/admin/pedidos/${order.reference}/enviado/`,
          { codigo_rastreio: VALID_CODE },
          token,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const conflict = answers.find((a) => a.statusCode === 409)!.json();
    expect(conflict.error).toContain("'Enviado'");
    expect(await orderOutbox(ctx.database, order.id)).toHaveLength(1);
    expect((await auditOf(order.reference)).map((h) => h.action)).toEqual(['order.ship']);
  });

  it('refuses an order that is not paid (409) and changes nothing', async () => {
    const { order } = await paidOrder({ status: 'awaiting_payment' });
    const res = await call('POST', `/api/admin/pedidos/${order.reference}/enviado/`, {
      codigo_rastreio: VALID_CODE,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      "O pedido está como 'Aguardando Pagamento' e não permite esta ação agora. Atualize a página.",
    );
    const row = await orderByReference(ctx.database, order.reference);
    expect(row).toMatchObject({ status: 'awaiting_payment', trackingCode: null, shippedAt: null });
    expect(await orderOutbox(ctx.database, order.id)).toEqual([]);
    expect(await auditOf(order.reference)).toEqual([]);
    for (const path of ['em-andamento', 'entregue', 'estorno-feito']) {
      expect(
        (await call('POST', `/api/admin/pedidos/${order.reference}/${path}/`)).statusCode,
      ).toBe(409);
    }
  });
});

describe('POST cancelar', () => {
  it("gives her coupon's use back when the store cancels the paid order", async () => {
    const { order } = await paidOrder();
    const db = ctx.database.db;
    const coupon = await redeemedCoupon(ctx.database, {
      code: `DEVOLVE${order.id}`,
      userId: customer.userId,
      orderId: order.id,
    });
    const res = await call('POST', `/api/admin/pedidos/${order.reference}/cancelar/`, {
      motivo: 'Peça em falta',
    });
    expect(res.statusCode).toBe(200);
    const [after] = await db
      .select({ timesUsed: coupons.timesUsed })
      .from(coupons)
      .where(eq(coupons.id, coupon.id));
    expect(after!.timesUsed).toBe(0);
    expect(
      await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id)),
    ).toEqual([]);
  });

  it('refuses an empty reason with a field error', async () => {
    const { order } = await paidOrder();
    const res = await call('POST', `/api/admin/pedidos/${order.reference}/cancelar/`, {
      motivo: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ motivo: ['Informe o motivo do cancelamento.'] });
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('paid');
  });

  it('cancels a paid order: stock and best sellers back once, however many cancels race', async () => {
    const { order, lines } = await paidOrder();
    const ids = lines.map((l) => l.productId);
    // The order's units are off the shelf and counted as sold, as api/pay and payment leave them.
    for (const l of lines) {
      await ctx.database.db
        .update(products)
        .set({ stock: 10 - l.quantidade, salesCount: 5 + l.quantidade })
        .where(eq(products.id, l.productId));
    }
    const other = await loggedInOwner(ctx.app, ctx.database, OWNER_EMAILS[1]);
    const answers = await Promise.all(
      [owner.token, other.token, owner.token, other.token].map((token) =>
        call(
          'POST',
          `/api/admin/pedidos/${order.reference}/cancelar/`,
          { motivo: 'Sem a peça' },
          token,
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await stockAndSales(ctx.database, ids)).toEqual(
      ids.map((id) => ({ id, stock: 10, sales: 5 })),
    );
    const row = await orderByReference(ctx.database, order.reference);
    expect(row).toMatchObject({ status: 'refund_due', cancelReason: 'owner' });
    expect(row.cancelledAt).not.toBeNull();
    // The ledger says why and who; the shopper is told once that the refund will be made.
    const ledger = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.reason, 'cancellation')));
    expect(ledger).toHaveLength(2);
    expect(ledger[0]).toMatchObject({ note: 'Sem a peça' });
    expect([owner.userId, other.userId]).toContain(ledger[0]!.actorUserId);
    const mail = await orderOutbox(ctx.database, order.id);
    expect(mail.map((m) => m.kind)).toEqual(['order_owner_cancelled']);
    const history = await auditOf(order.reference);
    expect(history).toHaveLength(1);
    expect(history[0]!.summary).toContain('a estornar');
    expect(history[0]!.summary).toContain('Sem a peça');
    // A shipped order can no longer be cancelled here.
    const shipped = await paidOrder({ status: 'shipped' });
    const late = await call('POST', `/api/admin/pedidos/${shipped.order.reference}/cancelar/`, {
      motivo: 'x',
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('test orders (paid through the sandbox)', () => {
  /** A paid order whose payment went through `provider` (null: she never reached the payment). */
  async function orderPaidThrough(provider: 'sandbox' | 'pagbank' | null) {
    const { order } = await paidOrder();
    await ctx.database.db
      .update(orders)
      .set({ paymentProvider: provider })
      .where(eq(orders.id, order.id));
    return order.reference;
  }

  /** `teste` as the list (searched by reference) and the order's page answer it. */
  async function testFlags(app: typeof ctx.app, reference: string) {
    const list = await adminCall(app, owner.token, 'GET', `/api/admin/pedidos/?busca=${reference}`);
    expect(list.statusCode, list.body).toBe(200);
    const lines = (list.json() as { pedidos: { reference: string; teste: boolean }[] }).pedidos;
    const line = lines.find((l) => l.reference === reference);
    expect(line, `${reference} in the list`).toBeDefined();
    const detail = await adminCall(app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
    expect(detail.statusCode, detail.body).toBe(200);
    return {
      list: line!.teste,
      detail: (detail.json() as { pedido: { teste: boolean } }).pedido.teste,
    };
  }

  it('marks an order paid through the sandbox as a test, and a PagBank one as not', async () => {
    const sandbox = await orderPaidThrough('sandbox');
    const pagbank = await orderPaidThrough('pagbank');
    expect(await testFlags(ctx.app, sandbox)).toEqual({ list: true, detail: true });
    expect(await testFlags(ctx.app, pagbank)).toEqual({ list: false, detail: false });
  });

  it("an order with no provider yet follows the store's: a test on the sandbox, not on PagBank", async () => {
    const unpaid = await orderPaidThrough(null);
    const sandbox = await orderPaidThrough('sandbox');
    const pagbank = await orderPaidThrough('pagbank');
    // This app's store runs on the sandbox (the default).
    expect(await testFlags(ctx.app, unpaid)).toEqual({ list: true, detail: true });
    // The same orders seen by a store that now sells through PagBank: only the provider she paid
    // through counts once there is one.
    const selling = await buildApp({
      config: testConfig({
        adminEmails: [...OWNER_EMAILS],
        paymentProvider: 'pagbank',
        pagbank: { token: 'token-de-teste', apiUrl: 'http://pagbank.invalid' },
      }),
      database: ctx.database,
      logger: false,
      background: false,
      mailer: memoryMailer(),
    });
    try {
      await selling.ready();
      expect(await testFlags(selling, unpaid)).toEqual({ list: false, detail: false });
      expect(await testFlags(selling, sandbox)).toEqual({ list: true, detail: true });
      expect(await testFlags(selling, pagbank)).toEqual({ list: false, detail: false });
    } finally {
      await selling.close();
    }
  });
});
