import { PAYMENT_CHOICE_TITLE, PAYMENT_METHOD_LABELS } from '@semijoias/domain/messages';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { useId, type ReactNode } from 'react';
import { cx } from '@/ui/cx';
import { CardIcon, CheckIcon, PixIcon } from '@/ui/icons';
import type { PaymentChoiceView } from './checkout-model';

interface PaymentMethodChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  view: PaymentChoiceView;
  /** The owners' settings are still being read: the figures may still change. */
  pending: boolean;
  disabled: boolean;
}

/**
 * 'Como você quer pagar?': PIX with its total and discount, or the card with its
 * interest-free installments, as a radio group of cards. Native radios under the cards (one
 * name): Tab reaches the group, the arrow keys move between the answers, a screen reader reads
 * each answer's name and its figures. One comes chosen (the owners' choice, use-checkout); she
 * can change it.
 */
export function PaymentMethodChoice({
  value,
  onChange,
  view,
  pending,
  disabled,
}: PaymentMethodChoiceProps) {
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <section aria-labelledby={titleId} data-testid="payment-method-choice" className="space-y-3">
      <h2 id={titleId} className="font-display text-2xl font-semibold text-ink">
        {PAYMENT_CHOICE_TITLE}
      </h2>
      <div
        role="radiogroup"
        aria-labelledby={titleId}
        aria-required="true"
        aria-busy={pending || undefined}
        className="grid gap-3 sm:grid-cols-2"
      >
        <Option
          id={`${id}-pix`}
          name={`${id}-forma-pagamento`}
          method="pix"
          checked={value === 'pix'}
          onChange={onChange}
          disabled={disabled}
          pending={pending}
          icon={<PixIcon />}
          badge={view.pix.badge}
          line={view.pix.line}
          note={view.pix.note}
        />
        <Option
          id={`${id}-cartao`}
          name={`${id}-forma-pagamento`}
          method="cartao"
          checked={value === 'cartao'}
          onChange={onChange}
          disabled={disabled}
          pending={pending}
          icon={<CardIcon />}
          badge={null}
          line={view.cartao.line}
          note={view.cartao.note}
        />
      </div>
    </section>
  );
}

interface OptionProps {
  id: string;
  name: string;
  method: PaymentMethod;
  checked: boolean;
  onChange: (method: PaymentMethod) => void;
  disabled: boolean;
  pending: boolean;
  icon: ReactNode;
  badge: string | null;
  line: string;
  note: string | null;
}

function Option({
  id,
  name,
  method,
  checked,
  onChange,
  disabled,
  pending,
  icon,
  badge,
  line,
  note,
}: OptionProps) {
  const nameId = `${id}-name`;
  const detailsId = `${id}-details`;
  return (
    <label
      data-testid={`payment-option-${method}`}
      data-selected={checked}
      className={cx(
        'relative flex min-h-[5.5rem] cursor-pointer gap-3.5 rounded-2xl border bg-white p-4 pr-11 text-sm transition-[border-color,box-shadow,background-color] duration-150',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-gold/40',
        checked
          ? 'border-gold bg-cream/30 shadow-[0_0_0_1px_var(--color-gold)]'
          : 'border-line hover:border-gold/60',
        disabled && 'cursor-default opacity-70',
      )}
    >
      <input
        type="radio"
        name={name}
        value={method}
        checked={checked}
        disabled={disabled}
        onChange={() => onChange(method)}
        aria-labelledby={nameId}
        aria-describedby={detailsId}
        className="sr-only"
      />
      <span
        aria-hidden="true"
        className={cx(
          'flex h-11 w-11 shrink-0 items-center justify-center rounded-xl',
          checked ? 'bg-gold/15 text-gold-dark' : 'bg-cream text-ink-soft',
        )}
      >
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span id={nameId} className="font-display text-lg font-semibold leading-tight text-ink">
            {PAYMENT_METHOD_LABELS[method]}
          </span>
          {badge && (
            <span className="rounded-full bg-sage/10 px-2 py-0.5 text-[0.7rem] font-medium uppercase tracking-[0.1em] text-sage">
              {badge}
            </span>
          )}
        </span>
        <span
          id={detailsId}
          className={cx('mt-1 block transition-opacity', pending && 'opacity-60')}
        >
          <span
            data-testid={`payment-option-${method}-line`}
            className="block font-medium tabular-nums text-ink"
          >
            {line}
          </span>{' '}
          {note && <span className="mt-0.5 block text-xs text-muted">{note}</span>}
        </span>
      </span>
      <span
        aria-hidden="true"
        className={cx(
          'absolute right-4 top-4 flex h-5 w-5 items-center justify-center rounded-full border',
          checked ? 'border-gold bg-gold text-white' : 'border-line bg-ivory',
        )}
      >
        {checked && <CheckIcon width={12} height={12} />}
      </span>
    </label>
  );
}
