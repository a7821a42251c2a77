import { auditChanges } from './changes';

/**
 * An entry's "antes → depois", folded: only the fields that differ. Nothing when the entry kept
 * no before/after (its summary says it all).
 */
export function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const changes = auditChanges(before, after);
  if (changes.length === 0) return null;
  return (
    <details className="group mt-1">
      <summary className="inline-flex min-h-11 cursor-pointer list-none items-center gap-1 rounded-full text-sm font-medium text-gold-dark hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark [&::-webkit-details-marker]:hidden">
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ›
        </span>
        {changes.length === 1 ? 'Ver a alteração' : `Ver as ${changes.length} alterações`}
      </summary>
      <dl className="mt-1 space-y-2 rounded-xl bg-cream/60 px-3 py-2 text-sm">
        {changes.map((change) => (
          <div key={change.field} className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted">
              {change.label}
            </dt>
            <dd className="break-words text-ink">
              <span className="text-muted line-through decoration-muted/60">{change.before}</span>
              <span aria-hidden="true" className="mx-1.5 text-gold-dark">
                →
              </span>
              <span className="sr-only"> para </span>
              <span className="font-medium">{change.after}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
