/**
 * Calls of the back office's API (/api/admin/, docs/admin-contract.md). The same session and
 * refresh as the shopper's calls (lib/api.ts); an owner's token differs only by her role, which
 * the server checks on every call.
 */
import { apiRequest, type ApiRequestOptions } from '@/lib/api';

/** `adminPath('produtos/12/')` → 'api/admin/produtos/12/'. */
export function adminPath(path: string): string {
  return `api/admin/${path.replace(/^\/+/, '')}`;
}

export function adminGet<T>(
  path: string,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest<T>(adminPath(path), { ...options, method: 'GET' });
}

export function adminSend<T>(
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  options: Omit<ApiRequestOptions, 'method' | 'body'> = {},
): Promise<T> {
  return apiRequest<T>(adminPath(path), { ...options, method, body });
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
