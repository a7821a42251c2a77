import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/lib/hooks';

/** A section's title (and the tab's), a mark beside it, a line under it and its main actions. */
export function AdminPageHeader({
  title,
  badge,
  description,
  actions,
}: {
  title: string;
  /** Beside the title (a test order's 'Teste'); not part of the tab's title. */
  badge?: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  useDocumentTitle(`${title} · Administração`);
  const heading = (
    <h1 className="font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
  );
  return (
    <header className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {badge ? (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {heading}
            {badge}
          </div>
        ) : (
          heading
        )}
        {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </header>
  );
}
