import { formatOrderDeadline } from '@semijoias/domain/dates';
import { trackingLinkText, trackingUrl } from '@semijoias/domain/tracking-code';
import {
  formatWhatsappNumber,
  WHATSAPP_ORDER_LABEL,
  whatsappOrderMessage,
} from '@semijoias/domain/whatsapp';
import { STORE_INFO } from '@/lib/store-info';
import { useStoreWhatsapp, useUnpaidOrderNote } from '@/lib/store-settings';
import { cx } from '@/ui/cx';
import { CheckIcon, MailIcon, TruckIcon, WhatsappIcon } from '@/ui/icons';
import { WhatsappLink } from '@/ui/whatsapp/WhatsappLink';

/** SPEC §4: a paid order is being prepared and a tracking e-mail will follow. */
export const PAID_CONFIRMATION_TITLE = 'Pagamento confirmado!';
export const PAID_CONFIRMATION_TEXT =
  'Seu pedido está sendo preparado com todo o carinho. Assim que ele for enviado, você receberá um e-mail com o código de rastreio.';

export function PaidConfirmation({ className }: { className?: string }) {
  return (
    <div
      data-testid="order-paid-note"
      className={cx(
        'rounded-2xl border border-emerald-700/15 bg-emerald-50/70 p-4 text-sm',
        className,
      )}
    >
      <p className="flex items-center gap-2.5 font-semibold text-emerald-900">
        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white">
          <CheckIcon width={16} height={16} strokeWidth={2} />
        </span>
        {PAID_CONFIRMATION_TITLE}
      </p>
      <p className="mt-1.5 leading-relaxed text-ink-soft">{PAID_CONFIRMATION_TEXT}</p>
    </div>
  );
}

/**
 * An unpaid order's deadline ('Pague até 24/11 às 14:30', São Paulo time) and SPEC §1's note
 * that unpaid orders are cancelled automatically after 24 hours (or the store's own deadline).
 */
export function UnpaidDeadline({
  expiresAt,
  className,
}: {
  expiresAt: string | null | undefined;
  className?: string;
}) {
  const deadline = formatOrderDeadline(expiresAt);
  const note = useUnpaidOrderNote();
  return (
    <div className={cx('text-sm leading-relaxed', className)}>
      {deadline && (
        <p data-testid="order-deadline" className="font-medium text-ink">
          Pague {deadline}.
        </p>
      )}
      <p data-testid="order-unpaid-note" className="text-muted">
        {note}
      </p>
    </div>
  );
}

/** Why an order shows 'Cancelado' (the sweeper cancels an unpaid order at its deadline). */
export const CANCELLED_ORDER_TEXT =
  'Este pedido foi cancelado porque o pagamento não foi confirmado até o prazo. Nenhum valor foi cobrado.';

/** 'Pagamento a estornar': her money arrived after the order was cancelled and goes back. */
export const REFUND_DUE_TEXT =
  'Recebemos seu pagamento depois do cancelamento do pedido. O valor será estornado integralmente.';

/** An order the store cancelled after she paid: the money goes back, then went back. */
export const STORE_CANCELLED_REFUND_DUE_TEXT =
  'A loja cancelou este pedido. O valor pago será estornado integralmente.';
export const STORE_CANCELLED_REFUNDED_TEXT =
  'A loja cancelou este pedido e o valor pago foi estornado integralmente.';

/** Why her order reads 'Cancelado' or 'Pagamento a estornar', from what the API tells. */
export function cancellationText(
  kind: 'cancelled' | 'refund-due',
  order: { cancelado_pela_loja?: boolean | null },
): string {
  if (order.cancelado_pela_loja)
    return kind === 'cancelled' ? STORE_CANCELLED_REFUNDED_TEXT : STORE_CANCELLED_REFUND_DUE_TEXT;
  return kind === 'cancelled' ? CANCELLED_ORDER_TEXT : REFUND_DUE_TEXT;
}

/** A cancelled order's explanation: nothing to pay, nothing charged (or, by the store, refunded). */
export function CancelledNote({
  className,
  text = CANCELLED_ORDER_TEXT,
}: {
  className?: string;
  text?: string;
}) {
  return (
    <p
      data-testid="order-cancelled-note"
      className={cx(
        'rounded-2xl border border-stone-500/15 bg-stone-50 p-4 text-sm leading-relaxed text-ink-soft',
        className,
      )}
    >
      {text}
    </p>
  );
}

