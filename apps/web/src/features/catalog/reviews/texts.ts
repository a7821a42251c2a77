/**
 * The storefront's texts of the reviews that the domain's (packages/domain/src/reviews.ts) do not
 * hold: the section's controls and labels.
 */
export const REVIEWS_ORDER_LABEL = 'Ordenar avaliações';
export const REVIEWS_MORE = 'Ver mais avaliações';
export const REVIEWS_DISTRIBUTION = 'Avaliações por número de estrelas';
export const REVIEWS_FAILED = 'Não foi possível carregar as avaliações.';
export const REVIEWS_RETRY = 'Tentar novamente';
export const REVIEWS_LOADING = 'Carregando avaliações';
export const REVIEW_PHOTO_CLOSE = 'Fechar a foto';

/** '5 estrelas', '1 estrela'. */
export function starsCountText(stars: number): string {
  return stars === 1 ? '1 estrela' : `${stars} estrelas`;
}

/** The size she bought: 'Tamanho comprado: Aro 16'. */
export function reviewSizeText(size: string): string {
  return `Tamanho comprado: ${size}`;
}

/** A thumbnail's name: 'Foto 2 de 3 da avaliação de Ana'. */
export function reviewPhotoLabel(index: number, count: number, author: string): string {
  return `Foto ${index + 1} de ${count} da avaliação de ${author}`;
}
