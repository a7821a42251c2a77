/**
 * The postal-code lookup's FAKE (src/integrations/postal-codes: interface postal-code-lookup.ts,
 * real client viacep.ts): whoever starts it points VIACEP_URL at its URL.
 *
 * A local fake of ViaCEP (`GET /ws/{cep}/json/`) for the API tests, the end-to-end run and an
 * offline laptop. It knows a few real CEPs, answers `{"erro": "true"}` for every other well-formed
 * one (as ViaCEP does today; older ViaCEP sent `true`), and can be switched to fail the ways the
 * real service fails: never answering, answering 500, or answering something that is not JSON.
 * It counts the lookups it receives, so tests can prove the cache spares ViaCEP.
 *
 * Only node: built-ins are used, so it loads under Vitest, under tsx (`npx tsx`, or
 * `register()` from `tsx/esm/api` in a plain .mjs script) and runs on its own:
 *
 *   npx tsx apps/api/test/fake-viacep.ts --port 3199 [--host 127.0.0.1] [--mode ok]
 *
 * From a script, spawn it as `node --import tsx apps/api/test/fake-viacep.ts --port N` (one
 * process, so killing the child stops it; `npx tsx` leaves grandchildren that outlive a kill).
 * Standalone, it also stops by itself when the process that started it goes away.
 *
 * Standalone it is steered over HTTP, for tests in another process:
 *   GET  /__fake/requests        {total, byCep: {"01310100": 2, ...}, mode, delayMs}
 *   POST /__fake/mode/{mode}     ok | hang | error | garbage          (204)
 *   POST /__fake/delay/{ms}      answer after this many milliseconds  (204)
 *   POST /__fake/reset           mode ok, no delay, counters at zero  (204)
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

/** How the fake answers a lookup. */
export type FakeViaCepMode =
  /** The known CEPs' addresses; `{"erro": "true"}` for the others. */
  | 'ok'
  /** Never answers (the connection stays open until the caller gives up or the fake stops). */
  | 'hang'
  /** 500 with an HTML error page. */
  | 'error'
  /** 200 with a body that is not JSON. */
  | 'garbage';

export const FAKE_VIACEP_MODES: readonly FakeViaCepMode[] = ['ok', 'hang', 'error', 'garbage'];

/** ViaCEP's answer for a found CEP (the fields this store reads, and a few it does not). */
export interface ViaCepAddress {
  cep: string;
  logradouro: string;
  complemento: string;
  bairro: string;
  localidade: string;
  uf: string;
  estado: string;
  regiao: string;
  ibge: string;
  ddd: string;
}

function address(
  cep: string,
  logradouro: string,
  bairro: string,
  localidade: string,
  uf: string,
  estado: string,
  regiao: string,
  ibge: string,
  ddd: string,
): ViaCepAddress {
  return {
    cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
    logradouro,
    complemento: '',
    bairro,
    localidade,
    uf,
    estado,
    regiao,
    ibge,
    ddd,
  };
}

/** The CEPs the fake knows, by their 8 digits: one per shipping region of SPEC §9 and more. */
export const FAKE_VIACEP_ADDRESSES: Readonly<Record<string, ViaCepAddress>> = {
  '01310100': address(
    '01310100',
    'Avenida Paulista',
    'Bela Vista',
    'São Paulo',
    'SP',
    'São Paulo',
    'Sudeste',
    '3550308',
    '11',
  ),
  '20040020': address(
    '20040020',
    'Praça Pio X',
    'Centro',
    'Rio de Janeiro',
    'RJ',
    'Rio de Janeiro',
    'Sudeste',
    '3304557',
    '21',
  ),
  '40010000': address(
    '40010000',
    'Avenida Estados Unidos',
    'Comércio',
    'Salvador',
    'BA',
    'Bahia',
    'Nordeste',
    '2927408',
    '71',
  ),
  '70040010': address(
    '70040010',
    'SBN Quadra 1',
    'Asa Norte',
    'Brasília',
    'DF',
    'Distrito Federal',
    'Centro-Oeste',
    '5300108',
    '61',
  ),
  '69005010': address(
    '69005010',
    'Rua Guilherme Moreira',
    'Centro',
    'Manaus',
    'AM',
    'Amazonas',
    'Norte',
    '1302603',
    '92',
  ),
  '90010000': address(
    '90010000',
    'Rua Siqueira Campos',
    'Centro Histórico',
    'Porto Alegre',
    'RS',
    'Rio Grande do Sul',
    'Sul',
    '4314902',
    '51',
  ),
  // A small town's single CEP: ViaCEP leaves street and district empty.
  '37925000': address(
    '37925000',
    '',
    '',
    'Piumhi',
    'MG',
    'Minas Gerais',
    'Sudeste',
    '3151404',
    '37',
  ),
};

export interface FakeViaCepOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  mode?: FakeViaCepMode;
  /** Known CEPs (8 digits -> address); default {@link FAKE_VIACEP_ADDRESSES}. */
  addresses?: Record<string, ViaCepAddress>;
}

export interface FakeViaCep {
  /** Base URL without a trailing slash, for VIACEP_URL: `http://127.0.0.1:40123`. */
  readonly url: string;
  readonly port: number;
  mode: FakeViaCepMode;
  /** Milliseconds to wait before answering (in every mode but `hang`). */
  delayMs: number;
  /** Lookups received (`/ws/...` requests, whatever the mode). */
  readonly requests: number;
  /** Lookups received for one CEP (8 digits). */
  requestsFor(cep: string): number;
  /** Back to mode `ok`, no delay, counters at zero. */
  reset(): void;
  /** Closes the server, ending any hanging request. */
  stop(): Promise<void>;
}

