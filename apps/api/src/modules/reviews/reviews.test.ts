/**
 * Reviews from real buyers (issue 36, docs/reviews-contract.md), on PGlite and on PostgreSQL
 * (TEST_DATABASE_URL): asked once after delivery, only buyers review, the owners moderate, the
 * piece shows the approved ones; the guarded statements under races.
 */
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  REVIEW_DELIVERED_DAYS_INVALID,
  REVIEW_LINK_INVALID,
  REVIEW_LOCKED,
  REVIEW_ORDER_NOT_DELIVERED,
  REVIEW_PHOTO_INVALID,
  REVIEW_STARS_REQUIRED,
} from '@semijoias/domain/reviews';
import type { Database } from '../../db/client.js';
import {
  auditLog,
  orders,
  outboxEmails,
  products,
  reviewPhotos,
  reviews,
  reviewSettings,
  users,
} from '../../db/schema.js';
import { memoryMailer } from '../../integrations/mail/mailer.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { login, verifiedUserId } from '../../../test/accounts.js';
import { secondConnection, TEST_JWT_SECRET, useTestApp } from '../../../test/helpers.js';
import { insertOrder } from '../../../test/orders.js';
import { times } from '../../../test/racing.js';
import { createHousekeeping } from '../housekeeping/index.js';
import { reviewToken } from './link.js';
import { createReviewModeration } from './moderation.js';
import { createReviewRequestSweep } from './requests.js';
import { anonymiseReviews } from './service.js';

const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS] }, { mailer: memoryMailer() });
let other: Database;
beforeAll(async () => {
  other = await secondConnection(ctx.database);
});
afterAll(async () => {
  if (other && other !== ctx.database) await other.close();
});

const DAY = 24 * 60 * 60_000;
const silent = { info: () => {}, error: () => {} };
const sweepOn = (database: Database) =>
  createReviewRequestSweep({
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    publicUrl: 'https://loja.example',
    delayMinutes: 7 * 24 * 60,
    shippedDays: 20,
    log: silent,
  });

/** An order of the catalog's product `productId`, at `status`, delivered or shipped `daysAgo`. */
async function orderOf(
  productId: number,
  status: 'delivered' | 'shipped' | 'paid' | 'cancelled',
  daysAgo = 8,
  extra: { userId?: number; email?: string } = {},
) {
  const at = new Date(Date.now() - daysAgo * DAY);
  return insertOrder(ctx.database, {
    status,
    lines: [{ productId, quantidade: 1 }],
    userId: extra.userId ?? null,
    columns: {
      paidAt: at,
      shippedAt: status === 'delivered' || status === 'shipped' ? at : null,
      deliveredAt: status === 'delivered' ? at : null,
      ...(extra.email ? { email: extra.email } : {}),
    },
  });
}

const lineOf = async (orderId: number) => {
  const form = await ctx.app.inject({
    url: `/api/avaliacoes/pedido/?token=${reviewToken(TEST_JWT_SECRET, orderId)}`,
  });
  expect(form.statusCode, form.body).toBe(200);
  return form.json<{ itens: { linha: number; produto_id: number }[] }>().itens[0]!;
};

const send = (orderId: number, body: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/avaliacoes/',
    payload: { token: reviewToken(TEST_JWT_SECRET, orderId), ...body },
  });

async function emailOf(userId: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row!.email;
}

