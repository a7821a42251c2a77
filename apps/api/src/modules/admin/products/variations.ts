/**
 * The owners' sizes of a piece (docs/variations-contract.md): the axis ('Aro') and the
 * list in its order. Stock never moves here: the sizes' shelves are the stock module's
 * (modules/stock). A new size starts at 0 and is restocked through the ledger (Estoque's
 * adjustment, per size). A size taken out is deleted when it was never ordered, archived
 * otherwise (its order lines point at it), and only when it has no stock left: its units must not
 * vanish from the ledger. A piece that starts being sold by size has its own stock taken to 0
 * first, with a ledger entry saying so.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  MAX_VARIATIONS_PER_PRODUCT,
  VARIATION_AXIS_MAX_LENGTH,
  VARIATION_NAME_MAX_LENGTH,
  VARIATION_NOT_FOUND,
  VARIATION_SKU_MAX_LENGTH,
  variationLabel,
} from '@semijoias/domain/variations';
import { PRODUCT_NOT_FOUND } from '@semijoias/domain/messages';
import type { Db } from '../../../db/client.js';
import { products, productVariations } from '../../../db/schema.js';
import { ConflictError, NotFoundError } from '../../../lib/errors.js';
import type { Owner } from '../../owner-access/index.js';
import { closeSizes, emptyForSizes, openSizes } from '../../stock/index.js';
import { writeAudit } from '../audit.js';

export const VARIATION_FORM_MESSAGES = {
  axisRequired: `Dê um nome ao tipo de variação (Aro, Tamanho, Comprimento), com até ${VARIATION_AXIS_MAX_LENGTH} caracteres.`,
  nameInvalid: `Cada variação precisa de um nome com até ${VARIATION_NAME_MAX_LENGTH} caracteres.`,
  nameRepeated: 'Há duas variações com o mesmo nome.',
  skuInvalid: `O SKU pode ter até ${VARIATION_SKU_MAX_LENGTH} caracteres.`,
  tooMany: `Uma peça pode ter até ${MAX_VARIATIONS_PER_PRODUCT} variações.`,
  bodyInvalid: 'Confira as variações.',
} as const;

/** The product form's stock field for a piece sold by size. */
export const STOCK_BY_VARIATION =
  'O estoque desta peça é por variação: ajuste cada variação em Estoque.';

/** A size taken out while it still has units: they would vanish from the ledger. */
export function variationHasStockMessage(label: string, stock: number): string {
  const units = stock === 1 ? '1 unidade' : `${stock} unidades`;
  return `${label} ainda tem ${units} em estoque: zere o estoque em Estoque antes de removê-la.`;
}

export interface VariationJson {
  id: number;
  nome: string;
  posicao: number;
  estoque: number;
  sku: string | null;
  /** Order lines naming it: a size ever ordered is archived, never deleted. */
  pedidos: number;
  /** 'Manter em estoque': the low-stock card counts it on its own (low-stock.ts). */
  manter_em_estoque: boolean;
}

export interface VariationsForm {
  axis: string | null;
  /** `keptInStock` undefined: a kept size keeps its mark, a new one starts without. */
  variations: { id?: number; name: string; sku: string | null; keptInStock?: boolean }[];
}

/** The body of PUT /api/admin/produtos/{id}/variacoes/, checked field by field. */
export function validateVariationsForm(
  body: unknown,
): { ok: true; value: VariationsForm } | { ok: false; errors: Record<string, string[]> } {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  const list = Array.isArray(raw.variacoes) ? raw.variacoes : null;
  if (!list) return { ok: false, errors: { variacoes: [VARIATION_FORM_MESSAGES.bodyInvalid] } };
  if (list.length > MAX_VARIATIONS_PER_PRODUCT)
    errors.variacoes = [VARIATION_FORM_MESSAGES.tooMany];
  const axisRaw = typeof raw.nome_variacao === 'string' ? raw.nome_variacao.trim() : '';
  if (list.length > 0 && (axisRaw === '' || axisRaw.length > VARIATION_AXIS_MAX_LENGTH))
    errors.nome_variacao = [VARIATION_FORM_MESSAGES.axisRequired];
  const variations: VariationsForm['variations'] = [];
  const seen = new Set<string>();
  for (const item of list) {
    const v = item && typeof item === 'object' ? (item as Record<string, unknown>) : {};
    const name = typeof v.nome === 'string' ? v.nome.trim() : '';
    if (name === '' || name.length > VARIATION_NAME_MAX_LENGTH) {
      errors.variacoes = [VARIATION_FORM_MESSAGES.nameInvalid];
      continue;
    }
    const key = name.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) errors.variacoes = [VARIATION_FORM_MESSAGES.nameRepeated];
    seen.add(key);
    const sku = typeof v.sku === 'string' && v.sku.trim() !== '' ? v.sku.trim() : null;
    if (sku !== null && sku.length > VARIATION_SKU_MAX_LENGTH)
      errors.variacoes = [VARIATION_FORM_MESSAGES.skuInvalid];
    const id = v.id;
    if (id !== undefined && id !== null && !(Number.isInteger(id) && (id as number) > 0)) {
      errors.variacoes = [VARIATION_FORM_MESSAGES.bodyInvalid];
      continue;
    }
    const kept = v.manter_em_estoque;
    if (kept !== undefined && kept !== null && typeof kept !== 'boolean') {
      errors.variacoes = [VARIATION_FORM_MESSAGES.bodyInvalid];
      continue;
    }
    variations.push({
      ...(typeof id === 'number' ? { id } : {}),
      name,
      sku,
      ...(typeof kept === 'boolean' ? { keptInStock: kept } : {}),
    });
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { axis: list.length > 0 ? axisRaw : null, variations } };
}

