/**
 * The back office's products (docs/admin/products.md). Every change is one transaction holding
 * its audit entry; the stock is the stock module's (modules/stock): set from the form by one
 * guarded statement (`where stock = <seen>`), so an edit never overwrites a sale made while the
 * form was open. A new product starts hidden: it has
 * no picture yet, and the owners publish it once its main picture is up.
 */
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { LOW_STOCK_THRESHOLD, ADMIN_PAGE_SIZE } from '@semijoias/domain/admin';
import { productSearchText, searchWords } from '@semijoias/domain/catalog';
import { platingLabel } from '@semijoias/domain/listing';
import { DEFAULT_FEED_GENDER, FEED_GENDERS } from '@semijoias/domain/product-feeds';
import { centsToDecimal, formatBRL } from '@semijoias/domain/money';
import {
  PRODUCT_FORM_MESSAGES,
  PRODUCT_IMAGE_FIELDS,
  PRODUCT_ORDERED_CANNOT_DELETE,
  PRODUCT_PUBLISH_NEEDS_IMAGE,
  productSlug,
  productStockMovedMessage,
  type ProductEditValue,
  type ProductFormValue,
  type ProductImageField,
} from '@semijoias/domain/product-form';
import type { Db } from '../../../db/client.js';
import { productCompositions, products } from '../../../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { wordStartPattern, type ImageUrl } from '../../catalog/index.js';
import { lowKeptSizes, lowStockCondition, lowStockOrder } from './low-stock.js';
import { waitingCounts } from '../../stock-alerts/index.js';
import { receiveInitialStock, setStockFromForm } from '../../stock/index.js';
import { writeAudit } from '../audit.js';
import { STOCK_BY_VARIATION, variationsOf } from './variations.js';
import type { Owner } from '../../owner-access/index.js';
import type { AdminProductJson, ProductListQuery } from './schemas.js';

/** The products column holding each picture. */
const IMAGE_COLUMN = {
  image: 'image',
  img_pessoa: 'imgPessoa',
  image_carrossel: 'imageCarrossel',
  composicao_img_1: 'composicaoImg1',
  composicao_img_2: 'composicaoImg2',
  composicao_img_3: 'composicaoImg3',
} as const satisfies Record<ProductImageField, string>;

// Written out: Drizzle leaves columns unqualified in a one-table statement, and a bare "id"
// inside the subquery would be order_items.id.
const everOrdered = sql<boolean>`exists (select 1 from order_items where order_items.product_id = products.id)`;

type ProductRow = typeof products.$inferSelect;

export type AdminProductsService = ReturnType<typeof createAdminProductsService>;

