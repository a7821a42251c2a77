/** The account's info tab (SPEC §5 "User info edit"): only e-mail and phone are editable. */
import { isValidEmail } from './email';
import { isValidPhoneFormat } from './phone';

export const USER_INFO_EMAIL_INVALID = 'Email inválido';
export const USER_INFO_PHONE_INVALID = 'Telefone inválido';

export interface UserInfoErrors {
  email?: string;
  phone?: string;
}

/** Field errors of the edit form; empty when both are valid. The phone is judged as masked. */
export function validateUserInfoEdit(form: { email: string; phone: string }): UserInfoErrors {
  const errors: UserInfoErrors = {};
  if (!isValidEmail(form.email)) errors.email = USER_INFO_EMAIL_INVALID;
  if (!isValidPhoneFormat(form.phone)) errors.phone = USER_INFO_PHONE_INVALID;
  return errors;
}

/** Salvar is allowed only when both fields are valid. */
export function canSaveUserInfo(form: { email: string; phone: string }): boolean {
  return Object.keys(validateUserInfoEdit(form)).length === 0;
}
