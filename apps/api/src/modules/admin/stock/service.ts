/**
 * The stock ledger read and the owners' manual adjustment. The ledger rows are the triggers'
 * (migrations 0006, 0011); the adjustment is the stock module's (modules/stock: one guarded
 * statement, `stock + Δ >= 0`), so a checkout decrementing the same row at the same moment is
 * serialized by the row lock and neither can take the stock below zero or lose the other's change.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNull, type SQL } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, STOCK_REASON_LABEL } from '@semijoias/domain/admin';
import { searchWords } from '@semijoias/domain/catalog';
import {
  STOCK_ADJUSTMENT_MESSAGES,
  stockBelowZeroMessage,
} from '@semijoias/domain/stock-adjustment';
import type { Db } from '../../../db/client.js';
import {
  orders,
  products,
  productVariations,
  stockMovements,
  users,
  type StockMovementReason,
} from '../../../db/schema.js';
import { ConflictError, NotFoundError, ValidationError } from '../../../lib/errors.js';
import { variationLabel } from '@semijoias/domain/variations';
import { adjustStock, type Refusal } from '../../stock/index.js';
import { writeAudit } from '../audit.js';
import type { Owner } from '../../owner-access/index.js';
import type { MovementJson } from './schemas.js';

/** How many products the picker offers for one search. */
export const PICKER_LIMIT = 20;

export interface LedgerFilters {
  productId?: number;
  reason?: StockMovementReason;
  page: number;
}

function movementQuery(db: Db) {
  return db
    .select({
      id: stockMovements.id,
      createdAt: stockMovements.createdAt,
      productId: stockMovements.productId,
      productName: products.name,
      variationId: stockMovements.variationId,
      variationName: productVariations.name,
      variationAxis: products.variationAxis,
      delta: stockMovements.delta,
      stockAfter: stockMovements.stockAfter,
      reason: stockMovements.reason,
      orderReference: orders.reference,
      actorEmail: users.email,
      note: stockMovements.note,
    })
    .from(stockMovements)
    .innerJoin(products, eq(products.id, stockMovements.productId))
    .leftJoin(productVariations, eq(productVariations.id, stockMovements.variationId))
    .leftJoin(orders, eq(orders.id, stockMovements.orderId))
    .leftJoin(users, eq(users.id, stockMovements.actorUserId))
    .$dynamic();
}

type MovementRow = Awaited<ReturnType<ReturnType<typeof movementQuery>['execute']>>[number];

function serializeMovement(row: MovementRow): MovementJson {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    produto_id: row.productId,
    produto_nome: row.productName,
    variacao_id: row.variationId,
    variacao_nome: row.variationName,
    nome_variacao: row.variationId === null ? null : row.variationAxis,
    delta: row.delta,
    estoque_apos: row.stockAfter,
    motivo: row.reason,
    motivo_texto: STOCK_REASON_LABEL[row.reason],
    pedido_referencia: row.orderReference,
    responsavel_email: row.actorEmail,
    nota: row.note,
  };
}

/** Why the stock module refused an adjustment, in the owners' words. */
function adjustmentRefused(refused: Refusal, axis: string | null): Error {
  switch (refused.reason) {
    case 'no-product':
      return new NotFoundError(STOCK_ADJUSTMENT_MESSAGES.productNotFound, {
        produto_id: [STOCK_ADJUSTMENT_MESSAGES.productNotFound],
      });
    case 'short': {
      const { productName, sizeName, stock } = refused;
      const message = stockBelowZeroMessage(
        sizeName === null ? productName : `${productName} (${variationLabel(axis, sizeName)})`,
        stock,
      );
      return new ConflictError(message, { quantidade: [message] }, { estoque: stock });
    }
    // Sold by size since it was read (or no longer): her next try is answered by the checks above.
    case 'changed':
      return refused.line.variationId === null
        ? new ValidationError(STOCK_ADJUSTMENT_MESSAGES.variationRequired, {
            variacao_id: [STOCK_ADJUSTMENT_MESSAGES.variationRequired],
          })
        : new NotFoundError(STOCK_ADJUSTMENT_MESSAGES.variationNotFound, {
            variacao_id: [STOCK_ADJUSTMENT_MESSAGES.variationNotFound],
          });
    case 'no-size':
    case 'hidden':
      return new NotFoundError(STOCK_ADJUSTMENT_MESSAGES.variationNotFound, {
        variacao_id: [STOCK_ADJUSTMENT_MESSAGES.variationNotFound],
      });
  }
}

