/**
 * What the back office's screens show of a failed call: the server's own Portuguese message
 * (every /api/admin/ error answers `{error, errors?}`), the connection message when no answer
 * came, and the per-field messages of a form (`errors: {campo: [..]}`).
 */
import { CONNECTION_ERROR } from '@semijoias/domain/messages';
import { isApiError } from '@/lib/api';

const FALLBACK = 'Não foi possível concluir. Tente novamente.';

export function adminErrorMessage(error: unknown): string {
  if (!isApiError(error)) return FALLBACK;
  if (error.isNetworkError) return CONNECTION_ERROR;
  const data = error.data as { error?: unknown } | null;
  return typeof data?.error === 'string' && data.error !== '' ? data.error : FALLBACK;
}

/** The first message of each field the server refused. */
export function adminFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') out[field] = first;
  }
  return out;
}
