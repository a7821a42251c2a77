import type { ReactNode } from 'react';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import { adminErrorMessage } from '../lib/errors';

/** While a section's data loads. */
export function AdminLoading({ label = 'Carregando' }: { label?: string }) {
  return (
    <div className="flex min-h-48 items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

/** A failed load, with the server's message (always Portuguese) and a retry. */
export function AdminLoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-rose/30 bg-rose-soft/60 px-5 py-4 text-sm text-ink"
    >
      <p>{adminErrorMessage(error)}</p>
      {onRetry && (
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          Tentar novamente
        </Button>
      )}
    </div>
  );
}

/** An empty list. */
export function AdminEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-line px-5 py-10 text-center text-sm text-muted">
      {children}
    </p>
  );
}

/** A white card, the back office's panel. */
export function AdminCard({
  title,
  children,
  className = '',
}: {
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      className={`rounded-2xl border border-line bg-white px-4 py-4 shadow-soft sm:px-6 sm:py-5 ${className}`}
    >
      {title && <h2 className="mb-3 font-display text-xl font-semibold text-ink">{title}</h2>}
      {children}
    </section>
  );
}
