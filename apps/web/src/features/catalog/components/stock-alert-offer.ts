import { isVariationSoldOut } from '@semijoias/domain/variations';
import { hasVariations, type ProductSummary, type Variation } from '@/lib/product';

/**
 * Whether the product page offers 'Avise-me quando chegar': the piece is sold out, or (sold by
 * size) some of its sizes are. Apart from the form (StockAlert.tsx), which loads only then.
 */
export function offersStockAlert(
  product: ProductSummary,
  variations: readonly Variation[],
): boolean {
  return hasVariations(product)
    ? variations.length > 0 && variations.some(isVariationSoldOut)
    : product.estoque === 0;
}
