/**
 * GET api/infos/ (SPEC §7; docs/auth-contract.md): the logged-in customer's own data, read by the
 * account area and by the header's account drawer (whether she is an owner). Cached under
 * 'session' so it goes with the session (see app/providers.tsx).
 */
import { apiRequest } from './api';

export interface UserInfo {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** digits */
  phone: string;
  /** digits */
  cpf: string;
  /** yyyy-mm-dd */
  birthdate: string;
  /** An owner of the store: the account and its drawer show the entry to the back office. */
  administrador?: boolean;
  /** She agreed to offers by e-mail (LGPD); saved by the info tab's switch. */
  aceita_marketing?: boolean;
}

export const userInfoQueryKey = ['session', 'infos'] as const;

export function fetchUserInfo({ signal }: { signal?: AbortSignal }): Promise<UserInfo> {
  return apiRequest<UserInfo>('api/infos/', { signal });
}
