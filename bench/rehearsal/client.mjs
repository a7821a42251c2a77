// The shoppers' HTTP client: HTTPS to Caddy (its local authority trusted explicitly), keep-alive
// like a browser, compressed answers like a browser. Every request is recorded by route: status,
// time, and whether the answer came from a store instance (it carries x-request-id) or from Caddy
// itself (a 502/503 when no instance took it). A request that got no answer at all (refused,
// reset, timed out) is a network failure.
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** Of each route, the answers decoded whether or not a shopper reads them (see below). */
const DECODED_PER_ROUTE = 20;

/**
 * What a shopper's browser sends with a call: its Accept headers, and `body` as JSON or `form`
 * as a form post (the sandbox page's card form). Returns {headers, payload}.
 */
export function encodeRequest({ body, form } = {}) {
  let payload;
  const headers = { accept: 'application/json, text/html;q=0.9', 'accept-encoding': 'br, gzip' };
  if (form !== undefined) {
    payload = new URLSearchParams(form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (body !== undefined) {
    payload = JSON.stringify(body);
    headers['content-type'] = 'application/json';
  }
  return { headers, payload };
}

export function createClient({ origin, ca, maxSockets = 512, timeoutMs = 30_000, startedAt }) {
  const base = new URL(origin);
  const agent = new https.Agent({ keepAlive: true, maxSockets, ca, servername: base.hostname });
  /** route -> {statuses: {code: n}, network: {code: n}, ms: [], fromProxy: n} */
  const routes = new Map();
  /** Every 5xx and every network failure, with its time since the sale began. */
  const failures = [];
  /** [ms since the sale began when the request was sent, how long it took], every answer. */
  const timeline = [];

  function stat(route) {
    let s = routes.get(route);
    if (!s) {
      s = { statuses: {}, network: {}, ms: [], fromProxy: 0 };
      routes.set(route, s);
    }
    return s;
  }

  function decode(buffer, encoding) {
    if (encoding === 'br') return brotliDecompressSync(buffer);
    if (encoding === 'gzip') return gunzipSync(buffer);
    return buffer;
  }

  /**
   * One request. Resolves {status, headers, text, ms}; status 0 with `error` when no answer came.
   * `body` is sent as JSON, `form` as a form post (the sandbox page's card form).
   */
  function request(route, method, path, { headers = {}, body, form } = {}) {
    const { headers: sent, payload } = encodeRequest({ body, form });
    if (payload !== undefined) sent['content-length'] = Buffer.byteLength(payload);
    const s = stat(route);
    const started = performance.now();
    const sentAt = Date.now() - startedAt();
    return new Promise((resolve) => {
      let done = false;
      const req = https.request(
        {
          host: base.hostname,
          port: base.port,
          path,
          method,
          agent,
          headers: { ...sent, ...headers },
          timeout: timeoutMs,
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', (error) => fail(error));
          res.on('end', () => {
            const ms = performance.now() - started;
            const raw = Buffer.concat(chunks);
            const readText = () => decode(raw, res.headers['content-encoding']).toString('utf8');
            // Decoding a page costs this process 0.2-0.3 ms, on the cores the store is measured
            // on, where a real shopper's phone decodes her own: only the answers a shopper reads,
            // the first ones of each route and every error are decoded (a bad encoding there is
            // a failure).
            let text;
            if (s.ms.length < DECODED_PER_ROUTE || res.statusCode >= 300) {
              try {
                text = readText();
              } catch (error) {
                fail(error);
                return;
              }
            }
            if (done) return;
            done = true;
            const status = res.statusCode;
            s.statuses[status] = (s.statuses[status] ?? 0) + 1;
            s.ms.push(ms);
            timeline.push([sentAt, ms]);
            const fromStore = typeof res.headers['x-request-id'] === 'string';
            if (!fromStore) s.fromProxy += 1;
            if (status >= 500) {
              failures.push({
                at: Date.now() - startedAt(),
                route,
                what: `${status} from ${fromStore ? 'store' : 'Caddy'}`,
                detail: (text ?? '').slice(0, 160),
              });
            }
            resolve({
              status,
              headers: res.headers,
              get text() {
                text ??= readText();
                return text;
              },
              ms,
            });
          });
        },
      );
      function fail(error) {
        if (done) return;
        done = true;
        const code = error.code ?? error.message;
        s.network[code] = (s.network[code] ?? 0) + 1;
        failures.push({ at: Date.now() - startedAt(), route, what: `network ${code}`, detail: '' });
        resolve({ status: 0, error: code, headers: {}, text: '', ms: performance.now() - started });
      }
      req.on('timeout', () =>
        req.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })),
      );
      req.on('error', fail);
      req.end(payload);
    });
  }

  return { request, routes, failures, timeline, close: () => agent.destroy() };
}

/** The q-th percentile (0..100) of `values`, nearest rank; NaN for none. */
export function percentile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}
