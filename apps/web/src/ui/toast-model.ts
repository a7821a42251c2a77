/**
 * What a toast is and how long it stays, shared by the provider (ui/toast.tsx) and the viewport it
 * loads with the first toast (ui/ToastViewport.tsx), so neither imports the other's file for it.
 */

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
