/** The paths and queries that name an order (her order page, payment-status). */
import { z } from 'zod';
import { PAYMENT_METHOD_INVALID } from '@semijoias/domain/messages';
import { PAYMENT_METHODS } from '@semijoias/domain/payment-terms';

export const referenceParams = z.object({ reference: z.string().regex(/^\d{1,18}$/) }).strict();
/** The return link's secret (access.ts). */
export const chaveQuery = z.object({ chave: z.string().max(200).optional() }).strict();
export const userOrdersQuery = z.object({ t: z.string().max(32).optional() }).strict();
/** payment-status: the return link's secret, and a retry's new way of paying. */
export const paymentStatusQuery = z
  .object({
    chave: z.string().max(200).optional(),
    forma_pagamento: z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_INVALID }).optional(),
  })
  .strict();
