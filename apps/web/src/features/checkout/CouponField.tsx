import { COUPON_POPUP_SUCCESS_TITLE } from '@semijoias/domain/messages';
import { formatBRL } from '@semijoias/domain/money';
import { useId, type KeyboardEvent } from 'react';
import { Button } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { AlertIcon, CheckIcon, CloseIcon } from '@/ui/icons';
import type { CouponState } from './use-coupon';

/**
 * The coupon (logged in only, SPEC §6), applied in place: one field and 'Aplicar' beside it (or
 * Enter in the field). Applied, the field shows the code with SPEC §4's green tick, 'Cupom
 * Aplicado!' and the discount, whose line the summary shows at once, and 'Remover' takes it
 * off; refused, the server's message is said under the field with the red cross. Typing again
 * sends it back to unvalidated. No dialog.
 */
export function CouponField({ coupon, disabled }: { coupon: CouponState; disabled?: boolean }) {
  const id = useId();
  const statusId = `${id}-status`;
  const { status, result } = coupon;
  const typed = coupon.code.trim() !== '';
  const applied = coupon.applied !== null;
  const validating = typed && status === 'validating';

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter applies the coupon; it does not send the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (!applied && typed && status !== 'validating') void coupon.apply();
  }

  return (
    <div data-testid="coupon-field" data-status={typed ? status : 'empty'}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        Cupom de desconto <span className="font-normal text-muted">(opcional)</span>
      </label>
      <div className="flex gap-2">
        <div className="relative min-w-0 flex-1">
          <input
            id={id}
            value={coupon.code}
            onChange={(e) => coupon.setCode(e.target.value.toUpperCase())}
            onKeyDown={onKeyDown}
            disabled={disabled}
            readOnly={applied}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            placeholder="Ex: BOASVINDAS"
            aria-invalid={typed && status === 'invalid' ? true : undefined}
            aria-describedby={statusId}
            className={cx(
              inputClasses,
              'uppercase tracking-[0.08em] placeholder:normal-case placeholder:tracking-normal',
              (applied || (typed && status === 'invalid')) && 'pr-11',
              applied && 'border-sage/60 bg-sage/5',
            )}
          />
          <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">
            {applied && (
              <span
                data-testid="coupon-valid"
                className="flex h-6 w-6 items-center justify-center rounded-full bg-sage text-white"
              >
                <CheckIcon width={14} height={14} aria-hidden="true" />
                <span className="sr-only">Cupom válido</span>
              </span>
            )}
            {typed && status === 'invalid' && (
              <span
                data-testid="coupon-invalid"
                className="flex h-6 w-6 items-center justify-center rounded-full bg-rose text-white"
              >
                <CloseIcon width={14} height={14} aria-hidden="true" />
                <span className="sr-only">Cupom inválido</span>
              </span>
            )}
          </span>
        </div>
        {applied ? (
          <Button
            variant="outline"
            onClick={coupon.remove}
            disabled={disabled}
            data-testid="coupon-remove"
            className="shrink-0"
          >
            Remover
          </Button>
        ) : (
          <Button
            variant="outline"
            onClick={() => void coupon.apply()}
            disabled={disabled || !typed || validating}
            aria-busy={validating || undefined}
            data-testid="coupon-apply"
            className="shrink-0"
          >
            {validating ? 'Aplicando...' : 'Aplicar'}
          </Button>
        )}
      </div>
      <div id={statusId} aria-live="polite" className="text-sm">
        {applied && result?.success && (
          <p data-testid="coupon-message" className="mt-1.5 text-sage">
            <span className="font-medium">{COUPON_POPUP_SUCCESS_TITLE}</span> Desconto de{' '}
            {formatBRL(result.desconto)}.
          </p>
        )}
        {typed && result && status === 'invalid' && (
          <p data-testid="coupon-message" className="mt-1.5 flex gap-1.5 text-rose">
            <AlertIcon width={16} height={16} className="mt-0.5 shrink-0" aria-hidden="true" />
            {result.message}
          </p>
        )}
      </div>
    </div>
  );
}
