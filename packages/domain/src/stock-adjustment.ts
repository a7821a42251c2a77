/**
 * The back office's stock adjustment ('Estoque'): an owner adds or removes units of a piece with a
 * note saying why. Checked the same way by the dialog and by the server (POST
 * api/admin/estoque/ajustes/); the server alone knows the current stock, its refusal text is here.
 */
import { VARIATION_NOT_FOUND } from './variations';

export interface StockAdjustmentBody {
  produto_id: number;
  /** The size whose stock moves, for a piece sold by size. */
  variacao_id?: number;
  /** A change, not the new stock: +5 restocks five, -1 takes one out. Never 0. */
  quantidade: number;
  nota: string;
}

export const STOCK_NOTE_MAX_LENGTH = 200;
/** A bound on one adjustment: far above a shop's restock, well inside the table's integers. */
export const STOCK_ADJUSTMENT_MAX = 10_000;

export const STOCK_ADJUSTMENT_MESSAGES = {
  bodyInvalid: 'Confira os dados do ajuste.',
  productRequired: 'Escolha o produto.',
  quantityInvalid: `Informe uma quantidade inteira diferente de zero, entre -${STOCK_ADJUSTMENT_MAX} e ${STOCK_ADJUSTMENT_MAX}.`,
  noteRequired: 'Escreva o motivo do ajuste.',
  noteTooLong: `O motivo pode ter até ${STOCK_NOTE_MAX_LENGTH} caracteres.`,
  productNotFound: 'Produto não encontrado.',
  /** A piece sold by size is restocked size by size. */
  variationRequired: 'Escolha a variação.',
  variationNotFound: VARIATION_NOT_FOUND,
} as const;

/** The 409 when the units to take out are more than the piece has. */
export function stockBelowZeroMessage(name: string, stock: number): string {
  const units = stock === 1 ? '1 unidade' : `${stock} unidades`;
  return `O estoque de ${name} ficaria negativo: hoje há ${units}.`;
}

export type StockAdjustmentResult =
  | {
      ok: true;
      value: { productId: number; delta: number; note: string; variationId?: number };
    }
  | { ok: false; errors: Record<string, string[]> };

/** The body's fields checked one by one; the note trimmed. */
export function validateStockAdjustment(body: unknown): StockAdjustmentResult {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const errors: Record<string, string[]> = {};
  const productId = raw.produto_id;
  if (
    typeof productId !== 'number' ||
    !Number.isInteger(productId) ||
    productId < 1 ||
    productId > 2_147_483_647
  ) {
    errors.produto_id = [STOCK_ADJUSTMENT_MESSAGES.productRequired];
  }
  const delta = raw.quantidade;
  if (
    typeof delta !== 'number' ||
    !Number.isInteger(delta) ||
    delta === 0 ||
    Math.abs(delta) > STOCK_ADJUSTMENT_MAX
  ) {
    errors.quantidade = [STOCK_ADJUSTMENT_MESSAGES.quantityInvalid];
  }
  const variationId = raw.variacao_id ?? undefined;
  if (
    variationId !== undefined &&
    (typeof variationId !== 'number' ||
      !Number.isInteger(variationId) ||
      variationId < 1 ||
      variationId > 2_147_483_647)
  ) {
    errors.variacao_id = [STOCK_ADJUSTMENT_MESSAGES.variationRequired];
  }
  const note = typeof raw.nota === 'string' ? raw.nota.trim() : '';
  if (note === '') errors.nota = [STOCK_ADJUSTMENT_MESSAGES.noteRequired];
  else if (note.length > STOCK_NOTE_MAX_LENGTH)
    errors.nota = [STOCK_ADJUSTMENT_MESSAGES.noteTooLong];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const value = { productId: productId as number, delta: delta as number, note };
  return {
    ok: true,
    value: variationId === undefined ? value : { ...value, variationId: variationId as number },
  };
}
