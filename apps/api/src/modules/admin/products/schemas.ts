/**
 * Shapes of the back office's product calls (docs/admin/products.md). The product form's body is
 * checked by the domain's validateProductForm in the service, so its refusals carry the domain's
 * Portuguese texts; params and query are checked here.
 */
import { z } from 'zod';
import { CATEGORIES, type CategoryName } from '@semijoias/domain/catalog';
import {
  PRODUCT_CATEGORY_FILTER_INVALID,
  PRODUCT_ID_INVALID,
  PRODUCT_SITUATION_FILTER_INVALID,
  searchTooLongMessage,
} from '@semijoias/domain/messages';
import { PRODUCT_IMAGE_FIELDS, PRODUCT_IMAGE_MESSAGES } from '@semijoias/domain/product-form';
import { isValidMaxPerCustomer, MAX_PER_CUSTOMER_INVALID } from '@semijoias/domain/purchase-limits';
import { idParams, INT_MAX, wholeNumber } from '../../../lib/params.js';
import { pageParam } from '../schemas.js';

const positiveId = wholeNumber(1, INT_MAX, PRODUCT_ID_INVALID);

export const productIdParams = idParams(PRODUCT_ID_INVALID);

const imageFieldNames = PRODUCT_IMAGE_FIELDS.map((f) => f.campo) as [
  (typeof PRODUCT_IMAGE_FIELDS)[number]['campo'],
  ...(typeof PRODUCT_IMAGE_FIELDS)[number]['campo'][],
];

export const productImageParams = z
  .object({
    id: positiveId,
    campo: z.enum(imageFieldNames, { error: PRODUCT_IMAGE_MESSAGES.unknownField }),
  })
  .strict();

const categoryNames = CATEGORIES.map((c) => c.name) as [CategoryName, ...CategoryName[]];

export const PRODUCT_SITUATIONS = [
  'visiveis',
  'ocultos',
  'estoque_baixo',
  'aguardando_aviso',
] as const;
export type ProductSituation = (typeof PRODUCT_SITUATIONS)[number];

export const productListQuery = z
  .object({
    busca: z
      .string()
      .trim()
      .max(100, { error: searchTooLongMessage(100) })
      .optional(),
    categoria: z.enum(categoryNames, { error: PRODUCT_CATEGORY_FILTER_INVALID }).optional(),
    situacao: z.enum(PRODUCT_SITUATIONS, { error: PRODUCT_SITUATION_FILTER_INVALID }).optional(),
    pagina: pageParam,
  })
  .strict();

export type ProductListQuery = z.infer<typeof productListQuery>;

export const adminProductListItem = z.object({
  id: z.number(),
  slug: z.string(),
  nome: z.string(),
  categoria: z.string(),
  preco: z.string(),
  estoque: z.number(),
  /** Its total is low, or a size kept in stock is (low-stock.ts). */
  estoque_baixo: z.boolean(),
  /** Its sizes marked 'Manter em estoque' that are low, in the owners' order. */
  variacoes_baixas: z.array(z.object({ id: z.number(), nome: z.string(), estoque: z.number() })),
  /** Shoppers waiting for 'Avise-me' on this piece (any size): what to restock first. */
  aguardando_aviso: z.number(),
  oculto: z.boolean(),
  novo: z.boolean(),
  promocao: z.boolean(),
  imagem: z.string().nullable(),
});

export const productListAnswer = z.object({
  produtos: z.array(adminProductListItem),
  total: z.number(),
  pagina: z.number(),
  paginas: z.number(),
  por_pagina: z.number(),
});

const imageJson = z.object({ caminho: z.string(), url: z.string() }).nullable();

export const adminProductJson = z.object({
  id: z.number(),
  slug: z.string(),
  nome: z.string(),
  categoria: z.string(),
  preco: z.string(),
  preco_original: z.string().nullable(),
  descricao: z.string(),
  novo: z.boolean(),
  promocao: z.boolean(),
  estoque: z.number(),
  estoque_baixo: z.boolean(),
  /** Open 'Avise-me' requests for the piece, whole or any size. */
  aguardando_aviso: z.number(),
  peso_gramas: z.number(),
  /** Its package in cm (issue 35); null: the category's box in 'Frete'. */
  largura_cm: z.number().nullable(),
  altura_cm: z.number().nullable(),
  comprimento_cm: z.number().nullable(),
  /** 'Banho / material': a code of PLATINGS (packages/domain/src/listing.ts), null when none. */
  banho: z.string().nullable(),
  /** The shopping catalogs (issue 37): its colour there (null: its plating's). */
  cor_catalogo: z.string().nullable(),
  /** 'female', 'male' or 'unisex'; null: the store's 'female'. */
  genero_catalogo: z.string().nullable(),
  /** 'Não enviar aos catálogos do Google e Instagram'. */
  fora_dos_catalogos: z.boolean(),
  oculto: z.boolean(),
  oculto_em: z.string().nullable(),
  ja_pedido: z.boolean(),
  vendidos: z.number(),
  imagens: z.object(
    Object.fromEntries(imageFieldNames.map((campo) => [campo, imageJson])) as Record<
      (typeof imageFieldNames)[number],
      typeof imageJson
    >,
  ),
  composicoes: z.array(
    z.object({
      id: z.number(),
      nome: z.string(),
      categoria: z.string(),
      imagem: z.string().nullable(),
      oculto: z.boolean(),
    }),
  ),
  criado_em: z.string(),
  atualizado_em: z.string(),
  /** Its own 'máximo por cliente' (issue 32); null: the store's default (GET /api/admin/limites/). */
  maximo_por_cliente: z.number().int().nullable(),
  /** The axis of its sizes (null: sold without them) and the sizes in order. */
  nome_variacao: z.string().nullable(),
  variacoes: z.array(
    z.object({
      id: z.number(),
      nome: z.string(),
      posicao: z.number(),
      estoque: z.number(),
      sku: z.string().nullable(),
      pedidos: z.number(),
      /** 'Manter em estoque': counted by the low-stock card on its own when it runs low. */
      manter_em_estoque: z.boolean(),
      /** Open 'Avise-me' requests for this size. */
      aguardando_aviso: z.number(),
    }),
  ),
});

export type AdminProductJson = z.infer<typeof adminProductJson>;

/**
 * The product form's `maximo_por_cliente` (issue 32), beside the domain's form: a whole number
 * from 1 to 99 (or its digits as typed), null or '' for the store's default, absent to keep
 * what the piece has (an edit) or the default (a new piece).
 */
export function readMaxPerCustomerField(
  body: unknown,
):
  { ok: true; value: number | null | undefined } | { ok: false; errors: Record<string, string[]> } {
  const raw =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).maximo_por_cliente
      : undefined;
  if (raw === undefined) return { ok: true, value: undefined };
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    return { ok: true, value: null };
  }
  const value =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^\d{1,3}$/.test(raw.trim())
        ? Number(raw)
        : NaN;
  return isValidMaxPerCustomer(value)
    ? { ok: true, value }
    : { ok: false, errors: { maximo_por_cliente: [MAX_PER_CUSTOMER_INVALID] } };
}

export const productAnswer = z.object({ produto: adminProductJson });

export const deletedAnswer = z.object({ excluido: z.literal(true), id: z.number() });
