/**
 * The postal-code lookup's REAL CLIENT: `createViaCepLookup`, the ViaCEP adapter.
 * `GET {VIACEP_URL}/ws/{cep}/json/` answers the address (`logradouro, bairro, localidade, uf`) or
 * `{"erro": "true"}` (older ViaCEP: `true`) for a CEP that does not exist. Anything else — no
 * connection, a timeout, a non-2xx status, a body that is not JSON or not one of those two shapes
 * — is a CepLookupFailure: the caller answers 'Erro ao validar CEP' and caches nothing. The time
 * limit covers the connection and the whole body.
 *
 * - Interface: `PostalCodeLookup` (postal-code-lookup.ts; exported from here too).
 * - Fake: test/fake-viacep.ts, a local server answering like ViaCEP (VIACEP_URL pointed at it),
 *   for the API tests, the end-to-end run and an offline laptop.
 */
import { z } from 'zod';
import {
  CepLookupFailure,
  type CepLookupAnswer,
  type PostalCodeLookup,
} from './postal-code-lookup.js';

export {
  CepLookupFailure,
  type CepAddress,
  type CepLookupAnswer,
  type PostalCodeLookup,
} from './postal-code-lookup.js';

/** ViaCEP's answers are a few hundred bytes; anything far larger is not ViaCEP. */
const MAX_BODY_CHARS = 16_384;
/** Street names run long ("Avenida Presidente ..."), but not this long. */
const MAX_FIELD_CHARS = 200;

const text = z
  .string()
  .transform((s) => s.trim())
  .pipe(z.string().max(MAX_FIELD_CHARS));

const notFoundAnswer = z.object({ erro: z.union([z.literal(true), z.literal('true')]) });

const foundAnswer = z.object({
  // A town with a single CEP has no street or district: ViaCEP sends them empty.
  logradouro: text.default(''),
  bairro: text.default(''),
  localidade: text.pipe(z.string().min(1)),
  uf: z.string().regex(/^[A-Z]{2}$/),
});

/** Reads ViaCEP's JSON; throws CepLookupFailure for anything that is neither shape. */
export function parseViaCepAnswer(data: unknown): CepLookupAnswer {
  if (notFoundAnswer.safeParse(data).success) return { found: false };
  const found = foundAnswer.safeParse(data);
  if (!found.success) throw new CepLookupFailure('unexpected answer');
  const { logradouro, bairro, localidade, uf } = found.data;
  return { found: true, address: { logradouro, bairro, cidade: localidade, estado: uf } };
}

export interface ViaCepOptions {
  /** Without a trailing slash: `https://viacep.com.br`. */
  baseUrl: string;
  timeoutMs: number;
  /** Injected by tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

function describeFetchError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return 'timeout';
  }
  const cause = err instanceof Error ? (err.cause as { code?: string } | undefined) : undefined;
  return `network error${cause?.code ? ` (${cause.code})` : ''}`;
}

export function createViaCepLookup(options: ViaCepOptions): PostalCodeLookup {
  const doFetch = options.fetch ?? fetch;
  return {
    async lookup(cep) {
      if (!/^\d{8}$/.test(cep)) throw new RangeError(`CEP must be 8 digits: ${cep}`);
      const url = `${options.baseUrl}/ws/${cep}/json/`;
      // One signal for the request and the body: a server that sends headers and then stalls
      // is cut off at the same deadline.
      const signal = AbortSignal.timeout(options.timeoutMs);
      let body: string;
      let status: number;
      try {
        const res = await doFetch(url, { signal, headers: { accept: 'application/json' } });
        status = res.status;
        if (Number(res.headers.get('content-length') ?? 0) > MAX_BODY_CHARS) {
          await res.body?.cancel();
          throw new CepLookupFailure('answer too large');
        }
        body = await res.text();
      } catch (err) {
        if (err instanceof CepLookupFailure) throw err;
        throw new CepLookupFailure(describeFetchError(err), { cause: err });
      }
      if (status < 200 || status > 299) throw new CepLookupFailure(`status ${status}`);
      if (body.length > MAX_BODY_CHARS) throw new CepLookupFailure('answer too large');
      let data: unknown;
      try {
        data = JSON.parse(body);
      } catch {
        throw new CepLookupFailure('invalid JSON');
      }
      return parseViaCepAnswer(data);
    },
  };
}
