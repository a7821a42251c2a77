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

// The toasts' code (Radix Toast) loads with the first toast.
const ToastViewport = lazy(() =>
  import('./ToastViewport').then((m) => ({ default: m.ToastViewport })),
);

/** SPEC §9: toasts hide after 3 s; error toasts stay a little longer (§8: 3-4 s). */
export const TOAST_MS = 3000;
export const ERROR_TOAST_MS = 4000;

export interface ToastInput {
  title: string;
  description?: string;
  tone?: 'success' | 'error';
}

export interface ToastItem extends ToastInput {
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
      {children}
      {toasts.length > 0 && (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} setOpen={setOpen} />
        </Suspense>
      )}
    </ToastContext.Provider>
  );
}
