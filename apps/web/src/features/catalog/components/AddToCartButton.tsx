import { cartAddedToast } from '@semijoias/domain/messages';
import { chooseVariationButton, variationLabel } from '@semijoias/domain/variations';
import { showAddedPopup } from '@/lib/cart/added-popup';
import { useAddToCart, useIsAdding } from '@/lib/cart/use-cart';
import {
  hasVariations,
  productPath,
  type ProductLinkState,
  type ProductSummary,
  type Variation,
} from '@/lib/product';
import { Button, ButtonLink } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { BagIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';

/**
 * Adds one unit to the shopper's cart (server when logged in, local for a guest). The product
 * page confirms with the SPEC's popup; a compact button (cards) with the toast variant.
 * Disabled while this product is being added (SPEC §4) with aria-disabled rather than the
 * attribute: a disabled button loses the keyboard focus to <body>, and the popup must give it
 * back here when it closes.
 *
 * A piece sold by size: the compact button opens the product page to choose one; the
 * page's button reads 'Escolha o aro' until a size is chosen, and adds nothing before (it calls
 * `variation.onMissing`, which says why).
 */
export function AddToCartButton({
  product,
  confirm = 'popup',
  variation,
  maxPerCustomer,
}: {
  product: ProductSummary;
  confirm?: 'popup' | 'toast';
  /** The piece's 'máximo por cliente', as the product page read it: adding stops there. */
  maxPerCustomer?: number;
  /** The product page's choice, for a piece sold by size. */
  variation?: { axis: string | null; chosen: Variation | null; onMissing: () => void };
}) {
  const toast = useToast();
  const add = useAddToCart();
  const isAdding = useIsAdding(product.id);
  const bySize = hasVariations(product);
  const chosen = bySize ? (variation?.chosen ?? null) : null;
  const soldOut = product.estoque === 0 || (chosen !== null && chosen.estoque <= 0);
  const compact = confirm === 'toast';

  async function onClick() {
    if (isAdding) return;
    if (bySize && !chosen) {
      variation?.onMissing();
      return;
    }
    const name = chosen
      ? `${product.name} (${variationLabel(variation?.axis, chosen.nome)})`
      : product.name;
    const result = await add(
      chosen
        ? {
            ...product,
            estoque: chosen.estoque,
            variacao: { id: chosen.id, nome: chosen.nome },
            nome_variacao: variation?.axis ?? null,
          }
        : product,
      { maxPerCustomer },
    );
    if (!result.ok) toast({ title: result.message, tone: 'error' });
    else if (confirm === 'popup') showAddedPopup(name);
    else toast({ title: cartAddedToast(name) });
  }

  if (bySize && compact && !soldOut) {
    const state: ProductLinkState = { product };
    return (
      <ButtonLink
        to={productPath(product.id)}
        state={state}
        data-testid="quick-choose-size"
        variant="outline"
        size="sm"
        className="w-full bg-white"
        aria-label={`Escolher tamanho de ${product.name}`}
      >
        Escolher tamanho
      </ButtonLink>
    );
  }
  return (
    <Button
      data-testid={compact ? 'quick-add-to-cart' : 'add-to-cart'}
      variant={compact ? 'outline' : 'primary'}
      size={compact ? 'sm' : 'lg'}
      className={cx(
        compact ? 'w-full bg-white' : 'w-full sm:w-auto sm:min-w-72',
        isAdding && 'cursor-wait opacity-50',
      )}
      disabled={soldOut}
      aria-disabled={isAdding || undefined}
      aria-busy={isAdding || undefined}
      aria-label={compact && !soldOut ? `Adicionar ${product.name} ao carrinho` : undefined}
      onClick={() => void onClick()}
    >
      {!soldOut && <BagIcon width={compact ? 18 : 20} height={compact ? 18 : 20} />}
      {soldOut
        ? 'Esgotado'
        : isAdding
          ? 'Adicionando...'
          : bySize && !chosen
            ? chooseVariationButton(variation?.axis)
            : compact
              ? 'Adicionar'
              : 'Adicionar ao Carrinho'}
    </Button>
  );
}
