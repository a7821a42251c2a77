/**
 * The shipping quote and postal-code lookup calls (docs/cart-contract.md), shared by the cart
 * drawer and the checkout.
 */
import { cepDigits } from '@semijoias/domain/cep';
import { centsToDecimal, toCents, type Cents } from '@semijoias/domain/money';
import {
  quoteFromWire,
  quoteWithService,
  type ShippingOptionWire,
  type ShippingQuote,
  type ShippingQuoteWire,
} from '@semijoias/domain/shipping';
import { apiRequest, isApiError } from './api';

/** POST api/calcular-frete/: the server's quote (it recomputes from the server cart when logged in). */
export async function requestShippingQuote(input: {
  cep: string;
  subtotalCents: Cents;
  itemCount: number;
  /** A guest's lines, so the carriers are quoted for the pieces (the server prices them). */
  items?: QuoteItem[];
}): Promise<{
  quote: ShippingQuote;
  subtotalCents: Cents | null;
  itemCount: number | null;
  /** The carriers' services she may choose, cheapest first; empty when the table quoted. */
  options: ShippingOptionWire[];
}> {
  const answer = await apiRequest<{
    success?: boolean;
    frete?: ShippingQuoteWire;
    subtotal?: string;
    quantidade_itens?: number;
    opcoes?: ShippingOptionWire[];
  }>('api/calcular-frete/', {
    method: 'POST',
    body: {
      cep_destino: cepDigits(input.cep),
      valor_total: centsToDecimal(input.subtotalCents),
      quantidade_itens: input.itemCount,
      ...(input.items && input.items.length > 0 ? { itens: input.items } : {}),
    },
  });
  const quote = answer?.success && answer.frete ? quoteFromWire(answer.frete) : null;
  if (!quote) throw new Error('calcular-frete answered without a quote');
  // Logged in, the server quotes its own copy of the cart: keep the subtotal it quoted for, so a
  // change not yet saved shows the quote as stale rather than as current.
  return {
    quote,
    subtotalCents: answer.subtotal === undefined ? null : toCents(answer.subtotal),
    itemCount: typeof answer.quantidade_itens === 'number' ? answer.quantidade_itens : null,
    options: Array.isArray(answer.opcoes) ? answer.opcoes.filter(isOption) : [],
  };
}

export interface QuoteItem {
  id: number;
  quantidade: number;
  variacao_id?: number;
}

function isOption(value: unknown): value is ShippingOptionWire {
  const o = value as Partial<ShippingOptionWire> | null;
  return (
    typeof o?.id === 'number' &&
    typeof o.transportadora === 'string' &&
    typeof o.servico === 'string' &&
    typeof o.valor === 'string' &&
    toCents(o.valor) !== null &&
    typeof o.prazo === 'string' &&
    typeof o.gratis === 'boolean'
  );
}

/** The option `serviceId` names, else the cheapest; null when there is nothing to choose. */
export function pickOption(
  options: readonly ShippingOptionWire[],
  serviceId: number | null | undefined,
): ShippingOptionWire | null {
  return options.find((o) => o.id === serviceId) ?? options[0] ?? null;
}

/** The quote as `option` makes it (the domain's rule; the wire's reais read as centavos). */
export function quoteWithOption(
  quote: ShippingQuote,
  option: ShippingOptionWire | null,
): ShippingQuote {
  if (!option) return quote;
  return quoteWithService(quote, {
    valor: toCents(option.valor) ?? quote.valor,
    prazo: option.prazo,
    gratis: option.gratis,
  });
}

export interface CepAddress {
  logradouro: string;
  bairro: string;
  cidade: string;
  estado: string;
}

export type CepLookup =
  { status: 'found'; endereco: CepAddress } | { status: 'not-found' } | { status: 'failed' };

/** POST /api/validar-cep/: whether the CEP exists, and its address. Never throws. */
export async function lookupCep(cep: string, signal?: AbortSignal): Promise<CepLookup> {
  try {
    const answer = await apiRequest<{ success?: boolean; endereco?: CepAddress }>(
      '/api/validar-cep/',
      { method: 'POST', body: { cep: cepDigits(cep) }, signal },
    );
    return answer?.success && answer.endereco
      ? { status: 'found', endereco: answer.endereco }
      : { status: 'failed' };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { status: 'not-found' };
    if (signal?.aborted) throw error;
    return { status: 'failed' };
  }
}
