/**
 * Calls of the back office's API (/api/admin/, docs/admin-contract.md). The same session and
 * refresh as the shopper's calls (lib/api.ts); an owner's token differs only by her role, which
 * the server checks on every call — and by the second factor, which lasts 12 hours: every call
 * here tells the back office (AdminApp) when the server asks for it again.
 */
import { SECOND_FACTOR_REQUIRED_CODE } from '@semijoias/domain/second-factor';
import { apiRequest, isApiError, type ApiRequestOptions } from '@/lib/api';

/** True for the 403 of a back-office call whose session lacks the second factor. */
export function needsSecondFactor(error: unknown): boolean {
  if (!isApiError(error) || error.status !== 403) return false;
  return (error.data as { codigo?: unknown } | null)?.codigo === SECOND_FACTOR_REQUIRED_CODE;
}

const secondFactorListeners = new Set<() => void>();

/**
 * Calls `listener` each time a back-office call answers 403 `segundo_fator_necessario` (her 12
 * hours with the code are over, docs/auth-contract.md); returns the unsubscribe.
 */
export function onSecondFactorRequired(listener: () => void): () => void {
  secondFactorListeners.add(listener);
  return () => void secondFactorListeners.delete(listener);
}

/** The call's own outcome, after telling the listeners when it is that 403. */
export async function watchSecondFactor<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (needsSecondFactor(error)) for (const listener of [...secondFactorListeners]) listener();
    throw error;
  }
}

/** `adminPath('produtos/12/')` → 'api/admin/produtos/12/'. */
export function adminPath(path: string): string {
  return `api/admin/${path.replace(/^\/+/, '')}`;
}

export function adminGet<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return watchSecondFactor(apiRequest<T>(adminPath(path), { ...options, method: 'GET' }));
}

export function adminSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return watchSecondFactor(apiRequest<T>(adminPath(path), { ...options, method, body }));
}

export interface AdminSession {
  id: number;
  email: string;
  nome: string;
}

/** Every admin query's key starts here: a logout drops them all with the session's. */
export const ADMIN_QUERY_ROOT = ['session', 'admin'] as const;

export const adminSessionQuery = {
  queryKey: [...ADMIN_QUERY_ROOT, 'sessao'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) => adminGet<AdminSession>('sessao/', { signal }),
};
