/**
 * GET api/admin/auditoria/ (docs/admin/dashboard-stock-audit.md): the owners' changes, newest
 * first. Every screen that changes something invalidates AUDIT_QUERY_KEY so histories refresh.
 */
import type { AuditEntityType } from '@semijoias/domain/admin';
import { ADMIN_QUERY_ROOT, adminGet } from '../lib/admin-api';

export type { AuditEntityType };

export interface AuditEntry {
  id: number;
  created_at: string;
  actor_email: string;
  action: string;
  entity_type: AuditEntityType;
  entity_id: string;
  /** An order's reference (its page's address), null for the other entities. */
  order_reference: string | null;
  summary: string;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  itens: AuditEntry[];
  pagina: number;
  por_pagina: number;
  total: number;
}

export interface AuditFilters {
  entidade?: AuditEntityType;
  id?: string;
  acao?: string;
}

/** Invalidate this after a change: every history and the Auditoria page read again. */
export const AUDIT_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'auditoria'] as const;

export function fetchAuditPage(
  filters: AuditFilters,
  pagina: number,
  signal?: AbortSignal,
): Promise<AuditPage> {
  const query = new URLSearchParams();
  if (filters.entidade) query.set('entidade', filters.entidade);
  if (filters.id) query.set('id', filters.id);
  if (filters.acao) query.set('acao', filters.acao);
  if (pagina > 1) query.set('pagina', String(pagina));
  const text = query.toString();
  return adminGet<AuditPage>(`auditoria/${text ? `?${text}` : ''}`, { signal });
}

/** The next page's number, or undefined on the last one (useInfiniteQuery's getNextPageParam). */
export function nextAuditPage(last: AuditPage): number | undefined {
  return last.pagina * last.por_pagina < last.total ? last.pagina + 1 : undefined;
}

export const ENTITY_LABEL: Record<AuditEntityType, string> = {
  product: 'Produto',
  order: 'Pedido',
  coupon: 'Cupom',
  customer: 'Cliente',
  backup: 'Backup',
  payment_settings: 'Pagamentos',
  shipping_settings: 'Frete',
  review: 'Avaliação',
  sales_channels: 'Canais de venda',
};

/** Where an entry's entity lives in the back office. */
export function entityPath(entry: AuditEntry): string {
  switch (entry.entity_type) {
    case 'product':
      return `/admin/produtos/${entry.entity_id}`;
    case 'order':
      return `/admin/pedidos/${entry.order_reference ?? entry.entity_id}`;
    case 'coupon':
      return `/admin/cupons/${entry.entity_id}`;
    case 'customer':
      return `/admin/clientes/${entry.entity_id}`;
    case 'backup':
      return '/admin/backups';
    case 'payment_settings':
      return '/admin/pagamentos';
    case 'shipping_settings':
      return '/admin/frete';
    case 'review':
      return '/admin/avaliacoes';
    case 'sales_channels':
      return '/admin/canais';
  }
}

/**
 * The Auditoria page's type filter: the four entities and 'Estoque', the owners' stock
 * adjustments (audited on the product as `stock.adjust`).
 */
export const AUDIT_TYPES = [
  { value: 'produtos', label: 'Produtos' },
  { value: 'pedidos', label: 'Pedidos' },
  { value: 'cupons', label: 'Cupons' },
  { value: 'clientes', label: 'Clientes' },
  { value: 'estoque', label: 'Estoque' },
] as const;

export type AuditType = (typeof AUDIT_TYPES)[number]['value'];

/** `?tipo=` as the API's filters. */
export function auditTypeFilters(tipo: AuditType | undefined): AuditFilters {
  switch (tipo) {
    case undefined:
      return {};
    case 'produtos':
      return { entidade: 'product' };
    case 'pedidos':
      return { entidade: 'order' };
    case 'cupons':
      return { entidade: 'coupon' };
    case 'clientes':
      return { entidade: 'customer' };
    case 'estoque':
      return { entidade: 'product', acao: 'stock.adjust' };
  }
}
