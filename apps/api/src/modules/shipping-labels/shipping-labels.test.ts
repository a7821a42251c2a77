/**
 * 'Comprar etiqueta' against the fake Melhor Envio (docs/shipping-labels.md): the happy path (paid
 * once, the order 'Enviado' with the carrier's code, one shipping e-mail), two buys at once paying
 * one label (the claim's guard), a purchase resumed after a failure between checkout and generate
 * without paying twice, the balance too low, a 422 refusal in Portuguese, cancelling (refunded,
 * audited), an unpaid order refused, Melhor Envio off. The carrier's code that comes later: the
 * sweeper's pass (one tracking call) ships the order with one e-mail, two passes at once write it
 * once (the write's guard), it replaces Melhor Envio's own code without a second e-mail, Melhor
 * Envio down leaves all as it is, 'Atualizar rastreio'. A label bought again for a shipped order
 * (the e-mail again, once), and the default service of an order quoted from the table (the
 * cheapest quoted). With TEST_DATABASE_URL the concurrent calls run on several PostgreSQL
 * connections at once; on PGlite they interleave on one.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_SYSTEM_ACTOR,
  LABEL_ALREADY_BOUGHT,
  LABEL_BUYING,
  LABEL_MELHOR_ENVIO_OFF,
  LABEL_ORDER_NOT_PAYABLE,
  LABEL_INVOICE_KEY_INVALID,
  LABEL_TRACKING_NOT_AWAITED,
} from '@semijoias/domain/messages';
import { buildApp } from '../../app.js';
import {
  auditLog,
  orders,
  outboxEmails,
  rateLimitBuckets,
  shippingLabels,
} from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { startFakeMelhorEnvio, type FakeMelhorEnvio } from '../../../test/fake-melhor-envio.js';
import { testConfig, useTestDatabase } from '../../../test/helpers.js';
import { captureLogs } from '../../../test/logs.js';
import {
  catalogTail,
  insertOrder,
  orderByReference,
  orderOutbox,
  type TestOrderOptions,
} from '../../../test/orders.js';

const logs = captureLogs();
const testDb = useTestDatabase();
const takeProducts = catalogTail(() => testDb.database);
let fake: FakeMelhorEnvio;
let app: FastifyInstance;
let owner: { token: string };

const SENDER = {
  nome: 'Duas Irmãs Semijoias',
  telefone: '(11) 98765-4321',
  email: 'envios@duasirmas.test',
  documento: '529.982.247-25',
  inscricao_estadual: '',
  rua: 'Avenida Paulista',
  numero: '1000',
  complemento: 'sala 12',
  bairro: 'Bela Vista',
  cidade: 'São Paulo',
  uf: 'SP',
  cep: '01310-100',
};

const settingsForm = (ativo: boolean, services = [1, 2, 3]) => ({
  ativo,
  ambiente: null,
  email_tecnico: 'ti@duasirmas.test',
  remetente: SENDER,
  servicos: services.map((id) => ({ id, margem: '0', dias_extras: 0 })),
  embalagens: {},
});

beforeAll(async () => {
  fake = await startFakeMelhorEnvio();
  const config = testConfig({
    logLevel: 'trace',
    adminEmails: [...OWNER_EMAILS],
    melhorEnvio: { apiUrl: fake.url, token: fake.token, fromCep: '01310100' },
  });
  app = await buildApp({
    config,
    database: testDb.database,
    logger: logs.logger(config),
    mailer: memoryMailer(),
    background: false,
  });
  await app.ready();
  owner = await loggedInOwner(app, testDb.database);
  const saved = await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(true));
  expect(saved.statusCode).toBe(200);
});

afterAll(async () => {
  await app?.close();
  await fake?.stop();
});

beforeEach(async () => {
  fake.reset();
  // Each test starts with the account's shared count empty (its own test is shared-limiter's):
  // otherwise the file's calls fill the 5 s slots and every test waits for the next one.
  await testDb.database.db
    .delete(rateLimitBuckets)
    .where(like(rateLimitBuckets.key, 'melhor-envio:%'));
});

async function paidOrder(options: TestOrderOptions = {}) {
  const productIds = await takeProducts(2, 10);
  return insertOrder(testDb.database, { status: 'paid', productIds, ...options });
}

/** Two pieces for the later tests' orders (the catalog's tail is short; none counts stock). */
let sharedPieces: number[] | undefined;
async function shippableOrder(options: TestOrderOptions = {}) {
  sharedPieces ??= await takeProducts(2, 10);
  return insertOrder(testDb.database, { status: 'paid', productIds: sharedPieces, ...options });
}

