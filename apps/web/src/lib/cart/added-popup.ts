/**
 * SPEC §2: after adding a product a popup confirms it ('Continuar Comprando' / 'Finalizar
 * Compra'). The product page asks for it here; the app shell shows it, so it outlives the page.
 */
import { useSyncExternalStore } from 'react';

let productName: string | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  listeners.forEach((l) => l());
}

export function showAddedPopup(name: string): void {
  productName = name;
  emit();
}

export function closeAddedPopup(): void {
  productName = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The name of the product just added while the popup is open, else null. */
export function useAddedPopup(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => productName,
    () => null,
  );
}
