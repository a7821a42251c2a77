import {
  COUPON_POPUP_FAILURE_TITLE,
  COUPON_POPUP_SUCCESS_TITLE,
  type CouponResult,
} from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { Button } from '@/ui/Button';
import { CheckIcon, CloseIcon } from '@/ui/icons';
import { Modal } from '@/ui/Modal';

/** SPEC §2 "Coupon result popup": 'Cupom Aplicado!' with the discount, or 'Cupom Inválido'. */
export function CouponResultDialog({
  result,
  onClose,
}: {
  result: CouponResult | null;
  onClose: () => void;
}) {
  const success = result?.success === true;
  return (
    <Modal
      open={result !== null}
      onOpenChange={(open) => !open && onClose()}
      testId="coupon-popup"
      title={success ? COUPON_POPUP_SUCCESS_TITLE : COUPON_POPUP_FAILURE_TITLE}
      icon={
        success ? (
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sage/15 text-sage">
            <CheckIcon width={28} height={28} />
          </span>
        ) : (
          <span className="flex h-14 w-14 items-center justify-center rounded-full bg-rose-soft text-rose">
            <CloseIcon width={28} height={28} />
          </span>
        )
      }
      description={
        result &&
        (success ? (
          <>
            <span className="block">{result.message}</span>
            <span className="mt-3 block text-ink">
              Você ganhou{' '}
              <strong data-testid="coupon-popup-discount" className="font-semibold text-sage">
                {formatBRL(result.desconto)}
              </strong>{' '}
              de desconto.
            </span>
          </>
        ) : (
          result.message
        ))
      }
      actions={
        <Button variant="primary" onClick={onClose} className="sm:min-w-40">
          {success ? 'Continuar' : 'Entendi'}
        </Button>
      }
    />
  );
}
