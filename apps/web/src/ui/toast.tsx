import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { ToastInput, ToastItem } from './toast-model';

// The toasts' code (Radix Toast) loads with the first toast.
const ToastViewport = lazy(() =>
  import('./ToastViewport').then((m) => ({ default: m.ToastViewport })),
);

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
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} setOpen={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
