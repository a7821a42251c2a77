/**
 * 'Liberar estoque' (docs/purchase-limits.md, docs/admin/orders.md): the owners give an unpaid
 * order's units back to the shelf. One guarded statement: a second release, or a release of a
 * paid order, is a 409 that gives nothing back twice; the reason is kept in the audit log and
 * answered; a payment that still arrives revives the order while its units are there.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { ADDRESS, call, setProduct, stockOf } from '../../../../test/checkout.js';
import { useTestApp } from '../../../../test/helpers.js';
import { times } from '../../../../test/racing.js';
import {
  catalogTail,
  orderByReference,
  orderOutbox,
  sandboxNotification,
} from '../../../../test/orders.js';
import { auditLog, stockMovements } from '../../../db/schema.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const takeProducts = catalogTail(() => ctx.database);
let owner: { token: string; userId: number };

beforeAll(async () => {
  owner = await loggedInOwner(ctx.app, ctx.database);
});

/** A guest's order of 3 units, its payment started (ADDRESS), as the checkout makes it. */
async function unpaidOrder() {
  const [id] = await takeProducts(1, 10);
  await setProduct(ctx.database, id!, { priceCents: 8_000 });
  const placed = await call(ctx.app, '/api/pay/', {
    produtos: [{ id: id!, quantidade: 3 }],
    cep: '01310100',
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const order = placed.json<{ reference: string; chave: string; total: string }>();
  const started = await call(ctx.app, '/api/pagamento/', {
    reference: order.reference,
    chave: order.chave,
    logged: false,
    shippingInfo: ADDRESS,
    totais: { total: order.total },
  });
  expect(started.statusCode, started.body).toBe(200);
  return { productId: id!, reference: order.reference, total: order.total };
}

const release = (reference: string, motivo = 'Pedidos repetidos de um robô') =>
  adminCall(ctx.app, owner.token, 'POST', `/api/admin/pedidos/${reference}/liberar-estoque/`, {
    motivo,
  });

describe("the owners' 'Liberar estoque'", () => {
  it('offered on an unpaid order: its units back, cancelled with the reason, audited, mailed', async () => {
    const { productId, reference } = await unpaidOrder();
    expect(await stockOf(ctx.database, productId)).toBe(7);
    const before = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
    expect(before.json<{ pedido: { acoes: string[] } }>().pedido.acoes).toEqual([
      'liberar_estoque',
    ]);

    const res = await release(reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ pedido: object }>().pedido).toMatchObject({
      status: 'cancelled',
      status_texto: 'Cancelado',
      motivo_cancelamento: 'released',
      motivo_texto: 'Pedidos repetidos de um robô',
      acoes: [],
    });
    expect(await stockOf(ctx.database, productId)).toBe(10);
    const order = await orderByReference(ctx.database, reference);
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'released' });
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, reference), eq(auditLog.action, 'order.release')));
    expect(entry?.summary).toContain('estoque liberado');
    const [moved] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, order.id), eq(stockMovements.delta, 3)));
    expect(moved).toMatchObject({ actorUserId: owner.userId });
    expect((await orderOutbox(ctx.database, order.id)).map((m) => m.kind)).toContain(
      'order_cancelled',
    );
    // Read again later, the reason is still there.
    const after = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/pedidos/${reference}/`);
    expect(after.json<{ pedido: { motivo_texto: string } }>().pedido.motivo_texto).toBe(
      'Pedidos repetidos de um robô',
    );
  });

  it('two releases at once give the units back once; a paid order cannot be released', async () => {
    const { productId, reference } = await unpaidOrder();
    const answers = await times(3, () => release(reference));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(ctx.database, productId)).toBe(10);

    const paid = await unpaidOrder();
    await sandboxNotification(
      ctx.app,
      paid.reference,
      Math.round(Number(paid.total) * 100),
    ).deliver();
    expect((await orderByReference(ctx.database, paid.reference)).status).toBe('paid');
    const refused = await release(paid.reference);
    expect(refused.statusCode).toBe(409);
    expect(await stockOf(ctx.database, paid.productId)).toBe(7);
  });

  it('a payment arriving after the release revives the order while its units are there', async () => {
    const { productId, reference, total } = await unpaidOrder();
    expect((await release(reference)).statusCode).toBe(200);
    await sandboxNotification(ctx.app, reference, Math.round(Number(total) * 100)).deliver();
    expect((await orderByReference(ctx.database, reference)).status).toBe('paid');
    expect(await stockOf(ctx.database, productId)).toBe(7);
  });

  it('answers 400 without a reason', async () => {
    const { reference } = await unpaidOrder();
    const res = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/pedidos/${reference}/liberar-estoque/`,
      { motivo: '  ' },
    );
    expect(res.statusCode).toBe(400);
    expect((await orderByReference(ctx.database, reference)).status).toBe('awaiting_payment');
  });
});