async function productRow(id: number) {
  const [row] = await ctx.database.db
    .select({ count: products.reviewsCount, sum: products.reviewsStarsSum })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

/** A fresh product of the seed for each test (a product's reviews are counted per test). */
let nextProduct = 1;
const product = () => nextProduct++;

const pngPhoto = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c9a96e' } })
    .png()
    .toBuffer();

describe('asking for reviews', () => {
  it('asks a delivered order once, a week after, with the link to her form', async () => {
    const piece = product();
    const delivered = await orderOf(piece, 'delivered', 8, {
      email: 'pede.avaliacao@exemplo.com.br',
    });
    const recent = await orderOf(piece, 'delivered', 2);
    const shippedLongAgo = await orderOf(piece, 'shipped', 21);
    const shippedRecently = await orderOf(piece, 'shipped', 10);
    const tooOld = await orderOf(piece, 'delivered', 70);
    const unpaid = await orderOf(piece, 'paid', 30);
    const first = await sweepOn(ctx.database).runOnce(new Date());
    expect(first.asked).toBeGreaterThanOrEqual(2);
    const asked = async (orderId: number) =>
      ctx.database.db
        .select()
        .from(outboxEmails)
        .where(eq(outboxEmails.dedupeKey, `review-request:${orderId}`));
    const [mail] = await asked(delivered.order.id);
    expect(mail).toMatchObject({
      kind: 'review_request',
      recipient: 'pede.avaliacao@exemplo.com.br',
    });
    expect(mail!.subject).toContain('o que achou das suas joias?');
    expect(mail!.textBody).toContain(`pedido #${delivered.order.reference}`);
    expect(mail!.links[0]).toMatch(/^https:\/\/loja\.example\/avaliar\?token=rv1\./);
    // The form opens with that link.
    const token = new URL(mail!.links[0]!).searchParams.get('token')!;
    const form = await ctx.app.inject({ url: `/api/avaliacoes/pedido/?token=${token}` });
    expect(form.statusCode).toBe(200);
    expect(form.json()).toMatchObject({ pedido: delivered.order.reference });
    // The name is escaped in the HTML part (the test buyer is 'Ana Souza <teste>').
    expect(mail!.htmlBody).not.toContain('<teste>');
    expect(await asked(shippedLongAgo.order.id)).toHaveLength(1);
    for (const notYet of [recent, shippedRecently, tooOld, unpaid]) {
      expect(await asked(notYet.order.id)).toHaveLength(0);
    }
    // Asked once: the next sweep finds nothing of these.
    await sweepOn(ctx.database).runOnce(new Date());
    expect(await asked(delivered.order.id)).toHaveLength(1);
  });

  it('two instances sweeping at once send each order one e-mail', async () => {
    const piece = product();
    const placed = await Promise.all([0, 1, 2, 3, 4].map(() => orderOf(piece, 'delivered', 9)));
    const results = await Promise.all([
      sweepOn(ctx.database).runOnce(new Date()),
      sweepOn(other).runOnce(new Date()),
    ]);
    for (const { order } of placed) {
      const rows = await ctx.database.db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(eq(outboxEmails.dedupeKey, `review-request:${order.id}`));
      expect(rows, `order ${order.id}`).toHaveLength(1);
    }
    // Each order asked by one sweep only (the stamp's guard), not by both.
    expect(results[0]!.asked + results[1]!.asked).toBe(placed.length);
    const stamped = await ctx.database.db
      .select({ at: orders.reviewRequestedAt })
      .from(orders)
      .where(
        sql`${orders.id} in (${sql.join(
          placed.map((p) => sql`${p.order.id}`),
          sql`, `,
        )})`,
      );
    expect(stamped.every((r) => r.at !== null)).toBe(true);
  });

  it('the owners choose when: their days win over the environment’s, refused outside 0-60', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const url = '/api/admin/avaliacoes/configuracao/';
    expect((await adminCall(ctx.app, owner.token, 'GET', url)).json()).toEqual({
      dias_apos_entrega: 7,
      dias_apos_envio: 20,
      da_loja: false,
    });
    const wrong = await adminCall(ctx.app, owner.token, 'PUT', url, {
      dias_apos_entrega: 61,
      dias_apos_envio: 0,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain(REVIEW_DELIVERED_DAYS_INVALID);
    const saved = await adminCall(ctx.app, owner.token, 'PUT', url, {
      dias_apos_entrega: 2,
      dias_apos_envio: 10,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ dias_apos_entrega: 2, dias_apos_envio: 10, da_loja: true });
    try {
      const piece = product();
      const delivered = await orderOf(piece, 'delivered', 3);
      const shipped = await orderOf(piece, 'shipped', 11);
      await sweepOn(ctx.database).runOnce(new Date());
      for (const { order } of [delivered, shipped]) {
        const rows = await ctx.database.db
          .select()
          .from(outboxEmails)
          .where(eq(outboxEmails.dedupeKey, `review-request:${order.id}`));
        expect(rows, `order ${order.id}`).toHaveLength(1);
      }
      const [audit] = await ctx.database.db
        .select({ summary: auditLog.summary })
        .from(auditLog)
        .where(eq(auditLog.action, 'review.settings'));
      expect(audit?.summary).toContain('2 dia(s) após a entrega');
    } finally {
      // The next tests count on the environment's 7 days.
      await ctx.database.db.delete(reviewSettings);
    }
  });

  it('never asks an anonymised customer', async () => {
    const userId = await verifiedUserId(ctx.app, ctx.database);
    const placed = await orderOf(product(), 'delivered', 8, { userId });
    await ctx.database.db
      .update(users)
      .set({ anonymizedAt: new Date() })
      .where(eq(users.id, userId));
    await sweepOn(ctx.database).runOnce(new Date());
    const rows = await ctx.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.dedupeKey, `review-request:${placed.order.id}`));
    expect(rows).toHaveLength(0);
    const form = await ctx.app.inject({
      url: `/api/avaliacoes/pedido/?token=${reviewToken(TEST_JWT_SECRET, placed.order.id)}`,
    });
    expect(form.statusCode).toBe(401);
  });
});

