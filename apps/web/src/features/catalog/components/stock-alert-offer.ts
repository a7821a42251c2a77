import { hasVariations, type ProductSummary, type Variation } from '@/lib/product';

/** A size she cannot choose: sold out, or taken down by the owners. */
export const soldOut = (v: Variation) => !v.disponivel || v.estoque <= 0;

/**
 * Whether the product page offers 'Avise-me quando chegar': the piece is sold out, or (sold by
 * size) some of its sizes are. Apart from the form (StockAlert.tsx), which loads only then.
 */
export function offersStockAlert(
  product: ProductSummary,
  variations: readonly Variation[],
): boolean {
  return hasVariations(product)
    ? variations.length > 0 && variations.some(soldOut)
    : product.estoque === 0;
}
