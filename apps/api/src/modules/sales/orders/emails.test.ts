import { formatOrderDeadline } from '@semijoias/domain/dates';
import { TEST_ORDER_EXPLANATION } from '@semijoias/domain/admin';
import { formatBRL } from '@semijoias/domain/money';
import { UNPAID_ORDER_NOTE } from '@semijoias/domain/orders';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.js';
import { orderItems, orders, outboxEmails, users, type OrderRow } from '../../../db/schema.js';
import { makeCpf } from '../../../../test/accounts.js';
import { createTestDatabase, type TestDatabase } from '../../../../test/helpers.js';
import { insertOrder, type TestOrder } from '../../../../test/orders.js';
import { STORE_NAME } from '../../mail/templates.js';
import {
  enqueueOrderEmails,
  sealOrderChave,
  type OrderEmailEvent,
  type OrderEmailExtra,
  type OrderMailDeps,
} from './emails.js';

const deps: OrderMailDeps = {
  publicUrl: 'http://loja.test',
  storeEmail: 'donas@duasirmas.test',
  jwtSecret: 'emails-test-secret-emails-test-secret-01',
};
const SHOPPER = 'ana.comprador@exemplo.com.br';

let testDb: TestDatabase;
let db: Db;
beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.database.db;
});
afterAll(() => testDb?.drop());
beforeEach(async () => {
  await db.delete(outboxEmails);
});

async function send(
  orderId: number,
  event: OrderEmailEvent,
  extra?: OrderEmailExtra,
  mailDeps = deps,
) {
  await db.transaction((tx) => enqueueOrderEmails(tx, mailDeps, orderId, event, extra));
}

async function outbox() {
  return db.select().from(outboxEmails).orderBy(outboxEmails.id);
}

async function only(recipient: string) {
  const rows = (await outbox()).filter((r) => r.recipient === recipient);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** Both parts of a message carry the fact. */
function expectInBoth(
  row: { textBody: string | null; htmlBody: string | null },
  ...facts: string[]
) {
  for (const fact of facts) {
    expect(row.textBody).toContain(fact);
    expect(row.htmlBody).toContain(fact);
  }
}

async function update(order: OrderRow, values: Partial<OrderRow>): Promise<OrderRow> {
  const [row] = await db.update(orders).set(values).where(eq(orders.id, order.id)).returning();
  return row!;
}

async function itemNames(order: OrderRow): Promise<string[]> {
  const rows = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  return rows.map((r) => r.name);
}

let userSerial = 0;
async function insertUser(email: string) {
  userSerial += 1;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Beatriz',
      lastName: 'Lima',
      email,
      cpf: makeCpf(700_000_000 + userSerial),
      phone: '21912345678',
      birthdate: '1991-02-03',
      passwordHash: 'not-a-real-hash',
    })
    .returning();
  return user!;
}

/** A guest order with a coupon, its link secret sealed the way api/pay seals it. */
async function guestOrder(): Promise<TestOrder> {
  const placed = await insertOrder(testDb.database, {
    discountCents: 1500,
    couponCode: 'BOASVINDAS',
    shippingCents: 1290,
  });
  const order = await update(placed.order, {
    accessKeySealed: sealOrderChave(deps.jwtSecret, placed.chave),
  });
  return { ...placed, order };
}