const LOOKUP_PATH = /^\/ws\/([^/]*)\/json\/?$/;
const CONTROL_MODE = /^\/__fake\/mode\/([a-z]+)\/?$/;
const CONTROL_DELAY = /^\/__fake\/delay\/(\d{1,6})\/?$/;

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'access-control-allow-origin': '*',
  });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, data: unknown) =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(data, null, 2));

/** Starts the fake; resolves once it listens. */
export async function startFakeViaCep(options: FakeViaCepOptions = {}): Promise<FakeViaCep> {
  const addresses = options.addresses ?? FAKE_VIACEP_ADDRESSES;
  const byCep = new Map<string, number>();
  let total = 0;
  const state = { mode: options.mode ?? ('ok' as FakeViaCepMode), delayMs: 0 };

  function answerLookup(res: ServerResponse, cep: string): void {
    switch (state.mode) {
      case 'hang':
        return;
      case 'error':
        return send(res, 500, 'text/html; charset=utf-8', '<h1>500 Internal Server Error</h1>');
      case 'garbage':
        return send(res, 200, 'application/json; charset=utf-8', '<html>{"logradouro": ');
      case 'ok':
        break;
    }
    // ViaCEP refuses a malformed CEP with a 400 page; a well-formed unknown one is `erro`.
    if (!/^\d{8}$/.test(cep)) {
      return send(res, 400, 'text/html; charset=utf-8', '<h2>Bad Request (400)</h2>');
    }
    const found = addresses[cep];
    return sendJson(res, 200, found ?? { erro: 'true' });
  }

  function control(req: IncomingMessage, res: ServerResponse, path: string): void {
    if (req.method === 'GET' && path.replace(/\/$/, '') === '/__fake/requests') {
      return sendJson(res, 200, {
        total,
        byCep: Object.fromEntries(byCep),
        mode: state.mode,
        delayMs: state.delayMs,
      });
    }
    if (req.method === 'POST') {
      const mode = CONTROL_MODE.exec(path)?.[1];
      if (mode !== undefined) {
        if (!(FAKE_VIACEP_MODES as readonly string[]).includes(mode)) {
          return sendJson(res, 400, { error: `mode: one of ${FAKE_VIACEP_MODES.join(', ')}` });
        }
        state.mode = mode as FakeViaCepMode;
        return send(res, 204, 'text/plain', '');
      }
      const delay = CONTROL_DELAY.exec(path)?.[1];
      if (delay !== undefined) {
        state.delayMs = Number(delay);
        return send(res, 204, 'text/plain', '');
      }
      if (path.replace(/\/$/, '') === '/__fake/reset') {
        fake.reset();
        return send(res, 204, 'text/plain', '');
      }
    }
    return sendJson(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    if (path.startsWith('/__fake/')) return control(req, res, path);
    const match = LOOKUP_PATH.exec(path);
    if (req.method !== 'GET' || !match) {
      return send(res, 404, 'text/html; charset=utf-8', '<h1>Not Found</h1>');
    }
    const cep = decodeURIComponent(match[1] ?? '');
    total += 1;
    byCep.set(cep, (byCep.get(cep) ?? 0) + 1);
    if (state.delayMs > 0 && state.mode !== 'hang') {
      setTimeout(() => {
        if (!res.destroyed) answerLookup(res, cep);
      }, state.delayMs).unref();
      return;
    }
    answerLookup(res, cep);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const info = server.address() as AddressInfo;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;

  const fake: FakeViaCep = {
    url: `http://${host}:${info.port}`,
    port: info.port,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeViaCepMode) {
      state.mode = mode;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get requests() {
      return total;
    },
    requestsFor: (cep) => byCep.get(cep) ?? 0,
    reset() {
      state.mode = 'ok';
      state.delayMs = 0;
      total = 0;
      byCep.clear();
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        // Hanging lookups and idle keep-alive sockets would hold close() forever.
        server.closeAllConnections();
      }),
  };
  return fake;
}

/** The same as `fake.stop()`. */
export function stopFakeViaCep(fake: FakeViaCep): Promise<void> {
  return fake.stop();
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  const inline = args.find((a) => a.startsWith(`${name}=`));
  return inline?.slice(name.length + 1);
}

async function main(args: string[]): Promise<void> {
  const port = Number(argValue(args, '--port') ?? 3199);
  const mode = (argValue(args, '--mode') ?? 'ok') as FakeViaCepMode;
  if (!Number.isInteger(port) || port < 0 || port > 65535 || !FAKE_VIACEP_MODES.includes(mode)) {
    console.error(
      'usage: npx tsx apps/api/test/fake-viacep.ts [--port 3199] [--host 127.0.0.1] ' +
        `[--mode ${FAKE_VIACEP_MODES.join('|')}]`,
    );
    process.exit(2);
  }
  const fake = await startFakeViaCep({ port, host: argValue(args, '--host'), mode });
  console.log(`fake ViaCEP listening on ${fake.url} (VIACEP_URL=${fake.url})`);
  const stop = () => {
    void fake.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Started by a script that died without stopping it (killed, crashed): do not linger on the port.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 1000).unref();
}

// Run directly (`npx tsx apps/api/test/fake-viacep.ts`), not imported.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
