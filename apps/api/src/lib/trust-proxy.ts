/**
 * TRUST_PROXY (docs/settings.md, docs/deploy.md): which proxy in front of the store may say the
 * shopper's address in X-Forwarded-For. Fastify's `trustProxy` takes each form:
 *  - `false` / `0` (the default): the connection's address; the header is ignored;
 *  - a hop count, `1`, `2`...: the address that many proxies back from the store, counted from
 *    the right of X-Forwarded-For. `1` behind the shipped Caddy: its own entry is the last one,
 *    and whatever a client wrote to the left of it is never read;
 *  - the proxies' addresses or ranges, `10.0.0.2, 172.16.0.0/12` (or proxy-addr's `loopback`,
 *    `linklocal`, `uniquelocal`): entries added by those are skipped from the right;
 *  - `true`: the leftmost entry, whoever wrote it. Safe only behind a proxy that replaces the
 *    header (Caddy does); behind one that appends to it, a client names any address she likes.
 * Fastify 5.12 reads a bare number as "trust nothing" (it cannot check the peer is a proxy), so
 * a hop count reaches it as a function ({@link toFastifyTrustProxy}): the stores of compose.yaml
 * are reached only through Caddy, so their peer is always it.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

export type TrustProxy = boolean | number | string[];

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

export const TRUST_PROXY_INVALID =
  'deve ser true, false, um número de proxies (1, 2...) ou os endereços do proxy ' +
  '(IP ou faixa CIDR, separados por vírgula)';

/** An IP, an IP/prefix within its family's bits, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [ip, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting's text as Fastify takes it; null when it is none of the forms above. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const v = value.trim();
  if (v === 'true') return true;
  if (v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= MAX_HOPS ? hops : null;
  }
  const entries = v.split(',').map((e) => e.trim());
  if (entries.length === 0 || !entries.every(isProxyAddress)) return null;
  return entries;
}

/** Fastify's `trustProxy` for the parsed setting: a hop count as a function of the hop. */
export function toFastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** The zod setting: a bad value stops the server with one line naming TRUST_PROXY. */
export const trustProxySetting = z.string().transform((value, ctx) => {
  const parsed = parseTrustProxy(value);
  if (parsed === null) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_INVALID });
    return z.NEVER;
  }
  return parsed;
});
