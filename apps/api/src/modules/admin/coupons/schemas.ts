/**
 * Answers of the back office's coupon calls (docs/admin/coupons-customers.md). The body of
 * POST/PUT is checked by the domain's validateCouponForm in the handler, so a refusal answers
 * `{error, errors: {campo: [..]}}` with the domain's Portuguese texts.
 */
import { z } from 'zod';
import { COUPON_ID_INVALID } from '@semijoias/domain/messages';
import { idParams } from '../../../lib/params.js';

export const couponIdParams = idParams(COUPON_ID_INVALID);

export const couponJson = z.object({
  id: z.number(),
  codigo: z.string(),
  descricao: z.string(),
  tipo: z.enum(['percentual', 'valor_fixo']),
  /** 12.5 for 12,5 %; null for a fixed amount. */
  percentual: z.number().nullable(),
  /** "15.00"; null for a percentage. */
  valor: z.string().nullable(),
  pedido_minimo: z.string().nullable(),
  valido_de: z.string().nullable(),
  valido_ate: z.string().nullable(),
  limite_uso: z.number().nullable(),
  vezes_usado: z.number(),
  uma_vez_por_cliente: z.boolean(),
  primeira_compra: z.boolean(),
  cliente_email: z.string().nullable(),
  ativo: z.boolean(),
  status: z.enum(['Ativo', 'Pausado', 'Expirado', 'Agendado', 'Esgotado']),
  criado_em: z.string(),
  atualizado_em: z.string(),
});

export type CouponJson = z.infer<typeof couponJson>;

export const couponUseJson = z.object({
  pedido: z.string(),
  status_pedido: z.string(),
  cliente: z.string(),
  cliente_email: z.string(),
  desconto: z.string(),
  data: z.string(),
});

export const couponListAnswer = z.object({ cupons: z.array(couponJson) });
export const couponAnswer = z.object({ cupom: couponJson });
export const couponDetailAnswer = z.object({ cupom: couponJson, usos: z.array(couponUseJson) });