/** The earlier tests' labels out of the pass's 7 days: each test sees only its own. */
async function ageEarlierLabels() {
  await testDb.database.db
    .update(shippingLabels)
    .set({ generatedAt: sql`${shippingLabels.generatedAt} - interval '30 days'` });
}

const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  adminCall(app, owner.token, method, url, body);
const labelUrl = (reference: string, tail = '') =>
  `/api/admin/pedidos/${reference}/etiqueta/${tail}`;

type Etiqueta = {
  status: string;
  codigo_rastreio: string | null;
  rastreio_url: string | null;
  preco_cents: number | null;
  erro: string | null;
  aguardando_rastreio: boolean;
  pode_imprimir: boolean;
  pode_cancelar: boolean;
  pode_comprar: boolean;
  pode_atualizar_rastreio: boolean;
};

async function labelRow(orderId: number) {
  const [row] = await testDb.database.db
    .select()
    .from(shippingLabels)
    .where(eq(shippingLabels.orderId, orderId));
  return row;
}

const checkouts = () => fake.requests.filter((r) => r.path.endsWith('/shipment/checkout'));
const trackingCalls = () => fake.requests.filter((r) => r.path.endsWith('/shipment/tracking'));
const quotes = () => fake.requests.filter((r) => r.path.endsWith('/shipment/calculate'));
/** The sweeper's pass, as each instance runs it. */
const pass = (at?: Date) => app.shippingLabels.followUpTracking(at);

/** The order's audit entries, oldest first. */
function auditOf(reference: string) {
  return testDb.database.db
    .select({ action: auditLog.action, actor: auditLog.actorEmail, after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, reference)))
    .orderBy(auditLog.id);
}

/** The Melhor Envio order of the order's label. */
async function melhorEnvioIdOf(orderId: number) {
  return (await labelRow(orderId))!.providerOrderId!;
}
const paidAtFake = () => [...fake.orders.values()].filter((o) => o.paidAt !== null);

