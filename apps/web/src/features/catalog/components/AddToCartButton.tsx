import { CART_ADD_ERROR, cartAddedToast } from '@semijoias/domain/messages';
import { addToGuestCart } from '@/lib/guest-cart';
import type { ProductSummary } from '@/lib/product';
import { Button } from '@/ui/Button';
import { BagIcon } from '@/ui/icons';
import { useToast } from '@/ui/toast';

/**
 * Adds one unit to the guest cart and confirms with the SPEC's toast. The cart issue swaps
 * `addToGuestCart` for the real cart (server cart when logged in) and adds the popup.
 */
export function AddToCartButton({ product }: { product: ProductSummary }) {
  const toast = useToast();
  const soldOut = product.estoque === 0;

  function add() {
    try {
      addToGuestCart(product, 1, product.estoque);
      toast({ title: cartAddedToast(product.name) });
    } catch {
      toast({ title: CART_ADD_ERROR, tone: 'error' });
    }
  }

  return (
    <Button
      data-testid="add-to-cart"
      variant="primary"
      size="lg"
      className="w-full sm:w-auto sm:min-w-72"
      disabled={soldOut}
      onClick={add}
    >
      {!soldOut && <BagIcon width={20} height={20} />}
      {soldOut ? 'Esgotado' : 'Adicionar ao Carrinho'}
    </Button>
  );
}
