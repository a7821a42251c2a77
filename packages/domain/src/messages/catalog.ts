// =================================================================================================
// Catalog: search, listing parameters, a product or a category that is not there.
// =================================================================================================

/** The empty state: 'Nenhuma joia encontrada para "{text}"'. */
export function searchEmptyText(query: string): string {
  return `Nenhuma joia encontrada para "${query}"`;
}

/** The results page (/busca?q=): its title and heading. */
export function searchResultsTitle(query: string): string {
  return `Resultados para "${query}"`;
}
/** The results page without a text (/busca). */
export const SEARCH_PAGE_TITLE = 'Buscar joias';
export const SEARCH_PAGE_PROMPT = 'Digite na busca acima o nome, a pedra ou o banho da joia.';
/** Found by the search's second try (a typo: 'colr'). */
export function searchApproximateText(query: string): string {
  return `Não encontramos "${query}" exatamente. Mostramos as joias de nome mais parecido.`;
}
/** Under the results page's empty state: SPEC's hint to try anel, brinco, colar or pulseira. */
export const SEARCH_EMPTY_HINT =
  'Confira se a palavra está escrita certinho ou experimente buscar por anel, brinco, colar ou pulseira.';
/** Over the links to the four categories, when the search shows nothing. */
export const SEARCH_SUGGESTIONS_TITLE = 'Ou veja as nossas coleções:';

export const CATALOG_OFFSET_INVALID =
  'O deslocamento (offset) deve ser um número inteiro maior ou igual a zero.';
export const SEARCH_NOT_TEXT = 'A busca deve ser um texto.';

export function catalogLimitInvalidMessage(max: number): string {
  return `O limite deve ser um número inteiro entre 1 e ${max}.`;
}

/** A search over `max` characters: the catalog's, and the back office's Produtos and Pedidos. */
export function searchTooLongMessage(max: number): string {
  return `A busca deve ter no máximo ${max} caracteres.`;
}

/** A product id that names no product (or a hidden one) in the catalog, the cart, the checkout. */
export const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
/** A category page (produtos/{categoria}/) for a name that is none of the store's categories. */
export const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
/** A product id that is not a positive whole number (the cart's calls, api/pay, the back office). */
export const PRODUCT_ID_INVALID = 'O id do produto deve ser um número inteiro positivo.';
