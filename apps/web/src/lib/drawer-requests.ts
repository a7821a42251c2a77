/**
 * The shell's drawers are opened by URL, so any page (or an e-mail link) can ask for them:
 * SPEC §2 '/?openCart=true' opens the cart ('?openCart=true' on any page does too);
 * '/?login=true' asks for the login drawer (the verify e-mail page's 'Fazer Login Agora' and the
 * account area, for guests, use it). The shell reads
 * `requestedDrawer`, opens the drawer and takes the parameter out of the address. It lives in lib
 * because features ask for the drawers too.
 */
export const LOGIN_DRAWER_HREF = '/?login=true';

export type ShellDrawer = 'cart' | 'login';

export function requestedDrawer(params: URLSearchParams): ShellDrawer | null {
  if (params.get('openCart') === 'true') return 'cart';
  if (params.get('login') === 'true') return 'login';
  return null;
}

/** Asks for the login drawer over the current page (a link `to={{ search: LOGIN_DRAWER_SEARCH }}`). */
export const LOGIN_DRAWER_SEARCH = '?login=true';