describe('Comprar etiqueta', () => {
  it('is for owners only', async () => {
    const { order } = await paidOrder();
    const anonymous = await adminCall(app, undefined, 'POST', labelUrl(order.reference));
    expect(anonymous.statusCode).toBe(401);
    expect(fake.orders.size).toBe(0);
  });

  it('buys, pays once, generates: the order is Enviado with the code and one e-mail goes out', async () => {
    const { order } = await paidOrder();
    const before = await call('GET', labelUrl(order.reference));
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      etiqueta: null,
      melhor_envio_ativo: true,
      servico_padrao: 1,
    });

    const res = await call('POST', labelUrl(order.reference), { documento: 'declaracao' });
    expect(res.statusCode).toBe(200);
    const etiqueta = res.json<{ etiqueta: Etiqueta }>().etiqueta;
    expect(etiqueta).toMatchObject({ status: 'gerada', pode_imprimir: true, erro: null });
    expect(etiqueta.codigo_rastreio).toMatch(/^AA\d{9}BR$/);
    expect(etiqueta.rastreio_url).toContain('correios.com.br');

    expect(checkouts()).toHaveLength(1);
    expect(paidAtFake()).toHaveLength(1);
    const [bought] = [...fake.orders.values()];
    // The cart: sender from 'Frete', recipient from the order, a declaração de conteúdo.
    expect(bought!.body).toMatchObject({
      service: 1,
      from: { name: SENDER.nome, document: '52998224725', postal_code: '01310100' },
      to: { document: '52998224725', email: 'ana.comprador@exemplo.com.br', state_abbr: 'SP' },
      options: { non_commercial: true },
    });
    expect((bought!.body.products as unknown[]).length).toBe(2);

    const shipped = await orderByReference(testDb.database, order.reference);
    expect(shipped.status).toBe('shipped');
    expect(shipped.trackingCode).toBe(etiqueta.codigo_rastreio);
    const mail = await orderOutbox(testDb.database, order.id);
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'order_shipped', recipient: 'ana.comprador@exemplo.com.br' }),
    ]);
    const audit = await testDb.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'order'), eq(auditLog.entityId, order.reference)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['order.label_buy', 'order.ship']);

    // Printing answers Melhor Envio's URL; a second buy is refused, nothing paid again.
    const printed = await call('POST', labelUrl(order.reference, 'imprimir/'));
    expect(printed.statusCode).toBe(200);
    expect(printed.json<{ url: string }>().url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/imprimir\//);
    const again = await call('POST', labelUrl(order.reference));
    expect(again.statusCode).toBe(409);
    expect(checkouts()).toHaveLength(1);
    // No CPF, e-mail or token in the log.
    const logged = logs.text;
    expect(logged).not.toContain('52998224725');
    expect(logged).not.toContain('ana.comprador@exemplo.com.br');
    expect(logged).not.toContain(fake.token);
  });

  it('two buys at once pay one label; the other answers 409 with the label being bought', async () => {
    const { order } = await paidOrder();
    fake.delayMs = 50;
    const answers = await Promise.all([
      call('POST', labelUrl(order.reference)),
      call('POST', labelUrl(order.reference)),
      call('POST', labelUrl(order.reference)),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const loser = answers.find((a) => a.statusCode === 409)!;
    expect(loser.json<{ error: string }>().error).toBe(LABEL_BUYING);
    expect(fake.orders.size).toBe(1);
    expect(paidAtFake()).toHaveLength(1);
    expect(checkouts()).toHaveLength(1);
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);
  });

  it('resumes after a failure between checkout and generate without paying twice', async () => {
    const { order } = await paidOrder();
    const balance = fake.balanceCents;
    fake.failOn('/api/v2/me/shipment/generate');
    const first = await call('POST', labelUrl(order.reference));
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ etiqueta: { status: 'paga', pode_comprar: true } });
    expect((await labelRow(order.id))!.status).toBe('paga');
    expect((await orderByReference(testDb.database, order.reference)).status).toBe('paid');

    const retry = await call('POST', labelUrl(order.reference));
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ etiqueta: { status: 'gerada' } });
    expect(checkouts()).toHaveLength(1);
    expect(fake.balanceCents).toBe(balance - (await labelRow(order.id))!.priceCents!);
    expect((await orderByReference(testDb.database, order.reference)).status).toBe('shipped');
  });

  it('resumes a checkout whose answer was lost (paid at Melhor Envio): asks, never pays twice', async () => {
    const { order } = await paidOrder();
    fake.failOn('/api/v2/me/shipment/checkout', 1, 'after');
    const first = await call('POST', labelUrl(order.reference));
    expect(first.statusCode).toBe(409);
    expect(paidAtFake()).toHaveLength(1);
    const retry = await call('POST', labelUrl(order.reference));
    expect(retry.statusCode).toBe(200);
    expect(checkouts()).toHaveLength(1);
    expect(paidAtFake()).toHaveLength(1);
    expect(fake.orders.size).toBe(1);
    // The purchase found paid is audited once.
    const bought = await testDb.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, order.reference), eq(auditLog.action, 'order.label_buy')));
    expect(bought).toHaveLength(1);
  });

  it('a balance too low: nothing paid, the amount missing in Portuguese; with balance it resumes', async () => {
    const { order } = await paidOrder();
    fake.balanceCents = 500;
    const res = await call('POST', labelUrl(order.reference));
    expect(res.statusCode).toBe(409);
    const { error } = res.json<{ error: string }>();
    expect(error).toMatch(/^Saldo insuficiente no Melhor Envio: faltam R\$\s?\d+,\d{2}/);
    expect(error).toMatch(/o saldo é R\$\s5,00\)/);
    expect(checkouts()).toHaveLength(0);
    expect(paidAtFake()).toHaveLength(0);
    expect((await labelRow(order.id))!.lastError).toBe(error);

    fake.balanceCents = 50_000;
    const retry = await call('POST', labelUrl(order.reference));
    expect(retry.statusCode).toBe(200);
    // The same cart item, now paid.
    expect(fake.orders.size).toBe(1);
    expect(paidAtFake()).toHaveLength(1);
  });

  it('a 422 refusal names the refused fields in Portuguese, never Melhor Envio’s text', async () => {
    const { order } = await paidOrder({ columns: { cpf: '11111111111' } });
    const res = await call('POST', labelUrl(order.reference));
    expect(res.statusCode).toBe(409);
    const { error, etiqueta } = res.json<{ error: string; etiqueta: Etiqueta }>();
    expect(error).toBe('O Melhor Envio recusou a etiqueta. Confira: CPF da cliente.');
    expect(error).not.toContain('to.document');
    expect(etiqueta).toMatchObject({ status: 'falhou', pode_comprar: true });
    expect(paidAtFake()).toHaveLength(0);
  });

  it('a nota fiscal needs its 44-digit key, sent in the cart', async () => {
    const { order } = await paidOrder();
    const bad = await call('POST', labelUrl(order.reference), {
      documento: 'nota_fiscal',
      chave_nf: '123',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe(LABEL_INVOICE_KEY_INVALID);
    const key = '3'.repeat(44);
    const res = await call('POST', labelUrl(order.reference), {
      documento: 'nota_fiscal',
      chave_nf: key,
    });
    expect(res.statusCode).toBe(200);
    const [bought] = [...fake.orders.values()];
    expect(bought!.body.options).toMatchObject({ non_commercial: false, invoice: { key } });
  });

  it('a Jadlog label keeps its code as it comes, tracked at Melhor Rastreio', async () => {
    const { order } = await paidOrder();
    const res = await call('POST', labelUrl(order.reference), { servico: 3 });
    expect(res.statusCode).toBe(200);
    const etiqueta = res.json<{ etiqueta: Etiqueta }>().etiqueta;
    expect(etiqueta.codigo_rastreio).toMatch(/^\d{14}$/);
    expect(etiqueta.rastreio_url).toBe(
      `https://www.melhorrastreio.com.br/rastreio/${etiqueta.codigo_rastreio}`,
    );
    const shipped = await orderByReference(testDb.database, order.reference);
    expect(shipped).toMatchObject({ status: 'shipped', trackingCode: etiqueta.codigo_rastreio });
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);
  });

  it('cancels: refunded to the balance, audited, and a new label may be bought', async () => {
    const { order } = await paidOrder({ status: 'in_progress' });
    fake.failOn('/api/v2/me/shipment/generate');
    await call('POST', labelUrl(order.reference));
    expect((await labelRow(order.id))!.status).toBe('paga');
    const balance = fake.balanceCents;
    const price = (await labelRow(order.id))!.priceCents!;

    const res = await call('POST', labelUrl(order.reference, 'cancelar/'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ etiqueta: { status: 'cancelada', pode_comprar: true } });
    expect(fake.balanceCents).toBe(balance + price);
    const [audit] = await testDb.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entityId, order.reference), eq(auditLog.action, 'order.label_cancel')),
      );
    expect(audit!.summary).toContain('etiqueta cancelada');
    const twice = await call('POST', labelUrl(order.reference, 'cancelar/'));
    expect(twice.statusCode).toBe(409);

    const again = await call('POST', labelUrl(order.reference));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ etiqueta: { status: 'gerada' } });
    expect(fake.orders.size).toBe(2);
  });

  it('refuses an unpaid order, and prints nothing without a label', async () => {
    const { order } = await paidOrder({ status: 'awaiting_payment' });
    const res = await call('POST', labelUrl(order.reference));
    expect(res.json<{ error: string }>().error).toBe(LABEL_ORDER_NOT_PAYABLE);
    expect(res.statusCode).toBe(409);
    expect(fake.requests).toHaveLength(0);
    const print = await call('POST', labelUrl(order.reference, 'imprimir/'));
    expect(print.statusCode).toBe(409);
    expect((await call('GET', '/api/admin/pedidos/999999999/etiqueta/')).statusCode).toBe(404);
  });

  it('Melhor Envio unreachable: a clear message, nothing paid, the retry works', async () => {
    const { order } = await paidOrder();
    fake.mode = 'error';
    const res = await call('POST', labelUrl(order.reference));
    expect(res.statusCode).toBe(409);
    expect(res.json<{ error: string }>().error).toMatch(/^O Melhor Envio não respondeu/);
    fake.mode = 'ok';
    const retry = await call('POST', labelUrl(order.reference));
    expect(retry.statusCode).toBe(200);
    expect(paidAtFake()).toHaveLength(1);
  });

  it('several orders at once: one result each', async () => {
    const a = await paidOrder();
    const b = await paidOrder({ status: 'awaiting_payment' });
    const res = await call('POST', '/api/admin/etiquetas/', {
      pedidos: [a.order.reference, b.order.reference],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      resultados: [
        { reference: a.order.reference, ok: true, etiqueta: { status: 'gerada' } },
        { reference: b.order.reference, ok: false, erro: LABEL_ORDER_NOT_PAYABLE },
      ],
    });
  });

  it('Melhor Envio off: refused with what to do', async () => {
    const { order } = await paidOrder();
    const off = await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(false));
    expect(off.statusCode).toBe(200);
    try {
      const res = await call('POST', labelUrl(order.reference));
      expect(res.statusCode).toBe(409);
      expect(res.json<{ error: string }>().error).toBe(LABEL_MELHOR_ENVIO_OFF);
      expect(fake.requests).toHaveLength(0);
      const state = await call('GET', labelUrl(order.reference));
      expect(state.json()).toMatchObject({ melhor_envio_ativo: false });
    } finally {
      await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(true));
    }
    const [row] = await testDb.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('paid');
  });
});

