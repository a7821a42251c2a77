/**
 * The product as the API sends it (SPEC §3, §7) and the small helpers every screen shares:
 * its URL, the navigation state that lets the product page render at once, its prices in
 * centavos.
 */
import { productPagePath, type CategoryName } from '@semijoias/domain/catalog';
import { toCents, type Cents } from '@semijoias/domain/money';

/** What a card needs; also the shape of a product nested in `composicoes`. */
export interface ProductSummary {
  id: number;
  name: string;
  /** Decimal string in reais, "129.90". */
  price: string;
  image: string | null;
  category: CategoryName;
  novo: boolean;
  promocao: boolean;
  /** Present on full products; the price before the promotion. */
  preco_original?: string | null;
  estoque?: number;
  /** Sold by size: the card opens the product page to choose one. */
  tem_variacoes?: boolean;
  /**
   * Its approved reviews' average, one decimal; null without any (docs/reviews-contract.md).
   * Absent from answers older than issue 36.
   */
  avaliacao_media?: number | null;
  /** How many approved reviews it has; absent from older answers. */
  avaliacoes_total?: number;
}

/** One size of a piece sold by size (docs/variations-contract.md), in the owners' order. */
export interface Variation {
  id: number;
  /** '16', 'Ajustável', '45 cm'. */
  nome: string;
  estoque: number;
  disponivel: boolean;
}

export interface Composicao {
  id: number;
  produto: ProductSummary;
}

export interface Product extends ProductSummary {
  preco_original: string | null;
  description: string;
  img_pessoa: string | null;
  image_carrossel: string | null;
  composicao_img_1: string | null;
  composicao_img_2: string | null;
  composicao_img_3: string | null;
  composicoes: Composicao[];
  /** The sum of its variations' stock for a piece sold by size. */
  estoque: number;
  /** The axis ('Aro', 'Tamanho', 'Comprimento'); null without variations (absent from older answers). */
  nome_variacao?: string | null;
  /** Empty without variations. */
  variacoes?: Variation[];
}

export function isFullProduct(p: ProductSummary | Product): p is Product {
  return 'description' in p && 'composicoes' in p;
}

/** Whether the piece is sold by size: its details list sizes, or a list answer says it has them. */
export function hasVariations(p: ProductSummary | Product): boolean {
  if (isFullProduct(p) && Array.isArray(p.variacoes)) return p.variacoes.length > 0;
  return p.tem_variacoes === true;
}

/** The shareable product URL (the domain's productPagePath, without a size). */
export function productPath(id: number): string {
  return productPagePath(id);
}

/** Navigation state of a product link: the product page renders it before the details arrive. */
export interface ProductLinkState {
  product: ProductSummary;
}

export function readProductLinkState(state: unknown): ProductSummary | null {
  if (state === null || typeof state !== 'object' || !('product' in state)) return null;
  const product = (state as { product: unknown }).product;
  if (product === null || typeof product !== 'object') return null;
  const p = product as Partial<ProductSummary>;
  return typeof p.id === 'number' && typeof p.name === 'string' && typeof p.price === 'string'
    ? (product as ProductSummary)
    : null;
}

/** The selling price in centavos (null when the API sent something that is not money). */
export function priceCents(p: Pick<ProductSummary, 'price'>): Cents | null {
  return toCents(p.price);
}

/** The struck-through price: only for a product on promotion with a higher original price. */
export function originalPriceCents(
  p: Pick<ProductSummary, 'price' | 'promocao' | 'preco_original'>,
): Cents | null {
  if (!p.promocao || !p.preco_original) return null;
  const original = toCents(p.preco_original);
  const current = toCents(p.price);
  return original !== null && current !== null && original > current ? original : null;
}

/** A piece's reviews as a card or its page sums them up; null when it has none (or they are unknown). */
export interface ProductRating {
  /** One decimal, 1 to 5. */
  average: number;
  count: number;
}

export function productRating(
  p: Pick<ProductSummary, 'avaliacao_media' | 'avaliacoes_total'>,
): ProductRating | null {
  const count = p.avaliacoes_total ?? 0;
  const average = p.avaliacao_media;
  return count > 0 && typeof average === 'number' && Number.isFinite(average)
    ? { average, count }
    : null;
}
