// =================================================================================================
// Accounts: login, registration, e-mail verification, forgotten and reset password.
// =================================================================================================

import { isValidEmail } from '../email';
import {
  CONNECTION_ERROR,
  field,
  firstFieldError,
  isOk,
  serverMessage,
  text,
  type Outcome,
} from './reading';

// Login
export const LOGIN_ERROR_TITLE = 'Ocorreu um erro:';
export const LOGIN_INVALID_CREDENTIALS = 'Credenciais incorretas.';
export const LOGIN_SUCCESS = 'Login efetuado com sucesso!';

/** The 403 code of POST api/token/ for an account whose e-mail is not verified yet. */
export const LOGIN_EMAIL_NOT_VERIFIED_CODE = 'email_not_verified';
/** The API's `error` with that code (docs/auth-contract.md); the drawer shows it as is. */
export const LOGIN_EMAIL_NOT_VERIFIED =
  'E-mail ainda não verificado. Verifique sua caixa de entrada ou solicite um novo e-mail de verificação.';
/** The API's 429 on login, sign-up, resend and forgot password (docs/auth-contract.md). */
export const TOO_MANY_ATTEMPTS = 'Muitas tentativas. Aguarde alguns minutos e tente novamente.';
/** The API's answer to a bad, expired or used token (session, verification, reset). */
export const TOKEN_INVALID_OR_EXPIRED = 'Token inválido ou expirado.';

/**
 * A failed POST api/token/. Wrong credentials (and anything unexpected) read 'Credenciais
 * incorretas.' (SPEC §8); an unverified account and the rate limit show the server's own words
 * (the drawer then offers the resend page); no answer at all is a connection error.
 */
export function loginErrorMessage(outcome: Outcome): {
  message: string;
  emailNotVerified: boolean;
} {
  if (outcome.kind === 'no-response') return { message: CONNECTION_ERROR, emailNotVerified: false };
  if (outcome.kind !== 'response')
    return { message: LOGIN_INVALID_CREDENTIALS, emailNotVerified: false };
  const server = serverMessage(outcome.data);
  if (outcome.status === 403 && field(outcome.data, 'code') === LOGIN_EMAIL_NOT_VERIFIED_CODE)
    return {
      message: text(field(outcome.data, 'error')) ?? server ?? LOGIN_INVALID_CREDENTIALS,
      emailNotVerified: true,
    };
  if (outcome.status === 429 && server) return { message: server, emailNotVerified: false };
  return { message: LOGIN_INVALID_CREDENTIALS, emailNotVerified: false };
}

// Registration
export const REGISTRATION_EMAIL_TAKEN =
  'Este email já está cadastrado. Tente fazer login ou use outro email.';
export const REGISTRATION_CPF_TAKEN =
  'Este CPF já está cadastrado no sistema. Verifique se você já possui conta ou entre em contato conosco.';
/** Kept exactly as the SPEC writes it, ellipsis included. */
export const REGISTRATION_DUPLICATE_DATA = 'Dados duplicados encontrados...';
/** Kept exactly as the SPEC writes it, ellipsis included. */
export const REGISTRATION_CONFLICT = 'Já existe uma conta com esses dados (email, CPF ou nome)...';
export const REGISTRATION_BAD_REQUEST =
  'Dados informados são inválidos. Verifique todos os campos e tente novamente.';
export const REGISTRATION_SERVER_ERROR =
  'Erro interno do servidor. Tente novamente em alguns minutos.';
export const REGISTRATION_UNEXPECTED = 'Erro inesperado. Tente novamente.';
export const REGISTRATION_FAILED = 'Erro ao cadastrar usuário. Por favor, tente novamente.';
export const REGISTRATION_SUCCESS =
  'Cadastro realizado com sucesso, verifique seu email para logar.';
/** The account exists but the verification e-mail could not be sent. */
export const ACCOUNT_CREATED_BUT_PREFIX = 'Conta criada com sucesso, mas';
/** The API's text for that case (it starts with the prefix above). */
export const ACCOUNT_CREATED_EMAIL_NOT_SENT =
  'Conta criada com sucesso, mas não foi possível enviar o email de verificação. Solicite um novo email de verificação.';

const TAKEN =
  /(j[áa] (est[áa] |foi |se encontra )?(cadastrad|registrad|existe|em uso|utilizad|usad)|already|exists|unique|duplicad|duplicate|em uso|in use)/i;

