import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';
import type { Product } from '@/lib/product';

/** The product page's answer: the product and the most units one shopper may take of it. */
export interface ProductDetail extends Product {
  /** Its 'máximo por cliente' (its own, else the store's default); absent from older answers. */
  maximo_por_cliente?: number;
}

/** GET /api/produtos/detalhes/{id}/ -> the product; 404 {error} when the id is unknown. */
export function getProduct(id: number, signal?: AbortSignal): Promise<ProductDetail> {
  return apiGet<ProductDetail>(`/api/produtos/detalhes/${id}/`, { signal });
}

/** Every product's detail query (a prefix of each one's key). */
export const PRODUCT_DETAIL_KEY = ['products', 'detail'] as const;

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: [...PRODUCT_DETAIL_KEY, id],
    queryFn: ({ signal }) => getProduct(id, signal),
  });

export function useProduct(id: number | null) {
  return useQuery({
    ...productQuery(id ?? 0),
    enabled: id !== null && id > 0,
    // A product the server already found missing (a server-rendered 404) stays missing: asking
    // again on mount would first show the skeleton where the server showed 'not found'. The
    // error view's 'Tentar novamente' still asks again.
    retryOnMount: false,
  });
}
