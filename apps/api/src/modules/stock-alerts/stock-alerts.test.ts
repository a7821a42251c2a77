/**
 * 'Avise-me quando chegar' (docs/stock-alerts-contract.md): POST /api/avise-me/'s
 * answers, and each request served once when its piece comes back by each path (an owner's
 * adjustment, an unpaid order expiring, an owner cancelling a paid order), never before, never
 * for another size; sold out again before the sweep; the owners' counts; 90 days' expiry.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import {
  STOCK_ALERT_AVAILABLE,
  STOCK_ALERT_EMAIL_INVALID,
  STOCK_ALERT_EMAIL_REQUIRED,
  STOCK_ALERT_PRODUCT_INVALID,
  STOCK_ALERT_VARIATION_INVALID,
} from '@semijoias/domain/stock-alerts';
import { VARIATION_NOT_FOUND } from '@semijoias/domain/variations';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { shopper, setProduct } from '../../../test/checkout.js';
import { restock, sizedPiece } from '../../../test/factories.js';
import { useTestApp } from '../../../test/helpers.js';
import { catalogTail, insertOrder } from '../../../test/orders.js';
import {
  confirmStockAlert,
  pressConfirm,
  stockAlertConfirmToken,
} from '../../../test/stock-alerts.js';
import {
  outboxEmails,
  productVariations,
  products,
  stockAlerts,
  type StockAlertRow,
} from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { hashToken } from '../../lib/secrets.js';
import { createHousekeeping } from '../housekeeping/index.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
const take = catalogTail(() => ctx.database);
const DAY = 24 * 60 * 60 * 1000;

function askOnly(body: unknown, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/avise-me/',
    payload: body as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Asks, then opens the e-mailed confirmation link when one was sent (the double opt-in). */
async function ask(body: unknown, token?: string) {
  const res = await askOnly(body, token);
  if (res.statusCode < 300 && res.json<{ confirmado: boolean }>().confirmado === false)
    await confirmStockAlert(ctx.app, ctx.database, res.json<{ email: string }>().email);
  return res;
}

/** A plain piece (sold without sizes), sold out. */
async function soldOutPiece(): Promise<number> {
  const [id] = await take(1, 0);
  return id!;
}

async function alertsOf(productId: number): Promise<StockAlertRow[]> {
  return ctx.database.db
    .select()
    .from(stockAlerts)
    .where(eq(stockAlerts.productId, productId))
    .orderBy(asc(stockAlerts.id));
}

/** The 'Avise-me' e-mails in the outbox for these request ids. */
async function alertMails(ids: number[]) {
  if (ids.length === 0) return [];
  return ctx.database.db
    .select({ to: outboxEmails.recipient, key: outboxEmails.dedupeKey, links: outboxEmails.links })
    .from(outboxEmails)
    .where(
      inArray(
        outboxEmails.dedupeKey,
        ids.map((id) => `stock-alert:${id}`),
      ),
    );
}

const sweep = (at = new Date()) => ctx.app.stockAlerts.runOnce(at);

