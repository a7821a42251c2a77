/**
 * The store's settings the owners must know about (GET api/admin/ambiente/), one banner each at
 * the top of every back-office page, not dismissable: they stay true until the settings change.
 * A failed load shows nothing; the page under it says its own errors.
 */
import { useQuery } from '@tanstack/react-query';
import { AlertIcon } from '@/ui/icons';
import { environmentQuery } from '../lib/environment-api';

export function EnvironmentNotices() {
  const { data: avisos } = useQuery(environmentQuery);
  if (!avisos || avisos.length === 0) return null;
  return (
    <div className="mx-auto max-w-7xl space-y-2 px-4 pt-4 print:hidden sm:px-6">
      {avisos.map((aviso) => (
        <aside
          key={aviso.codigo}
          aria-labelledby={`aviso-${aviso.codigo}`}
          data-testid="aviso-ambiente"
          data-codigo={aviso.codigo}
          className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm sm:px-5"
        >
          <AlertIcon width={20} height={20} className="mt-px shrink-0 text-amber-700" />
          <div className="min-w-0">
            <h2 id={`aviso-${aviso.codigo}`} className="font-sans font-semibold text-amber-900">
              {aviso.titulo}
            </h2>
            <p className="mt-0.5 break-words text-ink-soft">{aviso.texto}</p>
          </div>
        </aside>
      ))}
    </div>
  );
}
