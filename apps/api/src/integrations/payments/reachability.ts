/**
 * Whether a provider answers now (the owners' health page): one authenticated read with a
 * short limit, since a sweep waits on it. An answer also says whether the token is still accepted.
 * Never throws.
 */
import type { ProviderReachability } from './provider.js';

export async function probeWithBearer(
  doFetch: typeof fetch,
  url: string,
  token: string,
  timeoutMs: number,
): Promise<ProviderReachability> {
  try {
    const res = await doFetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel();
    if (res.ok) return 'ok';
    if (res.status === 401 || res.status === 403) return 'credentials_refused';
    return 'unreachable';
  } catch {
    return 'unreachable';
  }
}
