/**
 * The back office's Pedidos calls: their query, params, bodies and answers
 * (docs/admin/orders.md). Messages are Portuguese: a refusal answers `errors: {campo: [..]}`.
 */
import { z } from 'zod';
import { isRealDate } from '@semijoias/domain/calendar';
import {
  CANCEL_REASON_REQUIRED,
  CANCEL_REASON_TOO_LONG,
  ORDER_DATE_FILTER_INVALID,
  ORDER_DATE_RANGE_INVALID,
  ORDER_REFERENCE_INVALID,
  ORDER_STATUS_FILTER_INVALID,
  searchTooLongMessage,
} from '@semijoias/domain/messages';
import { ORDER_STATUS_CODES } from '@semijoias/domain/orders';
import { TRACKING_CODE_MESSAGES } from '@semijoias/domain/tracking-code';
import { pageParam } from '../schemas.js';

/** A calendar day 'AAAA-MM-DD' that exists (no 31 of February). */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: ORDER_DATE_FILTER_INVALID })
  .refine(
    (text) => {
      const [year, month, day] = text.split('-').map(Number) as [number, number, number];
      return isRealDate({ year, month, day });
    },
    { error: ORDER_DATE_FILTER_INVALID },
  );

export const ordersQuery = z
  .object({
    status: z.enum(ORDER_STATUS_CODES, { error: ORDER_STATUS_FILTER_INVALID }).optional(),
    de: isoDay.optional(),
    ate: isoDay.optional(),
    busca: z
      .string()
      .trim()
      .max(100, { error: searchTooLongMessage(100) })
      .optional(),
    pagina: pageParam,
  })
  .strict()
  .refine((q) => q.de === undefined || q.ate === undefined || q.de <= q.ate, {
    path: ['ate'],
    error: ORDER_DATE_RANGE_INVALID,
  });

export const referenceParams = z
  .object({ reference: z.string().regex(/^\d{1,18}$/, { error: ORDER_REFERENCE_INVALID }) })
  .strict();

export const shipBody = z
  .object({
    codigo_rastreio: z.string({ error: TRACKING_CODE_MESSAGES.required }).max(40, {
      error: TRACKING_CODE_MESSAGES.format,
    }),
  })
  .strict();

export const cancelBody = z
  .object({
    motivo: z
      .string({ error: CANCEL_REASON_REQUIRED })
      .trim()
      .min(1, { error: CANCEL_REASON_REQUIRED })
      .max(500, { error: CANCEL_REASON_TOO_LONG }),
  })
  .strict();

/** The actions an order offers now, by its status (the screen shows these buttons). */
export const ORDER_ACTIONS = [
  'em_andamento',
  'enviado',
  'entregue',
  'cancelar',
  'estorno_feito',
  'liberar_estoque',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const customerJson = z.object({
  /** 'conta' (her account) or 'convidada' (a guest's order). */
  tipo: z.enum(['conta', 'convidada']),
  user_id: z.number().nullable(),
  nome: z.string().nullable(),
  email: z.string().nullable(),
  cpf: z.string().nullable(),
  telefone: z.string().nullable(),
});

/** Paid, or to be paid, through the sandbox: no money received, not to be shipped (isTestPayment). */
const testOrder = z.boolean();

export const orderSummaryJson = z.object({
  reference: z.string(),
  status: z.enum(ORDER_STATUS_CODES),
  status_texto: z.string(),
  criado_em: z.string(),
  cliente: z.object({ nome: z.string().nullable(), email: z.string().nullable() }),
  itens: z.number(),
  total_cents: z.number(),
  codigo_rastreio: z.string().nullable(),
  teste: testOrder,
});

export const ordersAnswer = z.object({
  pedidos: z.array(orderSummaryJson),
  total: z.number(),
  pagina: z.number(),
  por_pagina: z.number(),
});

export const orderDetailJson = z.object({
  reference: z.string(),
  status: z.enum(ORDER_STATUS_CODES),
  status_texto: z.string(),
  teste: testOrder,
  criado_em: z.string(),
  prazo_pagamento: z.string(),
  /** When the sweeper sent the reminder to pay (a third of the time left), or null. */
  lembrete_enviado_em: z.string().nullable(),
  pago_em: z.string().nullable(),
  em_andamento_em: z.string().nullable(),
  enviado_em: z.string().nullable(),
  entregue_em: z.string().nullable(),
  cancelado_em: z.string().nullable(),
  estornado_em: z.string().nullable(),
  /**
   * 'expired' (unpaid in time), 'owner' (a paid order cancelled by the owners), 'released' (an
   * unpaid order whose stock the owners gave back), null otherwise.
   */
  motivo_cancelamento: z.enum(['expired', 'owner', 'released']).nullable(),
  /** The owners' words when they cancelled it (the audit log keeps them). */
  motivo_texto: z.string().nullable(),
  codigo_rastreio: z.string().nullable(),
  rastreio_url: z.string().nullable(),
  itens: z.array(
    z.object({
      produto_id: z.number(),
      nome: z.string(),
      imagem: z.string().nullable(),
      preco_unitario_cents: z.number(),
      quantidade: z.number(),
      subtotal_cents: z.number(),
      /** Her size, null for a product without sizes; the axis as she ordered it. */
      variacao: z.object({ id: z.number(), nome: z.string() }).nullable(),
      nome_variacao: z.string().nullable(),
    }),
  ),
  subtotal_cents: z.number(),
  desconto_cents: z.number(),
  /** How she pays: 'pix', 'cartao', or null for an order placed before the choice. */
  forma_pagamento: z.enum(['pix', 'cartao']).nullable(),
  /** How she paid, as the provider told it (null until paid, or when it did not say). */
  pago_com: z
    .object({ forma: z.enum(['pix', 'cartao']), parcelas: z.number().nullable() })
    .nullable(),
  desconto_pix_cents: z.number(),
  frete_cents: z.number(),
  total_cents: z.number(),
  cupom: z.string().nullable(),
  frete_prazo: z.string(),
  frete_regiao: z.string(),
  /** The carrier's service she chose (issue 35); null when the table quoted. */
  frete_servico_id: z.number().nullable(),
  frete_transportadora: z.string().nullable(),
  frete_servico_nome: z.string().nullable(),
  endereco: z
    .object({
      nome_completo: z.string().nullable(),
      endereco: z.string(),
      numero: z.string().nullable(),
      complemento: z.string().nullable(),
      bairro: z.string().nullable(),
      cidade: z.string().nullable(),
      estado: z.string().nullable(),
      cep: z.string().nullable(),
    })
    .nullable(),
  cliente: customerJson,
  pagamento: z.object({
    provedor: z.string().nullable(),
    payment_id: z.string().nullable(),
    eventos: z.array(
      z.object({
        recebido_em: z.string(),
        provedor: z.string(),
        /** What the store made of it: 'paid', 'declined', 'pending', 'ignored'... */
        resultado: z.string(),
        /** The provider's payment status inside the notification, when it says one. */
        status_provedor: z.string().nullable(),
      }),
    ),
  }),
  /** When refund_due: what to give back, and where. */
  estorno: z.object({ valor_cents: z.number(), payment_id: z.string().nullable() }).nullable(),
  acoes: z.array(z.enum(ORDER_ACTIONS)),
});

export type OrderDetailJson = z.infer<typeof orderDetailJson>;

export const orderAnswer = z.object({ pedido: orderDetailJson });
