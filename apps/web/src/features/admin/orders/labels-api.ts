/**
 * 'Comprar etiqueta' (docs/shipping-labels.md): an order's Melhor Envio label — its state, buying
 * it (or resuming a purchase that stopped, or a new one after a cancel), its print URL, asking now
 * for the carrier's tracking code, and cancelling it — and several orders' labels at once from
 * the list.
 */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export type LabelStatus = 'comprando' | 'paga' | 'gerada' | 'cancelada' | 'falhou';
export type LabelDocument = 'declaracao' | 'nota_fiscal';

export interface OrderLabel {
  status: LabelStatus;
  servico_id: number;
  transportadora: string | null;
  servico: string | null;
  documento: LabelDocument;
  preco_cents: number | null;
  protocolo: string | null;
  codigo_rastreio: string | null;
  rastreio_url: string | null;
  /** Why the last attempt stopped (Portuguese), or null. */
  erro: string | null;
  /** A purchase is running now (another click, tab or owner). */
  em_andamento: boolean;
  pago_em: string | null;
  gerada_em: string | null;
  cancelada_em: string | null;
  /** Generated, the carrier's tracking code not given yet (none, or Melhor Envio's own). */
  aguardando_rastreio: boolean;
  pode_imprimir: boolean;
  pode_cancelar: boolean;
  pode_comprar: boolean;
  pode_atualizar_rastreio: boolean;
}

export interface LabelState {
  etiqueta: OrderLabel | null;
  melhor_envio_ativo: boolean;
  servicos: { id: number; transportadora: string; servico: string }[];
  servico_padrao: number | null;
  pedido_status: string;
}

export interface BuyLabelInput {
  servico?: number | null;
  documento: LabelDocument;
  chave_nf?: string;
}

export interface LabelResult {
  reference: string;
  ok: boolean;
  etiqueta: OrderLabel | null;
  erro: string | null;
}

const base = (reference: string) => `pedidos/${encodeURIComponent(reference)}/etiqueta/`;

export function labelQuery(reference: string) {
  return {
    queryKey: [...ADMIN_QUERY_ROOT, 'pedidos', 'etiqueta', reference] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<LabelState>(base(reference), { signal }),
  };
}

export const buyLabel = (reference: string, input: BuyLabelInput) =>
  adminSend<LabelState>('POST', base(reference), input);

export const printLabel = (reference: string) =>
  adminSend<{ url: string }>('POST', `${base(reference)}imprimir/`, {});

export const cancelLabel = (reference: string) =>
  adminSend<LabelState>('POST', `${base(reference)}cancelar/`, {});

/** 'Atualizar rastreio': Melhor Envio asked now for the carrier's code. */
export const refreshLabelTracking = (reference: string) =>
  adminSend<LabelState>('POST', `${base(reference)}rastreio/`, {});

export const buyLabels = (references: string[], input: Partial<BuyLabelInput> = {}) =>
  adminSend<{ resultados: LabelResult[] }>(
    'POST',
    'etiquetas/',
    { pedidos: references, ...input },
    // One purchase after the other at Melhor Envio: longer than one call's 30 s.
    { timeoutMs: 30_000 + references.length * 20_000 },
  );