describe('the carrier’s code that comes later', () => {
  beforeEach(ageEarlierLabels);

  /** A paid order whose label is generated while the carrier withholds its code. */
  async function labelAwaitingCode(withheld: 'carrier' | 'all' = 'all') {
    const placed = await shippableOrder();
    fake.withheldCodes = withheld;
    const res = await call('POST', labelUrl(placed.order.reference));
    expect(res.statusCode).toBe(200);
    fake.withheldCodes = 'none';
    return { ...placed, etiqueta: res.json<{ etiqueta: Etiqueta }>().etiqueta };
  }

  it('a label without any code waits; the pass asks in one call and ships the order with one e-mail', async () => {
    const first = await labelAwaitingCode('all');
    const second = await labelAwaitingCode('all');
    expect(first.etiqueta).toMatchObject({
      status: 'gerada',
      codigo_rastreio: null,
      aguardando_rastreio: true,
      pode_atualizar_rastreio: true,
      pode_comprar: false,
    });
    expect((await orderByReference(testDb.database, first.order.reference)).status).toBe('paid');
    expect(await orderOutbox(testDb.database, first.order.id)).toEqual([]);

    // Nothing given yet: one call for both labels, nothing written.
    const callsBefore = trackingCalls().length;
    expect(await pass()).toMatchObject({ asked: 2, received: 0 });
    expect(trackingCalls()).toHaveLength(callsBefore + 1);
    expect((trackingCalls().at(-1)!.body as { orders: string[] }).orders.sort()).toEqual(
      [await melhorEnvioIdOf(first.order.id), await melhorEnvioIdOf(second.order.id)].sort(),
    );
    expect((await labelRow(first.order.id))!.trackingCode).toBeNull();

    // The carrier gives the first one's code: the next pass ships that order, as the store.
    const code = fake.releaseCarrierCode(await melhorEnvioIdOf(first.order.id));
    expect(await pass()).toMatchObject({ asked: 2, received: 1 });
    expect(await labelRow(first.order.id)).toMatchObject({
      trackingCode: code,
      trackingSource: 'transportadora',
    });
    expect(await orderByReference(testDb.database, first.order.reference)).toMatchObject({
      status: 'shipped',
      trackingCode: code,
    });
    expect(await orderOutbox(testDb.database, first.order.id)).toEqual([
      expect.objectContaining({
        kind: 'order_shipped',
        dedupeKey: `order:${first.order.id}:shipped`,
      }),
    ]);
    const audit = await auditOf(first.order.reference);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([
      ['order.label_buy', expect.stringContaining('@')],
      ['order.label_tracking', AUDIT_SYSTEM_ACTOR],
      ['order.ship', AUDIT_SYSTEM_ACTOR],
    ]);
    const state = await call('GET', labelUrl(first.order.reference));
    expect(state.json()).toMatchObject({
      etiqueta: {
        codigo_rastreio: code,
        aguardando_rastreio: false,
        pode_atualizar_rastreio: false,
      },
      pedido_status: 'shipped',
    });
    // The second still waits; the first is never asked again, nor mailed twice.
    expect(await pass()).toMatchObject({ asked: 1, received: 0 });
    expect((trackingCalls().at(-1)!.body as { orders: string[] }).orders).toEqual([
      await melhorEnvioIdOf(second.order.id),
    ]);
    expect(await orderOutbox(testDb.database, first.order.id)).toHaveLength(1);

    // Past LABEL_TRACKING_FOLLOW_UP_DAYS (7) after generating, nothing is asked any more.
    const calls = trackingCalls().length;
    expect(await pass(new Date(Date.now() + 8 * 24 * 60 * 60 * 1000))).toMatchObject({ asked: 0 });
    expect(trackingCalls()).toHaveLength(calls);
  });

  it('two passes at once (two instances) write the code once and e-mail once', async () => {
    const { order } = await labelAwaitingCode('all');
    const code = fake.releaseCarrierCode(await melhorEnvioIdOf(order.id));
    // Both passes read the waiting label before either writes: Melhor Envio answers slowly.
    fake.delayMs = 50;
    const results = await Promise.all([pass(), pass(), pass()]);
    expect(results.reduce((sum, r) => sum + r.received, 0)).toBe(1);
    expect(results.every((r) => r.asked === 1)).toBe(true);
    const audit = await auditOf(order.reference);
    expect(audit.filter((a) => a.action === 'order.label_tracking')).toHaveLength(1);
    expect(audit.filter((a) => a.action === 'order.ship')).toHaveLength(1);
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);
    expect(await orderByReference(testDb.database, order.reference)).toMatchObject({
      status: 'shipped',
      trackingCode: code,
    });
  });

  it('the carrier’s code replaces Melhor Envio’s on the order shipped with it, without a second e-mail', async () => {
    const { order, etiqueta } = await labelAwaitingCode('carrier');
    // Shipped at once with Melhor Envio's own code, as before; the card still waits.
    expect(etiqueta).toMatchObject({ aguardando_rastreio: true });
    const provisional = etiqueta.codigo_rastreio!;
    expect(provisional).toMatch(/^ME/);
    expect(await orderByReference(testDb.database, order.reference)).toMatchObject({
      status: 'shipped',
      trackingCode: provisional,
    });
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);

    const code = fake.releaseCarrierCode(await melhorEnvioIdOf(order.id));
    expect(await pass()).toMatchObject({ received: 1 });
    expect(await orderByReference(testDb.database, order.reference)).toMatchObject({
      status: 'shipped',
      trackingCode: code,
    });
    expect(await labelRow(order.id)).toMatchObject({
      trackingCode: code,
      trackingSource: 'transportadora',
    });
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);
    const replaced = (await auditOf(order.reference)).find(
      (a) => a.action === 'order.tracking_replace',
    );
    expect(replaced).toMatchObject({
      actor: AUDIT_SYSTEM_ACTOR,
      after: { codigo_rastreio: code },
    });
  });

  it('Melhor Envio down during the pass: everything stays as it is until the next one', async () => {
    const { order } = await labelAwaitingCode('all');
    fake.releaseCarrierCode(await melhorEnvioIdOf(order.id));
    const before = await labelRow(order.id);
    fake.mode = 'error';
    expect(await pass()).toMatchObject({ asked: 1, received: 0 });
    expect(await labelRow(order.id)).toEqual(before);
    expect((await orderByReference(testDb.database, order.reference)).status).toBe('paid');
    expect(await orderOutbox(testDb.database, order.id)).toEqual([]);
    expect(logs.text).toContain('label tracking: Melhor Envio failed');

    fake.mode = 'ok';
    expect(await pass()).toMatchObject({ received: 1 });
    expect((await orderByReference(testDb.database, order.reference)).status).toBe('shipped');
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);
  });

  it('‘Atualizar rastreio’: the owners ask now; the code written once, audited as theirs', async () => {
    const { order } = await labelAwaitingCode('all');
    const url = labelUrl(order.reference, 'rastreio/');
    const early = await call('POST', url);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ etiqueta: { aguardando_rastreio: true } });

    const code = fake.releaseCarrierCode(await melhorEnvioIdOf(order.id));
    const res = await call('POST', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      etiqueta: { codigo_rastreio: code, aguardando_rastreio: false },
      pedido_status: 'shipped',
    });
    const audit = await auditOf(order.reference);
    expect(audit.find((a) => a.action === 'order.label_tracking')!.actor).toContain('@');
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(1);

    const again = await call('POST', url);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: string }>().error).toBe(LABEL_TRACKING_NOT_AWAITED);
    // Nothing waits now: the pass asks nothing.
    const calls = trackingCalls().length;
    expect(await pass()).toMatchObject({ asked: 0 });
    expect(trackingCalls()).toHaveLength(calls);
  });

  it('nothing is asked while Melhor Envio is off', async () => {
    await labelAwaitingCode('all');
    const off = await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(false));
    expect(off.statusCode).toBe(200);
    try {
      const calls = fake.requests.length;
      expect(await pass()).toEqual({ asked: 0, received: 0, shipped: 0 });
      expect(fake.requests).toHaveLength(calls);
    } finally {
      await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(true));
    }
  });
});

