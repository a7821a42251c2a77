/**
 * The postal-code lookup's INTERFACE: `PostalCodeLookup` ("which address is this CEP"), its
 * answers and its one failure, `CepLookupFailure`.
 *
 * - Real client: `createViaCepLookup` (viacep.ts), `GET {VIACEP_URL}/ws/{cep}/json/`.
 * - Fake for tests, the end-to-end run and an offline laptop: a local server that answers like
 *   ViaCEP, test/fake-viacep.ts (VIACEP_URL pointed at it; `npx tsx apps/api/test/fake-viacep.ts`
 *   runs it alone). The app has no built-in fake: without VIACEP_URL it asks viacep.com.br.
 */

export interface CepAddress {
  logradouro: string;
  bairro: string;
  cidade: string;
  /** Two-letter state code (UF). */
  estado: string;
}

export type CepLookupAnswer = { found: true; address: CepAddress } | { found: false };

/** Who answers "which address is this CEP": ViaCEP today, another service behind this tomorrow. */
export interface PostalCodeLookup {
  /** `cep` is 8 digits. Throws CepLookupFailure when no trustworthy answer came. */
  lookup(cep: string): Promise<CepLookupAnswer>;
}

/** The outside service gave no usable answer; `reason` is for the log, never for the shopper. */
export class CepLookupFailure extends Error {
  constructor(
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`ViaCEP: ${reason}`, options);
    this.name = 'CepLookupFailure';
  }
}