/** Maps a server message about a duplicate e-mail or CPF to the SPEC's texts; else undefined. */
function duplicateMessage(message: string): string | undefined {
  if (!TAKEN.test(message)) return undefined;
  if (/e-?mail/i.test(message)) return REGISTRATION_EMAIL_TAKEN;
  if (/cpf/i.test(message)) return REGISTRATION_CPF_TAKEN;
  return REGISTRATION_DUPLICATE_DATA;
}

/**
 * A failed POST /api/users/. A server message wins (duplicates of e-mail or CPF become the
 * SPEC's texts, anything else is shown as is); without one the status decides.
 */
export function registrationErrorMessage(outcome: Outcome): string {
  if (outcome.kind === 'no-response') return CONNECTION_ERROR;
  if (outcome.kind === 'other') return REGISTRATION_FAILED;
  const message = serverMessage(outcome.data) ?? firstFieldError(outcome.data)?.message;
  if (message) return duplicateMessage(message) ?? message;
  if (outcome.status === 409) return REGISTRATION_CONFLICT;
  if (outcome.status === 400) return REGISTRATION_BAD_REQUEST;
  if (outcome.status === 500) return REGISTRATION_SERVER_ERROR;
  return REGISTRATION_UNEXPECTED;
}

/**
 * A successful POST /api/users/: the SPEC's success text, unless the server says the account was
 * created but the verification e-mail was not sent ('Conta criada com sucesso, mas ...').
 */
export function registrationSuccessMessage(data: unknown): {
  message: string;
  verificationEmailSent: boolean;
} {
  const message = serverMessage(data);
  if (message?.startsWith(ACCOUNT_CREATED_BUT_PREFIX))
    return { message, verificationEmailSent: false };
  return { message: REGISTRATION_SUCCESS, verificationEmailSent: true };
}

// E-mail verification
export const VERIFY_API_CONNECTION_ERROR = 'Erro de conexão. Tente novamente mais tarde.';
export const VERIFY_API_TOKEN_INVALID =
  'Token inválido ou expirado. Solicite um novo email de verificação.';
export const VERIFY_API_UNEXPECTED = 'Erro inesperado no servidor. Tente novamente mais tarde.';

export const VERIFY_SUCCESS = 'Email verificado com sucesso! Sua conta foi ativada.';
export const VERIFY_ALREADY_VERIFIED =
  'Sua conta já estava ativa! Você pode fazer login normalmente.';
export const VERIFY_USER_NOT_FOUND = 'Usuário não encontrado. Verifique se sua conta ainda existe.';
export const VERIFY_LINK_INVALID =
  'O link de verificação expirou ou é inválido. Solicite um novo email de verificação.';
export const VERIFY_UNKNOWN_STATUS = 'Erro inesperado na verificação. Tente novamente mais tarde.';
export const VERIFY_NO_PARAMETERS = 'Link de verificação inválido ou incompleto.';

/** A failed POST /api/verify_email/ (SPEC §8 "Verification API"; 404 uses the page's text). */
export function verifyEmailErrorMessage(outcome: Outcome): string {
  if (outcome.kind !== 'response') return VERIFY_API_CONNECTION_ERROR;
  if (outcome.status === 404) return VERIFY_USER_NOT_FOUND;
  if (outcome.status === 400) return VERIFY_API_TOKEN_INVALID;
  return VERIFY_API_UNEXPECTED;
}

export type VerifyStatus = 'success' | 'already_verified' | 'user_not_found' | 'invalid_token';

/** The status query values the server redirects with (SPEC §4). */
export const VERIFY_STATUS_MESSAGES: Record<VerifyStatus, string> = {
  success: VERIFY_SUCCESS,
  already_verified: VERIFY_ALREADY_VERIFIED,
  user_not_found: VERIFY_USER_NOT_FOUND,
  invalid_token: VERIFY_LINK_INVALID,
};

export type VerifyPageState =
  { state: 'verify-token'; token: string } | { state: 'success' | 'error'; message: string };

/**
 * What /verificar-email shows for its query: a token is verified by calling the API; a status
 * maps to its text (success and already_verified are successes; any other value is the generic
 * error); neither gives 'Link de verificação inválido ou incompleto.'.
 */
export function verifyPageState(query: {
  token?: string | null;
  status?: string | null;
}): VerifyPageState {
  const token = text(query.token);
  if (token) return { state: 'verify-token', token };
  const status = text(query.status);
  if (!status) return { state: 'error', message: VERIFY_NO_PARAMETERS };
  if (!Object.hasOwn(VERIFY_STATUS_MESSAGES, status))
    return { state: 'error', message: VERIFY_UNKNOWN_STATUS };
  const known = status as VerifyStatus;
  const ok = known === 'success' || known === 'already_verified';
  return { state: ok ? 'success' : 'error', message: VERIFY_STATUS_MESSAGES[known] };
}

