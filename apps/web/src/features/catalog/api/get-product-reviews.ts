import { REVIEW_STARS_MAX, REVIEW_STARS_MIN, type ReviewOrder } from '@semijoias/domain/reviews';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

/** A photo of a public review: the re-encoded WebP and its size (docs/reviews-contract.md). */
export interface ReviewPhoto {
  url: string;
  largura: number;
  altura: number;
}

/** An approved review as everyone sees it. */
export interface PublicReview {
  id: number;
  /** 1 to 5. */
  estrelas: number;
  titulo: string | null;
  /** Plain text; its line breaks are hers. */
  texto: string | null;
  /** Her first name ('Cliente' once she is anonymised). */
  autora: string;
  /** 'Campinas/SP', or null. */
  cidade: string | null;
  /** The size she bought ('Aro 16'); null for a piece without sizes. */
  tamanho: string | null;
  /** When she wrote it (ISO instant). */
  data: string;
  compra_verificada: boolean;
  /** At most 3, hidden ones left out. */
  fotos: ReviewPhoto[];
  /** The owners' public answer. */
  resposta: { texto: string; data: string } | null;
}

export type ReviewStarsCount = Record<'1' | '2' | '3' | '4' | '5', number>;

/** One page of GET /api/produtos/{id}/avaliacoes/. */
export interface ProductReviewsPage {
  /** One decimal; null without reviews. */
  media: number | null;
  total: number;
  /** How many reviews gave each number of stars. */
  distribuicao: ReviewStarsCount;
  /** 10 a page. */
  avaliacoes: PublicReview[];
  pagina: number;
  total_paginas: number;
}

/** The answer with every field there (an older or partial answer reads as no reviews). */
export function toReviewsPage(answer: Partial<ProductReviewsPage> | null): ProductReviewsPage {
  const a = answer ?? {};
  const distribuicao = {} as ReviewStarsCount;
  for (let stars = REVIEW_STARS_MIN; stars <= REVIEW_STARS_MAX; stars++) {
    const key = String(stars) as keyof ReviewStarsCount;
    distribuicao[key] = Number(a.distribuicao?.[key]) || 0;
  }
  const total = Number(a.total) || 0;
  const pagina = Number(a.pagina) || 1;
  return {
    media: typeof a.media === 'number' && total > 0 ? a.media : null,
    total,
    distribuicao,
    avaliacoes: Array.isArray(a.avaliacoes) ? a.avaliacoes : [],
    pagina,
    total_paginas: Math.max(pagina, Number(a.total_paginas) || 1),
  };
}

/** GET /api/produtos/{id}/avaliacoes/?pagina=&ordem= -> that page of its approved reviews. */
export async function getProductReviews(
  id: number,
  page: number,
  order: ReviewOrder,
  signal?: AbortSignal,
): Promise<ProductReviewsPage> {
  const answer = await apiGet<Partial<ProductReviewsPage> | null>(
    `/api/produtos/${id}/avaliacoes/`,
    { query: { pagina: page, ordem: order }, signal },
  );
  return toReviewsPage(answer);
}

/**
 * A piece's reviews in one order, page after page ('Ver mais avaliações'). The first page of
 * 'recentes' is what the server renders with the product's page (router.tsx's prefetch), its
 * summary near the price and its JSON-LD.
 */
/**
 * The first `pages` pages of a piece's reviews, as one answer (`{pages}`). Not an infinite query:
 * TanStack's infinite observer would join the hooks every page shares (the home's 120 KB); 'Ver
 * mais' asks one page more, the pages shown before kept from the answer before it.
 */
export const productReviewsQuery = (id: number, order: ReviewOrder = 'recentes', pages = 1) =>
  queryOptions({
    queryKey: ['products', 'reviews', id, order, pages],
    queryFn: async ({ signal, client }) => {
      // The pages already shown are kept: only those not yet asked are.
      const before = client.getQueryData<{ pages: ProductReviewsPage[] }>([
        'products',
        'reviews',
        id,
        order,
        pages - 1,
      ])?.pages;
      const known = before?.slice(0, pages - 1) ?? [];
      const asked = await Promise.all(
        Array.from({ length: pages - known.length }, (_, i) =>
          getProductReviews(id, known.length + i + 1, order, signal),
        ),
      );
      return { pages: [...known, ...asked] };
    },
  });
