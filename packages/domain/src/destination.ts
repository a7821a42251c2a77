/**
 * Where a shopper was going when she signed up (`destino`): kept with the sign-up, put in the
 * verification link, and where the verification page sends her once she is in. Read on both ends
 * (the API before it writes the link, the web app before it navigates), so a link edited by
 * someone else can never send her to another site: only a path of this store is taken.
 */

/** The query parameter of /cadastro, /reenviar-verificacao and the verification link. */
export const DESTINATION_PARAM = 'destino';

/** Longer than any page of the store with its query; a longer value is ignored. */
export const DESTINATION_MAX_LENGTH = 300;

/** Any origin: only used to read a path the way a browser would, then thrown away. */
const PROBE_ORIGIN = 'https://destino.invalid';

/**
 * Pages that make no sense to land on after verifying: the sign-up and account-link pages
 * themselves (a loop, or a one-time token's page), and the API.
 */
const NOT_A_DESTINATION = [
  '/cadastro',
  '/verificar-email',
  '/reenviar-verificacao',
  '/esqueci-senha',
  '/redefinir-senha',
  '/confirmar-email',
  '/nao-fui-eu',
  '/descadastrar',
  '/api',
];

function isBlockedPath(pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return NOT_A_DESTINATION.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * `value` as a path of this store ('/checkout', '/colares?pagina=2'), or null: anything not a
 * string, empty, too long, with spaces, control characters or backslashes, not starting with one
 * '/' ('//outro.site', 'https://...', 'javascript:...'), the home page, or a page of the list
 * above. The answer is the path as a browser reads it (pathname, query, fragment).
 */
/**
 * The WHATWG URL every runtime of the domain has (browsers, Node): declared here, as the domain's
 * tsconfig names no platform's types.
 */
interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
declare const URL: new (input: string, base?: string) => ParsedUrl;

export function safeDestination(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.length === 0 || value.length > DESTINATION_MAX_LENGTH) return null;
  // Whitespace, control characters and backslashes: browsers drop or turn them into '/', which
  // is how '/\outro.site' or '/\t/outro.site' become another site.
  if (/[\s\\\p{Cc}]/u.test(value)) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  let url: ParsedUrl;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === '/' || isBlockedPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `?destino=` added when `destination` is a safe one; else `path` as it is. */
export function withDestination(path: string, destination: unknown): string {
  const safe = safeDestination(destination);
  if (!safe) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${DESTINATION_PARAM}=${encodeURIComponent(safe)}`;
}
