/**
 * The owners' second factor (docs/second-factor.md): its texts, and the one rule both sides read
 * the same way — what a typed code is. The API checks it; the screens use the same words and the
 * same reading of what she types (spaces, dashes and case never matter).
 */

/** `codigo` of the 403 every /api/admin/ call answers while her token lacks the second factor. */
export const SECOND_FACTOR_REQUIRED_CODE = 'segundo_fator_necessario';
/** `error` and `message` of that 403. */
export const SECOND_FACTOR_REQUIRED =
  'Confirme o código do seu aplicativo autenticador para entrar na administração.';
/** A wrong, expired or already used code (app or recovery). */
export const SECOND_FACTOR_INVALID_CODE =
  'Código inválido ou já usado. Confira o aplicativo e digite o código atual.';
/** The field's message when what she typed is not a code at all. */
export const SECOND_FACTOR_CODE_FORMAT =
  'Digite os 6 dígitos do aplicativo ou um código de recuperação (xxxx-xxxx).';
/** POST configurar/ when an authenticator is already confirmed. */
export const SECOND_FACTOR_ALREADY_SET =
  'O segundo fator já está ativo nesta conta. Para trocar de aplicativo, peça à outra ' +
  'administradora que o redefina.';
/** POST verificar/ or codigos/ before any authenticator was confirmed. */
export const SECOND_FACTOR_NOT_SET =
  'O segundo fator ainda não foi configurado nesta conta. Configure o aplicativo autenticador.';
/** POST ativar/ without a setup in progress. */
export const SECOND_FACTOR_NO_PENDING_SETUP =
  'Nenhuma configuração em andamento. Gere um novo QR code e tente de novo.';
/** POST /api/admin/donos/{id}/segundo-fator/redefinir/: her own. */
export const SECOND_FACTOR_RESET_SELF =
  'Você não pode redefinir o seu próprio segundo fator: peça à outra administradora.';
/** The same call for an id that is not an owner's. */
export const OWNER_NOT_FOUND = 'Administradora não encontrada.';
/** Its success. */
export const SECOND_FACTOR_RESET_DONE =
  'Segundo fator redefinido. As sessões dela foram encerradas e ela configura um novo aplicativo no próximo acesso.';

/** RFC 6238 as every authenticator app reads it by default. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;

/** Recovery codes: this many at a time, `xxxx-xxxx`, from letters and digits no one misreads. */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 8;
/** Lower-case letters and digits without 0/o, 1/l/i. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type SecondFactorCode = { kind: 'totp'; code: string } | { kind: 'recovery'; code: string };

const RECOVERY_PATTERN = new RegExp(`^[${RECOVERY_CODE_ALPHABET}]{${RECOVERY_CODE_LENGTH}}$`);
const TOTP_PATTERN = new RegExp(`^\\d{${TOTP_DIGITS}}$`);

/**
 * What she typed in the one field: six digits of the app, or a recovery code (dashes, spaces and
 * case ignored; answered in its canonical eight characters, without the dash). Null otherwise.
 */
export function parseSecondFactorCode(typed: string): SecondFactorCode | null {
  const compact = typed.replace(/[\s-]/g, '').toLowerCase();
  if (TOTP_PATTERN.test(compact)) return { kind: 'totp', code: compact };
  if (RECOVERY_PATTERN.test(compact)) return { kind: 'recovery', code: compact };
  return null;
}

/** A recovery code as shown and typed: `abcd-efgh`. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/**
 * The browser's own id, kept in its localStorage and sent with every password login, so the
 * store can tell the owner when her account is opened from a browser it has not seen.
 */
export const DEVICE_HEADER = 'X-Dispositivo';
export const DEVICE_STORAGE_KEY = 'semijoias.dispositivo';
/** A UUID or any random id of 16 to 64 letters, digits, `-` and `_`; anything else is ignored. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
