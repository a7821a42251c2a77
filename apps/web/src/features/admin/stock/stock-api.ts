/** The Estoque calls (docs/admin/dashboard-stock-audit.md). */
import { ADMIN_QUERY_ROOT, adminGet } from '../lib/admin-api';

export type StockReason = 'initial' | 'sale' | 'cancellation' | 'adjustment' | 'other';

export interface StockMovement {
  id: number;
  created_at: string;
  produto_id: number;
  produto_nome: string;
  delta: number;
  estoque_apos: number;
  motivo: StockReason;
  motivo_texto: string;
  pedido_referencia: string | null;
  responsavel_email: string | null;
  nota: string;
  /** The size whose stock moved ('16'), for a piece sold by size. */
  variacao_id?: number | null;
  variacao_nome?: string | null;
  /** The axis, when the ledger names it; without it the size's name is shown as given. */
  nome_variacao?: string | null;
}

export interface LedgerPage {
  itens: StockMovement[];
  pagina: number;
  por_pagina: number;
  total: number;
}

export interface PickerProduct {
  id: number;
  nome: string;
  estoque: number;
  imagem: string;
  oculto: boolean;
  /** The axis ('Aro') and the live sizes in order, for a piece sold by size. */
  nome_variacao?: string | null;
  variacoes?: PickerVariation[];
}

export interface PickerVariation {
  id: number;
  nome: string;
  estoque: number;
}

/** What the adjustment dialog shows of the piece it adjusts (its sizes, when it has them). */
export interface AdjustTarget {
  id: number;
  nome: string;
  estoque: number;
  nome_variacao?: string | null;
  variacoes?: PickerVariation[];
}

/** Invalidated after an adjustment: the ledger, the picker's stocks and the Painel. */
export const STOCK_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'estoque'] as const;

export function fetchLedger(
  filters: { produto?: number; motivo?: StockReason },
  pagina: number,
  signal?: AbortSignal,
): Promise<LedgerPage> {
  const query = new URLSearchParams();
  if (filters.produto) query.set('produto', String(filters.produto));
  if (filters.motivo) query.set('motivo', filters.motivo);
  if (pagina > 1) query.set('pagina', String(pagina));
  const text = query.toString();
  return adminGet<LedgerPage>(`estoque/${text ? `?${text}` : ''}`, { signal });
}

export function fetchPicker(
  busca: string,
  signal?: AbortSignal,
  id?: number,
): Promise<PickerProduct[]> {
  const params = new URLSearchParams();
  if (busca.trim()) params.set('busca', busca.trim());
  if (id !== undefined) params.set('id', String(id));
  const query = params.size > 0 ? `?${params.toString()}` : '';
  return adminGet<{ produtos: PickerProduct[] }>(`estoque/produtos/${query}`, { signal }).then(
    (answer) => answer.produtos,
  );
}