describe("enqueueOrderEmails('received')", () => {
  it('tells the guest what she bought, where it goes, and how and until when to pay', async () => {
    const { order, chave } = await guestOrder();
    await send(order.id, 'received', { chave });

    const rows = await outbox();
    expect(rows).toHaveLength(1);
    const mail = rows[0]!;
    const link = `http://loja.test/pedido/${order.reference}?chave=${chave}`;
    expect(mail).toMatchObject({
      kind: 'order_received',
      recipient: SHOPPER,
      subject: `Recebemos seu pedido #${order.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${order.id}:received`,
      links: [link],
      sentAt: null,
    });
    expectInBoth(
      mail,
      ...(await itemNames(order)),
      formatBRL(order.subtotalCents),
      `- ${formatBRL(1500)}`,
      'cupom BOASVINDAS',
      formatBRL(1290),
      formatBRL(order.totalCents),
      'Avenida Paulista, 1000 - ap 12',
      'Bela Vista - São Paulo/SP',
      'CEP 01310-100',
      formatOrderDeadline(order.expiresAt),
      UNPAID_ORDER_NOTE,
      'Aguardando Pagamento',
      link,
    );
    expect(mail.htmlBody).toContain(`href="${link}"`);
    expect(formatOrderDeadline(order.expiresAt)).toMatch(/^até \d\d\/\d\d às \d\d:\d\d$/);
  });

  it("opens the guest's sealed secret for the link when the caller does not have it", async () => {
    const { order, chave } = await guestOrder();
    await send(order.id, 'received');
    const mail = await only(SHOPPER);
    expect(mail.links).toEqual([`http://loja.test/pedido/${order.reference}?chave=${chave}`]);
  });

  it('links without a secret when the sealed one does not open (another JWT secret)', async () => {
    const { order, chave } = await guestOrder();
    await send(
      order.id,
      'received',
      {},
      { ...deps, jwtSecret: 'another-secret-another-secret-0001' },
    );
    const mail = await only(SHOPPER);
    expect(mail.links).toEqual([`http://loja.test/pedido/${order.reference}`]);
    expect(mail.textBody).not.toContain(chave);
  });

  it("writes to the customer's account e-mail, with no secret in the link, when the order has none", async () => {
    const user = await insertUser('beatriz.conta@exemplo.com.br');
    const placed = await insertOrder(testDb.database, { userId: user.id });
    const order = await update(placed.order, {
      email: null,
      nomeCompleto: null,
      accessKeySealed: sealOrderChave(deps.jwtSecret, placed.chave),
    });
    await send(order.id, 'received', { chave: placed.chave });
    const mail = await only('beatriz.conta@exemplo.com.br');
    expect(mail.links).toEqual([`http://loja.test/pedido/${order.reference}`]);
    expect(mail.textBody).toContain('Olá, Beatriz!');
    expect(mail.textBody).not.toContain(placed.chave);
    expect(mail.htmlBody).not.toContain(placed.chave);
  });

  it("states the store's own deadline when UNPAID_ORDER_TTL_MINUTES is not 24 hours", async () => {
    const { order } = await guestOrder();
    await send(order.id, 'received', {}, { ...deps, unpaidOrderTtlMinutes: 90 });
    expectInBoth(await only(SHOPPER), 'cancelados automaticamente após 90 minutos');
  });

  it('sends nothing when no e-mail is known for the shopper', async () => {
    const { order } = await insertOrder(testDb.database, { withoutBuyer: true });
    await send(order.id, 'received');
    expect(await outbox()).toEqual([]);
  });

  it('enqueues once when called twice', async () => {
    const { order, chave } = await guestOrder();
    await send(order.id, 'received', { chave });
    await send(order.id, 'received', { chave });
    expect(await outbox()).toHaveLength(1);
  });

  it('enqueues nothing when the transaction rolls back', async () => {
    const { order } = await guestOrder();
    await expect(
      db.transaction(async (tx) => {
        await enqueueOrderEmails(tx, deps, order.id, 'received');
        throw new Error('the checkout failed');
      }),
    ).rejects.toThrow('the checkout failed');
    expect(await outbox()).toEqual([]);
  });

  it('escapes every value in the HTML (a hostile name, item or address)', async () => {
    const { order } = await guestOrder();
    await update(order, {
      nomeCompleto: '<script>alert("nome")</script> Souza',
      complemento: '"><img src=x onerror=alert(1)>',
    });
    await db
      .update(orderItems)
      .set({ name: '<script>alert("item")</script>' })
      .where(eq(orderItems.orderId, order.id));
    await send(order.id, 'received');
    const mail = await only(SHOPPER);
    expect(mail.htmlBody).not.toMatch(/<script|<img/i);
    expect(mail.htmlBody).toContain('&lt;script&gt;alert(&quot;item&quot;)&lt;/script&gt;');
    expect(mail.htmlBody).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;');
    // The plain-text part is not HTML: it says what she typed.
    expect(mail.textBody).toContain('<script>alert("item")</script>');
  });

  it('throws for an order that does not exist, so the change that asked rolls back', async () => {
    await expect(send(987_654, 'received')).rejects.toThrow(/order 987654 not found/);
  });
});

describe("enqueueOrderEmails('paid')", () => {
  it('tells the shopper what comes next and the store what to ship', async () => {
    const { order } = await guestOrder();
    const paid = await update(order, {
      status: 'paid',
      paidAt: new Date(),
      paymentId: 'CHAR_PAGO_123',
      paymentProvider: 'pagbank',
    });
    await send(paid.id, 'paid');

    const shopper = await only(SHOPPER);
    expect(shopper).toMatchObject({
      kind: 'order_paid',
      subject: `Pagamento aprovado - pedido #${paid.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${paid.id}:paid`,
    });
    expectInBoth(
      shopper,
      ...(await itemNames(paid)),
      formatBRL(paid.totalCents),
      'Avenida Paulista, 1000 - ap 12',
      'Pedido Pago',
      'código de rastreamento',
      'separar e embalar',
    );

    const store = await only(deps.storeEmail);
    expect(store).toMatchObject({
      kind: 'order_paid_store',
      subject: `Novo pedido pago #${paid.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${paid.id}:paid:store`,
    });
    expectInBoth(
      store,
      `#${paid.reference}`,
      'Ana Souza',
      SHOPPER,
      '(11) 98765-4321',
      'CHAR_PAGO_123',
      'PagBank',
      ...(await itemNames(paid)),
      formatBRL(paid.totalCents),
      'CEP 01310-100',
    );
    // The owners' copy of a guest order carries no link with her secret.
    expect(store.links).toEqual([]);
  });

  it("still tells the store when the shopper's e-mail is unknown, and only once", async () => {
    const { order } = await insertOrder(testDb.database, { withoutBuyer: true });
    await update(order, { status: 'paid', paymentId: 'CHAR_X' });
    await send(order.id, 'paid');
    await send(order.id, 'paid');
    const rows = await outbox();
    expect(rows.map((r) => r.recipient)).toEqual([deps.storeEmail]);
    expect(rows[0]!.textBody).toContain('CHAR_X');
  });
});

