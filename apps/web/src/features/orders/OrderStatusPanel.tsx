import { orderStatusPresentation, type StatusKind } from '@semijoias/domain/orders';
import type { RefObject } from 'react';
import { Button, ButtonLink } from '@/ui/Button';
import { cx } from '@/ui/cx';
import { AlertIcon, CheckIcon, ReceiptIcon } from '@/ui/icons';
import { Spinner } from '@/ui/Spinner';
import type { OrderDetail } from '@/lib/orders/api';
import { orderDateText, orderDateTimeAttribute } from '@/lib/orders/order-model';
import {
  cancellationText,
  PAID_CONFIRMATION_TEXT,
  SupportContact,
  TrackingNote,
  UnpaidDeadline,
} from '@/ui/orders/OrderNotes';
import { OrderWhatsappButton } from '@/ui/orders/OrderWhatsapp';
import { PayNowButton } from '@/ui/orders/PayNowButton';
import { markWhileOffscreen } from '@/ui/whatsapp/buy-buttons';

interface OrderStatusPanelProps {
  order: OrderDetail;
  chave: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** The page is asking the server again every few seconds. */
  polling: boolean;
  /** The polling window ended with the payment still awaited: offer 'Atualizar'. */
  pollStopped: boolean;
  refreshing: boolean;
  onRefresh: () => void;
  /** The server says the order no longer waits for payment: reload it. */
  onStale: () => void;
}

/** The heading of each state: SPEC §4's status texts; any other status reads as the API sends it. */
const HEADINGS: Partial<Record<StatusKind, string>> = {
  paid: 'Pedido Pago',
  awaiting: 'Aguardando Pagamento',
  error: 'Erro no Pagamento',
  shipped: 'Pedido Enviado',
  delivered: 'Pedido Entregue',
  cancelled: 'Cancelado',
  'refund-due': 'Pagamento a estornar',
};

/** The state's heading (also what the live region announces when the status changes). */
export function statusHeading(statusText: string | null | undefined): string {
  return HEADINGS[orderStatusPresentation(statusText).kind] ?? (statusText || 'Pedido');
}

const LOOK: Record<StatusKind, { strip: string; badge: string }> = {
  paid: { strip: 'bg-emerald-600', badge: 'bg-emerald-700 text-white' },
  awaiting: { strip: 'bg-orange-500', badge: 'bg-orange-100 text-orange-800' },
  error: { strip: 'bg-red-600', badge: 'bg-red-700 text-white' },
  'in-progress': { strip: 'bg-sky-600', badge: 'bg-sky-100 text-sky-800' },
  shipped: { strip: 'bg-stone-400', badge: 'bg-stone-100 text-stone-700' },
  delivered: { strip: 'bg-stone-400', badge: 'bg-stone-100 text-stone-700' },
  cancelled: { strip: 'bg-stone-400', badge: 'bg-stone-100 text-stone-700' },
  'refund-due': { strip: 'bg-stone-400', badge: 'bg-stone-100 text-stone-700' },
  other: { strip: 'bg-stone-400', badge: 'bg-stone-100 text-stone-700' },
};

/**
 * The return page's live status: paid (being prepared, a tracking e-mail will follow), awaiting
 * payment (the page follows it; deadline, pay button, support), declined (retry and support),
 * cancelled at its deadline (why, nothing charged; nothing to pay any more), paid after the
 * cancellation (the refund to come, support). The pay buttons go to the payment page in this
 * tab: it sends her back here.
 */
