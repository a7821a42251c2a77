/** The back office's customer calls (docs/admin/coupons-customers.md) and their query keys. */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';
import type { AddressProfileFields } from '@semijoias/domain/address';

export interface CustomerSummary {
  id: number;
  nome: string;
  email: string;
  cpf: string;
  pedidos: number;
  total_gasto: string;
  ultimo_pedido: string | null;
  verificada: boolean;
  anonimizada: boolean;
  administradora: boolean;
  criada_em: string;
}

export interface CustomerList {
  clientes: CustomerSummary[];
  total: number;
  pagina: number;
  paginas: number;
}

/** A saved address as GET clientes/:id/ answers it: the profile's fields, its id and default. */
export interface CustomerAddress extends AddressProfileFields {
  id: number;
  is_default: boolean;
}

export interface CustomerDetail {
  cliente: CustomerSummary & {
    nome_proprio: string;
    sobrenome: string;
    telefone: string;
    data_nascimento: string;
    anonimizada_em: string | null;
    /** An owner's second factor set up; null for a customer. */
    segundo_fator: boolean | null;
  };
  enderecos: CustomerAddress[];
  pedidos: {
    referencia: string;
    status: string;
    status_codigo: string;
    itens: number;
    total: string;
    cupom: string | null;
    criado_em: string;
  }[];
}

/** What the owner types to confirm an anonymisation (the server asks for the same word). */
export const ANONYMIZE_CONFIRMATION = 'ANONIMIZAR';

export const CUSTOMERS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'clientes'] as const;

export function customersQuery(busca: string, pagina: number) {
  return {
    queryKey: [...CUSTOMERS_QUERY_KEY, 'lista', busca, pagina] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<CustomerList>('clientes/', {
        signal,
        query: { busca: busca || undefined, pagina: pagina > 1 ? pagina : undefined },
      }),
  };
}

export function customerQuery(id: string) {
  return {
    queryKey: [...CUSTOMERS_QUERY_KEY, id] as const,
    queryFn: ({ signal }: { signal?: AbortSignal }) =>
      adminGet<CustomerDetail>(`clientes/${id}/`, { signal }),
  };
}

/**
 * Her data as a file: read through the authenticated client (a plain link would carry no
 * token), then saved from a Blob under the server's file name.
 */
export async function downloadCustomerExport(id: number): Promise<void> {
  const data = await adminGet<unknown>(`clientes/${id}/exportar/`);
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `cliente-${id}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address is freed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function anonymizeCustomer(id: number) {
  return adminSend<CustomerDetail>('POST', `clientes/${id}/anonimizar/`, {
    confirmacao: ANONYMIZE_CONFIRMATION,
  });
}

/**
 * Removes another owner's second factor (she lost her phone and her codes): her sessions end and
 * she sets it up again at her next entry. Audited by the server.
 */
export function resetOwnerSecondFactor(id: number) {
  return adminSend<{ message: string }>('POST', `donos/${id}/segundo-fator/redefinir/`);
}
