/**
 * TRUST_PROXY (issue 33 item 4): a hop count, the proxies' addresses, true or false, each as
 * Fastify reads X-Forwarded-For with it; a bad value stops the server with one line.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../config.js';
import { parseTrustProxy, toFastifyTrustProxy, TRUST_PROXY_INVALID } from './trust-proxy.js';

async function ipSeen(trustProxy: ReturnType<typeof parseTrustProxy>, forwardedFor: string) {
  const app = Fastify({ trustProxy: toFastifyTrustProxy(trustProxy!) });
  app.get('/', async (req) => ({ ip: req.ip }));
  const res = await app.inject({
    url: '/',
    remoteAddress: '172.18.0.3', // Caddy, on the containers' network
    headers: { 'x-forwarded-for': forwardedFor },
  });
  await app.close();
  return (res.json() as { ip: string }).ip;
}

describe('TRUST_PROXY', () => {
  it('takes true/false, a hop count, or addresses and ranges', () => {
    expect(parseEnv({}).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(parseEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '172.16.0.0/12, 10.0.0.5,::1,fd00::/8' }).trustProxy).toEqual([
      '172.16.0.0/12',
      '10.0.0.5',
      '::1',
      'fd00::/8',
    ]);
    expect(parseEnv({ TRUST_PROXY: 'loopback,uniquelocal' }).trustProxy).toEqual([
      'loopback',
      'uniquelocal',
    ]);
  });

  it.each([
    'yes',
    'sim',
    '11',
    '-1',
    '1.5',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0',
    'caddy',
    '1,,2',
    '10.0.0.1/',
  ])('refuses %j with one line naming the setting', (value) => {
    let error: unknown;
    try {
      parseEnv({ TRUST_PROXY: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toBe(
      `Configuração inválida: TRUST_PROXY: ${TRUST_PROXY_INVALID}`,
    );
  });

  it('1 behind a proxy that appends: the entry it added, never what the client wrote', async () => {
    // The client sent 'X-Forwarded-For: 6.6.6.6'; the proxy appended her real address.
    expect(await ipSeen(parseTrustProxy('1'), '6.6.6.6, 200.10.20.30')).toBe('200.10.20.30');
    expect(await ipSeen(parseTrustProxy('172.16.0.0/12'), '6.6.6.6, 200.10.20.30')).toBe(
      '200.10.20.30',
    );
    // true takes the leftmost entry: whatever the client wrote.
    expect(await ipSeen(parseTrustProxy('true'), '6.6.6.6, 200.10.20.30')).toBe('6.6.6.6');
    // Behind Caddy, which replaces the header, 1 and true agree.
    expect(await ipSeen(parseTrustProxy('1'), '200.10.20.30')).toBe('200.10.20.30');
    expect(await ipSeen(parseTrustProxy('true'), '200.10.20.30')).toBe('200.10.20.30');
    // Two proxies (a CDN, then Caddy): the CDN's entry for the shopper.
    expect(await ipSeen(parseTrustProxy('2'), '6.6.6.6, 200.10.20.30, 104.16.0.1')).toBe(
      '200.10.20.30',
    );
    expect(await ipSeen(parseTrustProxy('false'), '6.6.6.6')).toBe('172.18.0.3');
  });
});
