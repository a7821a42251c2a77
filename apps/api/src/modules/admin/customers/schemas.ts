/**
 * Parameters and answers of the back office's customer calls (docs/admin/coupons-customers.md).
 */
import { z } from 'zod';
import {
  ANONYMIZE_CONFIRMATION,
  ANONYMIZE_CONFIRMATION_REQUIRED,
  CUSTOMER_ID_INVALID,
  CUSTOMER_SEARCH_TOO_LONG,
} from '@semijoias/domain/messages';
import { idParams } from '../../../lib/params.js';
import { addressProfileJson } from '../../addresses/index.js';
import { pageParam } from '../schemas.js';

export const customerIdParams = idParams(CUSTOMER_ID_INVALID);

export const customerListQuery = z.object({
  busca: z.string().max(100, { error: CUSTOMER_SEARCH_TOO_LONG }).optional(),
  pagina: pageParam,
});

export const anonymizeBody = z.object(
  {
    confirmacao: z.literal(ANONYMIZE_CONFIRMATION, { error: ANONYMIZE_CONFIRMATION_REQUIRED }),
  },
  { error: ANONYMIZE_CONFIRMATION_REQUIRED },
);

export const customerSummaryJson = z.object({
  id: z.number(),
  nome: z.string(),
  email: z.string(),
  cpf: z.string(),
  pedidos: z.number(),
  /** Paid orders only (paid, being prepared, shipped, delivered), "1234.50". */
  total_gasto: z.string(),
  ultimo_pedido: z.string().nullable(),
  verificada: z.boolean(),
  anonimizada: z.boolean(),
  administradora: z.boolean(),
  criada_em: z.string(),
});

export const customerListAnswer = z.object({
  clientes: z.array(customerSummaryJson),
  total: z.number(),
  pagina: z.number(),
  paginas: z.number(),
});

export const customerDetailAnswer = z.object({
  cliente: customerSummaryJson.extend({
    nome_proprio: z.string(),
    sobrenome: z.string(),
    telefone: z.string(),
    data_nascimento: z.string(),
    anonimizada_em: z.string().nullable(),
    /** An owner: whether she has a confirmed authenticator; null for a customer. */
    segundo_fator: z.boolean().nullable(),
  }),
  enderecos: z.array(addressProfileJson),
  pedidos: z.array(
    z.object({
      referencia: z.string(),
      status: z.string(),
      status_codigo: z.string(),
      itens: z.number(),
      total: z.string(),
      cupom: z.string().nullable(),
      criado_em: z.string(),
    }),
  ),
});
