// =================================================================================================
// Address profiles: saving at checkout, the account's addresses, the API's refusals.
// =================================================================================================

import { MAX_ADDRESS_PROFILES } from '../address-limits';
import { field, serverFieldErrors, serverMessage, text, type Outcome } from './reading';

export const ADDRESS_PROFILE_NAME_TAKEN =
  'Você já possui um perfil de endereço com este nome. Escolha um nome diferente.';
export const ADDRESS_SAVE_FAILED_CHECKOUT =
  'Erro ao salvar perfil de endereço. Verifique os dados e tente novamente.';

/** Field -> prefix at checkout; any other field uses ADDRESS_OTHER_FIELD_PREFIX. */
export const ADDRESS_FIELD_PREFIXES: Readonly<Record<string, string>> = {
  nome_perfil: 'Erro no perfil de endereço: ',
  email: 'Erro no email: ',
  cpf: 'Erro no CPF: ',
  telefone: 'Erro no telefone: ',
  cep: 'Erro no CEP: ',
};
export const ADDRESS_OTHER_FIELD_PREFIX = 'Erro nos dados do endereço: ';

/**
 * A database's duplicate-key text about the profile name (PostgreSQL "duplicate key value
 * violates unique constraint …nome_perfil…", SQLite "UNIQUE constraint failed: …nome_perfil",
 * Django "… nome_perfil must make a unique set"), or our own text for it.
 */
export function isDuplicateProfileNameMessage(message: string): boolean {
  if (message === ADDRESS_PROFILE_NAME_TAKEN) return true;
  return /nome_perfil/i.test(message) && /(unique|duplicate|duplicad)/i.test(message);
}

/** Every text in a body: message, error, detail and each field message. */
function allTexts(data: unknown): string[] {
  const errors = field(data, 'errors');
  const all =
    errors !== null && typeof errors === 'object'
      ? Object.values(errors as Record<string, unknown>).flatMap((v) =>
          Array.isArray(v) ? v : [v],
        )
      : [];
  return [serverMessage(data), ...all].map(text).filter((t): t is string => t !== undefined);
}

/**
 * A failed POST /api/perfis-endereco/ while saving the manual address at checkout. A duplicate
 * profile name is recognised first (wherever the server put it); then the field errors in the
 * SPEC's order: profile name, e-mail, CPF, phone, CEP, else the first other field.
 */
export function checkoutAddressSaveError(outcome: Outcome): string {
  if (outcome.kind !== 'response') return ADDRESS_SAVE_FAILED_CHECKOUT;
  if (allTexts(outcome.data).some(isDuplicateProfileNameMessage)) return ADDRESS_PROFILE_NAME_TAKEN;
  const errors = serverFieldErrors(outcome.data);
  for (const [name, prefix] of Object.entries(ADDRESS_FIELD_PREFIXES)) {
    const message = errors[name];
    if (message) return `${prefix}${message}`;
  }
  const other = Object.values(errors)[0];
  if (other) return `${ADDRESS_OTHER_FIELD_PREFIX}${other}`;
  return ADDRESS_SAVE_FAILED_CHECKOUT;
}

export const ADDRESS_SAVE_FAILED = 'Erro ao salvar perfil. Tente novamente.';
export const ADDRESS_DELETE_CONFIRM = 'Tem certeza que deseja excluir este perfil de endereço?';
export const ADDRESS_DELETE_FAILED = 'Erro ao excluir perfil';
export const ADDRESS_SET_DEFAULT_FAILED = 'Erro ao definir perfil padrão';
export const ADDRESS_CREATED = 'Perfil criado com sucesso!';
export const ADDRESS_UPDATED = 'Perfil atualizado com sucesso!';

/**
 * A failed save in the account's address dialog: the server's field errors (first message per
 * field, shown under each field), else one message: the duplicate-name text, else the generic.
 */
export function addressPageSaveError(outcome: Outcome): {
  fieldErrors: Record<string, string>;
  message: string | null;
} {
  if (outcome.kind !== 'response') return { fieldErrors: {}, message: ADDRESS_SAVE_FAILED };
  const fieldErrors = serverFieldErrors(outcome.data);
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  const duplicate = allTexts(outcome.data).some(isDuplicateProfileNameMessage);
  return { fieldErrors, message: duplicate ? ADDRESS_PROFILE_NAME_TAKEN : ADDRESS_SAVE_FAILED };
}

/** A failed DELETE: the server's message, else 'Erro ao excluir perfil'. */
export function addressDeleteError(outcome: Outcome): string {
  return (
    (outcome.kind === 'response' ? serverMessage(outcome.data) : undefined) ?? ADDRESS_DELETE_FAILED
  );
}

export const ADDRESS_PROFILE_ID_INVALID = 'O id do perfil deve ser um número inteiro positivo.';
/** A profile id that is not one of hers (or no longer exists): the same 404 either way. */
export const ADDRESS_PROFILE_NOT_FOUND = 'Perfil de endereço não encontrado.';
/** Saving one more profile than MAX_ADDRESS_PROFILES; the account page says it before asking. */
export const ADDRESS_PROFILE_LIMIT_REACHED = `Você pode salvar até ${MAX_ADDRESS_PROFILES} perfis de endereço. Exclua um para cadastrar outro.`;
/** The two fields the domain's schema has no text for when of the wrong type. */
export const ADDRESS_IS_DEFAULT_INVALID = 'O campo is_default deve ser verdadeiro ou falso.';
export const ADDRESS_COMPLEMENTO_INVALID = 'Complemento inválido';