export function createAdminProductsService(db: Db, url: ImageUrl) {
  const imageUrl = (path: string | null) => (path ? url(path) : null);

  async function load(tx: Db, id: number): Promise<AdminProductJson> {
    const [row] = await tx
      .select({ product: products, everOrdered })
      .from(products)
      .where(eq(products.id, id));
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const pieces = await tx
      .select({
        id: products.id,
        nome: products.name,
        categoria: products.category,
        image: products.image,
        hiddenAt: products.hiddenAt,
      })
      .from(productCompositions)
      .innerJoin(products, eq(products.id, productCompositions.composedProductId))
      .where(eq(productCompositions.productId, id))
      .orderBy(asc(productCompositions.position));
    const waiting = (await waitingCounts(tx, [id])).get(id);
    return toJson(
      row.product,
      Boolean(row.everOrdered),
      (await variationsOf(tx, id)).map((v) => ({
        ...v,
        aguardando_aviso: waiting?.bySize.get(v.id) ?? 0,
      })),
      waiting?.total ?? 0,
      pieces.map((piece) => ({
        id: piece.id,
        nome: piece.nome,
        categoria: piece.categoria,
        imagem: imageUrl(piece.image),
        oculto: piece.hiddenAt !== null,
      })),
    );
  }

  function toJson(
    p: ProductRow,
    ordered: boolean,
    variacoes: AdminProductJson['variacoes'],
    waiting: number,
    composicoes: AdminProductJson['composicoes'],
  ): AdminProductJson {
    const imagens = Object.fromEntries(
      PRODUCT_IMAGE_FIELDS.map(({ campo }) => {
        const path = p[IMAGE_COLUMN[campo]];
        return [campo, path ? { caminho: path, url: url(path) } : null];
      }),
    ) as AdminProductJson['imagens'];
    return {
      id: p.id,
      slug: p.slug,
      nome: p.name,
      categoria: p.category,
      preco: centsToDecimal(p.priceCents),
      preco_original: p.originalPriceCents === null ? null : centsToDecimal(p.originalPriceCents),
      descricao: p.description,
      novo: p.novo,
      promocao: p.promocao,
      estoque: p.stock,
      estoque_baixo: p.stock <= LOW_STOCK_THRESHOLD,
      aguardando_aviso: waiting,
      peso_gramas: p.weightGrams,
      // Its package in cm (issue 35); null: the category's box in 'Frete'.
      largura_cm: p.widthCm,
      altura_cm: p.heightCm,
      comprimento_cm: p.lengthCm,
      banho: p.plating,
      cor_catalogo: p.feedColor,
      genero_catalogo: p.feedGender,
      fora_dos_catalogos: p.feedExcluded,
      maximo_por_cliente: p.maxPerCustomer,
      oculto: p.hiddenAt !== null,
      oculto_em: p.hiddenAt?.toISOString() ?? null,
      ja_pedido: ordered,
      vendidos: p.salesCount,
      imagens,
      composicoes,
      criado_em: p.createdAt.toISOString(),
      atualizado_em: p.updatedAt.toISOString(),
      nome_variacao: p.variationAxis,
      variacoes,
    };
  }

  /** The chosen 'Complete o Look' pieces all exist (hidden ones too: they just do not show). */
  async function checkCompositions(tx: Db, ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.id, ids));
    if (found.length !== ids.length) {
      throw new ValidationError(PRODUCT_FORM_MESSAGES.composicaoInvalida, {
        composicoes: [PRODUCT_FORM_MESSAGES.composicaoInvalida],
      });
    }
  }

  async function saveCompositions(tx: Db, productId: number, ids: number[]): Promise<void> {
    await tx.delete(productCompositions).where(eq(productCompositions.productId, productId));
    if (ids.length === 0) return;
    await tx
      .insert(productCompositions)
      .values(
        ids.map((composedProductId, position) => ({ productId, composedProductId, position })),
      );
  }

  /** `base`, or `base-2`, `base-3`... the first not taken. */
  async function freeSlug(tx: Db, base: string): Promise<string> {
    const taken = new Set(
      (
        await tx
          .select({ slug: products.slug })
          .from(products)
          .where(sql`${products.slug} = ${base} or ${products.slug} like ${`${base}-%`}`)
      ).map((r) => r.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  function formColumns(value: ProductFormValue) {
    return {
      name: value.name,
      category: value.category,
      priceCents: value.priceCents,
      originalPriceCents: value.originalPriceCents,
      description: value.description,
      novo: value.novo,
      promocao: value.promocao,
      weightGrams: value.weightGrams,
      // Absent from the body: the piece keeps its plating and measures (drizzle leaves undefined out).
      plating: value.plating,
      widthCm: value.widthCm,
      heightCm: value.heightCm,
      lengthCm: value.lengthCm,
      // The shopping catalogs' fields, kept the same way when absent.
      feedColor: value.feedColor,
      feedGender: value.feedGender,
      feedExcluded: value.feedExcluded,
      searchText: productSearchText(value),
    };
  }

  /** One line for the audit: what changed, in the owners' words. */
  function changeSummary(before: AdminProductJson, after: AdminProductJson): string {
    const changes: string[] = [];
    const money = (decimal: string | null) =>
      decimal === null ? '—' : formatBRL(Math.round(Number(decimal) * 100));
    if (before.nome !== after.nome) changes.push(`nome "${before.nome}" → "${after.nome}"`);
    if (before.categoria !== after.categoria)
      changes.push(`categoria ${before.categoria} → ${after.categoria}`);
    if (before.preco !== after.preco)
      changes.push(`preço ${money(before.preco)} → ${money(after.preco)}`);
    if (before.preco_original !== after.preco_original)
      changes.push(
        `preço original ${money(before.preco_original)} → ${money(after.preco_original)}`,
      );
    if (before.estoque !== after.estoque)
      changes.push(`estoque ${before.estoque} → ${after.estoque}`);
    if (before.novo !== after.novo) changes.push(after.novo ? 'marcado NOVO' : 'sem NOVO');
    if (before.promocao !== after.promocao)
      changes.push(after.promocao ? 'marcado PROMOÇÃO' : 'sem PROMOÇÃO');
    if (before.peso_gramas !== after.peso_gramas)
      changes.push(`peso ${before.peso_gramas} g → ${after.peso_gramas} g`);
    const box = (p: AdminProductJson) =>
      [p.largura_cm, p.altura_cm, p.comprimento_cm].some((n) => n !== null)
        ? [p.largura_cm, p.altura_cm, p.comprimento_cm].map((n) => n ?? '—').join(' × ') + ' cm'
        : 'a da categoria';
    if (box(before) !== box(after)) changes.push(`embalagem ${box(before)} → ${box(after)}`);
    if (before.banho !== after.banho) {
      const plating = (code: string | null) => platingLabel(code) ?? 'nenhum';
      changes.push(`banho ${plating(before.banho)} → ${plating(after.banho)}`);
    }
    if (before.cor_catalogo !== after.cor_catalogo) {
      const color = (c: string | null) => (c === null ? 'a do banho' : `"${c}"`);
      changes.push(
        `cor nos catálogos ${color(before.cor_catalogo)} → ${color(after.cor_catalogo)}`,
      );
    }
    if (before.genero_catalogo !== after.genero_catalogo) {
      const gender = (g: string | null) =>
        FEED_GENDERS.find((f) => f.code === (g ?? DEFAULT_FEED_GENDER))!.label +
        (g === null ? ' (padrão)' : '');
      changes.push(
        `gênero nos catálogos ${gender(before.genero_catalogo)} → ${gender(after.genero_catalogo)}`,
      );
    }
    if (before.fora_dos_catalogos !== after.fora_dos_catalogos) {
      changes.push(
        after.fora_dos_catalogos
          ? 'fora dos catálogos do Google e Instagram'
          : 'de volta aos catálogos do Google e Instagram',
      );
    }
    if (before.maximo_por_cliente !== after.maximo_por_cliente) {
      const max = (n: number | null) => (n === null ? 'padrão da loja' : String(n));
      changes.push(
        `máximo por cliente ${max(before.maximo_por_cliente)} → ${max(after.maximo_por_cliente)}`,
      );
    }
    if (before.descricao !== after.descricao) changes.push('descrição');
    const look = (p: AdminProductJson) => p.composicoes.map((c) => c.id).join(',');
    if (look(before) !== look(after)) changes.push('Complete o Look');
    return changes.length === 0
      ? `Produto ${after.nome} salvo sem mudanças`
      : `Produto ${after.nome}: ${changes.join('; ')}`;
  }

  return {
    async list(query: ProductListQuery) {
      const conditions: SQL[] = [];
      for (const word of searchWords(query.busca ?? '')) {
        conditions.push(sql`${products.searchText} ~ ${wordStartPattern(word)}`);
      }
      if (query.categoria) conditions.push(eq(products.category, query.categoria));
      if (query.situacao === 'ocultos') conditions.push(isNotNull(products.hiddenAt));
      if (query.situacao === 'visiveis') conditions.push(isNull(products.hiddenAt));
      // The Painel's 'Estoque baixo' card links here: the same pieces, the emptiest first.
      const lowOnly = query.situacao === 'estoque_baixo';
      if (lowOnly) conditions.push(lowStockCondition());
      // The pieces shoppers wait for ('Avise-me'), the most awaited first.
      const waitingNow = sql<number>`(select count(*)::int from stock_alerts sa
        where sa.product_id = "products"."id" and sa.served_at is null
          and sa.confirmed_at is not null)`;
      if (query.situacao === 'aguardando_aviso') conditions.push(sql`${waitingNow} > 0`);
      const where = conditions.length > 0 ? and(...conditions) : undefined;
      const pagina = query.pagina ?? 1;
      const [rows, [totalRow]] = await Promise.all([
        db
          .select()
          .from(products)
          .where(where)
          // The newest first: the piece she just created is on top.
          .orderBy(
            ...(query.situacao === 'aguardando_aviso'
              ? [desc(waitingNow), desc(products.id)]
              : lowOnly
                ? lowStockOrder()
                : [desc(products.id)]),
          )
          .limit(ADMIN_PAGE_SIZE)
          .offset((pagina - 1) * ADMIN_PAGE_SIZE),
        db.select({ n: count() }).from(products).where(where),
      ]);
      const total = totalRow?.n ?? 0;
      const ids = rows.map((p) => p.id);
      const [waiting, keptLow] = await Promise.all([waitingCounts(db, ids), lowKeptSizes(db, ids)]);
      return {
        produtos: rows.map((p) => ({
          id: p.id,
          slug: p.slug,
          nome: p.name,
          categoria: p.category,
          preco: centsToDecimal(p.priceCents),
          estoque: p.stock,
          estoque_baixo: p.stock <= LOW_STOCK_THRESHOLD || keptLow.has(p.id),
          variacoes_baixas: keptLow.get(p.id) ?? [],
          aguardando_aviso: waiting.get(p.id)?.total ?? 0,
          oculto: p.hiddenAt !== null,
          novo: p.novo,
          promocao: p.promocao,
          imagem: imageUrl(p.image),
        })),
        total,
        pagina,
        paginas: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)),
        por_pagina: ADMIN_PAGE_SIZE,
      };
    },

    get: (id: number) => load(db, id),

    /** A new product, hidden until published (it has no picture yet). */
    async create(
      owner: Owner,
      value: ProductFormValue,
      /** Its own 'máximo por cliente'; null: the store's default. */
      maxPerCustomer: number | null = null,
    ): Promise<AdminProductJson> {
      return db.transaction(async (tx) => {
        await checkCompositions(tx, value.compositionIds);
        const slug = await freeSlug(tx, productSlug(value.name));
        const [created] = await tx
          .insert(products)
          .values({
            ...formColumns(value),
            maxPerCustomer,
            slug,
            // No picture yet: '' is "none" (the carousel already skips an empty one).
            image: '',
            imgPessoa: '',
            imageCarrossel: '',
            composicaoImg1: '',
            composicaoImg2: '',
            composicaoImg3: null,
            hiddenAt: sql`now()`,
          })
          .returning({ id: products.id });
        const id = created!.id;
        // Its first units through the ledger ('initial'), by whom.
        await receiveInitialStock(tx, id, value.stock, {
          actorUserId: owner.id,
          note: 'Cadastro no painel',
        });
        await saveCompositions(tx, id, value.compositionIds);
        const after = await load(tx, id);
        const max = maxPerCustomer === null ? '' : `, máximo ${maxPerCustomer} por cliente`;
        await writeAudit(tx, owner, {
          action: 'product.create',
          entityType: 'product',
          entityId: id,
          summary: `Produto criado: ${after.nome} (${after.categoria}, ${formatBRL(value.priceCents)}, estoque ${after.estoque}${max}), oculto até publicar`,
          after,
        });
        return after;
      });
    },

    /**
     * Every field; the stock only when she changed it, and only if it is still the one her form
     * showed (409 with the current stock otherwise). `maxPerCustomer` undefined keeps the piece's.
     */
    async update(
      owner: Owner,
      id: number,
      value: ProductEditValue,
      maxPerCustomer?: number | null,
    ): Promise<AdminProductJson> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        await checkCompositions(tx, value.compositionIds);
        const columns = {
          ...formColumns(value),
          ...(maxPerCustomer === undefined ? {} : { maxPerCustomer }),
          updatedAt: sql`now()`,
        };
        // A piece sold by size is restocked size by size (Estoque); its stock is their sum.
        if (value.stock !== value.stockSeen && before.nome_variacao !== null) {
          throw new ValidationError(STOCK_BY_VARIATION, { estoque: [STOCK_BY_VARIATION] });
        }
        if (value.stock !== value.stockSeen) {
          // A sale that moved the stock meanwhile makes the stock module refuse it.
          const refused = await setStockFromForm(
            tx,
            id,
            { seen: value.stockSeen, stock: value.stock },
            { actorUserId: owner.id, note: 'Editado no produto' },
          );
          if (refused?.refused === 'no-product') throw new NotFoundError(PRODUCT_NOT_FOUND);
          if (refused?.refused === 'moved') {
            const message = productStockMovedMessage(refused.stock);
            throw new ConflictError(
              message,
              { estoque: [message] },
              { estoque_atual: refused.stock },
            );
          }
        }
        await tx.update(products).set(columns).where(eq(products.id, id));
        await saveCompositions(tx, id, value.compositionIds);
        const after = await load(tx, id);
        await writeAudit(tx, owner, {
          action: 'product.update',
          entityType: 'product',
          entityId: id,
          summary: changeSummary(before, after),
          before,
          after,
        });
        return after;
      });
    },

    /** Out of the storefront at once (the catalog's trigger drops its cache). */
    async hide(owner: Owner, id: number): Promise<AdminProductJson> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        const changed = await tx
          .update(products)
          .set({ hiddenAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(products.id, id), isNull(products.hiddenAt)))
          .returning({ id: products.id });
        if (changed.length === 0) return before;
        const after = await load(tx, id);
        await writeAudit(tx, owner, {
          action: 'product.hide',
          entityType: 'product',
          entityId: id,
          summary: `Produto ${after.nome} ocultado da loja`,
          before,
          after,
        });
        return after;
      });
    },

    /** Back in the storefront; only with its main picture. */
    async show(owner: Owner, id: number): Promise<AdminProductJson> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        const changed = await tx
          .update(products)
          .set({ hiddenAt: null, updatedAt: sql`now()` })
          .where(and(eq(products.id, id), isNotNull(products.hiddenAt), ne(products.image, '')))
          .returning({ id: products.id });
        if (changed.length === 0) {
          if (!before.imagens.image) {
            throw new ConflictError(PRODUCT_PUBLISH_NEEDS_IMAGE, {
              image: [PRODUCT_PUBLISH_NEEDS_IMAGE],
            });
          }
          return before;
        }
        const after = await load(tx, id);
        await writeAudit(tx, owner, {
          action: 'product.show',
          entityType: 'product',
          entityId: id,
          summary: `Produto ${after.nome} publicado na loja`,
          before,
          after,
        });
        return after;
      });
    },

    /** Only a product never ordered; the statement itself checks, so an order placed now wins. */
    async remove(owner: Owner, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await load(tx, id);
        if (before.ja_pedido) throw new ConflictError(PRODUCT_ORDERED_CANNOT_DELETE);
        const deleted = await tx
          .delete(products)
          .where(and(eq(products.id, id), sql`not ${everOrdered}`))
          .returning({ id: products.id });
        if (deleted.length === 0) throw new ConflictError(PRODUCT_ORDERED_CANNOT_DELETE);
        await writeAudit(tx, owner, {
          action: 'product.delete',
          entityType: 'product',
          entityId: id,
          summary: `Produto ${before.nome} excluído`,
          before,
        });
      });
    },

    /** The product's slug (the uploads' file names), or 404. */
    async slugOf(id: number): Promise<string> {
      const [row] = await db
        .select({ slug: products.slug })
        .from(products)
        .where(eq(products.id, id));
      if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
      return row.slug;
    },

    /** The picture `campo` now is the file at `path` (relative to the media root). */
    async setImage(
      owner: Owner,
      id: number,
      campo: ProductImageField,
      path: string,
    ): Promise<AdminProductJson> {
      return db.transaction(async (tx) => {
        const before = await load(tx, id);
        await tx
          .update(products)
          .set({ [IMAGE_COLUMN[campo]]: path, updatedAt: sql`now()` })
          .where(eq(products.id, id));
        const after = await load(tx, id);
        const label = PRODUCT_IMAGE_FIELDS.find((f) => f.campo === campo)!.label;
        await writeAudit(tx, owner, {
          action: 'product.image',
          entityType: 'product',
          entityId: id,
          summary: `${label} de ${after.nome} ${before.imagens[campo] ? 'trocada' : 'enviada'}`,
          before,
          after,
        });
        return after;
      });
    },
  };
}
