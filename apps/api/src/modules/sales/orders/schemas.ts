/** The paths and queries that name an order (her order page, payment-status). */
import { z } from 'zod';

export const referenceParams = z.object({ reference: z.string().regex(/^\d{1,18}$/) }).strict();
/** The return link's secret (access.ts). */
export const chaveQuery = z.object({ chave: z.string().max(200).optional() }).strict();
export const userOrdersQuery = z.object({ t: z.string().max(32).optional() }).strict();
