/** GET and PUT api/admin/frete/, POST api/admin/frete/testar/ (docs/shipping-settings-contract.md). */
import { ADMIN_QUERY_ROOT, adminGet, adminSend } from '../lib/admin-api';

export interface PackageJson {
  largura: number;
  altura: number;
  comprimento: number;
  peso_gramas: number;
}

export interface SenderJson {
  nome: string;
  telefone: string;
  email: string;
  documento: string;
  inscricao_estadual: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: string;
  cep: string;
}

/** As the API answers them: never the token, only whether one is set and its last 4 characters. */
export interface ShippingSettingsJson {
  ativo: boolean | null;
  cotando: boolean;
  ambiente: 'sandbox' | 'producao' | null;
  token: {
    salvo: boolean;
    origem: 'painel' | 'ambiente' | null;
    final: string | null;
    ilegivel: boolean;
  };
  email_tecnico: string;
  email_tecnico_padrao: string;
  cep_origem_padrao: string | null;
  remetente: SenderJson;
  servicos: {
    id: number;
    transportadora: string;
    servico: string;
    margem: string;
    dias_extras: number;
  }[];
  embalagens: Record<string, PackageJson>;
  ultimo_teste: { resultado: string; em: string } | null;
}

export interface ConnectionTestJson {
  resultado: string;
  ok: boolean;
  mensagem: string;
}

export const SHIPPING_SETTINGS_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'frete'] as const;

export const shippingSettingsQuery = {
  queryKey: SHIPPING_SETTINGS_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    adminGet<{ frete: ShippingSettingsJson }>('frete/', { signal }),
};

export function saveShippingSettings(body: Record<string, unknown>): Promise<{
  frete: ShippingSettingsJson;
}> {
  return adminSend('PUT', 'frete/', body);
}

export function testShippingConnection(): Promise<{ teste: ConnectionTestJson }> {
  return adminSend('POST', 'frete/testar/');
}
