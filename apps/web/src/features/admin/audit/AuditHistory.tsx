/**
 * The history of one product, order, coupon or customer: a compact timeline of what
 * the owners changed — when, who, the summary line and, folded, the fields before → after. Put
 * it on an entity's page: `<AuditHistory entityType="product" entityId={product.id} />`. After
 * a change, invalidate AUDIT_QUERY_KEY (audit-api.ts) and it reads again.
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '@/ui/Button';
import { Spinner } from '@/ui/Spinner';
import { formatDateTime } from '../lib/format';
import { AdminLoadError } from '../ui/AdminStates';
import { EmailText } from '@/ui/EmailText';
import { AuditChanges } from './AuditChanges';
import { AUDIT_QUERY_KEY, fetchAuditPage, nextAuditPage, type AuditEntityType } from './audit-api';

export function AuditHistory({
  entityType,
  entityId,
}: {
  entityType: AuditEntityType;
  entityId: string | number;
}) {
  const filters = { entidade: entityType, id: String(entityId) };
  const history = useInfiniteQuery({
    queryKey: [...AUDIT_QUERY_KEY, filters],
    queryFn: ({ pageParam, signal }) => fetchAuditPage(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextAuditPage,
  });

  if (history.isPending) {
    return (
      <div className="flex min-h-24 items-center justify-center">
        <Spinner label="Carregando o histórico" />
      </div>
    );
  }
  if (history.isError) {
    return <AdminLoadError error={history.error} onRetry={() => void history.refetch()} />;
  }
  const entries = history.data.pages.flatMap((page) => page.itens);
  if (entries.length === 0) {
    return <p className="text-sm text-muted">Nenhuma alteração registrada ainda.</p>;
  }

  return (
    <div data-testid="audit-history">
      <ol className="relative space-y-4 border-l border-line pl-5">
        {entries.map((entry) => (
          <li key={entry.id} className="relative">
            <span
              aria-hidden="true"
              className="absolute -left-[1.6rem] top-1.5 h-2.5 w-2.5 rounded-full border-2 border-ivory bg-gold"
            />
            <p className="text-xs text-muted">
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
              <span aria-hidden="true"> · </span>
              <EmailText email={entry.actor_email} />
            </p>
            <p className="mt-0.5 break-words text-sm text-ink">{entry.summary}</p>
            <AuditChanges before={entry.before} after={entry.after} />
          </li>
        ))}
      </ol>
      {history.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="mt-4"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {history.isFetchingNextPage ? 'Carregando…' : 'Ver alterações anteriores'}
        </Button>
      )}
    </div>
  );
}
