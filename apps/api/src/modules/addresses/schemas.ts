/**
 * Answer schemas of the perfis-endereco calls (docs/addresses-contract.md). The body is checked
 * by the domain's validateAddressProfilePayload in the handler, so a refusal answers the SPEC's
 * `errors: {field: [messages]}` with the domain's texts.
 */
import { z } from 'zod';
import { ADDRESS_PROFILE_ID_INVALID } from '@semijoias/domain/messages';
import { idParams } from '../../lib/params.js';

export const profileIdParams = idParams(ADDRESS_PROFILE_ID_INVALID);

export const addressProfileJson = z.object({
  id: z.number(),
  nome_perfil: z.string(),
  nome_completo: z.string(),
  email: z.string(),
  cpf: z.string(),
  telefone: z.string(),
  cep: z.string(),
  endereco: z.string(),
  numero: z.string(),
  complemento: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string(),
  is_default: z.boolean(),
});

export type AddressProfileJson = z.infer<typeof addressProfileJson>;

export const errorSchema = z.looseObject({
  error: z.string(),
  success: z.literal(false).optional(),
  message: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const listAnswer = z.object({
  success: z.literal(true),
  perfis: z.array(addressProfileJson),
});
export const profileAnswer = z.object({ success: z.literal(true), perfil: addressProfileJson });
export const okAnswer = z.object({ success: z.literal(true) });
