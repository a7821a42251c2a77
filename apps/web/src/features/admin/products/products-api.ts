/**
 * The back office's products calls (docs/admin/products.md) and their query keys. Uploads send
 * the file itself as the body, through XMLHttpRequest for its progress events (fetch has none
 * for uploads).
 */
import type { ProductImageField } from '@semijoias/domain/product-form';
import { ApiError } from '@/lib/api';
import { getAccessToken } from '@/lib/session';
import { ADMIN_QUERY_ROOT, adminGet, adminPath } from '../lib/admin-api';

export interface AdminProductListItem {
  id: number;
  slug: string;
  nome: string;
  categoria: string;
  preco: string;
  estoque: number;
  /** Its total is low, or a size marked 'Manter em estoque' is. */
  estoque_baixo: boolean;
  /** Its sizes marked 'Manter em estoque' that are low, in the owners' order. */
  variacoes_baixas?: LowKeptSize[];
  /** Open 'Avise-me' requests for the piece (any size). */
  aguardando_aviso?: number;
  oculto: boolean;
  novo: boolean;
  promocao: boolean;
  imagem: string | null;
}

/** A size the owners keep in stock that is low (docs/variations-contract.md). */
export interface LowKeptSize {
  id: number;
  nome: string;
  estoque: number;
}

export interface AdminProductList {
  produtos: AdminProductListItem[];
  total: number;
  pagina: number;
  paginas: number;
  por_pagina: number;
}

export interface AdminProductImage {
  caminho: string;
  url: string;
}

export interface AdminProduct {
  id: number;
  slug: string;
  nome: string;
  categoria: string;
  preco: string;
  preco_original: string | null;
  descricao: string;
  novo: boolean;
  promocao: boolean;
  estoque: number;
  estoque_baixo: boolean;
  /** Open 'Avise-me' requests for the piece, whole or any size. */
  aguardando_aviso?: number;
  peso_gramas: number;
  /** Its package in cm (issue 35); null: the category's box in 'Frete'. */
  largura_cm?: number | null;
  altura_cm?: number | null;
  comprimento_cm?: number | null;
  /** 'Banho / material': a PLATINGS code; null: none said (absent from older answers). */
  banho?: string | null;
  /** Its own 'máximo por cliente'; null: the store's default (absent from older answers). */
  maximo_por_cliente?: number | null;
  /** The shopping catalogs (issue 37): its colour there; null: its plating's. */
  cor_catalogo?: string | null;
  /** 'female' | 'male' | 'unisex'; null: the store's 'female'. */
  genero_catalogo?: string | null;
  /** 'Não enviar aos catálogos do Google e Instagram' (absent from older answers). */
  fora_dos_catalogos?: boolean;
  oculto: boolean;
  oculto_em: string | null;
  ja_pedido: boolean;
  vendidos: number;
  imagens: Record<ProductImageField, AdminProductImage | null>;
  composicoes: {
    id: number;
    nome: string;
    categoria: string;
    imagem: string | null;
    oculto: boolean;
  }[];
  criado_em: string;
  atualizado_em: string;
  /** The axis ('Aro') of a piece sold by size, null for one without sizes. */
  nome_variacao: string | null;
  /** Its sizes in the owners' order (empty without sizes); `estoque` above is their sum. */
  variacoes: AdminVariation[];
}

/** A size of a piece (GET api/admin/produtos/:id/, docs/variations-contract.md). */
export interface AdminVariation {
  id: number;
  nome: string;
  posicao: number;
  estoque: number;
  sku: string | null;
  /** Open 'Avise-me' requests for this size. */
  aguardando_aviso?: number;
  /** Order lines naming it: taken out, it is archived (hidden), never deleted. */
  pedidos: number;
  /** 'Manter em estoque': the Painel's low-stock card counts it on its own when it runs low. */
  manter_em_estoque?: boolean;
}

export interface ProductListFilters {
  busca?: string;
  categoria?: string;
  situacao?: string;
  pagina?: number;
}

export const PRODUCTS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'produtos'] as const;

export function productListQuery(filters: ProductListFilters) {
  return {
    queryKey: [...PRODUCTS_QUERY_KEY, 'lista', filters] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<AdminProductList>('produtos/', {
        signal,
        query: {
          busca: filters.busca || undefined,
          categoria: filters.categoria || undefined,
          situacao: filters.situacao || undefined,
          pagina: filters.pagina && filters.pagina > 1 ? filters.pagina : undefined,
        },
      }),
  };
}

export function productQuery(id: number) {
  return {
    queryKey: [...PRODUCTS_QUERY_KEY, 'produto', id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<{ produto: AdminProduct }>(`produtos/${id}/`, { signal }).then((r) => r.produto),
  };
}

/**
 * PUT produtos/:id/imagens/:campo/ with the file as the body; `onProgress` gets 0..1. A first
 * light call refreshes an expired session the usual way, so the upload carries a valid token.
 */
export async function uploadProductImage(
  id: number,
  campo: ProductImageField,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<AdminProduct> {
  await adminGet('sessao/');
  const token = getAccessToken();
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', `/${adminPath(`produtos/${id}/imagens/${campo}/`)}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let data: unknown = null;
      try {
        data = JSON.parse(xhr.responseText) as unknown;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve((data as { produto: AdminProduct }).produto);
      } else {
        reject(new ApiError(xhr.status, data, `HTTP ${xhr.status} no envio da imagem`));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, null, 'Sem resposta do servidor'));
    xhr.send(file);
  });
}
