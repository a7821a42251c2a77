/** GET/PUT api/infos/ (SPEC §7; docs/auth-contract.md): the logged-in customer's own data. */
import { apiRequest } from '@/lib/api';
import type { UserInfo } from '@/lib/user-info';

export { fetchUserInfo, userInfoQueryKey, type UserInfo } from '@/lib/user-info';

/** PUT api/infos/'s answer: with a new e-mail asked, the address waiting for its link. */
export interface SavedUserInfo extends UserInfo {
  email_pendente?: string;
  message?: string;
}

/**
 * Only e-mail and phone change; the other fields are sent back as read. A new e-mail goes with
 * her current password and changes only when the link sent to it is opened
 * (docs/account-security.md).
 */
export function saveUserInfo(
  current: UserInfo | undefined,
  changes: { email: string; phone: string; currentPassword?: string },
): Promise<SavedUserInfo> {
  return apiRequest<SavedUserInfo>('api/infos/', {
    method: 'PUT',
    body: {
      username: current?.username,
      cpf: current?.cpf,
      birthdate: current?.birthdate,
      email: changes.email.trim(),
      phone: changes.phone,
      ...(changes.currentPassword ? { senha_atual: changes.currentPassword } : {}),
    },
  });
}

/** POST api/confirmar-email/: the link sent to the new address (no session needed). */
export function confirmEmailChange(token: string): Promise<{ message: string; email: string }> {
  return apiRequest('api/confirmar-email/', { method: 'POST', body: { token }, auth: false });
}

/** POST api/nao-fui-eu/: the link sent to the old address (no session needed). */
export function cancelEmailChange(token: string): Promise<{ message: string }> {
  return apiRequest('api/nao-fui-eu/', { method: 'POST', body: { token }, auth: false });
}

/**
 * The info tab's switch: her consent to offers by e-mail, saved on its own. The
 * contact goes back as read (the call needs it; it does not change).
 */
export function saveMarketingConsent(current: UserInfo, accepts: boolean): Promise<UserInfo> {
  return apiRequest<UserInfo>('api/infos/', {
    method: 'PUT',
    body: {
      username: current.username,
      cpf: current.cpf,
      birthdate: current.birthdate,
      email: current.email,
      phone: current.phone,
      aceita_marketing: accepts,
    },
  });
}