describe('POST /api/avise-me/', () => {
  it('answers 201 for a new request and 200 for the same address and piece again', async () => {
    const id = await soldOutPiece();
    const first = await ask({ produto_id: id, email: '  Ana.Souza@Exemplo.com.BR ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json()).toEqual({
      success: true,
      novo: true,
      confirmado: false,
      produto_id: id,
      variacao_id: null,
      email: 'ana.souza@exemplo.com.br',
    });
    const again = await ask({ produto_id: id, email: 'ana.souza@exemplo.com.br' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({
      novo: false,
      confirmado: true,
      email: 'ana.souza@exemplo.com.br',
    });

    const rows = await alertsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      email: 'ana.souza@exemplo.com.br',
      emailHash: hashToken('ana.souza@exemplo.com.br'),
      userId: null,
      backInStockAt: null,
      servedAt: null,
    });
    // Another address for the same piece is another request.
    expect((await ask({ produto_id: id, email: 'bia@exemplo.com' })).statusCode).toBe(201);
    expect(await alertsOf(id)).toHaveLength(2);
  });

  it('keeps the logged-in customer as hers, whatever address she types', async () => {
    const id = await soldOutPiece();
    const she = await shopper(ctx.app, ctx.database);
    const res = await ask({ produto_id: id, email: 'outro.email@exemplo.com' }, she.token);
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await alertsOf(id);
    expect(row).toMatchObject({ userId: she.userId, email: 'outro.email@exemplo.com' });
    // A guest's request asked again when logged in becomes hers (still one request).
    const guest = await ask({ produto_id: id, email: 'convidada@exemplo.com' });
    expect(guest.statusCode).toBe(201);
    const mine = await ask({ produto_id: id, email: 'convidada@exemplo.com' }, she.token);
    expect(mine.statusCode).toBe(200);
    const rows = await alertsOf(id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.userId).toBe(she.userId);
    // A bad bearer is refused before anything is written.
    const bad = await ask({ produto_id: id, email: 'x@exemplo.com' }, 'not-a-token');
    expect(bad.statusCode).toBe(401);
    expect(await alertsOf(id)).toHaveLength(2);
  });

  it('answers 400 with each field’s message for a bad e-mail or id', async () => {
    const id = await soldOutPiece();
    const cases: [unknown, Record<string, string[]>][] = [
      [{ produto_id: id, email: '' }, { email: [STOCK_ALERT_EMAIL_REQUIRED] }],
      [{ produto_id: id }, { email: [STOCK_ALERT_EMAIL_REQUIRED] }],
      [{ produto_id: id, email: 'ana@' }, { email: [STOCK_ALERT_EMAIL_INVALID] }],
      [{ produto_id: id, email: 42 }, { email: [STOCK_ALERT_EMAIL_REQUIRED] }],
      [
        { produto_id: id, email: `${'a'.repeat(250)}@x.com` },
        { email: [STOCK_ALERT_EMAIL_INVALID] },
      ],
      [{ produto_id: 0, email: 'a@b.com' }, { produto_id: [STOCK_ALERT_PRODUCT_INVALID] }],
      [{ produto_id: 1.5, email: 'a@b.com' }, { produto_id: [STOCK_ALERT_PRODUCT_INVALID] }],
      [{ produto_id: '1e3', email: 'a@b.com' }, { produto_id: [STOCK_ALERT_PRODUCT_INVALID] }],
      [{ email: 'a@b.com' }, { produto_id: [STOCK_ALERT_PRODUCT_INVALID] }],
      [
        { produto_id: id, variacao_id: -3, email: 'a@b.com' },
        { variacao_id: [STOCK_ALERT_VARIATION_INVALID] },
      ],
      [
        { produto_id: 'x', variacao_id: 'y', email: 'nope' },
        {
          produto_id: [STOCK_ALERT_PRODUCT_INVALID],
          variacao_id: [STOCK_ALERT_VARIATION_INVALID],
          email: [STOCK_ALERT_EMAIL_INVALID],
        },
      ],
    ];
    for (const [body, errors] of cases) {
      const res = await ask(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors).toEqual(errors);
      expect(res.json().error).toBe(Object.values(errors)[0]![0]);
    }
    expect((await ask([1, 2])).statusCode).toBe(400);
    expect(await alertsOf(id)).toHaveLength(0);
  });

  it('answers 404 for an unknown or hidden piece and a size not of it or archived', async () => {
    const id = await soldOutPiece();
    const unknown = await ask({ produto_id: 999_999, email: 'a@b.com' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe(PRODUCT_NOT_FOUND);

    await ctx.database.db.update(products).set({ hiddenAt: new Date() }).where(eq(products.id, id));
    const hidden = await ask({ produto_id: id, email: 'a@b.com' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error).toBe(PRODUCT_NOT_FOUND);
    await ctx.database.db.update(products).set({ hiddenAt: null }).where(eq(products.id, id));

    const ring = await sizedPiece(ctx.database, { rest: 0 });
    const other = await sizedPiece(ctx.database, { rest: 0 });
    const notOfIt = await ask({
      produto_id: ring.id,
      variacao_id: other.sizes[0]!.id,
      email: 'a@b.com',
    });
    expect(notOfIt.statusCode).toBe(404);
    expect(notOfIt.json().error).toBe(VARIATION_NOT_FOUND);
    // A size given for a piece sold without sizes.
    const plain = await ask({ produto_id: id, variacao_id: ring.sizes[0]!.id, email: 'a@b.com' });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error).toBe(VARIATION_NOT_FOUND);
    // A size on an unknown product is the product's 404.
    const both = await ask({
      produto_id: 999_999,
      variacao_id: ring.sizes[0]!.id,
      email: 'a@b.com',
    });
    expect(both.json().error).toBe(PRODUCT_NOT_FOUND);

    await ctx.database.db
      .update(productVariations)
      .set({ archivedAt: new Date() })
      .where(eq(productVariations.id, ring.sizes[1]!.id));
    const archived = await ask({
      produto_id: ring.id,
      variacao_id: ring.sizes[1]!.id,
      email: 'a@b.com',
    });
    expect(archived.statusCode).toBe(404);
    expect(archived.json().error).toBe(VARIATION_NOT_FOUND);
    expect(await alertsOf(ring.id)).toHaveLength(0);
  });

  it('answers 409 for a piece or a size in stock; a piece by size without one only when all are out', async () => {
    const [inStock] = await take(1, 3);
    const res = await ask({ produto_id: inStock, email: 'a@b.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(STOCK_ALERT_AVAILABLE);

    const ring = await sizedPiece(ctx.database, { stocks: [0, 2], rest: 0 });
    const sizeIn = await ask({
      produto_id: ring.id,
      variacao_id: ring.sizes[1]!.id,
      email: 'a@b.com',
    });
    expect(sizeIn.statusCode).toBe(409);
    expect(sizeIn.json().error).toBe(STOCK_ALERT_AVAILABLE);
    // Some size in stock: the piece as a whole is available.
    const whole = await ask({ produto_id: ring.id, email: 'a@b.com' });
    expect(whole.statusCode).toBe(409);
    // The sold-out size is accepted.
    const sizeOut = await ask({
      produto_id: ring.id,
      variacao_id: ring.sizes[0]!.id,
      email: 'a@b.com',
    });
    expect(sizeOut.statusCode, sizeOut.body).toBe(201);
    expect(sizeOut.json().variacao_id).toBe(ring.sizes[0]!.id);

    // Every size out: the piece as a whole is accepted too, a request apart from the size's.
    const allOut = await sizedPiece(ctx.database, { rest: 0 });
    expect((await ask({ produto_id: allOut.id, email: 'a@b.com' })).statusCode).toBe(201);
    expect(
      (await ask({ produto_id: allOut.id, variacao_id: allOut.sizes[2]!.id, email: 'a@b.com' }))
        .statusCode,
    ).toBe(201);
    expect(await alertsOf(allOut.id)).toHaveLength(2);
  });
});

describe('serving the requests when the piece is back', () => {
  it('mails once when an owner restocks, not while it stays at 0', async () => {
    const id = await soldOutPiece();
    for (const email of ['ana@exemplo.com', 'bia@exemplo.com']) {
      expect((await ask({ produto_id: id, email })).statusCode).toBe(201);
    }
    expect((await sweep()).served).toBe(0);
    const waiting = await alertsOf(id);
    expect(await alertMails(waiting.map((a) => a.id))).toEqual([]);
    expect(waiting.every((a) => a.backInStockAt === null)).toBe(true);

    await restock(ctx.app, ctx.database, id, 2);
    const stamped = await alertsOf(id);
    expect(stamped.every((a) => a.backInStockAt !== null && a.servedAt === null)).toBe(true);

    const at = new Date();
    expect((await sweep(at)).served).toBe(2);
    const served = await alertsOf(id);
    for (const row of served) {
      expect(row.servedAt?.getTime()).toBe(at.getTime());
      expect(row.email).toBeNull(); // the address is gone with the request
    }
    const mails = await alertMails(served.map((a) => a.id));
    expect(mails.map((m) => m.to).sort()).toEqual(['ana@exemplo.com', 'bia@exemplo.com']);
    expect(mails[0]!.links).toEqual([`http://loja.test/produto/${id}`]);

    // Once: another sweep, another restock, the same address asking again is a new request.
    await restock(ctx.app, ctx.database, id, 1);
    expect((await sweep()).served).toBe(0);
    expect(await alertMails(served.map((a) => a.id))).toHaveLength(2);
  });

  it('mails when an unpaid order expires and gives its stock back', async () => {
    const id = await soldOutPiece();
    // An unpaid order holds the last unit (its stock was taken at api/pay); it expired a minute ago.
    await insertOrder(ctx.database, { productIds: [id], ttlMinutes: -1 });
    expect((await ask({ produto_id: id, email: 'espera@exemplo.com' })).statusCode).toBe(201);
    // The real sweeper: the order is cancelled, its stock given back, then the task mails.
    const result = await ctx.app.sweeper.runOnce();
    expect(result.cancelled).toBeGreaterThanOrEqual(1);
    const [row] = await alertsOf(id);
    expect(row!.servedAt).not.toBeNull();
    expect(await alertMails([row!.id])).toEqual([
      expect.objectContaining({ to: 'espera@exemplo.com' }),
    ]);
  });

  it('mails when an owner cancels a paid order and its stock comes back', async () => {
    const id = await soldOutPiece();
    const { order } = await insertOrder(ctx.database, { productIds: [id], status: 'paid' });
    expect((await ask({ produto_id: id, email: 'paga@exemplo.com' })).statusCode).toBe(201);
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const cancel = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/pedidos/${order.reference}/cancelar/`,
      { motivo: 'Cliente desistiu' },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await sweep()).served).toBe(1);
    const [row] = await alertsOf(id);
    expect(await alertMails([row!.id])).toEqual([
      expect.objectContaining({ to: 'paga@exemplo.com' }),
    ]);
  });

  it('serves a size only when that size comes back, with its link', async () => {
    const ring = await sizedPiece(ctx.database, { rest: 0 });
    const [small, large] = ring.sizes;
    expect(
      (await ask({ produto_id: ring.id, variacao_id: small!.id, email: 'aro@exemplo.com' }))
        .statusCode,
    ).toBe(201);
    expect((await ask({ produto_id: ring.id, email: 'peca@exemplo.com' })).statusCode).toBe(201);

    // Another size back: the piece as a whole is back (its request is served), not that size.
    await restock(ctx.app, ctx.database, ring.id, 1, large!.id);
    expect((await sweep()).served).toBe(1);
    const [bySize, whole] = await alertsOf(ring.id);
    expect(whole!.servedAt).not.toBeNull();
    expect(bySize).toMatchObject({ servedAt: null, backInStockAt: null });
    expect(await alertMails([bySize!.id])).toEqual([]);
    expect((await alertMails([whole!.id]))[0]!.links).toEqual([
      `http://loja.test/produto/${ring.id}`,
    ]);

    await restock(ctx.app, ctx.database, ring.id, 2, small!.id);
    expect((await sweep()).served).toBe(1);
    expect((await alertMails([bySize!.id]))[0]).toMatchObject({
      to: 'aro@exemplo.com',
      links: [`http://loja.test/produto/${ring.id}?variacao=${small!.id}`],
    });
  });

  it('sends nothing when the piece is sold out again before the sweep, and waits for the next time', async () => {
    const id = await soldOutPiece();
    expect((await ask({ produto_id: id, email: 'paciente@exemplo.com' })).statusCode).toBe(201);
    await restock(ctx.app, ctx.database, id, 1);
    await setProduct(ctx.database, id, { stock: 0 }); // sold before the sweep came
    expect(await sweep()).toEqual({ served: 0, rearmed: 1 });
    const [row] = await alertsOf(id);
    expect(row).toMatchObject({
      servedAt: null,
      backInStockAt: null,
      email: 'paciente@exemplo.com',
    });
    expect(await alertMails([row!.id])).toEqual([]);

    await restock(ctx.app, ctx.database, id, 3);
    expect((await sweep()).served).toBe(1);
    expect(await alertMails([row!.id])).toHaveLength(1);
  });

  it('shows the owners how many wait for each piece and size, most awaited first', async () => {
    const ring = await sizedPiece(ctx.database, { rest: 0 });
    const plain = await soldOutPiece();
    await ask({ produto_id: ring.id, variacao_id: ring.sizes[0]!.id, email: 'a1@exemplo.com' });
    await ask({ produto_id: ring.id, variacao_id: ring.sizes[0]!.id, email: 'a2@exemplo.com' });
    await ask({ produto_id: ring.id, variacao_id: ring.sizes[3]!.id, email: 'a3@exemplo.com' });
    await ask({ produto_id: ring.id, email: 'a4@exemplo.com' });
    await ask({ produto_id: plain, email: 'b1@exemplo.com' });
    const owner = await loggedInOwner(ctx.app, ctx.database);

    const page = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/produtos/${ring.id}/`);
    expect(page.statusCode, page.body).toBe(200);
    const produto = page.json().produto;
    expect(produto.aguardando_aviso).toBe(4);
    const bySize = Object.fromEntries(
      (produto.variacoes as { id: number; aguardando_aviso: number }[]).map((v) => [
        v.id,
        v.aguardando_aviso,
      ]),
    );
    expect(bySize[ring.sizes[0]!.id]).toBe(2);
    expect(bySize[ring.sizes[3]!.id]).toBe(1);
    expect(bySize[ring.sizes[1]!.id]).toBe(0);

    const list = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      '/api/admin/produtos/?situacao=aguardando_aviso',
    );
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json().produtos as { id: number; aguardando_aviso: number }[];
    expect(items.every((p) => p.aguardando_aviso > 0)).toBe(true);
    const counts = items.map((p) => p.aguardando_aviso);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(items.find((p) => p.id === ring.id)?.aguardando_aviso).toBe(4);
    expect(items.find((p) => p.id === plain)?.aguardando_aviso).toBe(1);

    // Served requests no longer count.
    await restock(ctx.app, ctx.database, plain, 1);
    await sweep();
    const after = await adminCall(ctx.app, owner.token, 'GET', `/api/admin/produtos/${plain}/`);
    expect(after.json().produto.aguardando_aviso).toBe(0);
    const all = await adminCall(ctx.app, owner.token, 'GET', '/api/admin/produtos/');
    expect(
      (all.json().produtos as { aguardando_aviso: number }[]).every(
        (p) => typeof p.aguardando_aviso === 'number',
      ),
    ).toBe(true);
  });
});

describe('double opt-in (issue 33)', () => {
  it('keeps the address pending until the e-mailed link is confirmed; a pending one is never mailed', async () => {
    const id = await soldOutPiece();
    const email = 'estranha@exemplo.com';
    const res = await askOnly({ produto_id: id, email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ novo: true, confirmado: false });
    const [pending] = await alertsOf(id);
    expect(pending).toMatchObject({ confirmedAt: null, servedAt: null });
    // One confirmation e-mail, its token stored only as a hash.
    const confirmations = await ctx.database.db
      .select({ to: outboxEmails.recipient, text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(eq(outboxEmails.kind, 'stock_alert_confirm'));
    expect(confirmations.filter((m) => m.to === email)).toHaveLength(1);
    const token = (await stockAlertConfirmToken(ctx.database, email))!;
    expect(token).toMatch(/^[\w-]{40,}$/);
    expect(pending!.confirmTokenHash).toBe(hashToken(token));
    // Not counted for the owners, not mailed when the piece is back.
    await restock(ctx.app, ctx.database, id, 2);
    expect((await sweep()).served).toBe(0);
    expect(await alertMails([pending!.id])).toEqual([]);

    // Opening the link shows a button and confirms nothing (a mail scanner opens links).
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/avise-me/confirmar/?t=${token}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Confirmar aviso');
    expect((await alertsOf(id))[0]!.confirmedAt).toBeNull();
    // The button confirms; the link is single-use.
    const done = await pressConfirm(ctx.app, token);
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Aviso confirmado');
    expect(done.body).toContain(`/produto/${id}`);
    const confirmed = (await alertsOf(id))[0]!;
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(confirmed.confirmTokenHash).toBeNull();
    const again = await pressConfirm(ctx.app, token);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('Este link de confirmação é inválido ou expirou.');
    // Stamped while pending, it is mailed at the next sweep once confirmed, once.
    expect((await sweep()).served).toBe(1);
    expect(await alertMails([pending!.id])).toHaveLength(1);
  });

  it('asked again while pending: a new link, the old one no longer works; a JSON client is answered JSON', async () => {
    const id = await soldOutPiece();
    const email = 'duas.vezes@exemplo.com';
    expect((await askOnly({ produto_id: id, email })).statusCode).toBe(201);
    const first = (await stockAlertConfirmToken(ctx.database, email))!;
    const second = await askOnly({ produto_id: id, email });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ novo: false, confirmado: false });
    const token = (await stockAlertConfirmToken(ctx.database, email))!;
    expect(token).not.toBe(first);
    expect((await pressConfirm(ctx.app, first)).statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/avise-me/confirmar/?t=${token}`,
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json()).toMatchObject({ success: true, produto_id: id, variacao_id: null });
    const none = await ctx.app.inject({ method: 'POST', url: '/api/avise-me/confirmar/?t=x' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      error:
        'Este link de confirmação é inválido ou expirou. Peça o aviso de novo na página da joia.',
    });
    // Confirmed, asking again sends nothing more.
    const before = await stockAlertConfirmToken(ctx.database, email);
    expect((await askOnly({ produto_id: id, email })).json()).toMatchObject({ confirmado: true });
    expect(await stockAlertConfirmToken(ctx.database, email)).toBe(before);
  });

  it('a request not confirmed in two days: its link expires and housekeeping erases it', async () => {
    const id = await soldOutPiece();
    const email = 'nunca.confirmou@exemplo.com';
    expect((await askOnly({ produto_id: id, email })).statusCode).toBe(201);
    const token = (await stockAlertConfirmToken(ctx.database, email))!;
    const db = ctx.database.db;
    await db
      .update(stockAlerts)
      .set({ createdAt: new Date(Date.now() - 2 * DAY - 60_000) })
      .where(eq(stockAlerts.productId, id));
    expect((await pressConfirm(ctx.app, token)).statusCode).toBe(400);
    const log = { info: () => undefined, error: () => undefined };
    await createHousekeeping({ db, log, now: () => new Date() }).runOnce();
    expect(await alertsOf(id)).toEqual([]);
  });
});

describe('expiry', () => {
  it('deletes a request not served in 90 days with its address, a served one after 60', async () => {
    const id = await soldOutPiece();
    const now = new Date();
    const db = ctx.database.db;
    const [old, fresh, servedOld, servedRecent] = await db
      .insert(stockAlerts)
      .values([
        {
          productId: id,
          email: 'antiga@exemplo.com',
          emailHash: hashToken('antiga@exemplo.com'),
          createdAt: new Date(now.getTime() - 91 * DAY),
        },
        {
          productId: id,
          email: 'recente@exemplo.com',
          emailHash: hashToken('recente@exemplo.com'),
          createdAt: new Date(now.getTime() - 89 * DAY),
        },
        {
          productId: id,
          email: null,
          emailHash: hashToken('servida@exemplo.com'),
          createdAt: new Date(now.getTime() - 100 * DAY),
          servedAt: new Date(now.getTime() - 61 * DAY),
        },
        {
          productId: id,
          email: null,
          emailHash: hashToken('servida2@exemplo.com'),
          createdAt: new Date(now.getTime() - 100 * DAY),
          servedAt: new Date(now.getTime() - 59 * DAY),
        },
      ])
      .returning({ id: stockAlerts.id });
    const log = { info: () => undefined, error: () => undefined };
    const deleted = await createHousekeeping({ db, log, now: () => now }).runOnce();
    expect(deleted.stock_alerts).toBeGreaterThanOrEqual(2);
    const left = (await alertsOf(id)).map((a) => a.id);
    expect(left).toContain(fresh!.id);
    expect(left).toContain(servedRecent!.id);
    expect(left).not.toContain(old!.id);
    expect(left).not.toContain(servedOld!.id);
    const [kept] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockAlerts)
      .where(eq(stockAlerts.email, 'antiga@exemplo.com'));
    expect(kept!.n).toBe(0);
  });
});
