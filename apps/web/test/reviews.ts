/**
 * Public reviews as GET /api/produtos/{id}/avaliacoes/ answers them (docs/reviews-contract.md),
 * for the storefront's tests.
 */
import type { ProductReviewsPage, PublicReview } from '@/features/catalog/api/get-product-reviews';

export function publicReview(overrides: Partial<PublicReview> = {}): PublicReview {
  return {
    id: 1,
    estrelas: 5,
    titulo: 'Linda demais',
    texto: 'Chegou rápido e brilha muito.',
    autora: 'Ana',
    cidade: 'Campinas/SP',
    tamanho: null,
    // 01:30 in UTC is still 14/03 in São Paulo.
    data: '2025-03-15T01:30:00.000Z',
    compra_verificada: true,
    fotos: [],
    resposta: null,
    ...overrides,
  };
}

/** A page of a piece's reviews; `total_paginas` follows `total` unless told. */
export function reviewsPage(overrides: Partial<ProductReviewsPage> = {}): ProductReviewsPage {
  const total = overrides.total ?? overrides.avaliacoes?.length ?? 0;
  return {
    media: total > 0 ? 4.7 : null,
    total,
    distribuicao: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 },
    avaliacoes: [],
    pagina: 1,
    total_paginas: Math.max(1, Math.ceil(total / 10)),
    ...overrides,
  };
}

/** A piece without reviews. */
export const NO_REVIEWS = reviewsPage();
