import { stockShown } from '@semijoias/domain/catalog';
import {
  FAVOURITE_SOLD_OUT,
  FAVOURITES_EMPTY_TEXT,
  FAVOURITES_EMPTY_TITLE,
  FAVOURITES_LOAD_ERROR,
} from '@semijoias/domain/favourites';
import { cartAddedToast } from '@semijoias/domain/messages';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAddToCart, useIsAdding } from '@/lib/cart/use-cart';
import { useFavouriteProducts } from '@/lib/favourites/use-favourite-products';
import { useToggleFavourite } from '@/lib/favourites/use-favourites';
import { hasVariations, productPath, type Product, type ProductLinkState } from '@/lib/product';
import { Button, ButtonLink } from '../Button';
import { cx } from '../cx';
import { BagIcon } from '../icons';
import { Price } from '../Price';
import { SmartImage } from '../SmartImage';
import { Skeleton } from '../Spinner';
import { useToast } from '../toast';
import { HeartIcon } from './HeartIcon';

/**
 * The Favoritos list, the same for the tab of /usuario and a guest's page: each
 * piece's picture, name, price, availability and add-to-cart (a piece sold by size opens its page
 * to choose one, as the cards do), and a way to take it off the list; an empty state.
 */
export function FavouritesList({ emptyAction }: { emptyAction?: ReactNode }) {
  const { products, isLoading, isError, retry } = useFavouriteProducts();

  if (isLoading) {
    return (
      <ul className="grid gap-3" aria-busy="true" aria-label="Carregando favoritos">
        {[0, 1].map((i) => (
          <li key={i} className="flex gap-4 rounded-2xl border border-line bg-white p-3">
            <Skeleton className="h-24 w-24 shrink-0 rounded-xl" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (isError) {
    return (
      <div className="rounded-2xl border border-line bg-white p-6 text-center">
        <p className="text-ink-soft">{FAVOURITES_LOAD_ERROR}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={retry}>
          Tentar novamente
        </Button>
      </div>
    );
  }
  if (products.length === 0) {
    return (
      <div
        data-testid="favourites-empty"
        className="flex flex-col items-center px-4 py-10 text-center"
      >
        <HeartIcon width={48} height={48} className="mb-4 text-gold" />
        <p className="font-display text-2xl font-semibold text-ink">{FAVOURITES_EMPTY_TITLE}</p>
        <p className="mt-2 max-w-sm text-[0.95rem] leading-relaxed text-muted">
          {FAVOURITES_EMPTY_TEXT}
        </p>
        {emptyAction && <div className="mt-6">{emptyAction}</div>}
      </div>
    );
  }
  return (
    <ul className="grid gap-3" data-testid="favourites-list">
      {products.map((product) => (
        <FavouriteRow key={product.id} product={product} />
      ))}
    </ul>
  );
}

function FavouriteRow({ product }: { product: Product }) {
  const toast = useToast();
  const toggle = useToggleFavourite();
  const add = useAddToCart();
  const isAdding = useIsAdding(product.id);
  const shown = stockShown(product.estoque);
  const soldOut = shown === 'esgotado';
  const lastUnits = shown === 'ultimas-unidades';
  const state: ProductLinkState = { product };

  async function addToCart() {
    if (isAdding) return;
    const result = await add(product);
    toast(
      result.ok
        ? { title: cartAddedToast(product.name) }
        : { title: result.message, tone: 'error' },
    );
  }

  async function remove() {
    const result = await toggle(product);
    if (!result.ok && result.message) toast({ title: result.message, tone: 'error' });
  }

  return (
    <li
      data-testid="favourite-item"
      className="grid grid-cols-[5.5rem_minmax(0,1fr)] gap-x-4 gap-y-3 rounded-2xl border border-line bg-white p-3 sm:grid-cols-[6.5rem_minmax(0,1fr)_auto] sm:items-center sm:p-4"
    >
      <Link to={productPath(product.id)} state={state} tabIndex={-1} aria-hidden="true">
        <SmartImage
          src={product.image}
          alt=""
          width={200}
          height={200}
          className={cx(
            'aspect-square w-full rounded-xl bg-cream object-cover',
            soldOut && 'opacity-60',
          )}
        />
      </Link>
      <div className="min-w-0">
        <p className="font-display text-lg font-semibold leading-snug text-ink">
          <Link to={productPath(product.id)} state={state} className="hover:underline">
            {product.name}
          </Link>
        </p>
        <Price product={product} className="mt-1" />
        <p className="mt-1 flex items-center gap-2 text-sm" data-testid="favourite-availability">
          <span
            aria-hidden="true"
            className={cx(
              'h-2 w-2 rounded-full',
              soldOut ? 'bg-muted' : lastUnits ? 'bg-rose' : 'bg-sage',
            )}
          />
          <span
            className={
              soldOut ? 'font-medium text-muted' : lastUnits ? 'text-rose' : 'text-ink-soft'
            }
          >
            {soldOut ? FAVOURITE_SOLD_OUT : lastUnits ? 'Últimas unidades' : 'Em estoque'}
          </span>
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 sm:col-span-1 sm:flex-col sm:items-stretch">
        {soldOut ? (
          <ButtonLink
            to={productPath(product.id)}
            state={state}
            variant="outline"
            size="sm"
            className="flex-1 bg-white"
          >
            Ver a joia
          </ButtonLink>
        ) : hasVariations(product) ? (
          <ButtonLink
            to={productPath(product.id)}
            state={state}
            data-testid="quick-choose-size"
            variant="outline"
            size="sm"
            className="flex-1 bg-white"
            aria-label={`Escolher tamanho de ${product.name}`}
          >
            Escolher tamanho
          </ButtonLink>
        ) : (
          <Button
            data-testid="favourite-add-to-cart"
            variant="primary"
            size="sm"
            className={cx('flex-1', isAdding && 'cursor-wait opacity-50')}
            aria-disabled={isAdding || undefined}
            // The name starts with the words shown (WCAG 2.5.3), then says which piece.
            aria-label={`Adicionar ao carrinho: ${product.name}`}
            onClick={() => void addToCart()}
          >
            <BagIcon width={18} height={18} />
            {isAdding ? (
              'Adicionando...'
            ) : (
              <>
                {/* A phone's row is narrow: the label says the piece and the cart. */}
                <span className="sm:hidden">Adicionar</span>
                <span className="hidden sm:inline">Adicionar ao carrinho</span>
              </>
            )}
          </Button>
        )}
        <Button
          data-testid="favourite-remove"
          variant="ghost"
          size="sm"
          className="text-ink-soft"
          aria-label={`Remover ${product.name} dos favoritos`}
          onClick={() => void remove()}
        >
          <HeartIcon filled width={18} height={18} className="text-rose" />
          Remover
        </Button>
      </div>
    </li>
  );
}
