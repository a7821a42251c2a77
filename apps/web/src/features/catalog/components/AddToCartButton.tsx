import { cartAddedToast } from '@semijoias/domain/messages';
import { showAddedPopup } from '@/lib/cart/added-popup';
import { useAddToCart, useIsAdding } from '@/lib/cart/use-cart';
import type { ProductSummary } from '@/lib/product';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { BagIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';

/**
 * Adds one unit to the shopper's cart (server when logged in, local for a guest). The product
 * page confirms with the SPEC's popup; a compact button (cards) with the toast variant.
 * Disabled while this product is being added (SPEC §4) with aria-disabled rather than the
 * attribute: a disabled button loses the keyboard focus to <body>, and the popup must give it
 * back here when it closes.
 */
export function AddToCartButton({
  product,
  confirm = 'popup',
}: {
  product: ProductSummary;
  confirm?: 'popup' | 'toast';
}) {
  const toast = useToast();
  const add = useAddToCart();
  const isAdding = useIsAdding(product.id);
  const soldOut = product.estoque === 0;

  async function onClick() {
    if (isAdding) return;
    const result = await add(product);
    if (!result.ok) toast({ title: result.message, tone: 'error' });
    else if (confirm === 'popup') showAddedPopup(product.name);
    else toast({ title: cartAddedToast(product.name) });
  }

  const compact = confirm === 'toast';
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
          : compact
            ? 'Adicionar'
            : 'Adicionar ao Carrinho'}
    </Button>
  );
}
