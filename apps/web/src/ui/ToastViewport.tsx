import * as RadixToast from '@radix-ui/react-toast';
import { CloseIcon } from './icons';
import { cx } from './cx';
import { ERROR_TOAST_MS, TOAST_MS, type ToastItem } from './toast-model';

/**
 * The toasts on screen (Radix Toast: a live region, swipe to dismiss, F8 to reach them). Its
 * code loads with the first toast (ui/toast.tsx), not with every page.
 */
export function ToastViewport({
  toasts,
  setOpen,
}: {
  toasts: ToastItem[];
  setOpen: (id: number, open: boolean) => void;
}) {
  return (
    <RadixToast.Provider swipeDirection="down" label="Notificação">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => setOpen(t.id, open)}
          duration={t.tone === 'error' ? ERROR_TOAST_MS : TOAST_MS}
          type={t.tone === 'error' ? 'foreground' : 'background'}
          className={cx(
            'pointer-events-auto flex items-start gap-3 rounded-2xl border px-4 py-3 shadow-lift data-[state=closed]:animate-toast-out data-[state=open]:animate-toast-in data-[swipe=end]:animate-toast-out',
            t.tone === 'error'
              ? 'border-rose/30 bg-rose-soft text-ink'
              : 'border-line bg-ink text-ivory',
          )}
        >
          <span
            aria-hidden="true"
            className={cx(
              'mt-1.5 h-2 w-2 shrink-0 rounded-full',
              t.tone === 'error' ? 'bg-rose' : 'bg-gold-light',
            )}
          />
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="text-sm font-medium leading-snug">
              {t.title}
            </RadixToast.Title>
            {t.description && (
              <RadixToast.Description className="mt-0.5 text-sm opacity-80">
                {t.description}
              </RadixToast.Description>
            )}
          </div>
          <RadixToast.Close
            aria-label="Fechar aviso"
            className="-m-2 inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full opacity-70 hover:opacity-100"
          >
            <CloseIcon width={18} height={18} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* F8 moves the keyboard to the notices: the base focus-visible outline shows it there. */}
      <RadixToast.Viewport className="fixed inset-x-0 bottom-0 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 p-4 sm:bottom-4 sm:right-4 sm:left-auto sm:mx-0" />
    </RadixToast.Provider>
  );
}