/** A piece's live sizes in order, with how many order lines name each. */
export async function variationsOf(db: Db, productId: number): Promise<VariationJson[]> {
  const rows = await db
    .select({
      id: productVariations.id,
      nome: productVariations.name,
      posicao: productVariations.position,
      estoque: productVariations.stock,
      sku: productVariations.sku,
      manter_em_estoque: productVariations.keptInStock,
      // Qualified by hand: Drizzle leaves a one-table select's columns bare, which inside the
      // subquery would name order_items' own.
      pedidos: sql<number>`(select count(*)::int from order_items oi where oi.variation_id = "product_variations"."id")`,
    })
    .from(productVariations)
    .where(and(eq(productVariations.productId, productId), isNull(productVariations.archivedAt)))
    .orderBy(asc(productVariations.position), asc(productVariations.id));
  return rows.map((r) => ({ ...r, pedidos: Number(r.pedidos) }));
}

/** Sets the axis and the list of sizes (see the header), audited, in one transaction. */
export async function setVariations(
  db: Db,
  owner: Owner,
  productId: number,
  form: VariationsForm,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({ name: products.name, axis: products.variationAxis })
      .from(products)
      .where(eq(products.id, productId))
      .for('no key update');
    if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const current = await variationsOf(tx, productId);
    const byId = new Map(current.map((v) => [v.id, v]));
    for (const v of form.variations) {
      if (v.id !== undefined && !byId.has(v.id)) {
        throw new NotFoundError(VARIATION_NOT_FOUND, { variacoes: [VARIATION_NOT_FOUND] });
      }
    }
    const kept = new Set(form.variations.flatMap((v) => (v.id === undefined ? [] : [v.id])));
    const leaving = current.filter((v) => !kept.has(v.id));
    // Only empty sizes leave (the stock module's guard): the first still holding units is named.
    const holding = await closeSizes(
      tx,
      productId,
      leaving.map((v) => ({ id: v.id, ordered: v.pedidos > 0 })),
    );
    if (holding) {
      const name = leaving.find((v) => v.id === holding.id)!.nome;
      const message = variationHasStockMessage(variationLabel(product.axis, name), holding.stock);
      throw new ConflictError(message, { variacoes: [message] });
    }

    // A piece that starts being sold by size: its own units leave through the ledger first.
    if (product.axis === null && form.axis !== null)
      await emptyForSizes(tx, productId, {
        actorUserId: owner.id,
        note: 'Estoque passa a ser por variação',
      });
    await tx
      .update(products)
      .set({ variationAxis: form.axis, updatedAt: sql`now()` })
      .where(eq(products.id, productId));

    // Names first set aside, so a swap of two names never meets the live-name unique index.
    for (const v of form.variations) {
      if (v.id !== undefined)
        await tx
          .update(productVariations)
          .set({ name: `\u2060${v.id}` })
          .where(eq(productVariations.id, v.id));
    }
    const added: { name: string; sku: string | null; position: number; keptInStock: boolean }[] =
      [];
    const keptAfter = form.variations.map((v) =>
      v.id === undefined
        ? (v.keptInStock ?? false)
        : (v.keptInStock ?? byId.get(v.id)!.manter_em_estoque),
    );
    for (const [position, v] of form.variations.entries()) {
      const keptInStock = keptAfter[position]!;
      if (v.id !== undefined) {
        await tx
          .update(productVariations)
          .set({ name: v.name, sku: v.sku, position, keptInStock, updatedAt: sql`now()` })
          .where(eq(productVariations.id, v.id));
      } else {
        added.push({ name: v.name, sku: v.sku, position, keptInStock });
      }
    }
    // Last, so a new size's name never meets a kept size's old one; each opens empty.
    await openSizes(tx, productId, added);

    const list = form.variations.map((v) => v.name).join(', ');
    const keptNames = form.variations.filter((_, i) => keptAfter[i]).map((v) => v.name);
    const keptBefore = current.filter((v) => v.manter_em_estoque).map((v) => v.nome);
    await writeAudit(tx, owner, {
      action: 'product.variations',
      entityType: 'product',
      entityId: productId,
      summary:
        form.axis === null
          ? `Variações de ${product.name}: nenhuma (vendida sem variação)`
          : `Variações de ${product.name} (${form.axis}): ${list}` +
            (keptNames.length > 0 ? `; manter em estoque: ${keptNames.join(', ')}` : ''),
      before: {
        nome_variacao: product.axis,
        variacoes: current.map((v) => v.nome),
        manter_em_estoque: keptBefore,
      },
      after: {
        nome_variacao: form.axis,
        variacoes: form.variations.map((v) => v.name),
        manter_em_estoque: keptNames,
      },
    });
  });
}
