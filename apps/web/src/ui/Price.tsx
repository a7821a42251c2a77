import { formatBRL } from '@semijoias/domain/money';
import { originalPriceCents, priceCents, type ProductSummary } from '@/lib/product';
import { cx } from './cx';

interface PriceProps {
  product: Pick<ProductSummary, 'price' | 'promocao' | 'preco_original'>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
  /** Stable handle on the selling price alone (the product page's 'product-price'). */
  priceTestId?: string;
  /** 'light' on dark backgrounds. */
  tone?: 'default' | 'light';
}

const sizes = {
  sm: 'text-[0.95rem]',
  md: 'text-lg',
  lg: 'text-3xl',
} as const;

/** The selling price, and the original one struck through when the product is on promotion. */
export function Price({
  product,
  size = 'sm',
  className,
  priceTestId,
  tone = 'default',
}: PriceProps) {
  const light = tone === 'light';
  const cents = priceCents(product);
  const original = originalPriceCents(product);
  if (cents === null) return null;
  return (
    <p className={cx('flex flex-wrap items-baseline gap-x-2', className)}>
      {original !== null && (
        <span className={cx('text-sm line-through', light ? 'text-ivory/60' : 'text-muted')}>
          <span className="sr-only">De </span>
          {formatBRL(original)}
        </span>
      )}
      {original !== null && <span className="sr-only">por </span>}
      <span
        data-testid={priceTestId}
        className={cx(
          'font-semibold tabular-nums',
          light ? 'text-ivory' : original !== null ? 'text-rose' : 'text-ink',
          sizes[size],
        )}
      >
        {formatBRL(cents)}
      </span>
    </p>
  );
}
