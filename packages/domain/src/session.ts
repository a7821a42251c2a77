/**
 * Access-token timing (SPEC §4): a token counts as expiring when less than 120 s remain, and
 * is then refreshed before the request. The payload is only read, never verified: the server
 * verifies; the browser only decides when to refresh.
 */
export const TOKEN_REFRESH_MARGIN_SECONDS = 120;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * base64url -> bytes, in plain JS (no Buffer, no atob: neither is in this package's type
 * libraries, and both differ between Node and browsers). Null on a character outside the alphabet.
 */
export function base64UrlToBytes(text: string): number[] | null {
  const clean = text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const ch of clean) {
    const value = BASE64URL.indexOf(ch);
    if (value < 0) return null;
    buffer = (buffer << 6) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return bytes;
}

/** UTF-8 bytes -> text via percent-encoding (decodeURIComponent is standard ECMAScript). */
function utf8Decode(bytes: number[]): string | null {
  try {
    return decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
  } catch {
    return null;
  }
}

/** A JWT's payload (the middle part) as an object, unverified; null when it is not one. */
export function decodeJwtPayload(token: string | null | undefined): Record<string, unknown> | null {
  const part = (token ?? '').split('.')[1];
  if (!part) return null;
  const bytes = base64UrlToBytes(part);
  const json = bytes && utf8Decode(bytes);
  if (!json) return null;
  try {
    const payload: unknown = JSON.parse(json);
    return payload !== null && typeof payload === 'object' && !Array.isArray(payload)
      ? (payload as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The `exp` claim (seconds since the epoch), or null when absent or unreadable. */
export function tokenExpiry(token: string | null | undefined): number | null {
  const exp = decodeJwtPayload(token)?.exp;
  return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
}

/**
 * True when fewer than 120 s remain at `nowSeconds` (pass Date.now() / 1000). A token whose
 * expiry cannot be read also counts as expiring, so the client refreshes rather than sending a
 * token the server will probably reject.
 */
export function isTokenExpiring(token: string | null | undefined, nowSeconds: number): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp - nowSeconds < TOKEN_REFRESH_MARGIN_SECONDS;
}

/** The rejection text of a request answered 401 (SPEC §4). */
export const AUTHENTICATION_FAILED = 'Authentication failed';
