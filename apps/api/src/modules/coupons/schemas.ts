/**
 * POST /api/validar-cupom/: request and answer. `valor_pedido` is accepted and ignored (the
 * discount is computed on her server cart); any other key is ignored too.
 */
import { z } from 'zod';

export const validateCouponBody = z.object({
  codigo_cupom: z.string().max(200).nullish(),
  valor_pedido: z.unknown().optional(),
});

export const couponAnswerSchema = z.object({
  success: z.boolean(),
  desconto: z.string(),
  message: z.string(),
  codigo: z.string().optional(),
});

export const errorSchema = z.object({ error: z.string() }).loose();
