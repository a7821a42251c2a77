/**
 * The shell's drawers are opened by URL, so any page (or an e-mail link) can ask for them:
 * SPEC §2 '/?openCart=true' opens the cart; '/?login=true' asks for the login drawer (the verify
 * e-mail page's 'Fazer Login Agora' uses it). The cart and login issues mount the drawers and
 * read `requestedDrawer`; until then the header's buttons already navigate to these addresses.
 */
export const CART_DRAWER_HREF = '/?openCart=true';
export const LOGIN_DRAWER_HREF = '/?login=true';

export type ShellDrawer = 'cart' | 'login';

export function requestedDrawer(params: URLSearchParams): ShellDrawer | null {
  if (params.get('openCart') === 'true') return 'cart';
  if (params.get('login') === 'true') return 'login';
  return null;
}
