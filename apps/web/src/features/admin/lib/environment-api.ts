/**
 * GET api/admin/ambiente/ (docs/admin/dashboard-stock-audit.md): what the running store's
 * settings mean for the owners — test payments, the embedded database or mail kept in files in
 * production. Read once per visit: the settings change only when the store restarts.
 */
import { ADMIN_QUERY_ROOT, adminGet } from './admin-api';

export interface EnvironmentNotice {
  codigo: 'pagamentos_de_teste' | 'banco_embutido' | 'email_em_arquivo';
  titulo: string;
  texto: string;
}

export const environmentQuery = {
  queryKey: [...ADMIN_QUERY_ROOT, 'ambiente'] as const,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ avisos: EnvironmentNotice[] }>('ambiente/', { signal }).then((a) => a.avisos),
  staleTime: Infinity,
};
