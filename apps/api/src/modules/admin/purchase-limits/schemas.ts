/** GET and PUT /api/admin/limites/ (docs/admin/purchase-limits.md). */
import { z } from 'zod';

export const purchaseLimitsJson = z.object({
  /** The store's default 'máximo por cliente': a piece without its own takes it. */
  maximo_por_cliente: z.number().int(),
});

/** Checked by the domain's isValidMaxPerCustomer (its message under the field). */
export const purchaseLimitsBody = z.object({ maximo_por_cliente: z.unknown() }).strict();

export const purchaseLimitsAnswer = z.object({ limites: purchaseLimitsJson });
