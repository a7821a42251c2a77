import { reviewCountText } from '@semijoias/domain/reviews';
import { Link } from 'react-router';
import {
  priceCents,
  productPath,
  productRating,
  type ProductLinkState,
  type ProductSummary,
} from '@/lib/product';
import { ProductBadges } from './Badge';
import { cx } from './cx';
import { FavouriteButton } from './favourites/FavouriteButton';
import { PaymentTerms } from './PaymentTerms';
import { Price } from './Price';
import { Skeleton } from './Spinner';
import { SmartImage } from './SmartImage';
import { Stars } from './Stars';

interface ProductCardProps {
  product: ProductSummary;
  /** Heading level inside the page outline (cards sit under an h1 or an h2). */
  headingLevel?: 'h2' | 'h3';
  /** The first row of a grid is above the fold, its largest paint among it: load it first. */
  eager?: boolean;
  className?: string;
  /** The card's element id (the anchor of a HydrateOnSight around it). */
  id?: string;
}

/**
 * A product in a grid. The name is the one link, stretched over the whole card (one tab stop,
 * one announcement); it opens the product page at its shareable URL,
 * carrying the product in navigation state so the page renders at once.
 */
export function ProductCard({
  product,
  headingLevel: Heading = 'h3',
  eager = false,
  className,
  id,
}: ProductCardProps) {
  const state: ProductLinkState = { product };
  return (
    <article
      id={id}
      data-testid="product-card"
      className={cx(
        'group relative flex flex-col overflow-hidden rounded-2xl border border-line bg-white shadow-soft transition-shadow duration-200 hover:shadow-lift',
        // A card off the screen is laid out and painted only as it comes near (a category's
        // grid is a screenful of work the phone's first paint need not do); its size is kept
        // once known, so nothing moves when it comes into view.
        '[content-visibility:auto] [contain-intrinsic-size:auto_22rem]',
        className,
      )}
    >
      <div className="relative overflow-hidden">
        <SmartImage
          src={product.image}
          alt=""
          width={600}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          className="aspect-square w-full bg-cream object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <ProductBadges
          novo={product.novo}
          promocao={product.promocao}
          className="absolute left-2.5 top-2.5"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-3 sm:p-4">
        <Heading className="font-display text-[1.05rem] font-semibold leading-snug text-ink sm:text-lg">
          <Link
            to={productPath(product.id)}
            state={state}
            className="line-clamp-2 rounded-sm after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-gold-dark"
          >
            {product.name}
          </Link>
        </Heading>
        <div className="mt-auto">
          <Price product={product} />
          <PaymentTerms amountCents={priceCents(product)} className="mt-1" />
          <CardRating product={product} />
        </div>
      </div>
      {/* After the name's link in the tab order; drawn over the picture's corner. */}
      <FavouriteButton product={product} className="absolute right-2 top-2 z-10" />
    </article>
  );
}

/**
 * The piece's stars and how many reviews, small, under its price. The line is there on every
 * card, empty for a piece without reviews: the cards of a row keep one height and their prices
 * one level, whichever have reviews, and nothing moves as the list changes.
 */
function CardRating({ product }: { product: ProductSummary }) {
  const rating = productRating(product);
  return (
    <p data-testid="product-card-rating" className="mt-1.5 flex h-4 items-center gap-1.5 text-xs">
      {rating && (
        <>
          <Stars value={rating.average} size="sm" />
          <span aria-hidden="true" className="tabular-nums text-muted">
            ({rating.count})
          </span>
          <span className="sr-only">{reviewCountText(rating.count)}</span>
        </>
      )}
    </p>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-line bg-white" aria-hidden="true">
      <Skeleton className="aspect-square w-full rounded-none" />
      <div className="space-y-2 p-3 sm:p-4">
        <Skeleton className="h-4 w-11/12" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="mt-3 h-5 w-1/3" />
      </div>
    </div>
  );
}

/** 2 columns on a phone, 3 on a tablet, 4 on a desktop. */
export const productGridClasses = 'grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4';
