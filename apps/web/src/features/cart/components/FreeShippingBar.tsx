import { formatBRL, type Cents } from '@semijoias/domain/money';
import { freeShippingProgress } from '@semijoias/domain/shipping';
import { TruckIcon } from '@/ui/icons';

/** SPEC §2: progress towards free shipping at R$ 600 (percentage capped at 100). */
export function FreeShippingBar({ subtotalCents }: { subtotalCents: Cents }) {
  const progress = freeShippingProgress(subtotalCents);
  return (
    <div data-testid="free-shipping" className="rounded-2xl bg-cream/70 px-4 py-3">
      <p className="flex items-center gap-2 text-sm text-ink">
        <TruckIcon width={18} height={18} className="shrink-0 text-gold-dark" />
        {progress.qualifies ? (
          <span>
            <strong className="font-semibold">Frete grátis</strong> garantido nesta compra!
          </span>
        ) : (
          <span>
            Faltam <strong className="font-semibold">{formatBRL(progress.remainingCents)}</strong>{' '}
            para o frete grátis
          </span>
        )}
      </p>
      <div
        role="progressbar"
        aria-label="Progresso até o frete grátis"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress.percent}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-line"
      >
        <div
          className="h-full rounded-full bg-gold transition-[width] duration-300"
          style={{ width: `${progress.percent}%` }}
        />
      </div>
    </div>
  );
}
