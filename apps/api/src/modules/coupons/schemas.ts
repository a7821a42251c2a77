/**
 * POST /api/validar-cupom/: request and answer. `valor_pedido` is accepted and ignored (the
 * discount is computed on her server cart); any other key is ignored too. `codigo_cupom` is read
 * by the route (anything but a string is no code), so every refusal has the contract's shape.
 */
import { z } from 'zod';

export const validateCouponBody = z.object({
  codigo_cupom: z.unknown().optional(),
  valor_pedido: z.unknown().optional(),
});

export const couponAnswerSchema = z.object({
  success: z.boolean(),
  desconto: z.string(),
  message: z.string(),
  codigo: z.string().optional(),
});

export const errorSchema = z.object({ error: z.string() }).loose();
