import { REVIEW_LINK_INVALID, REVIEW_ORDER_NOT_DELIVERED } from '@semijoias/domain/reviews';
import { CONNECTION_ERROR, serverMessage } from '@semijoias/domain/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AuthenticationError, isApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/hooks';
import { Button, ButtonLink } from '@/ui/Button';
import { EmptyState } from '@/ui/EmptyState';
import { ChevronLeftIcon } from '@/ui/icons';
import { Skeleton } from '@/ui/Spinner';
import { ReviewItem } from './ReviewItem';
import {
  reviewLinkQuery,
  reviewOrderQuery,
  reviewOrderQueryKey,
  type OwnReview,
  type ReviewableOrder,
} from './reviews-api';
import {
  REVIEW_BACK_HOME,
  REVIEW_BACK_TO_ORDER,
  REVIEW_LOAD_FAILED_TITLE,
  REVIEW_PAGE_INTRO,
  REVIEW_PAGE_LOADING,
  REVIEW_PAGE_TITLE,
  REVIEW_RETRY,
  reviewOrderLabel,
} from './texts';

/** The e-mail's link: /avaliar?token=… */
export const REVIEW_TOKEN_PARAM = 'token';
/** From her account: /avaliar?pedido=<reference>, her session asking the token. */
export const REVIEW_ORDER_PARAM = 'pedido';

/**
 * /avaliar?token=…: the review e-mail's link opens it, on her phone, without a login. Her order's
 * pieces, each with its form (or her review once sent). Rendered in the browser only and kept out
 * of search results: it is hers alone.
 */
export function ReviewOrderPage() {
  useDocumentTitle(REVIEW_PAGE_TITLE);
  const [params] = useSearchParams();
  const given = params.get(REVIEW_TOKEN_PARAM)?.trim() ?? '';
  // From her account ('Avaliar minhas joias' on her order): her session asks the link's token.
  const reference = given === '' ? (params.get(REVIEW_ORDER_PARAM)?.trim() ?? '') : '';
  const link = useQuery({ ...reviewLinkQuery(reference), enabled: /^\d{1,18}$/.test(reference) });
  const token = given || link.data?.token || '';
  const queryClient = useQueryClient();
  const query = useQuery({ ...reviewOrderQuery(token), enabled: token !== '' });
  const failed = link.error ?? query.error;
  const status = isApiError(failed) ? failed.status : null;
  const order = query.data;
  const waitingForLink = reference !== '' && link.isPending && !link.isError;

  // The heading takes the focus once the pieces are there, so a screen reader starts with them.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ready = order !== undefined;
  useEffect(() => {
    if (ready) headingRef.current?.focus({ preventScroll: true });
  }, [ready]);

  // Her session ended (SPEC §4): the API client is already sending her home; the skeleton
  // stays meanwhile, not a word about a link she never clicked.
  const sessionEnded = link.error instanceof AuthenticationError;
  if (!sessionEnded && ((token === '' && !waitingForLink) || status === 401 || status === 404)) {
    return <Notice testId="review-link-invalid">{REVIEW_LINK_INVALID}</Notice>;
  }
  if (status === 409) {
    return <Notice testId="review-not-delivered">{REVIEW_ORDER_NOT_DELIVERED}</Notice>;
  }

  if (!order) {
    if (query.isError || (link.isError && !sessionEnded)) {
      const message =
        isApiError(failed) && !failed.isNetworkError
          ? (serverMessage(failed.data) ?? CONNECTION_ERROR)
          : CONNECTION_ERROR;
      return (
        <div className="container-page py-8 sm:py-12" data-testid="review-load-failed">
          <EmptyState
            as="h1"
            title={REVIEW_LOAD_FAILED_TITLE}
            action={
              <Button
                variant="primary"
                size="lg"
                disabled={query.isFetching || link.isFetching}
                onClick={() => void (link.isError ? link.refetch() : query.refetch())}
              >
                {REVIEW_RETRY}
              </Button>
            }
          >
            <p role="alert">{message}</p>
          </EmptyState>
        </div>
      );
    }
    return (
      <div
        className="container-page max-w-2xl space-y-5 py-8 sm:py-12"
        aria-busy="true"
        aria-label={REVIEW_PAGE_LOADING}
      >
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-10 w-2/3 max-w-xs" />
        <Skeleton className="h-80 rounded-3xl" />
      </div>
    );
  }

  const key = reviewOrderQueryKey(token);
  const onSaved = (linha: number, review: OwnReview) =>
    queryClient.setQueryData<ReviewableOrder>(key, (current) =>
      current
        ? {
            ...current,
            itens: current.itens.map((item) =>
              item.linha === linha ? { ...item, avaliacao: review } : item,
            ),
          }
        : current,
    );

  return (
    <div className="bg-gradient-to-b from-cream/70 to-ivory">
      <div className="container-page max-w-2xl py-8 sm:py-12">
        <header>
          {reference !== '' && (
            // From her order's page: the way back to it (the e-mail's link has no order page to
            // go back to without her login).
            <Link
              to={`/pedido/${encodeURIComponent(reference)}`}
              data-testid="review-back-to-order"
              className="-ml-1 mb-4 inline-flex min-h-11 items-center gap-1 rounded-full pr-2 text-sm font-medium text-ink-soft underline-offset-4 hover:text-ink hover:underline"
            >
              <ChevronLeftIcon width={18} height={18} aria-hidden="true" />
              {REVIEW_BACK_TO_ORDER}
            </Link>
          )}
          <p className="eyebrow" data-testid="review-order-reference">
            {reviewOrderLabel(order.pedido)}
          </p>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="mt-2 font-display text-3xl font-semibold text-ink outline-none sm:text-4xl"
          >
            {REVIEW_PAGE_TITLE}
          </h1>
          <p className="mt-2 text-[0.95rem] leading-relaxed text-ink-soft">{REVIEW_PAGE_INTRO}</p>
        </header>
        <div className="mt-6 space-y-5 sm:mt-8 sm:space-y-6">
          {order.itens.map((item) => (
            <ReviewItem
              key={item.linha}
              token={token}
              item={item}
              onSaved={onSaved}
              onStale={() => void queryClient.invalidateQueries({ queryKey: key })}
            />
          ))}
        </div>
      </div>
    </div>
  );
}

/** The link no good, or the order not on its way yet: why, and the way to the shop. */
function Notice({ testId, children }: { testId: string; children: string }) {
  return (
    <div className="container-page py-8 sm:py-12" data-testid={testId}>
      <EmptyState
        as="h1"
        title={REVIEW_PAGE_TITLE}
        action={
          <ButtonLink to="/" variant="primary" size="lg">
            {REVIEW_BACK_HOME}
          </ButtonLink>
        }
      >
        <p>{children}</p>
      </EmptyState>
    </div>
  );
}
