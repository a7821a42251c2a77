import { useState } from 'react';
import { Button, type ButtonVariant } from '@/ui/Button';
import { AlertIcon } from '@/ui/icons';
import type { PaymentMethod } from '@semijoias/domain/payment-terms';
import { fetchPaymentLink } from '@/lib/orders/api';

interface PayNowButtonProps {
  reference: string;
  /** The guest order's secret (?chave=), when there is one. */
  chave?: string | null;
  label: string;
  /**
   * 'new-tab' ('Meus Pedidos', SPEC §7: the link opens in a new tab) or 'same-tab' (the return
   * page, which the payment page sends her back to).
   */
  target: 'new-tab' | 'same-tab';
  variant?: ButtonVariant;
  /** Pay another way than the order's: the server switches the order first. */
  method?: PaymentMethod;
  /** Its test id: 'order-pay-now', unless a second button sits beside it. */
  testId?: string;
  /** The server refused because the order no longer waits for payment (409): reload it. */
  onRefused?: () => void;
  className?: string;
}

/**
 * The retry button of an unpaid or failed order (SPEC §4): GET /api/payment-status/{reference}/
 * and off to `payment_link`; on failure SPEC §8's 'Link de pagamento não disponível…' or 'Erro ao
 * buscar link de pagamento…' under the button.
 *
 * For a new tab the tab is opened at the click, before the answer comes: a window opened after a
 * network wait is blocked as a pop-up by phone browsers. It is closed again if there is no link.
 */
export function PayNowButton({
  reference,
  chave,
  label,
  target,
  variant = 'primary',
  method,
  testId = 'order-pay-now',
  onRefused,
  className,
}: PayNowButtonProps) {
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  async function pay() {
    setPending(true);
    setMessage(null);
    setBlockedUrl(null);
    const tab = target === 'new-tab' ? openBlankTab() : null;
    try {
      const result = await fetchPaymentLink(reference, chave ?? null, method);
      if ('url' in result) {
        if (target === 'same-tab') {
          window.location.assign(result.url);
          return; // the page is leaving: keep the button busy
        }
        if (tab && !tab.closed) tab.location.href = result.url;
        else setBlockedUrl(result.url);
      } else {
        tab?.close();
        setMessage(result.message);
        if (result.status === 409) onRefused?.();
      }
      setPending(false);
    } catch {
      tab?.close();
      setPending(false);
    }
  }

  return (
    <div className={className}>
      <Button
        variant={variant}
        size="lg"
        data-testid={testId}
        onClick={() => void pay()}
        disabled={pending}
        aria-busy={pending || undefined}
        className="w-full sm:w-auto"
      >
        {pending ? 'Abrindo pagamento...' : label}
        {target === 'new-tab' && !pending && <span className="sr-only"> (abre em nova aba)</span>}
      </Button>
      <div aria-live="polite">
        {blockedUrl && (
          <p className="mt-3 text-sm text-ink-soft">
            Seu navegador bloqueou a nova aba.{' '}
            <a
              href={blockedUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-ink underline underline-offset-4"
            >
              Abrir a página de pagamento
            </a>
          </p>
        )}
      </div>
      {message && (
        <p
          role="alert"
          data-testid="order-pay-error"
          className="mt-3 flex gap-2 rounded-xl border border-red-700/15 bg-red-50 px-3 py-2.5 text-sm text-red-800"
        >
          <AlertIcon width={18} height={18} className="mt-px shrink-0" />
          {message}
        </p>
      )}
    </div>
  );
}

/** A blank tab opened during the click, cut off from this page (no window.opener). */
function openBlankTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = 'Abrindo pagamento...';
    tab.document.body.style.fontFamily = 'system-ui, sans-serif';
    tab.document.body.textContent = 'Abrindo a página de pagamento...';
  } catch {
    // A browser that does not let us write into the blank tab still navigates it.
  }
  return tab;
}