export function createStockService(db: Db, imageUrl: (path: string) => string) {
  return {
    /** The ledger, newest first, a page at a time. */
    async ledger(filters: LedgerFilters) {
      const where: SQL[] = [];
      if (filters.productId) where.push(eq(stockMovements.productId, filters.productId));
      if (filters.reason) where.push(eq(stockMovements.reason, filters.reason));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [rows, [totals]] = await Promise.all([
        movementQuery(db)
          .where(condition)
          .orderBy(desc(stockMovements.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset((filters.page - 1) * ADMIN_PAGE_SIZE),
        db.select({ total: count() }).from(stockMovements).where(condition),
      ]);
      return {
        itens: rows.map(serializeMovement),
        pagina: filters.page,
        por_pagina: ADMIN_PAGE_SIZE,
        total: totals?.total ?? 0,
      };
    },

    /** The adjustment dialog's picker: every word of the search in the product's text. */
    async picker(search: string | undefined, id?: number) {
      const words = searchWords(search ?? '');
      const rows = await db
        .select({
          id: products.id,
          name: products.name,
          stock: products.stock,
          image: products.image,
          hiddenAt: products.hiddenAt,
          axis: products.variationAxis,
        })
        .from(products)
        .where(
          and(
            id === undefined ? undefined : eq(products.id, id),
            ...words.map((w) => ilike(products.searchText, `%${w.replace(/[\\%_]/g, '\\$&')}%`)),
          ),
        )
        // The pieces that need her first: the emptiest shelves, then by name.
        .orderBy(asc(products.stock), asc(products.name))
        .limit(PICKER_LIMIT);
      // A piece sold by size is restocked size by size: its live sizes, in order.
      const sizes = rows.length
        ? await db
            .select({
              productId: productVariations.productId,
              id: productVariations.id,
              nome: productVariations.name,
              estoque: productVariations.stock,
            })
            .from(productVariations)
            .where(
              and(
                inArray(
                  productVariations.productId,
                  rows.map((r) => r.id),
                ),
                isNull(productVariations.archivedAt),
              ),
            )
            .orderBy(asc(productVariations.position), asc(productVariations.id))
        : [];
      return {
        produtos: rows.map((r) => ({
          id: r.id,
          nome: r.name,
          estoque: r.stock,
          imagem: imageUrl(r.image),
          oculto: r.hiddenAt !== null,
          nome_variacao: r.axis,
          variacoes: sizes
            .filter((v) => v.productId === r.id)
            .map(({ productId: _productId, ...v }) => v),
        })),
      };
    },

    /**
     * Adds `delta` units (negative: removes) in one guarded statement, tagged so the trigger's
     * ledger row says 'adjustment', who and why, and audited in the same transaction.
     */
    adjust(
      owner: Owner,
      input: { productId: number; delta: number; note: string; variationId?: number },
    ) {
      return db.transaction(async (tx) => {
        const [product] = await tx
          .select({ axis: products.variationAxis })
          .from(products)
          .where(eq(products.id, input.productId));
        if (!product) {
          throw new NotFoundError(STOCK_ADJUSTMENT_MESSAGES.productNotFound, {
            produto_id: [STOCK_ADJUSTMENT_MESSAGES.productNotFound],
          });
        }
        // A piece sold by size is restocked size by size; the product's stock is their sum.
        if (product.axis !== null && input.variationId === undefined) {
          throw new ValidationError(STOCK_ADJUSTMENT_MESSAGES.variationRequired, {
            variacao_id: [STOCK_ADJUSTMENT_MESSAGES.variationRequired],
          });
        }
        if (product.axis === null && input.variationId !== undefined) {
          throw new NotFoundError(STOCK_ADJUSTMENT_MESSAGES.variationNotFound, {
            variacao_id: [STOCK_ADJUSTMENT_MESSAGES.variationNotFound],
          });
        }
        const moved = await adjustStock(
          tx,
          { productId: input.productId, variationId: input.variationId ?? null },
          input.delta,
          { actorUserId: owner.id, note: input.note },
        );
        if ('refused' in moved) throw adjustmentRefused(moved.refused, product.axis);
        const { product: updated, size } = moved.adjusted;
        const before = updated.stock - input.delta;
        const which = size ? ` (${variationLabel(product.axis, size.name)})` : '';
        const sizeBefore = size ? size.stock - input.delta : null;
        await writeAudit(tx, owner, {
          action: 'stock.adjust',
          entityType: 'product',
          entityId: updated.id,
          summary: size
            ? `Estoque de ${updated.name}${which}: ${sizeBefore} → ${size.stock} (${input.note})`
            : `Estoque de ${updated.name}: ${before} → ${updated.stock} (${input.note})`,
          before: size
            ? { estoque: before, variacao: size.name, estoque_variacao: sizeBefore }
            : { estoque: before },
          after: size
            ? {
                estoque: updated.stock,
                variacao: size.name,
                estoque_variacao: size.stock,
                nota: input.note,
              }
            : { estoque: updated.stock, nota: input.note },
        });
        const [movement] = await movementQuery(tx)
          .where(eq(stockMovements.productId, updated.id))
          .orderBy(desc(stockMovements.id))
          .limit(1);
        return {
          produto: { id: updated.id, nome: updated.name, estoque: updated.stock },
          variacao: size ? { id: size.id, nome: size.name, estoque: size.stock } : null,
          movimento: serializeMovement(movement!),
        };
      });
    },
  };
}
