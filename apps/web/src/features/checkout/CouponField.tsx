import { formatBRL } from '@semijoias/domain/money';
import { useId } from 'react';
import { cx } from '@/ui/cx';
import { inputClasses } from '@/ui/Field';
import { AlertIcon, CheckIcon, CloseIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import type { CouponState } from './use-coupon';

/**
 * The coupon (logged in only, SPEC §6) with SPEC §4's states: unvalidated, validating, valid
 * (green tick), invalid (red cross). It is validated by the page's main button ('Validar cupom')
 * or Enter; typing again sends it back to unvalidated.
 */
export function CouponField({ coupon, disabled }: { coupon: CouponState; disabled?: boolean }) {
  const id = useId();
  const statusId = `${id}-status`;
  const { status, result } = coupon;
  const typed = coupon.code.trim() !== '';
  return (
    <div data-testid="coupon-field" data-status={typed ? status : 'empty'}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-ink-soft">
        Cupom de desconto <span className="font-normal text-muted">(opcional)</span>
      </label>
      <div className="relative">
        <input
          id={id}
          value={coupon.code}
          onChange={(e) => coupon.setCode(e.target.value.toUpperCase())}
          disabled={disabled}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          placeholder="Ex: BOASVINDAS"
          aria-invalid={typed && status === 'invalid' ? true : undefined}
          aria-describedby={statusId}
          className={cx(
            inputClasses,
            'pr-12 uppercase tracking-[0.08em] placeholder:normal-case placeholder:tracking-normal',
          )}
        />
        <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">
          {typed && status === 'validating' && <Spinner label="Validando cupom" />}
          {typed && status === 'valid' && (
            <span
              data-testid="coupon-valid"
              className="flex h-7 w-7 items-center justify-center rounded-full bg-sage text-white"
            >
              <CheckIcon width={16} height={16} aria-hidden="true" />
              <span className="sr-only">Cupom válido</span>
            </span>
          )}
          {typed && status === 'invalid' && (
            <span
              data-testid="coupon-invalid"
              className="flex h-7 w-7 items-center justify-center rounded-full bg-rose text-white"
            >
              <CloseIcon width={16} height={16} aria-hidden="true" />
              <span className="sr-only">Cupom inválido</span>
            </span>
          )}
        </span>
      </div>
      <div id={statusId} aria-live="polite" className="text-sm">
        {typed && result && status === 'valid' && (
          <p data-testid="coupon-message" className="mt-1.5 text-sage">
            {result.message} Desconto de {formatBRL(result.desconto)}.
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
