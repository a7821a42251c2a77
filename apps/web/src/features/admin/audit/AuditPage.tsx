/**
 * /admin/auditoria: every change the owners made, newest first — when, who, the
 * summary line, the entity (a link to its page) and, folded, its fields before → after. The
 * type filter and the page live in the address (`?tipo=estoque&pagina=2`), so a filtered list
 * can be shared and survives a reload.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { cx } from '@/ui/cx';
import { formatDateTime } from '../lib/format';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { AuditChanges } from './AuditChanges';
import {
  AUDIT_QUERY_KEY,
  AUDIT_TYPES,
  auditTypeFilters,
  ENTITY_LABEL,
  entityPath,
  fetchAuditPage,
  type AuditEntry,
} from './audit-api';

const chip =
  'inline-flex min-h-11 shrink-0 items-center rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-dark';

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const tipo = AUDIT_TYPES.find((t) => t.value === params.get('tipo'));
  const pagina = Math.max(1, Number(params.get('pagina')) || 1);
  const filters = auditTypeFilters(tipo?.value);

  const audit = useQuery({
    queryKey: [...AUDIT_QUERY_KEY, 'lista', filters, pagina],
    queryFn: ({ signal }) => fetchAuditPage(filters, pagina, signal),
    placeholderData: keepPreviousData,
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    if (!('pagina' in changes)) next.delete('pagina');
    setParams(next, { replace: !('pagina' in changes) });
  };
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / audit.data.por_pagina)) : 1;
  const total = audit.data?.total;

  return (
    <>
      <AdminPageHeader
        title="Auditoria"
        description={
          total === undefined
            ? 'Tudo o que as administradoras alteraram na loja, do mais recente ao mais antigo.'
            : `${total} ${total === 1 ? 'alteração registrada' : 'alterações registradas'}, da mais recente à mais antiga.`
        }
      />

      <div
        role="group"
        aria-label="Tipo"
        className="-mx-4 mb-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        <button
          type="button"
          aria-pressed={!tipo}
          onClick={() => update({ tipo: null })}
          className={cx(
            chip,
            !tipo
              ? 'border-ink bg-ink text-ivory'
              : 'border-line bg-white text-ink hover:border-gold',
          )}
        >
          Todos
        </button>
        {AUDIT_TYPES.map((t) => (
          <button
            key={t.value}
            type="button"
            aria-pressed={tipo?.value === t.value}
            onClick={() => update({ tipo: tipo?.value === t.value ? null : t.value })}
            className={cx(
              chip,
              tipo?.value === t.value
                ? 'border-ink bg-ink text-ivory'
                : 'border-line bg-white text-ink hover:border-gold',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      {audit.isPending ? (
        <AdminLoading />
      ) : audit.isError ? (
        <AdminLoadError error={audit.error} onRetry={() => void audit.refetch()} />
      ) : audit.data.itens.length === 0 ? (
        <AdminEmpty>
          {tipo
            ? `Nenhuma alteração de ${tipo.label.toLowerCase()} registrada.`
            : 'Nenhuma alteração registrada ainda. Cada mudança feita na administração aparece aqui.'}
        </AdminEmpty>
      ) : (
        <>
          <div
            aria-hidden="true"
            className="mb-2 hidden grid-cols-[9.5rem_13rem_minmax(0,1fr)_9rem] gap-4 px-4 text-xs font-medium uppercase tracking-wide text-muted md:grid"
          >
            <span>Quando</span>
            <span>Quem</span>
            <span>O que mudou</span>
            <span>Onde</span>
          </div>
          <ul
            aria-label="Alterações"
            data-testid="audit-list"
            className={cx('space-y-2', audit.isPlaceholderData && 'opacity-60')}
          >
            {audit.data.itens.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </ul>
          <AdminPagination
            page={pagina}
            pages={pages}
            onPage={(p) => update({ pagina: String(p) })}
          />
        </>
      )}
    </>
  );
}

/** A card on a phone; a row of when / who / what / where on a wider screen. */
function AuditRow({ entry }: { entry: AuditEntry }) {
  const reference =
    entry.entity_type === 'order' ? (entry.order_reference ?? entry.entity_id) : entry.entity_id;
  return (
    <li className="grid gap-x-4 gap-y-1 rounded-2xl border border-line bg-white px-4 py-3 shadow-soft md:grid-cols-[9.5rem_13rem_minmax(0,1fr)_9rem] md:items-start">
      <p className="flex flex-wrap gap-x-1.5 text-xs text-muted md:contents md:text-sm">
        <time dateTime={entry.created_at} className="md:pt-0.5">
          {formatDateTime(entry.created_at)}
        </time>
        <span aria-hidden="true" className="md:hidden">
          ·
        </span>
        <span className="break-all md:pt-0.5">{entry.actor_email}</span>
      </p>
      <div className="min-w-0 md:order-none">
        <p className="break-words text-ink">{entry.summary}</p>
        <AuditChanges before={entry.before} after={entry.after} />
      </div>
      <Link
        to={entityPath(entry)}
        className="inline-flex min-h-11 w-fit items-center gap-1 self-start text-sm font-medium text-gold-dark underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-gold-dark md:min-h-0 md:pt-0.5"
      >
        {ENTITY_LABEL[entry.entity_type]} #{reference}
      </Link>
    </li>
  );
}
