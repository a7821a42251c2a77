/**
 * The carriers' services she chooses from (issue 35, docs/carrier-quotes-contract.md), in the cart
 * drawer and at checkout: one radio per service, cheapest first, its days and price ('Grátis'
 * when the R$ 600 rule makes it free). Shown only when there is a choice (two or more).
 */
import { toCents, formatBRL } from '@semijoias/domain/money';
import type { ShippingOptionWire } from '@semijoias/domain/shipping';
import { cx } from '@/ui/cx';

export function ShippingOptions({
  name,
  options,
  selectedId,
  onChange,
  disabled = false,
}: {
  /** The radios' group name (one per screen). */
  name: string;
  options: readonly ShippingOptionWire[];
  selectedId: number | null | undefined;
  onChange: (serviceId: number) => void;
  disabled?: boolean;
}) {
  if (options.length < 2) return null;
  const chosen = options.find((o) => o.id === selectedId)?.id ?? options[0]!.id;
  return (
    <fieldset data-testid="shipping-options" className="space-y-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium text-ink">Opções de entrega</legend>
      {options.map((option) => {
        const checked = option.id === chosen;
        const price = toCents(option.valor) ?? 0;
        return (
          <label
            key={option.id}
            data-testid="shipping-option"
            data-servico={option.id}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-2.5 text-sm transition-colors',
              checked ? 'border-gold-dark bg-cream' : 'border-line bg-white hover:border-gold',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={checked}
              onChange={() => onChange(option.id)}
              className="h-4 w-4 shrink-0 accent-[var(--color-gold-dark)]"
            />
            <span className="min-w-0 flex-1">
              <span className="block font-medium text-ink">
                {option.transportadora} · {option.servico}
              </span>
              <span className="block text-muted">Entrega em {option.prazo} dias úteis</span>
            </span>
            <span
              className={cx(
                'shrink-0 font-semibold tabular-nums',
                option.gratis ? 'text-sage' : 'text-ink',
              )}
            >
              {option.gratis || price === 0 ? 'Grátis' : formatBRL(price)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
