import { CART_ADDED_POPUP } from '@semijoias/domain/messages';
import { closeAddedPopup, useAddedPopup } from '@/lib/cart/added-popup';
import { Button } from '@/ui/Button';
import { CheckIcon } from '@/ui/icons';
import { Modal } from '@/ui/Modal';

/**
 * SPEC §2: 'Produto adicionado ao carrinho com sucesso!' with 'Continuar Comprando' (closes) and
 * 'Finalizar Compra' (opens the cart).
 */
export function AddedToCartPopup({ onOpenCart }: { onOpenCart: () => void }) {
  const productName = useAddedPopup();
  return (
    <Modal
      open={productName !== null}
      onOpenChange={(open) => !open && closeAddedPopup()}
      title={CART_ADDED_POPUP}
      description={productName ?? undefined}
      testId="added-to-cart-popup"
      icon={
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-sage/15 text-sage">
          <CheckIcon width={26} height={26} />
        </span>
      }
      actions={
        <>
          <Button variant="outline" onClick={closeAddedPopup}>
            Continuar Comprando
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              closeAddedPopup();
              onOpenCart();
            }}
          >
            Finalizar Compra
          </Button>
        </>
      }
    />
  );
}
