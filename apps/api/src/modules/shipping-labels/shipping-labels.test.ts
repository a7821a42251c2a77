/**
 * 'Comprar etiqueta' against the fake Melhor Envio (docs/shipping-labels.md): the happy path (paid
 * once, the order 'Enviado' with the carrier's code, one shipping e-mail), two buys at once paying
 * one label (the claim's guard), a purchase resumed after a failure between checkout and generate
 * without paying twice, the balance too low, a 422 refusal in Portuguese, cancelling (refunded,
 * audited), an unpaid order refused, Melhor Envio off. With TEST_DATABASE_URL the concurrent calls
 * run on several PostgreSQL connections at once; on PGlite they interleave on one.
 */
import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LABEL_BUYING,
  LABEL_MELHOR_ENVIO_OFF,
  LABEL_ORDER_NOT_PAYABLE,
  LABEL_INVOICE_KEY_INVALID,
} from '@semijoias/domain/messages';
import { buildApp } from '../../app.js';
import { auditLog, orders, rateLimitBuckets, shippingLabels } from '../../db/schema.js';
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

const settingsForm = (ativo: boolean) => ({
  ativo,
  ambiente: null,
  email_tecnico: 'ti@duasirmas.test',
  remetente: SENDER,
  servicos: [
    { id: 1, margem: '0', dias_extras: 0 },
    { id: 2, margem: '0', dias_extras: 0 },
    { id: 3, margem: '0', dias_extras: 0 },
  ],
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
  pode_imprimir: boolean;
  pode_cancelar: boolean;
  pode_comprar: boolean;
};

async function labelRow(orderId: number) {
  const [row] = await testDb.database.db
    .select()
    .from(shippingLabels)
    .where(eq(shippingLabels.orderId, orderId));
  return row;
}

const checkouts = () => fake.requests.filter((r) => r.path.endsWith('/shipment/checkout'));
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
