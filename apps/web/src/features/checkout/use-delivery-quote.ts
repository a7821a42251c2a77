/**
 * The freight of the summary (SPEC §2: "shipping is recalculated if the postal code differs from
 * the cart's"). The cart's quote holds while the delivery CEP is the cart's; another CEP is quoted
 * again by the server (api/calcular-frete/, which quotes her server cart when logged in), or, if
 * that call fails, by the domain's table, labelled as an estimate (SPEC §7).
 */
import { cepDigits, maskCep } from '@semijoias/domain/cep';
import type { Cents } from '@semijoias/domain/money';
import {
  quoteFromWire,
  quoteShipping,
  type ShippingOptionWire,
  type ShippingQuote,
} from '@semijoias/domain/shipping';
import { toCents } from '@semijoias/domain/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { CheckoutNavigationState } from '@/lib/cart/checkout-state';
import { pickOption, quoteWithOption, requestShippingQuote } from '@/lib/shipping';

export interface DeliveryQuote {
  /** Masked, 12345-678. */
  cep: string;
  quote: ShippingQuote;
  /** The local table's estimate: the quote call failed. */
  estimated: boolean;
  /** Quoted here for a CEP other than the cart's. */
  recalculated: boolean;
  /** The carriers' services for this CEP (issue 35), cheapest first; empty from the table. */
  options: ShippingOptionWire[];
  /** The service `quote` is for (api/pay's `frete_servico`); null when the table quoted. */
  serviceId: number | null;
}

/** The quote as her chosen service makes it (the cheapest when it is not offered). */
function withChoice(delivery: DeliveryQuote, serviceId: number | null): DeliveryQuote {
  if (delivery.options.length === 0 || serviceId === delivery.serviceId) return delivery;
  const option = pickOption(delivery.options, serviceId);
  if (!option || option.id === delivery.serviceId) return delivery;
  return { ...delivery, quote: quoteWithOption(delivery.quote, option), serviceId: option.id };
}

export interface DeliveryQuoteState {
  current: DeliveryQuote;
  /** A new quote is on its way (the figures shown are the last ones). */
  pending: boolean;
  /** The quote for the delivery CEP, waiting for it if needed (the payment uses this). */
  resolve: () => Promise<DeliveryQuote>;
  /**
   * Ask the server again for this CEP, the cart's too: api/pay refused her service (issue 35),
   * the options she chooses among are the ones offered now.
   */
  requote: () => void;
}

function cartQuote(state: CheckoutNavigationState): DeliveryQuote {
  const wire = quoteFromWire(state.dadosFrete);
  const quote: ShippingQuote = wire ?? {
    valor: toCents(state.totais.frete) ?? 0,
    prazo: state.dadosFrete?.prazo ?? '',
    gratis: false,
    motivo_gratis: null,
    regiao: '',
    peso_total: 0,
  };
  return {
    cep: state.cepDestino ? maskCep(state.cepDestino) : '',
    quote,
    estimated: Boolean(state.dadosFrete?.estimado),
    recalculated: false,
    options: state.dadosFrete?.opcoes ?? [],
    serviceId: state.dadosFrete?.servico_id ?? state.dadosFrete?.opcoes?.[0]?.id ?? null,
  };
}

export function useDeliveryQuote(
  state: CheckoutNavigationState,
  deliveryCep: string | null,
  loggedIn: boolean,
  /** The carrier's service she chose on this page (null: the cart's choice, or the cheapest). */
  serviceId: number | null = null,
): DeliveryQuoteState {
  const queryClient = useQueryClient();
  const subtotalCents: Cents = toCents(state.totais.subtotal) ?? 0;
  const itemCount = state.cartData.produtos.reduce((n, p) => n + p.quantidade, 0);
  const quoteItems = state.cartData.produtos.map((p) => ({
    id: p.produto.id,
    quantidade: p.quantidade,
    ...(p.variacao_id === undefined ? {} : { variacao_id: p.variacao_id }),
  }));
  const digits = deliveryCep ? cepDigits(deliveryCep) : '';
  // Each refusal of her service asks again, the cart's CEP included.
  const [requoted, setRequoted] = useState(0);
  const sameCep = digits === cepDigits(state.cepDestino);
  const differs = digits.length === 8 && (!sameCep || requoted > 0);

  // Without a cart CEP, the first quote is the delivery address's, not a recalculation.
  const recalculated = !sameCep && cepDigits(state.cepDestino).length === 8;
  const options = {
    queryKey: [
      'checkout',
      'frete',
      digits,
      subtotalCents,
      itemCount,
      loggedIn,
      recalculated,
      requoted,
    ] as const,
    queryFn: async (): Promise<DeliveryQuote> => {
      try {
        const answer = await requestShippingQuote({
          cep: digits,
          subtotalCents,
          itemCount,
          // Logged in, the server quotes her server cart; a guest's pieces travel with it.
          ...(loggedIn ? {} : { items: quoteItems }),
        });
        return {
          cep: maskCep(digits),
          quote: quoteWithOption(answer.quote, pickOption(answer.options, null)),
          estimated: false,
          recalculated,
          options: answer.options,
          serviceId: answer.options[0]?.id ?? null,
        };
      } catch {
        return {
          cep: maskCep(digits),
          quote: quoteShipping({ cep: digits, subtotalCents, itemCount }),
          estimated: true,
          recalculated,
          options: [],
          serviceId: null,
        };
      }
    },
    staleTime: 60_000,
    retry: false,
  };
  const query = useQuery({ ...options, enabled: differs });
  const base = cartQuote(state);
  // After a refusal the cart's choice is the refused one: the cheapest offered now stands.
  const chosen = serviceId ?? (requoted > 0 ? null : base.serviceId);

  const resolve = useCallback(
    async () => withChoice(differs ? await queryClient.fetchQuery(options) : base, chosen),
    // options and base are rebuilt from these on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      differs,
      digits,
      subtotalCents,
      itemCount,
      loggedIn,
      queryClient,
      state,
      recalculated,
      chosen,
      requoted,
    ],
  );
  const requote = useCallback(() => setRequoted((n) => n + 1), []);

  return {
    current: withChoice(differs && query.data ? query.data : base, chosen),
    pending: differs && query.isFetching,
    resolve,
    requote,
  };
}
