/** GET api/admin/painel/ (docs/admin/dashboard-stock-audit.md): the Painel's numbers. */
import { ADMIN_QUERY_ROOT, adminGet } from '../lib/admin-api';

export interface SalesTotal {
  total_cents: number;
  pedidos: number;
}

export interface SalesDay extends SalesTotal {
  /** 'YYYY-MM-DD', the store's day (America/Sao_Paulo). */
  dia: string;
}

export interface LowStockProduct {
  id: number;
  nome: string;
  estoque: number;
  imagem: string;
  /**
   * The axis of a piece sold by size ('Aro'), listed once with `estoque` the sum of its sizes;
   * null for a piece without sizes.
   */
  nome_variacao: string | null;
  /** Its sizes marked 'Manter em estoque' that are low (the reason it is listed, when its sum is not). */
  variacoes_baixas?: { id: number; nome: string; estoque: number }[];
}

/** What the reminders, 'Avise-me' and the cart e-mails sold in the last 30 days. */
export interface Earnings {
  pagos_apos_lembrete: SalesTotal;
  vendidos_avise_me: { unidades: number; total_cents: number };
  carrinhos_recuperados: SalesTotal;
}

export interface Dashboard {
  hoje: string;
  vendas: { hoje: SalesTotal; dias_7: SalesTotal; dias_30: SalesTotal };
  /** 30 days, oldest first, days without sales included as zeros. */
  serie_30_dias: SalesDay[];
  retorno_30_dias: Earnings;
  pedidos_a_enviar: number;
  pedidos_aguardando_pagamento: number;
  estoque_baixo: { total: number; produtos: LowStockProduct[] };
  /** Reviews waiting for the owners (issue 36); optional until every API sends it. */
  avaliacoes_pendentes?: number;
}

export const DASHBOARD_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'painel'] as const;

export function fetchDashboard(signal?: AbortSignal): Promise<Dashboard> {
  return adminGet<Dashboard>('painel/', { signal });
}

const SHORT_DAY = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  day: '2-digit',
  month: '2-digit',
});
const LONG_DAY = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'UTC',
  weekday: 'short',
  day: '2-digit',
  month: 'long',
});

/**
 * The series' days are calendar days already in the store's zone: read them as UTC midnights so
 * no browser zone shifts them by one.
 */
function calendarDay(dia: string): Date {
  return new Date(`${dia}T00:00:00Z`);
}

/** '2026-11-23' → '23/11' */
export function shortDay(dia: string): string {
  return SHORT_DAY.format(calendarDay(dia));
}

/** '2026-11-23' → 'seg., 23 de novembro' */
export function longDay(dia: string): string {
  return LONG_DAY.format(calendarDay(dia));
}

/** '1 pedido', '3 pedidos' */
export function ordersCount(n: number): string {
  return `${n} ${n === 1 ? 'pedido' : 'pedidos'}`;
}
