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

// Sort and filters of a listing (a category's page, the search's results): their parameters'
// refusals (GET api/produtos/{categoria}/, api/busca/) and the words of the filter bar.
export const LISTING_SORT_INVALID =
  'Ordem desconhecida: use relevancia, mais-vendidos, menor-preco, maior-preco ou novidades.';
export const LISTING_PRICE_MIN_INVALID =
  'O preço mínimo deve ser um valor em reais, por exemplo 50 ou 49,90.';
export const LISTING_PRICE_MAX_INVALID =
  'O preço máximo deve ser um valor em reais, por exemplo 150 ou 149,90.';
export const LISTING_PRICE_RANGE_INVALID = 'O preço mínimo deve ser menor ou igual ao máximo.';
export const LISTING_PLATING_INVALID =
  'Banho desconhecido: use dourado, rodio, rodio-negro, rose, prateado ou prata-925.';
export const LISTING_SIZE_INVALID = 'Informe cada tamanho com 1 a 30 caracteres, no máximo 20.';
export const LISTING_PROMO_INVALID = 'Use promocao=1 para ver só as peças em promoção.';

export const LISTING_SORT_LABEL = 'Ordenar por';
export const LISTING_FILTERS_TITLE = 'Filtrar';
export const LISTING_FILTERS_BUTTON = 'Filtrar';
export const LISTING_CLEAR_FILTERS = 'Limpar filtros';
export const LISTING_PRICE_TITLE = 'Preço';
export const LISTING_PRICE_MIN_LABEL = 'De (R$)';
export const LISTING_PRICE_MAX_LABEL = 'Até (R$)';
export const LISTING_PRICE_APPLY = 'Aplicar';
export const LISTING_PLATING_TITLE = 'Banho / material';
export const LISTING_SIZE_TITLE = 'Tamanho disponível';
export const LISTING_PROMO_LABEL = 'Em promoção';
export const LISTING_OFFERS_TITLE = 'Ofertas';
export const LISTING_SHOW_RESULTS = 'Ver produtos';
/** The chips of the filters on, each one a button that takes its filter off. */
export const LISTING_CHOSEN_TITLE = 'Filtros aplicados';
export function listingRemoveFilterText(chip: string): string {
  return `Tirar o filtro ${chip}`;
}
export function listingSizeChipText(size: string): string {
  return `Tamanho ${size}`;
}
/** A price range's chip, its ends already written in reais ('R$ 50,00'). */
export function listingPriceChipText(min: string | null, max: string | null): string {
  if (min !== null && max !== null) return `${min} a ${max}`;
  return min !== null ? `A partir de ${min}` : `Até ${max ?? ''}`;
}
export const LISTING_FILTERED_EMPTY_TITLE = 'Nenhuma peça com esses filtros';
export const LISTING_FILTERED_EMPTY_TEXT =
  'Tente outra faixa de preço, outro banho ou outro tamanho — ou limpe os filtros para ver todas as peças.';

/** The phone's sheet: its button shows how many pieces the chosen filters leave. */
export function listingShowResultsText(total: number): string {
  return total === 1 ? 'Ver 1 produto' : `Ver ${total} produtos`;
}

/** How many filters are on, beside the phone's 'Filtrar' button (for screen readers too). */
export function listingActiveFiltersText(count: number): string {
  return count === 1 ? '1 filtro aplicado' : `${count} filtros aplicados`;
}
