/** The back office's coupon calls (docs/admin/coupons-customers.md) and their query keys. */
import type { CouponFormBody, CouponStatusText } from '@semijoias/domain/coupon-form';
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export interface AdminCoupon {
  id: number;
  codigo: string;
  descricao: string;
  tipo: 'percentual' | 'valor_fixo';
  percentual: number | null;
  valor: string | null;
  pedido_minimo: string | null;
  valido_de: string | null;
  valido_ate: string | null;
  limite_uso: number | null;
  vezes_usado: number;
  uma_vez_por_cliente: boolean;
  primeira_compra: boolean;
  cliente_email: string | null;
  ativo: boolean;
  status: CouponStatusText;
  criado_em: string;
  atualizado_em: string;
}

export interface CouponUse {
  pedido: string;
  status_pedido: string;
  cliente: string;
  cliente_email: string;
  desconto: string;
  data: string;
}

export const COUPONS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'cupons'] as const;

export const couponsQuery = {
  queryKey: COUPONS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ cupons: AdminCoupon[] }>('cupons/', { signal }),
};

export function couponQuery(id: string) {
  return {
    queryKey: [...COUPONS_QUERY_KEY, id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<{ cupom: AdminCoupon; usos: CouponUse[] }>(`cupons/${id}/`, { signal }),
  };
}

export function saveCoupon(id: number | null, body: CouponFormBody) {
  return id === null
    ? adminSend<{ cupom: AdminCoupon }>('POST', 'cupons/', body)
    : adminSend<{ cupom: AdminCoupon }>('PUT', `cupons/${id}/`, body);
}

export function setCouponActive(id: number, active: boolean) {
  return adminSend<{ cupom: AdminCoupon }>('POST', `cupons/${id}/${active ? 'ativar' : 'pausar'}/`);
}

/** The chip of each status: green-ish for live, grey for paused, rose for over. */
export const STATUS_CHIP: Record<CouponStatusText, string> = {
  Ativo: 'bg-sage/10 text-sage ring-sage/30',
  Pausado: 'bg-line/60 text-ink-soft ring-line',
  Expirado: 'bg-rose-soft text-ink ring-rose/30',
  Agendado: 'bg-gold-light/30 text-ink ring-gold/40',
  Esgotado: 'bg-rose-soft text-ink ring-rose/30',
};
