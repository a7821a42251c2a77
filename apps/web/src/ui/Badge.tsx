import type { ReactNode } from 'react';
import { cx } from './cx';

type Tone = 'ink' | 'gold' | 'rose' | 'light';

const tones: Record<Tone, string> = {
  ink: 'bg-ink text-ivory',
  // gold-dark, not gold: white small text needs its darker ground (4.5:1).
  gold: 'bg-gold-dark text-white',
  rose: 'bg-rose text-white',
  light: 'bg-ivory/95 text-ink ring-1 ring-line',
};

export function Badge({
  tone = 'ink',
  children,
  className,
}: {
  tone?: Tone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-1 text-[0.65rem] font-semibold uppercase leading-none tracking-[0.14em]',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** The NOVO and PROMOÇÃO flags of a product (SPEC §3). */
export function ProductBadges({
  novo,
  promocao,
  className,
}: {
  novo: boolean;
  promocao: boolean;
  className?: string;
}) {
  if (!novo && !promocao) return null;
  return (
    <div className={cx('flex flex-wrap gap-1.5', className)}>
      {novo && <Badge tone="ink">NOVO</Badge>}
      {promocao && <Badge tone="rose">PROMOÇÃO</Badge>}
    </div>
  );
}