describe("enqueueOrderEmails('declined')", () => {
  it('gives the retry link and the deadline, once per declined checkout', async () => {
    const { order, chave } = await guestOrder();
    await update(order, { status: 'payment_failed' });
    await send(order.id, 'declined', { checkoutId: 'CHEC_1' });
    await send(order.id, 'declined', { checkoutId: 'CHEC_1' });

    const mail = await only(SHOPPER);
    const link = `http://loja.test/pedido/${order.reference}?chave=${chave}`;
    expect(mail).toMatchObject({
      kind: 'order_declined',
      subject: `Pagamento não aprovado - pedido #${order.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${order.id}:declined:CHEC_1`,
      links: [link],
    });
    expectInBoth(
      mail,
      link,
      'Tente novamente',
      formatOrderDeadline(order.expiresAt),
      'Erro no Pagamento',
      formatBRL(order.totalCents),
    );

    await send(order.id, 'declined', { checkoutId: 'CHEC_2' });
    expect(await outbox()).toHaveLength(2);
  });
});

describe("enqueueOrderEmails('cancelled')", () => {
  it('says the order was not paid in time and that nothing was charged', async () => {
    const { order } = await guestOrder();
    await update(order, { status: 'cancelled', cancelReason: 'expired', cancelledAt: new Date() });
    await send(order.id, 'cancelled');
    await send(order.id, 'cancelled');

    const mail = await only(SHOPPER);
    expect(mail).toMatchObject({
      kind: 'order_cancelled',
      subject: `Pedido #${order.reference} cancelado - ${STORE_NAME}`,
      dedupeKey: `order:${order.id}:cancelled`,
      links: ['http://loja.test'],
    });
    expectInBoth(
      mail,
      `O pedido #${order.reference} não foi pago dentro do prazo (${formatOrderDeadline(order.expiresAt)})`,
      'Nenhum valor foi cobrado.',
      'Cancelado',
      ...(await itemNames(order)),
    );
  });
});

describe("enqueueOrderEmails('refund_due')", () => {
  it('tells the store what to refund and the shopper that she gets her money back', async () => {
    const { order } = await guestOrder();
    await update(order, {
      status: 'refund_due',
      cancelReason: 'expired',
      cancelledAt: new Date(),
      paymentId: 'CHAR_ANTIGO',
      paymentProvider: 'sandbox',
    });
    await send(order.id, 'refund_due', { paymentId: 'CHAR_TARDIO' });
    await send(order.id, 'refund_due', { paymentId: 'CHAR_TARDIO' });

    const store = await only(deps.storeEmail);
    expect(store).toMatchObject({
      kind: 'order_refund_due_store',
      // Paid through the sandbox: the owners read at once that it is a test.
      subject: `[TESTE] Pagamento a estornar - pedido #${order.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${order.id}:refund:CHAR_TARDIO`,
    });
    expectInBoth(
      store,
      TEST_ORDER_EXPLANATION,
      `#${order.reference}`,
      'CHAR_TARDIO',
      `Estorne o valor integral de ${formatBRL(order.totalCents)}`,
      'já tinha sido cancelado',
      'Ana Souza',
      SHOPPER,
      '(11) 98765-4321',
      'A cliente foi avisada por e-mail',
    );
    expect(store.textBody).not.toContain('CHAR_ANTIGO');

    const shopper = await only(SHOPPER);
    expect(shopper).toMatchObject({
      kind: 'order_refund_due',
      subject: `Seu pagamento será estornado - pedido #${order.reference} - ${STORE_NAME}`,
      dedupeKey: `order:${order.id}:refund`,
    });
    expectInBoth(
      shopper,
      'depois que o pedido',
      `vamos estornar o valor integral de ${formatBRL(order.totalCents)}`,
      'Pagamento a estornar',
    );
  });

  it("names the order's payment when the caller gives none, and a second payment gets its own notice", async () => {
    const { order } = await guestOrder();
    await update(order, { status: 'refund_due', paymentId: 'CHAR_DA_ORDEM' });
    await send(order.id, 'refund_due');
    await send(order.id, 'refund_due', { paymentId: 'CHAR_OUTRO' });

    const notices = await db
      .select()
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.recipient, deps.storeEmail),
          like(outboxEmails.dedupeKey, `order:${order.id}:refund:%`),
        ),
      )
      .orderBy(outboxEmails.id);
    expect(notices.map((n) => n.dedupeKey)).toEqual([
      `order:${order.id}:refund:CHAR_DA_ORDEM`,
      `order:${order.id}:refund:CHAR_OUTRO`,
    ]);
    // She hears about her refund once.
    await only(SHOPPER);
  });
});