describe('only buyers review', () => {
  it('refuses a link that is not the server’s, changed, expired, or of an order not yet sent', async () => {
    const placed = await orderOf(product(), 'delivered');
    const good = reviewToken(TEST_JWT_SECRET, placed.order.id);
    const forged = good.replace(/^rv1\.\d+/, `rv1.${placed.order.id + 1}`);
    const expired = reviewToken(TEST_JWT_SECRET, placed.order.id, new Date(Date.now() - 61 * DAY));
    for (const token of [
      '',
      'rv1.1.2.3',
      forged,
      expired,
      reviewToken('outro-segredo-'.repeat(4), placed.order.id),
    ]) {
      const res = await ctx.app.inject({
        url: `/api/avaliacoes/pedido/?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toMatchObject({ error: REVIEW_LINK_INVALID });
    }
    const paid = await orderOf(product(), 'paid');
    const res = await ctx.app.inject({
      url: `/api/avaliacoes/pedido/?token=${reviewToken(TEST_JWT_SECRET, paid.order.id)}`,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: REVIEW_ORDER_NOT_DELIVERED });
  });

  it('one review per line: sent, edited while pending, final once approved; another order’s line refused', async () => {
    const piece = product();
    const placed = await orderOf(piece, 'delivered');
    const { linha, produto_id } = await lineOf(placed.order.id);
    expect(produto_id).toBe(piece);

    const bad = await send(placed.order.id, { linha, estrelas: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { estrelas: [REVIEW_STARS_REQUIRED] } });

    const created = await send(placed.order.id, {
      linha,
      estrelas: 4,
      titulo: 'Linda',
      texto: 'Brilha muito. <script>alert(1)</script>',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      avaliacao: { estrelas: 4, titulo: 'Linda', status: 'pendente', pode_editar: true },
    });
    const edited = await send(placed.order.id, { linha, estrelas: 5, titulo: 'Perfeita' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      avaliacao: { estrelas: 5, titulo: 'Perfeita', texto: null },
    });
    const saved = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, placed.order.id));
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      productId: piece,
      stars: 5,
      authorName: 'Ana',
      authorCity: 'São Paulo/SP',
      status: 'pendente',
    });
    // Not public while pending.
    expect(await productRow(piece)).toEqual({ count: 0, sum: 0 });

    const owner = await loggedInOwner(ctx.app, ctx.database);
    const approved = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/avaliacoes/${saved[0]!.id}/aprovar/`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await productRow(piece)).toEqual({ count: 1, sum: 5 });
    const locked = await send(placed.order.id, { linha, estrelas: 1 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({ error: REVIEW_LOCKED });

    // A line of another order, with this order's link: not hers to review.
    const otherOrder = await orderOf(piece, 'delivered');
    const { linha: otherLine } = await lineOf(otherOrder.order.id);
    const stranger = await send(placed.order.id, { linha: otherLine, estrelas: 5 });
    expect(stranger.statusCode).toBe(404);
    // Without a link nor a session: refused.
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/avaliacoes/',
      payload: { linha, estrelas: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('a logged-in buyer reviews from her account; nobody else can with the reference', async () => {
    const userId = await verifiedUserId(ctx.app, ctx.database);
    const placed = await orderOf(product(), 'delivered', 8, { userId });
    const email = await emailOf(userId);
    const { access } = await login(ctx.app, email);
    const mine = await adminCall(
      ctx.app,
      access,
      'GET',
      `/api/avaliacoes/pedido/?pedido=${placed.order.reference}`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    // Her account's 'Avaliar minhas joias': the link's token of her own order.
    const link = await adminCall(
      ctx.app,
      access,
      'GET',
      `/api/avaliacoes/link/?pedido=${placed.order.reference}`,
    );
    expect(link.statusCode, link.body).toBe(200);
    const form = await ctx.app.inject({
      url: `/api/avaliacoes/pedido/?token=${link.json<{ token: string }>().token}`,
    });
    expect(form.json()).toMatchObject({ pedido: placed.order.reference });
    expect(
      (await ctx.app.inject({ url: `/api/avaliacoes/link/?pedido=${placed.order.reference}` }))
        .statusCode,
    ).toBe(401);
    const strangerId = await verifiedUserId(ctx.app, ctx.database);
    const strangerEmail = await emailOf(strangerId);
    const stranger = await login(ctx.app, strangerEmail);
    const refused = await adminCall(
      ctx.app,
      stranger.access,
      'GET',
      `/api/avaliacoes/pedido/?pedido=${placed.order.reference}`,
    );
    expect(refused.statusCode).toBe(404);
    const noLink = await adminCall(
      ctx.app,
      stranger.access,
      'GET',
      `/api/avaliacoes/link/?pedido=${placed.order.reference}`,
    );
    expect(noLink.statusCode).toBe(404);
  });
});

describe('photos', () => {
  it('re-encodes a real picture, refuses anything else, and the owners can hide one', async () => {
    const piece = product();
    const placed = await orderOf(piece, 'delivered');
    const token = reviewToken(TEST_JWT_SECRET, placed.order.id);
    const upload = (body: Buffer, type = 'image/png') =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/avaliacoes/fotos/?token=${token}`,
        headers: { 'content-type': type },
        payload: body,
      });
    const notImage = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(notImage.statusCode).toBe(400);
    expect(notImage.json()).toMatchObject({ error: REVIEW_PHOTO_INVALID });

    const up = await upload(await pngPhoto());
    expect(up.statusCode, up.body).toBe(201);
    const photo = up.json<{ id: number; url: string }>();
    expect(photo.url).toMatch(/^\/media\/avaliacoes\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await ctx.app.inject({ url: photo.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 675]);

    const { linha } = await lineOf(placed.order.id);
    const sent = await send(placed.order.id, { linha, estrelas: 5, fotos: [photo.id] });
    expect(sent.statusCode, sent.body).toBe(201);
    // Someone else's photo id cannot be attached to this review.
    const otherOrder = await orderOf(piece, 'delivered');
    const { linha: otherLine } = await lineOf(otherOrder.order.id);
    const stolen = await send(otherOrder.order.id, {
      linha: otherLine,
      estrelas: 5,
      fotos: [photo.id],
    });
    expect(stolen.statusCode).toBe(400);

    const owner = await loggedInOwner(ctx.app, ctx.database);
    const [review] = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, placed.order.id));
    await adminCall(ctx.app, owner.token, 'POST', `/api/admin/avaliacoes/${review!.id}/aprovar/`);
    const publicPage = async () =>
      (await ctx.app.inject({ url: `/api/produtos/${piece}/avaliacoes/` })).json<{
        avaliacoes: { fotos: { url: string }[] }[];
      }>();
    expect((await publicPage()).avaliacoes[0]!.fotos).toEqual([
      { url: photo.url, largura: 1200, altura: 675 },
    ]);
    const hidden = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/avaliacoes/fotos/${photo.id}/ocultar/`,
      { oculta: true },
    );
    expect(hidden.statusCode, hidden.body).toBe(200);
    const ownersUrl = hidden.json<{ avaliacao: { fotos: { url: string; oculta: boolean }[] } }>()
      .avaliacao.fotos[0]!;
    expect(ownersUrl.oculta).toBe(true);
    expect((await publicPage()).avaliacoes[0]!.fotos).toEqual([]);
    expect((await ctx.app.inject({ url: photo.url })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: ownersUrl.url })).statusCode).toBe(200);
  });

  it('a photo never sent with a review is deleted by the housekeeping after a day', async () => {
    const placed = await orderOf(product(), 'delivered');
    const [orphan] = await ctx.database.db
      .insert(reviewPhotos)
      .values({
        orderId: placed.order.id,
        content: Buffer.from('x'),
        sha256: 'a'.repeat(64),
        width: 1,
        height: 1,
        createdAt: new Date(Date.now() - 2 * DAY),
      })
      .returning({ id: reviewPhotos.id });
    const deleted = await createHousekeeping({ db: ctx.database.db, log: silent }).runOnce();
    expect(deleted.review_photos).toBeGreaterThanOrEqual(1);
    const left = await ctx.database.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.id, orphan!.id));
    expect(left).toHaveLength(0);
  });
});

describe('shown where it sells', () => {
  it('the piece answers its average, its distribution and its approved reviews, newest or best first', async () => {
    const piece = product();
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const ids: number[] = [];
    for (const stars of [5, 3, 4]) {
      const placed = await orderOf(piece, 'delivered');
      const { linha } = await lineOf(placed.order.id);
      const res = await send(placed.order.id, { linha, estrelas: stars, texto: `Nota ${stars}` });
      ids.push(res.json<{ avaliacao: { id: number } }>().avaliacao.id);
    }
    for (const id of ids.slice(0, 2)) {
      await adminCall(ctx.app, owner.token, 'POST', `/api/admin/avaliacoes/${id}/aprovar/`);
    }
    const hid = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/avaliacoes/${ids[2]}/ocultar/`,
      {
        motivo: 'Fala de outro produto',
      },
    );
    expect(hid.statusCode).toBe(200);
    const noReason = await adminCall(
      ctx.app,
      owner.token,
      'POST',
      `/api/admin/avaliacoes/${ids[0]}/ocultar/`,
      {
        motivo: '  ',
      },
    );
    expect(noReason.statusCode).toBe(400);
    await adminCall(ctx.app, owner.token, 'POST', `/api/admin/avaliacoes/${ids[0]}/responder/`, {
      texto: 'Obrigada, Ana!',
    });

    const detail = (await ctx.app.inject({ url: `/api/produtos/detalhes/${piece}/` })).json();
    expect(detail).toMatchObject({ avaliacao_media: 4, avaliacoes_total: 2 });
    const page = (await ctx.app.inject({ url: `/api/produtos/${piece}/avaliacoes/` })).json();
    expect(page).toMatchObject({
      media: 4,
      total: 2,
      distribuicao: { '1': 0, '2': 0, '3': 1, '4': 0, '5': 1 },
      pagina: 1,
      total_paginas: 1,
    });
    expect(page.avaliacoes.map((r: { texto: string }) => r.texto)).toEqual(['Nota 3', 'Nota 5']);
    expect(page.avaliacoes[1]).toMatchObject({
      autora: 'Ana',
      cidade: 'São Paulo/SP',
      compra_verificada: true,
      resposta: { texto: 'Obrigada, Ana!' },
    });
    const best = (
      await ctx.app.inject({ url: `/api/produtos/${piece}/avaliacoes/?ordem=melhores` })
    ).json();
    expect(best.avaliacoes.map((r: { estrelas: number }) => r.estrelas)).toEqual([5, 3]);
    // The owners' list: the hidden one with its reason; the Painel's count.
    const hiddenList = (
      await adminCall(ctx.app, owner.token, 'GET', '/api/admin/avaliacoes/?status=oculta')
    ).json();
    expect(
      hiddenList.avaliacoes.some(
        (r: { id: number; motivo_ocultacao: string }) =>
          r.id === ids[2] && r.motivo_ocultacao === 'Fala de outro produto',
      ),
    ).toBe(true);
    const painel = (await adminCall(ctx.app, owner.token, 'GET', '/api/admin/painel/')).json();
    expect(painel.avaliacoes_pendentes).toBeTypeOf('number');
    // A review hidden after approval leaves the average.
    await adminCall(ctx.app, owner.token, 'POST', `/api/admin/avaliacoes/${ids[1]}/ocultar/`, {
      motivo: 'Pedido da cliente',
    });
    expect(await productRow(piece)).toEqual({ count: 1, sum: 5 });
    const after = (await ctx.app.inject({ url: `/api/produtos/detalhes/${piece}/` })).json();
    expect(after).toMatchObject({ avaliacao_media: 5, avaliacoes_total: 1 });
  });

  it('anonymising the buyer leaves her reviews unsigned and deletes their photos', async () => {
    const userId = await verifiedUserId(ctx.app, ctx.database);
    const placed = await orderOf(product(), 'delivered', 8, { userId });
    const { linha } = await lineOf(placed.order.id);
    await send(placed.order.id, { linha, estrelas: 5 });
    await ctx.database.db.insert(reviewPhotos).values({
      orderId: placed.order.id,
      content: Buffer.from('x'),
      sha256: 'b'.repeat(64),
      width: 1,
      height: 1,
    });
    await ctx.database.db.transaction((tx) => anonymiseReviews(tx, userId));
    const [row] = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, placed.order.id));
    expect(row).toMatchObject({ authorName: 'Cliente', authorCity: null, stars: 5 });
    const photos = await ctx.database.db
      .select()
      .from(reviewPhotos)
      .where(eq(reviewPhotos.orderId, placed.order.id));
    expect(photos).toHaveLength(0);
  });
});

describe('moderation under races', () => {
  const moderationOn = (database: Database) =>
    createReviewModeration({
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      imageUrl: (p) => p,
      audit: async () => {},
    });
  const owner = { id: 1, email: 'dona@semijoias.test', name: 'Dona' } as never;

  async function pendingReviews(piece: number, stars: number[]) {
    const ids: number[] = [];
    for (const s of stars) {
      const placed = await orderOf(piece, 'delivered');
      const { linha } = await lineOf(placed.order.id);
      const res = await send(placed.order.id, { linha, estrelas: s });
      ids.push(res.json<{ avaliacao: { id: number } }>().avaliacao.id);
    }
    return ids;
  }

  it('the same review approved by two owners at once counts once', async () => {
    const piece = product();
    const [id] = await pendingReviews(piece, [4]);
    await Promise.all([
      moderationOn(ctx.database).approve(owner, id!),
      moderationOn(other).approve(owner, id!),
    ]);
    expect(await productRow(piece)).toEqual({ count: 1, sum: 4 });
  });

  it('reviews of one piece approved at once all count', async () => {
    const piece = product();
    const ids = await pendingReviews(piece, [5, 4, 3, 2]);
    await times(ids.length, (i) =>
      moderationOn(i % 2 ? other : ctx.database).approve(owner, ids[i]!),
    );
    expect(await productRow(piece)).toEqual({ count: 4, sum: 14 });
  });

  it('approve and hide racing leave the count matching the status', async () => {
    const piece = product();
    const ids = await pendingReviews(piece, [5, 5, 5, 5, 5, 5]);
    // Two owners, one approving and one hiding the same pending reviews at the same moment.
    await times(ids.length * 2, (i) =>
      i % 2
        ? moderationOn(other).approve(owner, ids[i >> 1]!)
        : moderationOn(ctx.database).hide(owner, ids[i >> 1]!, 'motivo'),
    );
    const rows = await ctx.database.db
      .select({ status: reviews.status })
      .from(reviews)
      .where(and(eq(reviews.productId, piece), eq(reviews.status, 'aprovada')));
    expect(await productRow(piece)).toEqual({ count: rows.length, sum: 5 * rows.length });
  });

  it('two sends of one line at once leave one review', async () => {
    const placed = await orderOf(product(), 'delivered');
    const { linha } = await lineOf(placed.order.id);
    const answers = await times(4, (i) => send(placed.order.id, { linha, estrelas: 1 + i }));
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 200)).toBe(true);
    const rows = await ctx.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.orderId, placed.order.id));
    expect(rows).toHaveLength(1);
  });
});