describe('a new label for an order already shipped', () => {
  beforeEach(ageEarlierLabels);
  it('after the cancel, buys again: the order gets the new code and the shopper the e-mail again, once', async () => {
    const { order } = await shippableOrder();
    const bought = await call('POST', labelUrl(order.reference));
    const first = bought.json<{ etiqueta: Etiqueta }>().etiqueta.codigo_rastreio!;
    expect((await orderByReference(testDb.database, order.reference)).trackingCode).toBe(first);
    const refused = await call('POST', labelUrl(order.reference));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: string }>().error).toBe(LABEL_ALREADY_BOUGHT);

    const cancelled = await call('POST', labelUrl(order.reference, 'cancelar/'));
    expect(cancelled.json()).toMatchObject({
      // Its code kept for the record, with no link to track it.
      etiqueta: {
        status: 'cancelada',
        pode_comprar: true,
        codigo_rastreio: first,
        rastreio_url: null,
      },
      pedido_status: 'shipped',
    });

    // Two clicks at once: one label, one new e-mail.
    const answers = await Promise.all([
      call('POST', labelUrl(order.reference)),
      call('POST', labelUrl(order.reference)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const second = (await labelRow(order.id))!.trackingCode!;
    expect(second).toMatch(/^AA\d{9}BR$/);
    expect(second).not.toBe(first);
    expect(await orderByReference(testDb.database, order.reference)).toMatchObject({
      status: 'shipped',
      trackingCode: second,
    });
    const mail = await orderOutbox(testDb.database, order.id);
    expect(mail).toEqual([
      expect.objectContaining({ kind: 'order_shipped', dedupeKey: `order:${order.id}:shipped` }),
      expect.objectContaining({
        kind: 'order_shipped',
        dedupeKey: `order:${order.id}:shipped:${second}`,
      }),
    ]);
    const [again] = await testDb.database.db
      .select({ text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `order:${order.id}:shipped:${second}`));
    expect(again!.text).toContain(second);
    const replaced = (await auditOf(order.reference)).filter(
      (a) => a.action === 'order.tracking_replace',
    );
    expect(replaced).toEqual([
      expect.objectContaining({
        after: { codigo_rastreio: second },
        actor: expect.stringContaining('@'),
      }),
    ]);
    // A pass finds nothing to do: no third e-mail.
    await pass();
    expect(await orderOutbox(testDb.database, order.id)).toHaveLength(2);
  });

  it('a new label whose carrier’s code comes later: the pass gives the order the code and the e-mail again', async () => {
    const { order } = await shippableOrder();
    await call('POST', labelUrl(order.reference));
    const first = (await orderByReference(testDb.database, order.reference)).trackingCode;
    await call('POST', labelUrl(order.reference, 'cancelar/'));
    fake.withheldCodes = 'all';
    const rebought = await call('POST', labelUrl(order.reference));
    expect(rebought.json()).toMatchObject({
      etiqueta: { status: 'gerada', codigo_rastreio: null, aguardando_rastreio: true },
    });
    // The order keeps the first code until the new one comes.
    expect((await orderByReference(testDb.database, order.reference)).trackingCode).toBe(first);
    const code = fake.releaseCarrierCode(await melhorEnvioIdOf(order.id));
    await Promise.all([pass(), pass()]);
    expect((await orderByReference(testDb.database, order.reference)).trackingCode).toBe(code);
    expect((await orderOutbox(testDb.database, order.id)).map((m) => m.dedupeKey)).toEqual([
      `order:${order.id}:shipped`,
      `order:${order.id}:shipped:${code}`,
    ]);
  });
});

describe('the default service of an order quoted from the table', () => {
  it('is the cheapest of a fresh quote; the first configured when the quote fails', async () => {
    // 'Frete' offers SEDEX first: the first configured is not the cheapest (PAC, in São Paulo).
    const saved = await adminCall(
      app,
      owner.token,
      'PUT',
      '/api/admin/frete/',
      settingsForm(true, [2, 3, 1]),
    );
    expect(saved.statusCode).toBe(200);
    try {
      const { order } = await shippableOrder();
      const state = await call('GET', labelUrl(order.reference));
      expect(state.json()).toMatchObject({ servico_padrao: 1 });
      expect(quotes().length).toBeGreaterThan(0);
      // Bought without naming a service: the cheapest.
      const res = await call('POST', labelUrl(order.reference));
      expect(res.statusCode).toBe(200);
      expect([...fake.orders.values()][0]!.body).toMatchObject({ service: 1 });

      // Her choice at checkout wins, nothing quoted.
      const chosen = await shippableOrder({ columns: { shippingServiceId: 3 } });
      const asked = quotes().length;
      const hers = await call('GET', labelUrl(chosen.order.reference));
      expect(hers.json()).toMatchObject({ servico_padrao: 3 });
      expect(quotes()).toHaveLength(asked);

      // The quote failing: the first configured service (another CEP: nothing kept to answer).
      const other = await shippableOrder({
        columns: { cep: '20040002', cepDestino: '20040002', estado: 'RJ' },
      });
      fake.failOn('/api/v2/me/shipment/calculate');
      const fallback = await call('GET', labelUrl(other.order.reference));
      expect(fallback.json()).toMatchObject({ servico_padrao: 2 });
    } finally {
      await adminCall(app, owner.token, 'PUT', '/api/admin/frete/', settingsForm(true));
    }
  });
});
