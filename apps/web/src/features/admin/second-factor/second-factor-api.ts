/**
 * The owners' second factor (docs/second-factor.md). Its calls live outside /api/admin/ — they
 * must answer before she has passed it — but her session is the same (lib/api.ts): a code the
 * server accepts answers a new pair of tokens, stored like a login's, that carries the factor.
 */
import { apiRequest } from '@/lib/api';
import { storeTokens } from '@/lib/session';
import { ADMIN_QUERY_ROOT } from '../lib/admin-api';

export interface SecondFactorStatus {
  configurado: boolean;
  obrigatorio: boolean;
  codigos_restantes: number;
}

export interface SecondFactorSetup {
  /** Base32, in groups of 4 for reading. */
  segredo: string;
  uri: string;
  qr_svg: string;
}

interface TokenPair {
  access: string;
  refresh: string;
}

/** Under the session's root: a logout drops it with the rest of her data. */
export const SECOND_FACTOR_QUERY_KEY = [...ADMIN_QUERY_ROOT, 'segundo-fator'] as const;

export const secondFactorStatusQuery = {
  queryKey: SECOND_FACTOR_QUERY_KEY,
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<SecondFactorStatus>('api/segundo-fator/', { signal }),
};

/**
 * Asks for the one-time link that opens the setup, e-mailed to her own address (her password
 * alone sets nothing up): answers the words to show, 'Enviamos um link para o seu e-mail…'.
 */
export async function requestSetupLink(): Promise<string> {
  const answer = await apiRequest<{ message: string }>('api/segundo-fator/link/', {
    method: 'POST',
  });
  return answer.message;
}

/** The e-mailed link's token opens a new secret, pending until a code of it is typed (once). */
export function startSetup(token: string): Promise<SecondFactorSetup> {
  return apiRequest<SecondFactorSetup>('api/segundo-fator/configurar/', {
    method: 'POST',
    body: { token },
  });
}

/** Confirms the pending secret; the new tokens are stored, the recovery codes returned. */
export async function activate(codigo: string): Promise<string[]> {
  const answer = await apiRequest<TokenPair & { codigos_recuperacao: string[] }>(
    'api/segundo-fator/ativar/',
    { method: 'POST', body: { codigo } },
  );
  storeTokens(answer.access, answer.refresh);
  return answer.codigos_recuperacao;
}

/** A code of the app or a recovery code; stores the new tokens, answers the codes left. */
export async function verify(codigo: string): Promise<number> {
  const answer = await apiRequest<TokenPair & { codigos_restantes: number }>(
    'api/segundo-fator/verificar/',
    { method: 'POST', body: { codigo } },
  );
  storeTokens(answer.access, answer.refresh);
  return answer.codigos_restantes;
}

/** Ten new recovery codes; the old ones stop working. */
export async function renewRecoveryCodes(): Promise<string[]> {
  const answer = await apiRequest<{ codigos_recuperacao: string[] }>('api/segundo-fator/codigos/', {
    method: 'POST',
  });
  return answer.codigos_recuperacao;
}

/** The e-mail the secret was made for: the otpauth URI's label is `issuer:e-mail`. */
export function accountOfUri(uri: string): string | undefined {
  try {
    const label = decodeURIComponent(new URL(uri).pathname.replace(/^\/+/, ''));
    const account = label.slice(label.indexOf(':') + 1).trim();
    return account || undefined;
  } catch {
    return undefined;
  }
}

/**
 * `/admin?segundo-fator=configurar`: the setup she asked for herself (with OWNER_2FA=optional
 * nothing else brings her to it). The e-mailed link adds `&token=…`.
 */
export const SET_UP_PARAM = 'segundo-fator';
export const SET_UP_VALUE = 'configurar';
export const SET_UP_TOKEN_PARAM = 'token';
export const SET_UP_HREF = `/admin?${SET_UP_PARAM}=${SET_UP_VALUE}`;
