import { Spinner } from '@/ui/Spinner';

/** SPEC §2 loading overlay while the payment is processed (and the browser leaves for it). */
export function ProcessingOverlay({ open }: { open: boolean }) {
  if (!open) return null;
  return (
    <div
      data-testid="checkout-processing"
      className="fixed inset-0 z-[80] flex items-center justify-center bg-ivory/85 px-6 backdrop-blur-sm animate-fade-in"
    >
      <div
        role="status"
        className="flex max-w-xs flex-col items-center rounded-3xl border border-line bg-white px-8 py-7 text-center shadow-lift"
      >
        <span aria-hidden="true">
          <Spinner className="scale-150" />
        </span>
        <p className="mt-5 font-display text-xl font-semibold text-ink">Processando pagamento...</p>
        <p className="mt-1.5 text-sm text-muted">
          Em instantes você seguirá para a página de pagamento segura.
        </p>
      </div>
    </div>
  );
}
