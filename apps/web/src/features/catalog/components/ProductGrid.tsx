import type { Product } from '@/lib/product';
import { cx } from '@/ui/cx';
import { HydrateOnSight } from '@/ui/hydrate-on-sight';
import { ProductCard, productGridClasses } from '@/ui/ProductCard';

/** The cards of the grid's first row on a phone: they hydrate with the page. */
const FIRST_ROW = 2;

/**
 * A listing's grid of cards (a category's page, the search's results): the first row hydrates
 * with the page, the others as they come near the screen. Dimmed while the next page loads.
 */
export function ProductGrid({
  products,
  dimmed,
  gridClasses = productGridClasses,
}: {
  products: Product[];
  dimmed: boolean;
  /** The grid's columns (a listing with its filters beside it has less room). */
  gridClasses?: string;
}) {
  return (
    <div
      className={cx(gridClasses, 'transition-opacity', dimmed && 'opacity-60')}
      aria-busy={dimmed}
    >
      {products.map((product, index) =>
        index < FIRST_ROW ? (
          <ProductCard key={product.id} product={product} headingLevel="h2" eager />
        ) : (
          <HydrateOnSight key={product.id} anchorId={`produto-${product.id}`}>
            <ProductCard
              id={`produto-${product.id}`}
              product={product}
              headingLevel="h2"
              eager={index < 4}
            />
          </HydrateOnSight>
        ),
      )}
    </div>
  );
}
