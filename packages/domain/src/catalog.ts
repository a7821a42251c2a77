/** The four categories of the store (SPEC §2 routes, §7 calls), with the texts their pages show. */
export type CategoryName = 'Anel' | 'Brinco' | 'Pulseira' | 'Colar';

export interface Category {
  /** The value stored on a product. */
  name: CategoryName;
  /** Route and API path segment: /aneis, api/produtos/aneis/. */
  slug: 'aneis' | 'brincos' | 'pulseiras' | 'colares';
  /** Title of the category page and navigation label. */
  title: string;
  /** Short text under the title. */
  description: string;
  /** Per-category empty state: 'Não há ... disponíveis no momento'. */
  emptyText: string;
  /** Words a shopper may type to mean this category (singular and plural, no accents needed). */
  searchTerms: string[];
}

export const CATEGORIES: readonly Category[] = [
  {
    name: 'Anel',
    slug: 'aneis',
    title: 'Anéis',
    description:
      'Anéis delicados e marcantes, banhados a ouro 18k e ródio, para todos os momentos.',
    emptyText: 'Não há anéis disponíveis no momento',
    searchTerms: ['anel', 'aneis', 'anéis'],
  },
  {
    name: 'Brinco',
    slug: 'brincos',
    title: 'Brincos',
    description: 'Argolas, ear cuffs e pontos de luz para iluminar o rosto do dia à noite.',
    emptyText: 'Não há brincos disponíveis no momento',
    searchTerms: ['brinco', 'brincos'],
  },
  {
    name: 'Pulseira',
    slug: 'pulseiras',
    title: 'Pulseiras',
    description: 'Pulseiras e braceletes para usar sozinhos ou em mix, com acabamento impecável.',
    emptyText: 'Não há pulseiras disponíveis no momento',
    searchTerms: ['pulseira', 'pulseiras', 'bracelete', 'braceletes'],
  },
  {
    name: 'Colar',
    slug: 'colares',
    title: 'Colares',
    description: 'Colares, choker e gargantilhas com pingentes que contam a sua história.',
    emptyText: 'Não há colares disponíveis no momento',
    searchTerms: ['colar', 'colares', 'gargantilha', 'choker'],
  },
];

/** Finds a category by its slug or its name, ignoring case and accents ("Anéis", "aneis", "ANEL"). */
export function findCategory(key: string): Category | undefined {
  const wanted = normalizeSearchText(key);
  return CATEGORIES.find(
    (c) =>
      c.slug === wanted ||
      normalizeSearchText(c.name) === wanted ||
      normalizeSearchText(c.title) === wanted,
  );
}

/** Lower case, accents removed, spaces collapsed: how search text is stored and compared. */
export function normalizeSearchText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * The text a product is searched by: its name, description and every word that names its category,
 * so "aneis", "ANÉIS" and "anel" all find rings.
 */
export function productSearchText(p: {
  name: string;
  description: string;
  category: CategoryName;
}): string {
  const category = CATEGORIES.find((c) => c.name === p.category);
  const words = [p.name, p.description, ...(category?.searchTerms ?? [])].map(normalizeSearchText);
  return [...new Set(words)].join(' ');
}

/** Splits what the shopper typed into normalized words; every word must match. */
export function searchWords(query: string): string[] {
  return normalizeSearchText(query)
    .split(' ')
    .filter((w) => w.length > 0)
    .slice(0, 8);
}

/** The product page's query naming the size she chose: the page opens with it chosen. */
export const VARIATION_PARAM = 'variacao';

/**
 * The shareable product page (SPEC §2 names /produto; the id makes reloads and shared links work),
 * with `?variacao=<id>` for one of its sizes: the path links, e-mails, feeds and chats all use.
 */
export function productPagePath(id: number, variationId?: number | null): string {
  const page = `/produto/${id}`;
  return variationId == null ? page : `${page}?${VARIATION_PARAM}=${variationId}`;
}

/** Page size of category listings (SPEC §9) and the counter 'Mostrando x - y de n produtos'. */
export const CATEGORY_PAGE_SIZE = 36;
export const FEATURED_COUNT = 4;
/**
 * The home page, kept for everyone, draws its featured pieces again this often (seconds); the
 * API's own call draws on every request.
 */
export const HOME_FEATURED_RENEW_SECONDS = 60;

/**
 * 'Últimas unidades' from this many units down (a piece, or the size she chose); above it 'Em
 * estoque'; none: 'Esgotado'. Migration 0034 writes the same bands in SQL
 * (`catalog_stock_shown`): a page is rendered again when a piece on it changes band.
 */
export const LAST_UNITS_SHOWN_FROM = 3;

/** What a shopper reads of a stock on the storefront's pages. */
export type StockShown = 'esgotado' | 'ultimas-unidades' | 'em-estoque';

export function stockShown(stock: number): StockShown {
  if (stock <= 0) return 'esgotado';
  return stock <= LAST_UNITS_SHOWN_FROM ? 'ultimas-unidades' : 'em-estoque';
}

/** Slides of the home's carousel (SPEC §2): the first products that have a carousel picture. */
export const CAROUSEL_SLIDES = 6;

export function pageCounterText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Mostrando 0 - 0 de ${total} produtos`;
  return `Mostrando ${offset + 1} - ${offset + shown} de ${total} produtos`;
}
