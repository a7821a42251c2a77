/**
 * A piece's 'máximo por cliente' (docs/admin/purchase-limits.md) as the cart knows it: api/pay
 * refuses an order past it, so the product page and the cart stop her there first, with the
 * product page's line ('Limite de N unidades por cliente.'). The product page reads it from
 * GET /api/produtos/detalhes/{id}/ and it is kept here by product, in localStorage, because the
 * cart's lines (server or guest) do not carry it. A piece never opened on this browser has none
 * known: api/pay still says so.
 */

const STORAGE_KEY = 'semijoias.maximos';
/** The pieces remembered at most (the newest kept). */
const KEPT = 200;

/** Where they live when storage is blocked (this page only). */
let unstored = new Map<number, number>();

/** By product id, the newest last (stored as `[[id, max], ...]`); read afresh, as other tabs write. */
function kept(): Map<number, number> {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return new Map(unstored);
  }
  const found = new Map<number, number>();
  try {
    const parsed: unknown = JSON.parse(raw ?? '[]');
    for (const entry of Array.isArray(parsed) ? (parsed as unknown[]) : []) {
      if (!Array.isArray(entry)) continue;
      const [id, max] = entry as unknown[];
      if (Number.isInteger(id) && Number.isInteger(max) && (max as number) >= 1) {
        found.set(id as number, max as number);
      }
    }
  } catch {
    // Nothing readable: nothing known.
  }
  return found;
}

/** Keeps the piece's maximum as the product page read it. */
export function rememberMaxPerCustomer(productId: number, max: number): void {
  if (!Number.isInteger(max) || max < 1) return;
  const all = kept();
  if (all.get(productId) === max) return;
  all.delete(productId);
  all.set(productId, max);
  for (const old of [...all.keys()].slice(0, Math.max(0, all.size - KEPT))) all.delete(old);
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify([...all]));
  } catch {
    unstored = all;
  }
}

/** The piece's maximum, when this browser has read it. */
export function maxPerCustomerOf(productId: number): number | undefined {
  return kept().get(productId);
}

/** Units of a piece in the cart's lines, all sizes together (as api/pay counts them). */
export function unitsOfPiece(
  lines: readonly { productId: number; quantidade: number }[],
  productId: number,
): number {
  return lines.reduce((n, l) => (l.productId === productId ? n + l.quantidade : n), 0);
}
