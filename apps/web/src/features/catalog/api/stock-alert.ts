/**
 * 'Avise-me quando chegar' (docs/stock-alerts-contract.md): POST /api/avise-me/ and the
 * logged-in customer's e-mail the form starts with (GET api/infos/, asked in the browser only:
 * the product's server-rendered page is the same for every visitor).
 */
import {
  STOCK_ALERT_FAILED,
  stockAlertConfirmation,
  stockAlertConfirmationSent,
} from '@semijoias/domain/stock-alerts';
import { apiRequest, isApiError } from '@/lib/api';

export interface StockAlertBody {
  produto_id: number;
  variacao_id?: number;
  email: string;
}

export interface StockAlertAnswer {
  success: true;
  novo: boolean;
  /** False: a confirmation e-mail was sent (double opt-in); true: confirmed before. */
  confirmado?: boolean;
  produto_id: number;
  variacao_id: number | null;
  email: string;
}

/** What the form shows after the call: the confirmation, or a message (on the field or above). */
export type StockAlertResult =
  { ok: true; message: string } | { ok: false; emailError?: string; message?: string };

/** Her e-mail, for the form's first value (only asked when she is logged in). */
export const stockAlertEmailQueryKey = ['session', 'avise-me', 'email'] as const;

export async function fetchOwnEmail({ signal }: { signal?: AbortSignal }): Promise<string> {
  const info = await apiRequest<{ email?: string }>('api/infos/', { signal });
  return info.email ?? '';
}

function fieldMessage(data: unknown, field: string): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const errors = (data as { errors?: Record<string, unknown> }).errors;
  const list = errors?.[field];
  return Array.isArray(list) && typeof list[0] === 'string' ? list[0] : undefined;
}

function errorText(data: unknown): string | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const error = (data as { error?: unknown }).error;
  return typeof error === 'string' && error.trim() !== '' ? error : undefined;
}

/** Sends the request; every answer becomes what the form says (never throws). */
export async function requestStockAlert(body: StockAlertBody): Promise<StockAlertResult> {
  try {
    const answer = await apiRequest<StockAlertAnswer>('api/avise-me/', { method: 'POST', body });
    // Her address confirms it through the e-mailed link (double opt-in), unless it had already.
    const message = answer.confirmado
      ? stockAlertConfirmation(answer.email)
      : stockAlertConfirmationSent(answer.email);
    return { ok: true, message };
  } catch (error) {
    if (!isApiError(error) || error.isNetworkError || error.status >= 500) {
      return { ok: false, message: STOCK_ALERT_FAILED };
    }
    const emailError = fieldMessage(error.data, 'email');
    if (emailError) return { ok: false, emailError };
    // 409 'Este produto está disponível.', 404, 429: the API's own words.
    return { ok: false, message: errorText(error.data) ?? STOCK_ALERT_FAILED };
  }
}
