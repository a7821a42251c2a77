/**
 * The sandbox hosted page's edges: one result per checkout (a second submit, or two at once,
 * changes nothing), a finished checkout sends the browser back, an expired one answers 410.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxCheckouts } from '../../db/schema.js';
import { useTestApp } from '../../../test/helpers.js';
import { insertOrder, orderByReference, paymentNotificationsOf } from '../../../test/orders.js';

const ctx = useTestApp();

/** An order and its sandbox page, asked for the way the shopper's browser does (payment-status). */
async function checkoutOf(options: Parameters<typeof insertOrder>[1] = {}) {
  const placed = await insertOrder(ctx.database, options);
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/payment-status/${placed.order.reference}/?chave=${placed.chave}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const paymentUrl = res.json<{ payment_link: string }>().payment_link;
  return { ...placed, path: new URL(paymentUrl).pathname, id: paymentUrl.split('/').pop()! };
}

function card(path: string, number: string) {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/card`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      card_number: number,
      holder: 'ANA',
      expiry: '12/30',
      cvv: '123',
    }).toString(),
  });
}

describe('the sandbox page', () => {
  it('escapes what it shows, links its stylesheet and has no inline script or style', async () => {
    const { path, order } = await checkoutOf();
    const res = await ctx.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('Duas Irmãs Semijoias');
    expect(res.body).toContain('<link rel="stylesheet" href="/sandbox/sandbox.css">');
    expect(res.body).toContain(`action="${path}/card"`);
    expect(res.body).toContain(`action="${path}/pix"`);
    expect(res.body).toMatch(/<textarea readonly[^>]*>[^<]+<\/textarea>/);
    expect(res.body).toMatch(/aria-label="QR code do PIX"><svg/);
    expect(res.body).toContain(order.reference);
    expect(res.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
  });

  it('a declined checkout takes no second result and its page sends her back to the store', async () => {
    const { path, order } = await checkoutOf();
    expect((await card(path, '4000 0000 0000 0002')).statusCode).toBe(303);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('payment_failed');
    // The same (declined) checkout cannot be paid afterwards: the store makes a new one.
    const again = await card(path, '4111 1111 1111 1111');
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe(`http://loja.test/pedido/${order.reference}`);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('payment_failed');
    expect(await paymentNotificationsOf(ctx.database, order.id)).toHaveLength(1);
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(303);
  });

  it('two submits at once record one result and one notification', async () => {
    const { path, order, id } = await checkoutOf();
    const answers = await Promise.all([
      card(path, '4111111111111111'),
      ctx.app.inject({ method: 'POST', url: `${path}/pix` }),
      card(path, '4111111111111111'),
    ]);
    for (const res of answers) expect(res.statusCode).toBe(303);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('paid');
    expect(await paymentNotificationsOf(ctx.database, order.id)).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(sandboxCheckouts)
      .where(eq(sandboxCheckouts.id, id));
    expect(row!.status).toBe('paid');
  });

  it('an expired checkout answers 410 with its page and takes no payment', async () => {
    const { path, order, id } = await checkoutOf();
    await ctx.database.db
      .update(sandboxCheckouts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sandboxCheckouts.id, id));
    const page = await ctx.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(410);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Este link de pagamento expirou.');
    const pay = await ctx.app.inject({ method: 'POST', url: `${path}/pix` });
    expect(pay.statusCode).toBe(410);
    expect((await orderByReference(ctx.database, order.reference)).status).toBe('awaiting_payment');
  });
});
