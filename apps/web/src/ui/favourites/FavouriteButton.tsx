import { FAVOURITE_ADD, FAVOURITE_REMOVE } from '@semijoias/domain/favourites';
import { useIsFavourite, useToggleFavourite } from '@/lib/favourites/use-favourites';
import type { ProductSummary } from '@/lib/product';
import { cx } from '../cx';
import { useToast } from '../toast';
import { HeartIcon } from './HeartIcon';

interface FavouriteButtonProps {
  product: ProductSummary;
  /** 'card': a round heart over the card's picture, naming the piece; 'page': beside the title. */
  variant?: 'card' | 'page';
  className?: string;
}

/**
 * The heart of a piece: a toggle ('Adicionar aos favoritos' / 'Remover dos
 * favoritos', `aria-pressed`) on the list she has, her account's or her device's. The server and
 * the hydrating render draw it empty (a shared page knows no visitor); it fills in after, in place.
 */
export function FavouriteButton({ product, variant = 'card', className }: FavouriteButtonProps) {
  const favourite = useIsFavourite(product.id);
  const toggle = useToggleFavourite();
  const toast = useToast();
  const action = favourite ? FAVOURITE_REMOVE : FAVOURITE_ADD;
  // On a card many hearts sit side by side: each names its piece.
  const label = variant === 'card' ? `${action}: ${product.name}` : action;

  async function onClick() {
    const result = await toggle(product);
    if (!result.ok) {
      if (result.message) toast({ title: result.message, tone: 'error' });
    } else toast({ title: result.message });
  }

  return (
    <button
      type="button"
      data-testid="favourite-button"
      aria-pressed={favourite}
      aria-label={label}
      title={action}
      onClick={() => void onClick()}
      className={cx(
        'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark',
        variant === 'card'
          ? 'bg-white/90 text-ink shadow-soft backdrop-blur hover:bg-white'
          : 'border border-line bg-white text-ink hover:border-ink/40',
        favourite && 'text-rose',
        className,
      )}
    >
      <HeartIcon
        filled={favourite}
        width={variant === 'card' ? 22 : 24}
        height={variant === 'card' ? 22 : 24}
      />
    </button>
  );
}
