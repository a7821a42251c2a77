/**
 * The postal-code lookup as a hook (SPEC §5: "a lookup runs on 8 digits and fills those fields"),
 * for every address form: the checkout's and the account's address dialog. One cached query per
 * CEP, so typing a CEP back, or two forms asking for the same one, costs a single call.
 */
import { CEP_DIGITS, cepDigits } from '@semijoias/domain/cep';
import { useQuery } from '@tanstack/react-query';
import { lookupCep, type CepAddress } from './shipping';

export type CepLookupState =
  /** Fewer than 8 digits: nothing asked yet. */
  | { status: 'incomplete'; digits: string }
  | { status: 'loading'; digits: string }
  | { status: 'found'; digits: string; endereco: CepAddress }
  /** The service positively said this CEP does not exist ('CEP não encontrado'). */
  | { status: 'not-found'; digits: string }
  /**
   * The lookup could not run (no internet, the service down: 'Erro ao validar CEP'). The CEP is
   * not refused for that: the form lets the shopper type the address herself.
   */
  | { status: 'failed'; digits: string };

export function cepLookupQueryKey(digits: string) {
  return ['cep', digits] as const;
}

export function useCepLookup(cep: string): CepLookupState {
  const digits = cepDigits(cep);
  const complete = digits.length === CEP_DIGITS;
  const query = useQuery({
    queryKey: cepLookupQueryKey(digits),
    queryFn: ({ signal }) => lookupCep(digits, signal),
    enabled: complete,
    // A found or unknown CEP does not change during a visit; a failed lookup is asked again.
    staleTime: (q) => (q.state.data?.status === 'failed' ? 0 : Infinity),
    retry: false,
  });
  if (!complete) return { status: 'incomplete', digits };
  const result = query.data;
  if (!result) return query.isError ? { status: 'failed', digits } : { status: 'loading', digits };
  if (result.status === 'found') return { status: 'found', digits, endereco: result.endereco };
  return { status: result.status, digits };
}

/** A found or failed lookup lets the form go on; only "not found" (or no lookup yet) stops it. */
export function isCepUsable(state: CepLookupState): boolean {
  return state.status === 'found' || state.status === 'failed';
}
