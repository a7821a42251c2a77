/**
 * The back office's Pedidos calls (docs/admin/orders.md): the answers' shapes, the filters as the
 * address bar keeps them, and the query keys (under ADMIN_QUERY_ROOT, so a logout drops them).
 */
import type { PaidWith } from '@semijoias/domain/messages';
import type { OrderStatusCode } from '@semijoias/domain/orders';
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export type OrderAction =
  | 'em_andamento'
  | 'enviado'
  | 'entregue'
  | 'cancelar'
  | 'estorno_feito'
  /** An unpaid order's units back on the shelf, the order cancelled (docs/admin/purchase-limits.md). */
  | 'liberar_estoque';

export interface AdminOrderSummary {
  reference: string;
  status: OrderStatusCode;
  status_texto: string;
  /** Paid, or to be paid, through the sandbox: no money received, not to be shipped. */
  teste: boolean;
  criado_em: string;
  cliente: { nome: string | null; email: string | null };
  itens: number;
  total_cents: number;
  codigo_rastreio: string | null;
}

export interface AdminOrdersPage {
  pedidos: AdminOrderSummary[];
  total: number;
  pagina: number;
  por_pagina: number;
}

export interface AdminOrderAddress {
  nome_completo: string | null;
  endereco: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  cidade: string | null;
  estado: string | null;
  cep: string | null;
}

export interface AdminOrder {
  reference: string;
  status: OrderStatusCode;
  status_texto: string;
  teste: boolean;
  criado_em: string;
  prazo_pagamento: string;
  /** When the reminder to pay was sent (ISO), or null. */
  lembrete_enviado_em: string | null;
  pago_em: string | null;
  em_andamento_em: string | null;
  enviado_em: string | null;
  entregue_em: string | null;
  cancelado_em: string | null;
  estornado_em: string | null;
  /** 'released': the owners gave its units back before it was paid ('Liberar estoque'). */
  motivo_cancelamento: 'expired' | 'owner' | 'released' | null;
  motivo_texto: string | null;
  codigo_rastreio: string | null;
  rastreio_url: string | null;
  itens: {
    produto_id: number;
    nome: string;
    imagem: string | null;
    preco_unitario_cents: number;
    quantidade: number;
    subtotal_cents: number;
    /** The size she ordered ('16') and its axis ('Aro'), as they were then. */
    variacao?: { id: number; nome: string } | null;
    nome_variacao?: string | null;
  }[];
  subtotal_cents: number;
  desconto_cents: number;
  /** How she chose to pay (null before the choice existed) and the PIX discount. */
  forma_pagamento: 'pix' | 'cartao' | null;
  /** How she paid, as the provider told it (null until paid, or when it did not say). */
  pago_com: PaidWith | null;
  desconto_pix_cents: number;
  frete_cents: number;
  total_cents: number;
  cupom: string | null;
  frete_prazo: string;
  /** The carrier's service she chose (issue 35); null when the table quoted. */
  frete_servico_id?: number | null;
  frete_transportadora?: string | null;
  frete_servico_nome?: string | null;
  frete_regiao: string;
  endereco: AdminOrderAddress | null;
  cliente: {
    tipo: 'conta' | 'convidada';
    user_id: number | null;
    nome: string | null;
    email: string | null;
    cpf: string | null;
    telefone: string | null;
  };
  pagamento: {
    provedor: string | null;
    payment_id: string | null;
    eventos: {
      recebido_em: string;
      provedor: string;
      resultado: string;
      status_provedor: string | null;
    }[];
  };
  estorno: { valor_cents: number; payment_id: string | null } | null;
  acoes: OrderAction[];
}

/** The list's filters, as `?status=&de=&ate=&busca=&pagina=` (the Painel links there). */
export interface OrdersFilters {
  status?: string;
  de?: string;
  ate?: string;
  busca?: string;
  pagina?: string;
}

export const FILTER_KEYS = ['status', 'de', 'ate', 'busca', 'pagina'] as const;

export const ORDERS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'pedidos'] as const;

export function ordersListQuery(filters: OrdersFilters) {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  const text = query.toString();
  return {
    queryKey: [...ORDERS_QUERY_KEY, 'lista', filters] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<AdminOrdersPage>(`pedidos/${text ? `?${text}` : ''}`, { signal }),
  };
}

export function orderQuery(reference: string) {
  return {
    queryKey: [...ORDERS_QUERY_KEY, 'pedido', reference] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<{ pedido: AdminOrder }>(`pedidos/${encodeURIComponent(reference)}/`, {
        signal,
      }).then((answer) => answer.pedido),
  };
}

const ACTION_PATH: Record<OrderAction, string> = {
  em_andamento: 'em-andamento',
  enviado: 'enviado',
  entregue: 'entregue',
  cancelar: 'cancelar',
  estorno_feito: 'estorno-feito',
  liberar_estoque: 'liberar-estoque',
};

export function runOrderAction(
  reference: string,
  action: OrderAction,
  body?: Record<string, string>,
): Promise<AdminOrder> {
  return adminSend<{ pedido: AdminOrder }>(
    'POST',
    `pedidos/${encodeURIComponent(reference)}/${ACTION_PATH[action]}/`,
    body ?? {},
  ).then((answer) => answer.pedido);
}
