/**
 * The sort and filters of a listing of pieces (a category's page, the search's results): their
 * codes, the names the shopper reads, and how their values are written in an address and in the
 * API's query (docs/search-contract.md, 'Sort and filters'). The browser and the API read them
 * alike, so a shared link asks the API exactly what the page shows.
 */

/** A piece's plating or material (`products.plating`), set by the owners in the back office. */
export const PLATINGS = [
  { code: 'dourado', label: 'Dourado' },
  { code: 'rodio', label: 'Ródio' },
  { code: 'rodio-negro', label: 'Ródio negro' },
  { code: 'rose', label: 'Rosé' },
  { code: 'prateado', label: 'Prateado' },
  { code: 'prata-925', label: 'Prata 925' },
] as const;

export type PlatingCode = (typeof PLATINGS)[number]['code'];

export function isPlatingCode(code: unknown): code is PlatingCode {
  return typeof code === 'string' && PLATINGS.some((p) => p.code === code);
}

/** The owners' name of a plating code ('Ródio'), or null for an unknown one. */
export function platingLabel(code: string | null | undefined): string | null {
  return PLATINGS.find((p) => p.code === code)?.label ?? null;
}

/**
 * The plating a piece's name says ('Anel Halo Rubi Ródio': rodio; 'Pulseira … Prateada':
 * prateado), or null when it says none: the demonstration catalog's platings come from it.
 */
export function platingFromName(name: string): PlatingCode | null {
  const words = name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (/\brodio negro\b/.test(words)) return 'rodio-negro';
  if (/\brodio\b/.test(words)) return 'rodio';
  if (/\brose\b/.test(words)) return 'rose';
  if (/\bprata 925\b/.test(words)) return 'prata-925';
  if (/\bpratead[oa]s?\b/.test(words)) return 'prateado';
  if (/\bdourad[oa]s?\b/.test(words)) return 'dourado';
  return null;
}

/**
 * The orders a listing may take. 'relevancia' is each listing's own: a category's catalogue order
 * (by id), the search's ranking (best sellers, the closest first for a typo).
 */
export const LISTING_SORTS = [
  { code: 'relevancia', label: 'Relevância' },
  { code: 'mais-vendidos', label: 'Mais vendidos' },
  { code: 'menor-preco', label: 'Menor preço' },
  { code: 'maior-preco', label: 'Maior preço' },
  { code: 'novidades', label: 'Novidades' },
] as const;

export type ListingSort = (typeof LISTING_SORTS)[number]['code'];
export const DEFAULT_LISTING_SORT: ListingSort = 'relevancia';

export function isListingSort(code: unknown): code is ListingSort {
  return typeof code === 'string' && LISTING_SORTS.some((s) => s.code === code);
}

/** The parameters' names, in an address and in the API's query alike. */
export const LISTING_PARAMS = {
  sort: 'ordem',
  priceMin: 'preco_min',
  priceMax: 'preco_max',
  plating: 'banho',
  size: 'tamanho',
  promo: 'promocao',
} as const;

/** R$ 100.000,00: the product form's highest price; a filter above it means nothing more. */
export const LISTING_PRICE_MAX_CENTS = 10_000_000;
/** A size is a variation's name (1-30 characters, the database's check). */
export const LISTING_SIZE_MAX_LENGTH = 30;
/** At most this many sizes (or platings) at once: every size of a ring fits. */
export const LISTING_VALUES_MAX = 20;

/** What a listing is asked for besides its page. */
export interface ListingFilters {
  sort: ListingSort;
  /** On the price she pays (the PROMOÇÃO's, not the struck-through one), in centavos. */
  priceMinCents: number | null;
  priceMaxCents: number | null;
  /** Any of these platings; none: every piece. */
  platings: PlatingCode[];
  /** Pieces sold by size with any of these sizes in stock; none: every piece. */
  sizes: string[];
  /** Only the pieces marked PROMOÇÃO. */
  promo: boolean;
}

export const NO_LISTING_FILTERS: ListingFilters = {
  sort: DEFAULT_LISTING_SORT,
  priceMinCents: null,
  priceMaxCents: null,
  platings: [],
  sizes: [],
  promo: false,
};

/** Whether anything narrows the listing (the sort does not). */
export function hasListingFilters(f: ListingFilters): boolean {
  return (
    f.priceMinCents !== null ||
    f.priceMaxCents !== null ||
    f.platings.length > 0 ||
    f.sizes.length > 0 ||
    f.promo
  );
}

/**
 * A price in reais as an address writes it ('50', '49.90', '49,90') in centavos; null when it is
 * not one (negative, three decimals, letters, above R$ 100.000,00).
 */
export function parsePriceParam(text: string): number | null {
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents <= LISTING_PRICE_MAX_CENTS ? cents : null;
}

/** Centavos as an address writes them: '50' for R$ 50,00, '49.90' for R$ 49,90. */
export function formatPriceParam(cents: number): string {
  const reais = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(reais) : `${reais}.${String(rest).padStart(2, '0')}`;
}

/** A size as typed in an address: trimmed, spaces collapsed; '' is none. */
export function normalizeSizeParam(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Sizes in a reading order: numbers as numbers ('8' before '14', '40 cm' before '45 cm'), the
 * rest alphabetically.
 */
export function compareSizes(a: string, b: string): number {
  return a.localeCompare(b, 'pt-BR', { numeric: true, sensitivity: 'base' });
}

/**
 * The filters as query entries, in one order (sort, prices, platings, sizes, promo), leaving out
 * what is the default: the same filters always make the same address and the same cache key.
 */
export function listingQueryEntries(f: ListingFilters): [string, string][] {
  const entries: [string, string][] = [];
  if (f.sort !== DEFAULT_LISTING_SORT) entries.push([LISTING_PARAMS.sort, f.sort]);
  if (f.priceMinCents !== null)
    entries.push([LISTING_PARAMS.priceMin, formatPriceParam(f.priceMinCents)]);
  if (f.priceMaxCents !== null)
    entries.push([LISTING_PARAMS.priceMax, formatPriceParam(f.priceMaxCents)]);
  const platings = PLATINGS.filter((p) => f.platings.includes(p.code));
  for (const p of platings) entries.push([LISTING_PARAMS.plating, p.code]);
  for (const size of [...new Set(f.sizes)].sort(compareSizes))
    entries.push([LISTING_PARAMS.size, size]);
  if (f.promo) entries.push([LISTING_PARAMS.promo, '1']);
  return entries;
}