export function OrderStatusPanel({
  order,
  chave,
  headingRef,
  polling,
  pollStopped,
  refreshing,
  onRefresh,
  onStale,
}: OrderStatusPanelProps) {
  const status = orderStatusPresentation(order.status);
  // The other way to pay, for a retry after a failed payment (an order placed before the choice
  // has none to switch from).
  const otherMethod =
    order.forma_pagamento === 'pix' ? 'cartao' : order.forma_pagamento === 'cartao' ? 'pix' : null;
  const look = LOOK[status.kind];
  const heading = statusHeading(order.status);

  return (
    <section
      aria-labelledby="order-status-title"
      data-testid="order-status-panel"
      data-status-kind={status.kind}
      data-status-colour={status.colour}
      className="overflow-hidden rounded-3xl border border-line bg-white shadow-soft"
    >
      <div aria-hidden="true" className={cx('h-1.5', look.strip)} />
      <div className="px-5 py-6 sm:px-8 sm:py-8">
        <p className="eyebrow">
          Pedido <span data-testid="order-reference">#{order.reference}</span>
        </p>

        <div className="mt-4 flex items-start gap-3.5 sm:gap-4">
          <span
            aria-hidden="true"
            className={cx(
              'flex h-11 w-11 shrink-0 items-center justify-center rounded-full sm:h-14 sm:w-14',
              look.badge,
            )}
          >
            {status.kind === 'paid' ? (
              <CheckIcon width={26} height={26} strokeWidth={2} />
            ) : status.kind === 'error' ? (
              <AlertIcon width={26} height={26} strokeWidth={1.8} />
            ) : status.kind === 'awaiting' ? (
              <ClockIcon />
            ) : status.kind === 'cancelled' ? (
              <CancelledIcon />
            ) : (
              <ReceiptIcon width={24} height={24} />
            )}
          </span>
          <div className="min-w-0">
            <h1
              id="order-status-title"
              ref={headingRef}
              tabIndex={-1}
              data-testid="order-status-title"
              className="font-display text-[1.85rem] font-semibold leading-tight text-ink outline-none sm:text-4xl"
            >
              {heading}
            </h1>
            <p className="mt-1 text-sm text-muted">
              Feito em{' '}
              <time data-testid="order-date" dateTime={orderDateTimeAttribute(order)}>
                {orderDateText(order)}
              </time>
            </p>
          </div>
        </div>

        {status.kind === 'paid' && (
          <p
            data-testid="order-paid-note"
            className="mt-5 max-w-2xl text-[0.95rem] leading-relaxed text-ink-soft"
          >
            {PAID_CONFIRMATION_TEXT}
          </p>
        )}

        {order.codigo_rastreio && (
          <TrackingNote
            code={order.codigo_rastreio}
            url={order.rastreio_url}
            delivered={order.status_code === 'delivered'}
            className="mt-5 max-w-2xl"
          />
        )}

        {status.kind === 'awaiting' && (
          <div className="mt-5 max-w-2xl space-y-4">
            <div
              data-testid="order-polling"
              className="rounded-2xl border border-orange-700/15 bg-orange-50/70 p-4 text-sm leading-relaxed"
            >
              {pollStopped ? (
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <p className="text-ink-soft">
                    Ainda não recebemos a confirmação do pagamento. Se você já pagou, ela pode levar
                    alguns minutos.
                  </p>
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={onRefresh}
                    disabled={refreshing}
                    data-testid="order-refresh"
                    className="shrink-0 bg-white"
                  >
                    {refreshing ? 'Atualizando...' : 'Atualizar'}
                  </Button>
                </div>
              ) : (
                <p className="flex items-start gap-3 text-ink-soft">
                  {polling && <Spinner label="Verificando o pagamento" className="mt-px" />}
                  <span>
                    Assim que a confirmação do pagamento chegar, esta página se atualiza sozinha.
                  </span>
                </p>
              )}
            </div>
            <UnpaidDeadline expiresAt={order.expira_em} />
          </div>
        )}

        {status.kind === 'error' && (
          <div className="mt-5 max-w-2xl space-y-3">
            <p className="text-[0.95rem] leading-relaxed text-ink-soft">
              O pagamento não foi aprovado. Você pode tentar novamente, com o mesmo ou com outro
              meio de pagamento.
            </p>
            <UnpaidDeadline expiresAt={order.expira_em} />
          </div>
        )}

        {status.kind === 'cancelled' && (
          <p
            data-testid="order-cancelled-note"
            className="mt-5 max-w-2xl text-[0.95rem] leading-relaxed text-ink-soft"
          >
            {cancellationText('cancelled', order)}
          </p>
        )}

        {status.kind === 'refund-due' && (
          <div className="mt-5 max-w-2xl space-y-5">
            <p
              data-testid="order-refund-note"
              className="text-[0.95rem] leading-relaxed text-ink-soft"
            >
              {cancellationText('refund-due', order)}
            </p>
            <SupportContact reference={order.reference} />
          </div>
        )}

        {status.canRetryPayment && (
          // data-whatsapp-compra: the floating WhatsApp button keeps off 'Pagar agora' on a phone.
          <div
            className="mt-6 space-y-5 border-t border-line pt-6"
            ref={markWhileOffscreen}
            data-whatsapp-compra=""
          >
            <PayNowButton
              reference={order.reference}
              chave={chave}
              label={status.kind === 'error' ? 'Tentar pagar novamente' : 'Pagar agora'}
              target="same-tab"
              variant={status.kind === 'error' ? 'primary' : 'outline'}
              onRefused={onStale}
            />
            {status.kind === 'error' && otherMethod && (
              // Her card was refused: she may pay by PIX instead (its discount applied), or
              // the other way round; the server recomputes the total for it.
              <PayNowButton
                reference={order.reference}
                chave={chave}
                method={otherMethod}
                testId="order-pay-other-method"
                label={otherMethod === 'pix' ? 'Pagar com PIX' : 'Pagar com cartão de crédito'}
                target="same-tab"
                variant="outline"
                onRefused={onStale}
              />
            )}
            <SupportContact reference={order.reference} />
          </div>
        )}

        {!status.canRetryPayment && (
          <div className="mt-6 flex flex-col gap-3 border-t border-line pt-6 sm:flex-row sm:flex-wrap">
            <ButtonLink to="/" variant="outline">
              Continuar Comprando
            </ButtonLink>
            {/* A refund's note above already offers the chat about this order. */}
            {status.kind !== 'refund-due' && <OrderWhatsappButton reference={order.reference} />}
          </div>
        )}
      </div>
    </section>
  );
}

/** A circle struck through: the order no longer goes ahead. */
function CancelledIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M6 18 18 6" />
    </svg>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="26"
      height="26"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </svg>
  );
}
