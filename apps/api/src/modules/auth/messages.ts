/** The session calls' own answers (docs/auth-contract.md): Portuguese, shown as written. */

/** POST api/logout/: the same answer whether the token was known or not. */
export const LOGGED_OUT = 'Você saiu da sua conta.';

/** POST api/logout/todos/. */
export const LOGGED_OUT_EVERYWHERE = 'Você saiu da sua conta em todos os aparelhos.';

/**
 * POST api/token/ during the wait after too many wrong passwords for one account (429, with
 * Retry-After): when to try again, and the way in that never waits.
 */
export function loginDelayedMessage(minutes: number): string {
  const n = Math.max(1, minutes);
  return (
    `Muitas senhas erradas para esta conta. Tente de novo em ${n} ${n === 1 ? 'minuto' : 'minutos'}, ` +
    'ou use “Esqueci minha senha” para criar uma nova senha e entrar agora.'
  );
}