// Signing up flows into the store: the success screen names the address, the e-mail names the
// welcome coupon (its words are coupon.ts's), and the link both verifies the account and logs her
// in (docs/auth-contract.md).

/** The sign-up success screen: where the link went (the page shows the address in bold). */
export const REGISTRATION_SENT_TO_PREFIX = 'Enviamos o link de ativação para';
export function registrationSentTo(email: string): string {
  return `${REGISTRATION_SENT_TO_PREFIX} ${email}.`;
}
export const REGISTRATION_SENT_HINT =
  'Abra o link do e-mail para ativar sua conta: você já entra nela. Não chegou em alguns minutos? Confira o spam ou a aba de promoções.';

/** The verification e-mail: what opening its link does. */
export const VERIFICATION_EMAIL_LEAD =
  'Para ativar sua conta, confirme seu e-mail abrindo o link abaixo: você já entra na sua conta.';

/** The page after a link that logged her in. */
export const VERIFY_LOGGED_IN = 'Você já entrou na sua conta.';

/** The page's button once she is in: back to the checkout, to where she was, or to the store. */
export function verifyContinueLabel(destination: string | null): string {
  if (destination === null) return 'Começar a comprar';
  if (destination === '/checkout' || destination.startsWith('/checkout?')) {
    return 'Continuar a compra';
  }
  return 'Voltar para onde eu estava';
}

// Resend verification
export const RESEND_EMAIL_REQUIRED = 'Por favor, digite seu email.';
export const RESEND_EMAIL_INVALID = 'Por favor, digite um email válido.';
export const RESEND_ALREADY_VERIFIED =
  'Esta conta já está verificada e ativa! Você pode fazer login normalmente.';
export const RESEND_SENT =
  'Email de verificação enviado com sucesso! Verifique sua caixa de entrada.';
export const RESEND_NOT_FOUND =
  'Email não encontrado. Verifique se o email está correto ou faça um novo cadastro.';
export const RESEND_UNEXPECTED = 'Erro inesperado. Tente novamente mais tarde.';

/** The resend page's e-mail check (SPEC §5): required, then the standard pattern; null when fine. */
export function resendEmailError(email: string): string | null {
  if (email.trim() === '') return RESEND_EMAIL_REQUIRED;
  if (!isValidEmail(email)) return RESEND_EMAIL_INVALID;
  return null;
}

/** POST /api/send_verification/: `ok` is true when the page should redirect home. */
export function resendVerificationResult(outcome: Outcome): { ok: boolean; message: string } {
  const alreadyVerified =
    outcome.kind === 'response' && field(outcome.data, 'already_verified') === true;
  if (alreadyVerified) return { ok: true, message: RESEND_ALREADY_VERIFIED };
  if (isOk(outcome)) return { ok: true, message: RESEND_SENT };
  if (outcome.kind === 'response' && outcome.status === 404)
    return { ok: false, message: RESEND_NOT_FOUND };
  return { ok: false, message: RESEND_UNEXPECTED };
}

// Forgotten and reset password
export const FORGOT_SENT = 'Email enviado com sucesso! Verifique sua caixa de entrada.';
export const FORGOT_NOT_FOUND = 'Este email não está cadastrado em nosso sistema.';
export const FORGOT_FAILED = 'Erro ao enviar email. Tente novamente.';

export function forgotPasswordResult(outcome: Outcome): { ok: boolean; message: string } {
  if (isOk(outcome)) return { ok: true, message: FORGOT_SENT };
  if (outcome.kind === 'response' && outcome.status === 404)
    return { ok: false, message: FORGOT_NOT_FOUND };
  return { ok: false, message: FORGOT_FAILED };
}

export const RESET_SUCCESS =
  'Senha redefinida com sucesso! Redirecionando para a página inicial...';
export const RESET_FAILED = 'Erro ao redefinir senha. Tente novamente.';
/** The API's answer to a reset that went through (POST api/reset-password/). */
export const RESET_DONE = 'Senha redefinida com sucesso.';

/** POST api/reset-password/: the server's `error` field when it sent one. */
export function resetPasswordResult(outcome: Outcome): { ok: boolean; message: string } {
  if (isOk(outcome)) return { ok: true, message: RESET_SUCCESS };
  const error = outcome.kind === 'response' ? text(field(outcome.data, 'error')) : undefined;
  return { ok: false, message: error ?? RESET_FAILED };
}
