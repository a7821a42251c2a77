/**
 * /admin/avaliacoes: the reviews by status ('Pendentes' first, with how many wait), newest
 * first, a page at a time, the tab and the page kept in the address bar (`?status=oculta&pagina=2`;
 * the Painel links here). Each review is a card (ReviewCard) on a phone and a desktop alike: no
 * table to scroll sideways. After an action the card shows the review as the server answered it,
 * leaves a tab it no longer belongs to, and the lists and the Painel's count are asked again.
 */
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { REVIEW_STATES_LIST, type ReviewStatus } from '@semijoias/domain/reviews';
import { cx } from '@/ui/cx';
import { DASHBOARD_QUERY_KEY } from '../dashboard/dashboard-api';
import { GuideLink } from '../help/GuideLink';
import { AdminPagination } from '../ui/AdminPagination';
import { AdminPageHeader } from '../ui/AdminPageHeader';
import { AdminEmpty, AdminLoadError, AdminLoading } from '../ui/AdminStates';
import { RequestTimingCard } from './RequestTimingCard';
import { ReviewCard } from './ReviewCard';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  REVIEWS_QUERY_KEY,
  reviewsListQuery,
  statusFromParam,
  type AdminReview,
  type AdminReviewsPage,
} from './reviews-api';
import * as T from './texts';

const chip =
  'inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-full border px-4 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-gold';

export function ReviewsPage() {
  const [params, setParams] = useSearchParams();
  const status = statusFromParam(params.get('status'));
  const pagina = Math.max(1, Math.floor(Number(params.get('pagina'))) || 1);
  const query = reviewsListQuery(status, pagina);
  const list = useQuery({ ...query, placeholderData: keepPreviousData });
  const client = useQueryClient();

  function update(changes: { status?: ReviewStatus; pagina?: number }) {
    const next = new URLSearchParams(params);
    if (changes.status !== undefined) {
      if (changes.status === 'pendente') next.delete('status');
      else next.set('status', changes.status);
      next.delete('pagina');
    }
    if (changes.pagina !== undefined) {
      if (changes.pagina > 1) next.set('pagina', String(changes.pagina));
      else next.delete('pagina');
    }
    setParams(next, { replace: true });
  }

  const page = list.data;
  const perPage = page?.por_pagina ?? ADMIN_REVIEWS_PAGE_SIZE;
  const pages = page ? Math.max(1, Math.ceil(page.total / perPage)) : 1;
  const waiting = page?.pendentes;

  // The last review of a later page moved out of it: go back to the last page there is.
  const emptiedPage = !list.isPlaceholderData && page?.avaliacoes.length === 0 && pagina > 1;
  useEffect(() => {
    if (emptiedPage) update({ pagina: pages });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the page emptied
  }, [emptiedPage]);

  /** The review as the server now has it: in place, or out of a tab it left; then ask again. */
  function changed(after: AdminReview) {
    client.setQueryData<AdminReviewsPage>(query.queryKey, (old) => {
      if (!old) return old;
      const stays = after.status === status;
      return {
        ...old,
        avaliacoes: stays
          ? old.avaliacoes.map((r) => (r.id === after.id ? after : r))
          : old.avaliacoes.filter((r) => r.id !== after.id),
      };
    });
    void client.invalidateQueries({ queryKey: REVIEWS_QUERY_KEY });
    void client.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY });
  }

  return (
    <>
      <AdminPageHeader
        title={T.REVIEWS_ADMIN_TITLE}
        description={
          waiting === undefined ? T.REVIEWS_ADMIN_DESCRIPTION : T.pendingCountText(waiting)
        }
        actions={<GuideLink slug="avaliacoes" />}
      />

      <div
        role="group"
        aria-label="Situação"
        className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:px-0"
      >
        {REVIEW_STATES_LIST.map((code) => (
          <button
            key={code}
            type="button"
            aria-pressed={status === code}
            data-testid={`filtro-${code}`}
            onClick={() => update({ status: code })}
            className={cx(
              chip,
              status === code
                ? 'border-ink bg-ink text-ivory'
                : 'border-line bg-white text-ink hover:border-gold',
            )}
          >
            {T.REVIEW_STATUS_TABS[code]}
            {code === 'pendente' && waiting !== undefined && waiting > 0 && (
              <span
                data-testid="pendentes-contagem"
                className={cx(
                  'rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums',
                  status === code ? 'bg-ivory text-ink' : 'bg-gold-dark text-white',
                )}
              >
                {waiting}
              </span>
            )}
          </button>
        ))}
      </div>

      <div className="mt-6">
        {list.isPending ? (
          <AdminLoading label="Carregando as avaliações" />
        ) : !page ? (
          <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
        ) : page.avaliacoes.length === 0 ? (
          <AdminEmpty>{T.REVIEWS_EMPTY_TAB[status]}</AdminEmpty>
        ) : (
          <>
            {list.isError && (
              <div className="mb-4">
                <AdminLoadError error={list.error} onRetry={() => void list.refetch()} />
              </div>
            )}
            <ul className="space-y-4" aria-label={T.REVIEW_STATUS_TABS[status]}>
              {page.avaliacoes.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} onChanged={changed} />
                </li>
              ))}
            </ul>
            <AdminPagination
              page={Math.min(pagina, pages)}
              pages={pages}
              onPage={(p) => update({ pagina: p })}
            />
          </>
        )}
      </div>

      <RequestTimingCard />
    </>
  );
}
