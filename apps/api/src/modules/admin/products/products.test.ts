/**
 * The back office's products: the door of every call, the form's field errors, the uploads
 * (judged by content, resized to WebP, served by /media/), the stock edit guarded against a sale
 * made meanwhile, and a hidden product gone from every storefront call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_FORBIDDEN } from '@semijoias/domain/admin';
import {
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMAGE_MESSAGES,
  PRODUCT_ORDERED_CANNOT_DELETE,
  PRODUCT_PUBLISH_NEEDS_IMAGE,
  productStockMovedMessage,
} from '@semijoias/domain/product-form';
import { loggedInCustomer } from '../../../../test/accounts.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../../test/admin.js';
import { useTestApp } from '../../../../test/helpers.js';
import { auditLog, products, stockMovements } from '../../../db/schema.js';
import { productUnavailableMessage } from '@semijoias/domain/messages';
import { MAX_PER_CUSTOMER_INVALID } from '@semijoias/domain/purchase-limits';
import { addToCart, call, shopper, stockOf } from '../../../../test/checkout.js';
import { memoryMailer } from '../../../integrations/mail/mailer.js';

const dataDir = mkdtempSync(join(tmpdir(), 'semijoias-admin-products-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const ctx = useTestApp({ adminEmails: [...OWNER_EMAILS], dataDir }, { mailer: memoryMailer() });

let owner: string;
let customer: string;
beforeAll(async () => {
  owner = (await loggedInOwner(ctx.app, ctx.database)).token;
  customer = (await loggedInCustomer(ctx.app, ctx.database)).token;
});

const form = (overrides: Record<string, unknown> = {}) => ({
  nome: 'Anel Teste Aurora',
  categoria: 'Anel',
  preco: '129,90',
  descricao: 'Banhado a ouro 18k, zircônias.',
  novo: true,
  promocao: false,
  peso_gramas: 150,
  estoque: 5,
  composicoes: [2],
  ...overrides,
});

interface ProductAnswer {
  produto: {
    id: number;
    slug: string;
    nome: string;
    estoque: number;
    oculto: boolean;
    ja_pedido: boolean;
    imagens: Record<string, { caminho: string; url: string } | null>;
    composicoes: { id: number }[];
  };
}

async function created(overrides: Record<string, unknown> = {}) {
  const res = await adminCall(ctx.app, owner, 'POST', '/api/admin/produtos/', form(overrides));
  expect(res.statusCode).toBe(201);
  return res.json<ProductAnswer>().produto;
}

const png = (width = 1200, height = 800) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 160, b: 60 } },
  })
    .png()
    .toBuffer();

function upload(id: number, campo: string, body: Buffer, type = 'image/png', token = owner) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/produtos/${id}/imagens/${campo}/`,
    payload: body,
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
  });
}

async function published(overrides: Record<string, unknown> = {}) {
  const product = await created(overrides);
  expect((await upload(product.id, 'image', await png())).statusCode).toBe(200);
  const res = await adminCall(ctx.app, owner, 'POST', `/api/admin/produtos/${product.id}/mostrar/`);
  expect(res.statusCode).toBe(200);
  return res.json<ProductAnswer>().produto;
}

describe('the door of every products call', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/api/admin/produtos/'],
    ['GET', '/api/admin/produtos/1/'],
    ['POST', '/api/admin/produtos/', form()],
    ['PUT', '/api/admin/produtos/1/', form({ estoque_visto: 5 })],
    ['POST', '/api/admin/produtos/1/ocultar/'],
    ['POST', '/api/admin/produtos/1/mostrar/'],
    ['DELETE', '/api/admin/produtos/1/'],
  ];

  it('answers 401 without a session and 403 to a customer, and changes nothing', async () => {
    const before = await ctx.database.db.select().from(products).where(eq(products.id, 1));
    for (const [method, url, body] of calls) {
      const anonymous = await adminCall(ctx.app, undefined, method as 'GET', url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const refused = await adminCall(ctx.app, customer, method as 'GET', url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expect(refused.json()).toMatchObject({ error: ADMIN_FORBIDDEN });
    }
    expect(await ctx.database.db.select().from(products).where(eq(products.id, 1))).toEqual(before);
  });

  it('refuses an upload from a customer before reading it', async () => {
    const res = await upload(1, 'image', await png(), 'image/png', customer);
    expect(res.statusCode).toBe(403);
    expect((await upload(1, 'image', await png(), 'image/png', '')).statusCode).toBe(401);
  });
});

describe('listing and reading', () => {
  it('lists with search, category, stock, low stock and hidden flags, paginated', async () => {
    const res = await adminCall(ctx.app, owner, 'GET', '/api/admin/produtos/?categoria=Anel');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ produtos: { categoria: string }[]; total: number; paginas: number }>();
    expect(body.produtos.length).toBeGreaterThan(0);
    expect(body.produtos.every((p) => p.categoria === 'Anel')).toBe(true);

    const mine = await created({ nome: 'Brinco Busca Lumiere', categoria: 'Brinco', estoque: 1 });
    const found = await adminCall(ctx.app, owner, 'GET', '/api/admin/produtos/?busca=lumiere');
    expect(found.json()).toMatchObject({
      total: 1,
      produtos: [{ id: mine.id, oculto: true, estoque: 1, estoque_baixo: true, imagem: null }],
    });
    // 'Estoque baixo' is the Painel's card in full: pieces for sale (a hidden one is no alert).
    const lowIds = async () =>
      (await adminCall(ctx.app, owner, 'GET', '/api/admin/produtos/?situacao=estoque_baixo'))
        .json<{ produtos: { id: number }[] }>()
        .produtos.map((p) => p.id);
    expect(await lowIds()).not.toContain(mine.id);
    await ctx.database.db.update(products).set({ hiddenAt: null }).where(eq(products.id, mine.id));
    expect(await lowIds()).toContain(mine.id);
  });

  it('answers field errors in Portuguese for a bad query and 404 for an unknown product', async () => {
    const bad = await adminCall(
      ctx.app,
      owner,
      'GET',
      '/api/admin/produtos/?pagina=0&categoria=Tiara',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errors: {
        pagina: ['A página deve ser um número inteiro a partir de 1.'],
        categoria: ['Categoria desconhecida: use Anel, Brinco, Pulseira ou Colar.'],
      },
    });
    const missing = await adminCall(ctx.app, owner, 'GET', '/api/admin/produtos/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'Produto não encontrado.' });
  });
});

describe('creating and editing', () => {
  it('refuses a bad form with every field error in Portuguese', async () => {
    const res = await adminCall(ctx.app, owner, 'POST', '/api/admin/produtos/', {
      nome: '',
      categoria: 'Tiara',
      preco: 'caro',
      promocao: true,
      estoque: -2,
      composicoes: [999999],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: {
        nome: [PRODUCT_FORM_MESSAGES.nome],
        categoria: [PRODUCT_FORM_MESSAGES.categoria],
        preco: [PRODUCT_FORM_MESSAGES.preco],
        preco_original: [PRODUCT_FORM_MESSAGES.precoOriginal],
        estoque: [PRODUCT_FORM_MESSAGES.estoque],
      },
    });
    const unknownPiece = await adminCall(
      ctx.app,
      owner,
      'POST',
      '/api/admin/produtos/',
      form({ composicoes: [999999] }),
    );
    expect(unknownPiece.statusCode).toBe(400);
    expect(unknownPiece.json()).toMatchObject({
      errors: { composicoes: [PRODUCT_FORM_MESSAGES.composicaoInvalida] },
    });
  });

  it('creates a product hidden, with a unique slug, its look, its stock ledger and its audit', async () => {
    const first = await created({ nome: 'Colar Ímpar Único', categoria: 'Colar' });
    const second = await created({ nome: 'Colar Ímpar Único', categoria: 'Colar' });
    expect(first.slug).toBe('colar-impar-unico');
    expect(second.slug).toBe('colar-impar-unico-2');
    expect(first).toMatchObject({ oculto: true, estoque: 5, composicoes: [{ id: 2 }] });
    const [movement] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, first.id));
    expect(movement).toMatchObject({ reason: 'initial', delta: 5, note: 'Cadastro no painel' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(first.id))));
    expect(audit).toMatchObject({ action: 'product.create', actorEmail: expect.any(String) });
    expect(audit!.summary).toContain('Colar Ímpar Único');
  });

  it('publishing needs the main picture', async () => {
    const product = await created();
    const res = await adminCall(
      ctx.app,
      owner,
      'POST',
      `/api/admin/produtos/${product.id}/mostrar/`,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: PRODUCT_PUBLISH_NEEDS_IMAGE });
  });

  it('edits every field; the stock only from the number she saw (409 with the current one)', async () => {
    const product = await created({ estoque: 3 });
    const edited = await adminCall(
      ctx.app,
      owner,
      'PUT',
      `/api/admin/produtos/${product.id}/`,
      form({
        nome: 'Anel Aurora Editado',
        preco: '99,90',
        promocao: true,
        preco_original: '149,90',
        estoque_visto: 3,
        estoque: 10,
        composicoes: [3, 4],
      }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      produto: {
        nome: 'Anel Aurora Editado',
        preco: '99.90',
        preco_original: '149.90',
        estoque: 10,
      },
    });
    const [movement] = await ctx.database.db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, product.id))
      .orderBy(desc(stockMovements.id))
      .limit(1);
    expect(movement).toMatchObject({ reason: 'adjustment', delta: 7, note: 'Editado no produto' });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(product.id)))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.summary).toContain('estoque 3 → 10');

    const stale = await adminCall(
      ctx.app,
      owner,
      'PUT',
      `/api/admin/produtos/${product.id}/`,
      form({ estoque_visto: 3, estoque: 20 }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: productStockMovedMessage(10),
      estoque_atual: 10,
      errors: { estoque: [productStockMovedMessage(10)] },
    });
    expect(await stockOf(ctx.database, product.id)).toBe(10);

    const missing = await adminCall(
      ctx.app,
      owner,
      'PUT',
      `/api/admin/produtos/${product.id}/`,
      form({ estoque: 20 }),
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      errors: { estoque_visto: [PRODUCT_FORM_MESSAGES.estoqueVisto] },
    });
  });

  it("takes a 'máximo por cliente' of 1 to 99, or none (the store's default), audited", async () => {
    const own = await created({ maximo_por_cliente: 3 });
    expect(own).toMatchObject({ maximo_por_cliente: 3 });
    const byDefault = await created();
    expect(byDefault).toMatchObject({ maximo_por_cliente: null });
    const [row] = await ctx.database.db
      .select({ max: products.maxPerCustomer })
      .from(products)
      .where(eq(products.id, own.id));
    expect(row).toEqual({ max: 3 });

    for (const bad of [0, 100, 2.5, '3 un', true, -1]) {
      const refused = await adminCall(
        ctx.app,
        owner,
        'POST',
        '/api/admin/produtos/',
        form({ maximo_por_cliente: bad }),
      );
      expect(refused.statusCode, String(bad)).toBe(400);
      expect(refused.json()).toEqual({
        error: MAX_PER_CUSTOMER_INVALID,
        errors: { maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID] },
      });
    }
    // Beside the form's own errors.
    const both = await adminCall(
      ctx.app,
      owner,
      'POST',
      '/api/admin/produtos/',
      form({ nome: '', maximo_por_cliente: 0 }),
    );
    expect(both.json()).toMatchObject({
      errors: {
        nome: [PRODUCT_FORM_MESSAGES.nome],
        maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID],
      },
    });

    const edit = (body: Record<string, unknown>) =>
      adminCall(
        ctx.app,
        owner,
        'PUT',
        `/api/admin/produtos/${own.id}/`,
        form({ estoque_visto: 5, ...body }),
      );
    // Absent keeps it; digits as typed; null or '' goes back to the store's default.
    expect((await edit({})).json()).toMatchObject({ produto: { maximo_por_cliente: 3 } });
    expect((await edit({ maximo_por_cliente: '12' })).json()).toMatchObject({
      produto: { maximo_por_cliente: 12 },
    });
    const refusedEdit = await edit({ maximo_por_cliente: 150 });
    expect(refusedEdit.statusCode).toBe(400);
    expect(refusedEdit.json()).toMatchObject({
      errors: { maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID] },
    });
    expect((await edit({ maximo_por_cliente: null })).json()).toMatchObject({
      produto: { maximo_por_cliente: null },
    });
    const audits = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(own.id))))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.summary)).toEqual([
      expect.stringContaining('máximo 3 por cliente'),
      `Produto ${own.nome} salvo sem mudanças`,
      `Produto ${own.nome}: máximo por cliente 3 → 12`,
      `Produto ${own.nome}: máximo por cliente 12 → padrão da loja`,
    ]);
    expect(audits.at(-1)).toMatchObject({
      before: expect.objectContaining({ maximo_por_cliente: 12 }),
      after: expect.objectContaining({ maximo_por_cliente: null }),
    });
  });

  it("takes the package's measures (optional), kept on an edit without them, audited", async () => {
    const piece = await created({ largura_cm: '8', altura_cm: '4', comprimento_cm: '8' });
    expect(piece).toMatchObject({ largura_cm: 8, altura_cm: 4, comprimento_cm: 8 });
    expect(await created()).toMatchObject({
      largura_cm: null,
      altura_cm: null,
      comprimento_cm: null,
    });
    const refused = await adminCall(
      ctx.app,
      owner,
      'POST',
      '/api/admin/produtos/',
      form({ largura_cm: '150' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: { largura_cm: [PRODUCT_FORM_MESSAGES.medida] },
    });
    const edit = (body: Record<string, unknown>) =>
      adminCall(
        ctx.app,
        owner,
        'PUT',
        `/api/admin/produtos/${piece.id}/`,
        form({ estoque_visto: 5, ...body }),
      );
    expect((await edit({})).json()).toMatchObject({ produto: { largura_cm: 8 } });
    expect(
      (await edit({ largura_cm: '', altura_cm: '', comprimento_cm: '' })).json(),
    ).toMatchObject({ produto: { largura_cm: null, altura_cm: null, comprimento_cm: null } });
    const [row] = await ctx.database.db
      .select({ w: products.widthCm, h: products.heightCm, l: products.lengthCm })
      .from(products)
      .where(eq(products.id, piece.id));
    expect(row).toEqual({ w: null, h: null, l: null });
    const audits = await ctx.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(piece.id))))
      .orderBy(auditLog.id);
    expect(audits.slice(1).map((a) => a.summary)).toEqual([
      `Produto ${piece.nome} salvo sem mudanças`,
      `Produto ${piece.nome}: embalagem 8 × 4 × 8 cm → a da categoria`,
    ]);
  });

  it("takes a 'Banho / material' (optional), kept on an edit without it, audited", async () => {
    const piece = await created({ banho: 'rodio' });
    expect(piece).toMatchObject({ banho: 'rodio' });
    expect(await created()).toMatchObject({ banho: null });
    const refused = await adminCall(
      ctx.app,
      owner,
      'POST',
      '/api/admin/produtos/',
      form({ banho: 'ouro' }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ errors: { banho: [PRODUCT_FORM_MESSAGES.banho] } });
    const edit = (body: Record<string, unknown>) =>
      adminCall(
        ctx.app,
        owner,
        'PUT',
        `/api/admin/produtos/${piece.id}/`,
        form({ estoque_visto: 5, ...body }),
      );
    expect((await edit({})).json()).toMatchObject({ produto: { banho: 'rodio' } });
    expect((await edit({ banho: 'rose' })).json()).toMatchObject({ produto: { banho: 'rose' } });
    expect((await edit({ banho: '' })).json()).toMatchObject({ produto: { banho: null } });
    const [row] = await ctx.database.db
      .select({ plating: products.plating })
      .from(products)
      .where(eq(products.id, piece.id));
    expect(row).toEqual({ plating: null });
    const audits = await ctx.database.db
      .select({ summary: auditLog.summary })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(piece.id))))
      .orderBy(auditLog.id);
    expect(audits.slice(1).map((a) => a.summary)).toEqual([
      `Produto ${piece.nome} salvo sem mudanças`,
      `Produto ${piece.nome}: banho Ródio → Rosé`,
      `Produto ${piece.nome}: banho Rosé → nenhum`,
    ]);
  });

  it('deletes a product never ordered; one ever ordered is refused (hide it instead)', async () => {
    const product = await created();
    const gone = await adminCall(ctx.app, owner, 'DELETE', `/api/admin/produtos/${product.id}/`);
    expect(gone.statusCode).toBe(200);
    expect(
      (await adminCall(ctx.app, owner, 'GET', `/api/admin/produtos/${product.id}/`)).statusCode,
    ).toBe(404);

    const sold = await published({ nome: 'Pulseira Vendida', categoria: 'Pulseira' });
    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.token, sold.id, 1);
    expect(
      (await call(ctx.app, '/api/pay/', { cep: '01310100' }, { token: buyer.token })).statusCode,
    ).toBe(201);
    const refused = await adminCall(ctx.app, owner, 'DELETE', `/api/admin/produtos/${sold.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: PRODUCT_ORDERED_CANNOT_DELETE });
    const detail = await adminCall(ctx.app, owner, 'GET', `/api/admin/produtos/${sold.id}/`);
    expect(detail.json()).toMatchObject({ produto: { ja_pedido: true } });
  });
});

describe('uploads', () => {
  it('refuses a text file and an SVG named .png, in Portuguese', async () => {
    const product = await created();
    const text = await upload(product.id, 'image', Buffer.from('não sou uma imagem'));
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({
      error: PRODUCT_IMAGE_MESSAGES.notImage,
      errors: { arquivo: [PRODUCT_IMAGE_MESSAGES.notImage] },
    });
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await upload(product.id, 'image', svg)).statusCode).toBe(400);
    const unknownField = await upload(product.id, 'foto', await png());
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({
      errors: { campo: [PRODUCT_IMAGE_MESSAGES.unknownField] },
    });
  });

  it('refuses a file over 8 MB with 413 and a Portuguese message', async () => {
    const product = await created();
    const res = await upload(product.id, 'image', Buffer.alloc(8 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: PRODUCT_IMAGE_MESSAGES.tooLarge });
  });

  it('turns a JPEG and a PNG into WebP at the storefront sizes, served by /media/', async () => {
    const product = await created();
    const jpeg = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: '#c0a060' },
    })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'Câmera da loja' } } })
      .toBuffer();
    const main = await upload(product.id, 'image', jpeg, 'image/jpeg');
    expect(main.statusCode).toBe(200);
    const image = main.json<ProductAnswer>().produto.imagens.image!;
    expect(image.caminho).toMatch(
      /^produtos\/enviadas\/anel-teste-aurora(-\d+)?-image-[0-9a-f]{12}\.webp$/,
    );
    expect(image.url).toBe(`/media/${image.caminho}`);

    const served = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 900, height: 900 });
    expect(meta.exif).toBeUndefined();

    const banner = await upload(
      product.id,
      'image_carrossel',
      await png(),
      'application/octet-stream',
    );
    expect(banner.statusCode).toBe(200);
    const bannerUrl = banner.json<ProductAnswer>().produto.imagens.image_carrossel!.url;
    const bannerMeta = await sharp(
      (await ctx.app.inject({ method: 'GET', url: bannerUrl })).rawPayload,
    ).metadata();
    expect(bannerMeta).toMatchObject({ width: 1600, height: 900 });
    // The repository's pictures are still served from the first root.
    const seeded = await ctx.database.db
      .select({ image: products.image })
      .from(products)
      .where(eq(products.id, 1));
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/media/${seeded[0]!.image}` })).statusCode,
    ).toBe(200);
  });
});

describe('a hidden product is gone from the storefront', () => {
  it('is listed once published, and gone from every call once hidden', async () => {
    const product = await published({ nome: 'Anel Sumido Estelar', estoque: 4, composicoes: [] });
    // Another product completes its look with it.
    const host = await published({ nome: 'Anel Anfitrião', composicoes: [product.id] });
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });
    const ids = (body: unknown) =>
      (Array.isArray(body) ? body : (body as { results: { id: number }[] }).results).map(
        (p: { id: number }) => p.id,
      );

    // The cache is dropped by the database's notification: at once on PGlite, within a few
    // milliseconds from PostgreSQL's listening session.
    const notified = { timeout: 2000, interval: 10 };
    await vi.waitFor(async () => {
      expect(ids((await get('/api/listar_produtos/')).json())).toContain(product.id);
    }, notified);
    expect(ids((await get('/api/listar_aneis/')).json())).toContain(product.id);
    expect(ids((await get('/api/produtos/aneis/?limit=100')).json())).toContain(product.id);
    expect(ids((await get('/api/buscar/produtos/?search=estelar')).json())).toEqual([product.id]);
    expect((await get(`/api/produtos/detalhes/${product.id}/`)).statusCode).toBe(200);
    expect((await get('/sitemap.xml')).body).toContain(`/produto/${product.id}<`);
    // Only its main picture: the others stand in with it, so no broken image.
    expect((await get(`/api/produtos/detalhes/${product.id}/`)).json()).toMatchObject({
      img_pessoa: expect.stringMatching(/\.webp$/),
      composicao_img_1: expect.stringMatching(/\.webp$/),
    });

    const buyer = await shopper(ctx.app, ctx.database);
    await addToCart(ctx.app, buyer.token, product.id, 2);

    const hidden = await adminCall(
      ctx.app,
      owner,
      'POST',
      `/api/admin/produtos/${product.id}/ocultar/`,
    );
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ produto: { oculto: true } });

    await vi.waitFor(async () => {
      expect(ids((await get('/api/listar_produtos/')).json())).not.toContain(product.id);
    }, notified);
    expect(ids((await get('/api/listar_aneis/')).json())).not.toContain(product.id);
    expect(ids((await get('/api/produtos/aneis/?limit=100')).json())).not.toContain(product.id);
    expect(ids((await get('/api/listar_produtos_carrossel/')).json())).not.toContain(product.id);
    expect(ids((await get('/api/listar_best_sellers/')).json())).not.toContain(product.id);
    for (let i = 0; i < 10; i++) {
      expect(ids((await get('/api/listar_produtos_destaque/')).json())).not.toContain(product.id);
    }
    expect((await get('/api/buscar/produtos/?search=estelar')).json()).toEqual([]);
    expect((await get(`/api/produtos/detalhes/${product.id}/`)).statusCode).toBe(404);
    expect((await get('/sitemap.xml')).body).not.toContain(`/produto/${product.id}<`);
    const look = (await get(`/api/produtos/detalhes/${host.id}/`)).json<{
      composicoes: { id: number }[];
    }>();
    expect(look.composicoes).toEqual([]);

    // The cart: no new line; the line she had reads as sold out; checkout refuses it.
    const other = await shopper(ctx.app, ctx.database);
    const add = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add/',
      payload: { product_id: product.id },
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(add.statusCode).toBe(404);
    const cart = await ctx.app.inject({
      method: 'GET',
      url: '/api/cart/',
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(JSON.stringify(cart.json())).toContain('"estoque":0');
    const pay = await call(ctx.app, '/api/pay/', { cep: '01310100' }, { token: buyer.token });
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toMatchObject({ error: productUnavailableMessage('Anel Sumido Estelar') });
    const guest = await call(ctx.app, '/api/pay/', {
      produtos: [{ id: product.id, quantidade: 1 }],
      cep: '01310100',
    });
    expect(guest.statusCode).toBe(409);
    expect(await stockOf(ctx.database, product.id)).toBe(4);

    // Shown again: back at once.
    await adminCall(ctx.app, owner, 'POST', `/api/admin/produtos/${product.id}/mostrar/`);
    await vi.waitFor(async () => {
      expect((await get(`/api/produtos/detalhes/${product.id}/`)).statusCode).toBe(200);
    }, notified);
  });
});

describe('a stock edit racing a checkout', () => {
  it('never loses the sale: the edit applies to the number she saw or is refused', async () => {
    for (let round = 0; round < 6; round++) {
      const product = await published({
        nome: `Brinco Corrida ${round}`,
        categoria: 'Brinco',
        estoque: 5,
      });
      const buyer = await shopper(ctx.app, ctx.database);
      await addToCart(ctx.app, buyer.token, product.id, 1);
      const [edit, pay] = await Promise.all([
        adminCall(
          ctx.app,
          owner,
          'PUT',
          `/api/admin/produtos/${product.id}/`,
          form({
            nome: `Brinco Corrida ${round}`,
            categoria: 'Brinco',
            estoque_visto: 5,
            estoque: 10,
            composicoes: [],
          }),
        ),
        call(ctx.app, '/api/pay/', { cep: '01310100' }, { token: buyer.token }),
      ]);
      expect(pay.statusCode).toBe(201);
      const stock = await stockOf(ctx.database, product.id);
      if (edit.statusCode === 200) {
        // The edit came first (10), then the sale took one.
        expect(stock).toBe(9);
      } else {
        // The sale came first: the edit matched nothing and said the current number.
        expect(edit.statusCode).toBe(409);
        expect(edit.json()).toMatchObject({ estoque_atual: 4 });
        expect(stock).toBe(4);
      }
    }
  });
});
