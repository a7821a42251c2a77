/** The session calls' own answers (docs/auth-contract.md): Portuguese, shown as written. */

/** POST api/logout/: the same answer whether the token was known or not. */
export const LOGGED_OUT = 'Você saiu da sua conta.';

/** POST api/logout/todos/. */
export const LOGGED_OUT_EVERYWHERE = 'Você saiu da sua conta em todos os aparelhos.';
