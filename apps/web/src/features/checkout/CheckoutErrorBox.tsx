import { CHECKOUT_ERROR_BOX_TITLE } from '@semijoias/domain/messages';
import { useEffect, useRef } from 'react';
import { AlertIcon, CloseIcon } from '@/ui/icons';

/**
 * SPEC §2 "A dismissible error box titled 'Ops! Algo deu errado'". The live region stays in the
 * page so the message is announced when it appears; the box is brought into view and focused, so
 * on a phone she sees it even when the button that caused it is far below.
 */
export function CheckoutErrorBox({
  message,
  onDismiss,
}: {
  message: string | null;
  onDismiss: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!message || !box.current) return;
    box.current.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    box.current.focus({ preventScroll: true });
  }, [message]);

  return (
    <div aria-live="assertive" aria-atomic="true">
      {message && (
        <div
          ref={box}
          tabIndex={-1}
          role="alert"
          data-testid="checkout-error"
          className="flex gap-3 rounded-2xl border border-rose/30 bg-rose-soft px-4 py-3.5 text-sm text-ink outline-none focus-visible:ring-2 focus-visible:ring-rose/40"
        >
          <AlertIcon width={20} height={20} className="mt-0.5 shrink-0 text-rose" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{CHECKOUT_ERROR_BOX_TITLE}</p>
            <p data-testid="checkout-error-message" className="mt-0.5 leading-relaxed">
              {message}
            </p>
          </div>
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Fechar aviso"
            className="-m-1.5 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-ink-soft hover:bg-rose/10 hover:text-ink"
          >
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      )}
    </div>
  );
}
