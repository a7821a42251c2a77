import { orderStatusPresentation, type StatusColour } from '@semijoias/domain/orders';
import { cx } from '@/ui/cx';

/** SPEC §4's colours, each a tinted chip whose text keeps at least 4.5:1 contrast. */
const CHIP: Record<StatusColour, { chip: string; dot: string }> = {
  green: { chip: 'bg-emerald-50 text-emerald-800 ring-emerald-700/25', dot: 'bg-emerald-600' },
  orange: { chip: 'bg-orange-50 text-orange-800 ring-orange-700/25', dot: 'bg-orange-500' },
  blue: { chip: 'bg-sky-50 text-sky-800 ring-sky-700/25', dot: 'bg-sky-600' },
  red: { chip: 'bg-red-50 text-red-800 ring-red-700/25', dot: 'bg-red-600' },
  grey: { chip: 'bg-stone-100 text-stone-700 ring-stone-500/25', dot: 'bg-stone-400' },
};

/** The order's status as SPEC §4 shows it: its label in its colour. */
export function OrderStatusChip({ status, className }: { status: string; className?: string }) {
  const { label, colour } = orderStatusPresentation(status);
  const look = CHIP[colour];
  return (
    <span
      data-testid="order-status"
      data-status-colour={colour}
      className={cx(
        'inline-flex items-center gap-1.5 whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ring-1 ring-inset',
        look.chip,
        className,
      )}
    >
      <span aria-hidden="true" className={cx('h-1.5 w-1.5 rounded-full', look.dot)} />
      {label}
    </span>
  );
}
