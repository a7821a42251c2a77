import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { CloseIcon } from './icons';
import { cx } from './cx';

/** SPEC §9: toasts hide after 3 s; error toasts stay a little longer (§8: 3-4 s). */
const TOAST_MS = 3000;
const ERROR_TOAST_MS = 4000;

export interface ToastInput {
  title: string;
  description?: string;
  tone?: 'success' | 'error';
}

interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/** Shows a toast: `const toast = useToast(); toast({ title })`. */
export function useToast(): (toast: ToastInput) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs <ToastProvider>');
  return show;
}

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);

  const show = useCallback((toast: ToastInput) => {
    const id = nextId++;
    // Keep at most three on screen.
    setToasts((current) => [...current.slice(-2), { ...toast, id, open: true }]);
  }, []);

  const setOpen = useCallback((id: number, open: boolean) => {
    setToasts((current) => current.map((t) => (t.id === id ? { ...t, open } : t)));
    // Remove it once the closing animation is over.
    if (!open)
      window.setTimeout(() => setToasts((current) => current.filter((t) => t.id !== id)), 300);
  }, []);

  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      <RadixToast.Provider swipeDirection="down" label="Notificação">
        {children}
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
        <RadixToast.Viewport className="fixed inset-x-0 bottom-0 z-[60] mx-auto flex w-full max-w-md flex-col gap-2 p-4 outline-none sm:bottom-4 sm:right-4 sm:left-auto sm:mx-0" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}
