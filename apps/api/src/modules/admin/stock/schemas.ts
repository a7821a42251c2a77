/** The Estoque calls' queries and answers (docs/admin/dashboard-stock-audit.md). */
import { z } from 'zod';
import {
  STOCK_PRODUCT_FILTER_INVALID,
  STOCK_SEARCH_TOO_LONG,
  stockReasonFilterInvalidMessage,
} from '@semijoias/domain/messages';
import { STOCK_MOVEMENT_REASONS } from '../../../db/schema.js';
import { INT_MAX, wholeNumber } from '../../../lib/params.js';
import { pageParam } from '../schemas.js';

const productId = wholeNumber(1, INT_MAX, STOCK_PRODUCT_FILTER_INVALID);

export const ledgerQuery = z
  .object({
    produto: productId.optional(),
    motivo: z
      .enum(STOCK_MOVEMENT_REASONS, {
        error: stockReasonFilterInvalidMessage(STOCK_MOVEMENT_REASONS),
      })
      .optional(),
    pagina: pageParam,
  })
  .strict();

export const pickerQuery = z
  .object({
    busca: z.string().max(80, { error: STOCK_SEARCH_TOO_LONG }).optional(),
    /** One piece by its id (the Painel's 'Repor' link opens the dialog on it). */
    id: productId.optional(),
  })
  .strict();

export const movementJson = z.object({
  id: z.number(),
  created_at: z.string(),
  produto_id: z.number(),
  produto_nome: z.string(),
  /** The size whose stock moved, null for a product without sizes. */
  variacao_id: z.number().nullable(),
  variacao_nome: z.string().nullable(),
  /** The piece's axis ('Aro'), for 'Aro 16'; null for a product without sizes. */
  nome_variacao: z.string().nullable(),
  delta: z.number(),
  estoque_apos: z.number(),
  motivo: z.enum(STOCK_MOVEMENT_REASONS),
  motivo_texto: z.string(),
  pedido_referencia: z.string().nullable(),
  responsavel_email: z.string().nullable(),
  nota: z.string(),
});

export type MovementJson = z.infer<typeof movementJson>;

export const ledgerAnswer = z.object({
  itens: z.array(movementJson),
  pagina: z.number(),
  por_pagina: z.number(),
  total: z.number(),
});

export const pickerProductJson = z.object({
  id: z.number(),
  nome: z.string(),
  /** With sizes, their sum. */
  estoque: z.number(),
  imagem: z.string(),
  oculto: z.boolean(),
  /** The axis (null: sold without sizes) and the live sizes in order. */
  nome_variacao: z.string().nullable(),
  variacoes: z.array(z.object({ id: z.number(), nome: z.string(), estoque: z.number() })),
});

export const pickerAnswer = z.object({ produtos: z.array(pickerProductJson) });

export const adjustmentAnswer = z.object({
  produto: z.object({ id: z.number(), nome: z.string(), estoque: z.number() }),
  /** The size adjusted, with its stock now; null for a product without sizes. */
  variacao: z.object({ id: z.number(), nome: z.string(), estoque: z.number() }).nullable(),
  movimento: movementJson,
});
