/**
 * The secret of a guest's order link (docs/checkout-contract.md: api/pay answers `chave`; the
 * return page /pedido/{reference} and api/orders/{reference}/ need it for an order without an
 * account). The checkout keeps it on this device under `pedido-chave:{reference}` (the plain
 * string), and the return page reads it from there when the URL does not carry it.
 */
const PREFIX = 'pedido-chave:';

export function orderChaveStorageKey(reference: string): string {
  return `${PREFIX}${reference}`;
}

export function rememberOrderChave(reference: string, chave: string): void {
  try {
    window.localStorage.setItem(orderChaveStorageKey(reference), chave);
  } catch {
    // Storage blocked: only the link that carries `?chave=` (her e-mails) opens the order again.
  }
}

export function readOrderChave(reference: string): string | null {
  try {
    return window.localStorage.getItem(orderChaveStorageKey(reference));
  } catch {
    return null;
  }
}