/** An order paid after its cancellation: the refund to come and who to talk to about it. */
export function RefundDueNote({
  className,
  text = REFUND_DUE_TEXT,
}: {
  className?: string;
  text?: string;
}) {
  return (
    <div
      data-testid="order-refund-note"
      className={cx(
        'rounded-2xl border border-stone-500/15 bg-stone-50 p-4 text-sm leading-relaxed',
        className,
      )}
    >
      <p className="text-ink-soft">{text}</p>
      <SupportContact className="mt-3 border-t border-stone-500/15 pt-3" />
    </div>
  );
}

/**
 * SPEC §9 support contact for unpaid or error orders: the sales e-mail and the store's WhatsApp
 * when it has one (docs/whatsapp.md). Given the order's reference, the WhatsApp link is 'Falar
 * sobre o pedido no WhatsApp' and its message names the order.
 */
export function SupportContact({
  className,
  reference,
}: {
  className?: string;
  reference?: string | number;
}) {
  // A narrow phone breaks the address after the '@' rather than inside the domain.
  const [emailUser, emailDomain] = STORE_INFO.email.split('@');
  const whatsapp = useStoreWhatsapp();
  return (
    <div data-testid="order-support" className={cx('text-sm', className)}>
      <p className="text-ink-soft">Precisa de ajuda? Fale com a gente:</p>
      <ul className="mt-2 flex flex-col gap-1.5 sm:flex-row sm:flex-wrap sm:gap-x-5">
        <li>
          <a
            href={`mailto:${STORE_INFO.email}`}
            className="inline-flex min-h-11 items-center gap-2 break-words font-medium text-ink underline decoration-gold/50 underline-offset-4 hover:decoration-gold-dark sm:min-h-0"
          >
            <MailIcon width={18} height={18} className="shrink-0 text-gold-dark" />
            <span className="min-w-0">
              {emailUser}@<wbr />
              {emailDomain}
            </span>
          </a>
        </li>
        {whatsapp && (
          <li>
            <WhatsappLink
              number={whatsapp}
              text={reference === undefined ? undefined : whatsappOrderMessage(reference)}
              data-testid={reference === undefined ? undefined : 'order-whatsapp'}
              className="inline-flex min-h-11 items-center gap-2 font-medium text-ink underline decoration-gold/50 underline-offset-4 hover:decoration-gold-dark sm:min-h-0"
            >
              <WhatsappIcon width={18} height={18} className="shrink-0 text-gold-dark" />
              {reference === undefined
                ? `WhatsApp ${formatWhatsappNumber(whatsapp)}`
                : WHATSAPP_ORDER_LABEL}
              <span className="sr-only"> (abre em nova aba)</span>
            </WhatsappLink>
          </li>
        )}
      </ul>
    </div>
  );
}

/**
 * A posted order ('Enviado', then 'Entregue'): the Correios code and the link that tracks
 * it. The link is rebuilt from the code when the answer has none.
 */
export function TrackingNote({
  code,
  url,
  delivered,
  className,
}: {
  code: string;
  url?: string | null;
  delivered: boolean;
  className?: string;
}) {
  return (
    <div
      data-testid="order-tracking"
      className={cx('rounded-2xl border border-sky-700/15 bg-sky-50/70 p-4 text-sm', className)}
    >
      <p className="flex items-center gap-2.5 font-semibold text-sky-900">
        <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-sky-700 text-white">
          {delivered ? (
            <CheckIcon width={16} height={16} strokeWidth={2} />
          ) : (
            <TruckIcon width={15} height={15} />
          )}
        </span>
        {delivered ? 'Pedido entregue' : 'Pedido enviado pelos Correios'}
      </p>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-ink-soft">
          Código de rastreamento:{' '}
          <span
            data-testid="order-tracking-code"
            className="select-all font-mono font-semibold tracking-wide text-ink"
          >
            {code}
          </span>
        </p>
        <a
          href={url || trackingUrl(code)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="order-tracking-link"
          className="inline-flex min-h-11 items-center gap-1.5 self-start font-medium text-ink underline decoration-gold/60 underline-offset-4 hover:decoration-gold-dark sm:self-auto"
        >
          {trackingLinkText(code)}
          <span className="sr-only"> (abre em nova aba)</span>
          <span aria-hidden="true">↗</span>
        </a>
      </div>
    </div>
  );
}
