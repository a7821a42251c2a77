/**
 * The perfis-endereco calls (SPEC §7; docs/addresses-contract.md), shared by the account's
 * 'Endereços de Entrega' tab and the checkout's saved-address selector.
 */
import type { AddressProfileFields } from '@semijoias/domain/address';
import { apiRequest } from './api';

/** A saved profile as the server answers it (SPEC §3 "Address profile (server)"). */
export interface AddressProfile extends AddressProfileFields {
  id: number;
  is_default: boolean;
}

export type AddressProfileInput = AddressProfileFields & { is_default?: boolean };

/**
 * The server keeps at most this many profiles per customer and answers a 400 with this text
 * beyond it (docs/addresses-contract.md), so the page can say so before she fills a form.
 */
export { MAX_ADDRESS_PROFILES } from '@semijoias/domain/address-limits';
export { ADDRESS_PROFILE_LIMIT_REACHED } from '@semijoias/domain/messages';

/** Cached under 'session' so it goes with the session (see app/providers.tsx). */
export const addressProfilesQueryKey = ['session', 'perfis-endereco'] as const;

export async function fetchAddressProfiles({ signal }: { signal?: AbortSignal } = {}): Promise<
  AddressProfile[]
> {
  const answer = await apiRequest<{ success?: boolean; perfis?: AddressProfile[] }>(
    '/api/perfis-endereco/',
    { signal },
  );
  return Array.isArray(answer?.perfis) ? answer.perfis : [];
}

export async function createAddressProfile(body: AddressProfileInput): Promise<AddressProfile> {
  const answer = await apiRequest<{ success: boolean; perfil: AddressProfile }>(
    '/api/perfis-endereco/',
    { method: 'POST', body },
  );
  return answer.perfil;
}

export async function updateAddressProfile(
  id: number,
  body: AddressProfileInput,
): Promise<AddressProfile | undefined> {
  const answer = await apiRequest<{ success: boolean; perfil?: AddressProfile }>(
    `/api/perfis-endereco/${id}/`,
    { method: 'PUT', body },
  );
  return answer.perfil;
}

export async function deleteAddressProfile(id: number): Promise<void> {
  await apiRequest<{ success: boolean }>(`/api/perfis-endereco/${id}/`, { method: 'DELETE' });
}

export async function setDefaultAddressProfile(id: number): Promise<void> {
  await apiRequest<{ success: boolean }>(`/api/perfis-endereco/${id}/definir-padrao/`, {
    method: 'PUT',
  });
}
