/**
 * The Painel's line of the reviews waiting for the owners ('Avaliações esperando'), a link to
 * Avaliações; nothing when none waits (or before the API sends the count).
 */
import { Link } from 'react-router';
import { ChevronRightIcon } from '@/ui/icons';
import { DASHBOARD_WAITING_HINT, DASHBOARD_WAITING_LABEL } from './texts';

export function WaitingReviews({ count }: { count: number }) {
  if (!(count > 0)) return null;
  return (
    <Link
      to="/admin/avaliacoes"
      data-testid="avaliacoes-esperando"
      className="group flex min-h-11 items-center gap-4 rounded-2xl border border-gold bg-gold-light/30 px-4 py-3 shadow-soft transition-colors hover:border-gold-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark"
    >
      <span className="font-display text-3xl font-semibold tabular-nums text-ink">{count}</span>
      <span className="min-w-0 flex-1">
        <span className="block text-xs font-medium uppercase tracking-wide text-muted">
          {DASHBOARD_WAITING_LABEL}
        </span>
        <span className="block text-sm text-ink-soft">{DASHBOARD_WAITING_HINT}</span>
      </span>
      <ChevronRightIcon
        aria-hidden="true"
        className="h-5 w-5 shrink-0 text-gold-dark transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  );
}
