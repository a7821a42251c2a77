/**
 * The checkout's state and its payment flow (SPEC §4 "Checkout flow"): fill the data; in logged-in
 * manual mode save the address profile (never as default); create the order (api/pay/); register
 * the payment with shipping and totals (api/pagamento/); clear the cart; send the browser to the
 * payment page. Before that she answers 'Como você quer pagar?': PIX takes the owners'
 * discount off the products after the coupon, the card splits the whole total. The owners' choice
 * comes chosen (PIX when they give a discount for it, the card otherwise); she can change it.
 *
 * Retries are safe: each attempt carries Idempotency-Keys made once (crypto.randomUUID) and kept
 * until the server gave a definite answer, so a click repeated after a lost answer reuses the
 * order the first click made instead of reserving the stock twice.
 */
import { normalizeCouponCode, computeTotals, type Totals } from '@semijoias/domain/coupon';
import { cepDigits, maskCep } from '@semijoias/domain/cep';
import {
  checkoutAddressSaveError,
  CHECKOUT_FAILED,
  paymentErrorMessage,
  SHIPPING_OPTION_INVALID,
  SHIPPING_OPTION_UNAVAILABLE,
} from '@semijoias/domain/messages';
import { toCents } from '@semijoias/domain/money';
import {
  installmentsLine,
  type PaymentMethod,
  type PaymentSettings,
} from '@semijoias/domain/payment-terms';
import { CHECKOUT_COUPON_NOT_VALIDATED, checkoutFormToProfile } from '@semijoias/domain/address';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  addressProfilesQueryKey,
  createAddressProfile,
  fetchAddressProfiles,
  type AddressProfile,
} from '@/lib/addresses';
import { AuthenticationError, isApiError, toOutcome } from '@/lib/api';
import type { CheckoutNavigationState } from '@/lib/cart/checkout-state';
import { SERVER_CART_KEY } from '@/lib/cart/server-cart';
import { chooseCartShippingOption, setCartShippingQuote } from '@/lib/cart/shipping-quote';
import { rememberOrderChave } from '@/lib/order-access';
import { useIsLoggedIn } from '@/lib/session';
import { isCepUsable, useCepLookup, type CepLookupState } from '@/lib/use-cep-lookup';
import { attemptFingerprint, currentAttempt, newIdempotencyKey, saveAttempt } from './attempt';
import {
  accountContactQueryKey,
  clearCartAfterOrder,
  createOrder,
  fetchAccountContact,
  startPayment,
} from './api';
import {
  buildPagamentoBody,
  buildPayBody,
  checkoutProblem,
  contactPrefill,
  emptyForm,
  fieldMessages,
  lookupLocks,
  mergeTyped,
  paymentChoiceView,
  preferredPaymentMethod,
  profileToForm,
  totalsBasis,
  totalsFromWire,
  withLookup,
  type CheckoutField,
  type CheckoutFormValues,
  type LookupFill,
  type PaymentChoiceView,
} from './checkout-model';
import { paymentTermsForPaying, refreshPaymentTerms, usePaymentTerms } from './payment-terms';
import { useCoupon, type CouponState } from './use-coupon';
import { useDeliveryQuote, type DeliveryQuote } from './use-delivery-quote';

/** A 4xx is the server's definite refusal: nothing was made, the next try gets a new key. */
function isRefusal(error: unknown): boolean {
  return isApiError(error) && error.status >= 400 && error.status < 500;
}

/** api/pay refused the carrier's service she chose (docs/carrier-quotes-contract.md). */
function isServiceRefusal(error: unknown): boolean {
  if (!isApiError(error) || (error.status !== 409 && error.status !== 422)) return false;
  const data = error.data as { error?: unknown } | null | undefined;
  return data?.error === SHIPPING_OPTION_UNAVAILABLE || data?.error === SHIPPING_OPTION_INVALID;
}

export type CheckoutView =
  /** Logged in, saved addresses still loading: a spinner. */
  | 'loading'
  /** Logged in with saved addresses and the manual form not chosen. */
  | 'saved'
  /** Logged in, filling a new address (saved automatically). */
  | 'manual'
  | 'guest';

export interface Checkout {
  view: CheckoutView;
  loggedIn: boolean;
  profiles: AddressProfile[];
  selectedProfile: AddressProfile | undefined;
  selectProfile: (id: number) => void;
  chooseNewAddress: () => void;
  backToSaved: () => void;

  form: CheckoutFormValues;
  setField: (field: CheckoutField, value: string) => void;
  cepLookup: CepLookupState;
  locks: LookupFill;
  /** Messages under the fields, once she tried to pay. */
  fieldErrors: Partial<Record<CheckoutField, string>>;

  coupon: CouponState;
  delivery: DeliveryQuote;
  /** She chose another carrier's service among `delivery.options` (issue 35). */
  chooseShippingService: (serviceId: number) => void;
  quotePending: boolean;
  totals: Totals;
  /** The totals are the server's own (after a 409 'Os valores do pedido mudaram…'). */
  totalsFromServer: boolean;

  /** 'Como você quer pagar?': her answer, or the owners' choice until she gives one. */
  paymentMethod: PaymentMethod;
  setPaymentMethod: (method: PaymentMethod) => void;
  /** Each answer's figures. */
  paymentChoice: PaymentChoiceView;
  /** The owners' payment settings have not answered yet. */
  paymentTermsPending: boolean;
  /** The owners' PIX discount in tenths of a percent (5 % = 50). */
  pixPercentTenths: number;
  /** By card, 'em até 6x de R$ 22,80 sem juros' of the total shown (null: not split, not card). */
  cardInstallmentsLine: string | null;
  /** The total she would pay with the other method (the summary's hint under the total). */
  otherMethodTotal: { method: PaymentMethod; total: number };

  primaryLabel: string;
  primaryBusy: boolean;
  onPrimary: () => void;
  processing: boolean;
  error: string | null;
  dismissError: () => void;
}

export function useCheckout(state: CheckoutNavigationState): Checkout {
  const loggedIn = useIsLoggedIn();
  const queryClient = useQueryClient();

  // ----------------------------------------------------------------- Saved addresses
  const profilesQuery = useQuery({
    queryKey: addressProfilesQueryKey,
    queryFn: ({ signal }) => fetchAddressProfiles({ signal }),
    enabled: loggedIn,
    staleTime: 0,
  });
  // A failed load leaves her with the manual form rather than a dead end.
  const profiles = loggedIn ? (profilesQuery.data ?? []) : [];
  const [manualChosen, setManualChosen] = useState(false);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const view: CheckoutView = !loggedIn
    ? 'guest'
    : profilesQuery.isPending
      ? 'loading'
      : profiles.length > 0 && !manualChosen
        ? 'saved'
        : 'manual';
  const selectedProfile =
    view === 'saved'
      ? (profiles.find((p) => p.id === selectedId) ??
        profiles.find((p) => p.is_default) ??
        profiles[0])
      : undefined;

  // ----------------------------------------------------------------- The manual form
  // Logged in, the form starts from her account's name, e-mail, phone and CPF.
  const contactQuery = useQuery({
    queryKey: accountContactQueryKey,
    queryFn: ({ signal }) => fetchAccountContact(signal),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const [typed, setTyped] = useState<Partial<CheckoutFormValues>>({});
  const entered = mergeTyped(
    emptyForm(state.cepDestino),
    loggedIn ? contactPrefill(contactQuery.data) : {},
    typed,
  );
  const cepLookup = useCepLookup(entered.cep);
  const locks = lookupLocks(cepLookup);
  const form = selectedProfile ? profileToForm(selectedProfile) : withLookup(entered, cepLookup);
  const cepValidated = selectedProfile ? true : isCepUsable(cepLookup);
  const [showFieldErrors, setShowFieldErrors] = useState(false);

  // ----------------------------------------------------------------- Summary
  const subtotalCents = toCents(state.totais.subtotal) ?? 0;
  const coupon = useCoupon(subtotalCents);
  const activeCoupon = loggedIn ? coupon.applied : null;
  const deliveryCep = selectedProfile
    ? maskCep(selectedProfile.cep)
    : cepValidated
      ? form.cep
      : null;
  // The carrier's service she chooses here (issue 35); null: the cart's choice, or the cheapest.
  const [chosenService, setChosenService] = useState<number | null>(null);
  const quote = useDeliveryQuote(state, deliveryCep, loggedIn, chosenService);
  const [chosenMethod, setChosenMethod] = useState<PaymentMethod | null>(null);
  const paymentTerms = usePaymentTerms();
  // Until she answers, the owners' choice: PIX first when they give a discount for it.
  const paymentMethod = chosenMethod ?? preferredPaymentMethod(paymentTerms.settings);
  /** The page's totals with this freight, paid this way, by these settings. */
  const totalsFor = (
    method: PaymentMethod,
    frete: number,
    settings: PaymentSettings = paymentTerms.settings,
  ): Totals =>
    computeTotals({
      subtotal: subtotalCents,
      desconto: activeCoupon?.discountCents ?? 0,
      frete,
      pixDiscountTenths: method === 'pix' ? settings.pixDiscountTenths : 0,
    });
  const computed = totalsFor(paymentMethod, quote.current.quote.valor);
  // The server's totals after a 409 stand while nothing they depend on changed.
  const [serverTotals, setServerTotals] = useState<{ basis: string; totals: Totals } | null>(null);
  const basis = totalsBasis(quote.current.cep, activeCoupon?.code ?? '', paymentMethod);
  const serverStands = serverTotals !== null && serverTotals.basis === basis;
  const totals = serverStands ? serverTotals.totals : computed;
  // Each answer's figures: the chosen one's are the totals shown.
  const pixTotals = paymentMethod === 'pix' ? totals : totalsFor('pix', quote.current.quote.valor);
  const cardTotals =
    paymentMethod === 'cartao' ? totals : totalsFor('cartao', quote.current.quote.valor);
  const paymentChoice = paymentChoiceView(pixTotals, cardTotals, paymentTerms.settings);

  // ----------------------------------------------------------------- Paying
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Changing the code she was told to apply or remove takes that message away.
  const clearCouponError = () =>
    setError((current) => (current === CHECKOUT_COUPON_NOT_VALIDATED ? null : current));
  /** The profile body already saved in this visit (a retry does not save it twice). */
  const savedBody = useRef<string | null>(null);

  const setField = useCallback((field: CheckoutField, value: string) => {
    setTyped((current) => ({ ...current, [field]: value }));
  }, []);

  const manualMode = view === 'manual';
  const couponTyped = loggedIn && normalizeCouponCode(coupon.code) !== '';

  // The coupon has its own 'Aplicar': the main button always says where it goes.
  let primaryLabel: string;
  if (!loggedIn) primaryLabel = 'Ir para o pagamento';
  else if (manualMode) primaryLabel = 'Salvar e Ir para o Pagamento';
  else primaryLabel = 'Ir para o Pagamento';

  async function pay(): Promise<void> {
    const problem = checkoutProblem({
      form,
      coupon: coupon.code,
      couponStatus: coupon.status,
      loggedIn,
      manualMode,
      cepValidated,
    });
    if (problem) {
      setShowFieldErrors(true);
      setError(problem);
      return;
    }
    const method = paymentMethod;
    setError(null);
    setProcessing(true);
    let leaving = false;
    try {
      // 1. Logged-in manual mode: the new address becomes a profile (not the default).
      if (manualMode) {
        const profile = checkoutFormToProfile({ ...form, cupom: '' });
        const body = JSON.stringify(profile);
        if (savedBody.current !== body) {
          try {
            const created = await createAddressProfile(profile);
            savedBody.current = body;
            // It is a saved address now: if anything below fails, she finds it selected.
            if (created) {
              queryClient.setQueryData<AddressProfile[]>(addressProfilesQueryKey, (list) => [
                ...(list ?? []).filter((p) => p.id !== created.id),
                created,
              ]);
              setSelectedId(created.id);
              setManualChosen(false);
            }
            void queryClient.invalidateQueries({ queryKey: addressProfilesQueryKey });
          } catch (saveError) {
            if (saveError instanceof AuthenticationError) return;
            setError(checkoutAddressSaveError(toOutcome(saveError)));
            return;
          }
        }
      }

      // 2. The freight for the delivery CEP, and the totals she is shown.
      const delivery = await quote.resolve();
      const shownTotals = serverStands
        ? totals
        : totalsFor(method, delivery.quote.valor, await paymentTermsForPaying(queryClient));

      // 3. The order (api/pay/), once per attempt: another method is another order, its total
      // the server's for that method.
      const couponCode = activeCoupon?.code ?? '';
      // Another carrier's service is another order (its freight is the order's).
      const current = currentAttempt(
        attemptFingerprint(
          state.cartData.produtos,
          delivery.serviceId === null ? couponCode : `${couponCode}|frete:${delivery.serviceId}`,
          method,
        ),
      );
      if (!current.order) {
        try {
          const order = await createOrder(
            buildPayBody(
              state,
              delivery.cep,
              shownTotals,
              activeCoupon,
              method,
              delivery.serviceId,
            ),
            current.payKey,
          );
          current.order = { reference: order.reference, chave: order.chave };
          saveAttempt(current);
          if (order.chave) rememberOrderChave(order.reference, order.chave);
        } catch (payError) {
          if (isRefusal(payError)) saveAttempt({ ...current, payKey: newIdempotencyKey() });
          if (isServiceRefusal(payError)) {
            // Her carrier's service no longer serves the CEP (issue 35): the options offered now,
            // the cheapest chosen, and the server's words above the button.
            setChosenService(null);
            quote.requote();
          }
          throw payError;
        }
      }

      // 4. The hosted payment (api/pagamento/).
      let url: string;
      try {
        url = await startPayment(
          buildPagamentoBody({
            order: current.order,
            loggedIn,
            form,
            quote: delivery.quote,
            totals: shownTotals,
            coupon: activeCoupon,
          }),
          current.pagamentoKey,
        );
      } catch (payError) {
        if (isRefusal(payError)) {
          saveAttempt({ ...current, pagamentoKey: newIdempotencyKey() });
          const status = isApiError(payError) ? payError.status : 0;
          const fresh = isApiError(payError) ? totalsFromWire(payError.data) : null;
          if (status === 409 && fresh) {
            // 'Os valores do pedido mudaram…': show the server's figures; the next click pays
            // the same order with them.
            setServerTotals({
              basis: totalsBasis(delivery.cep, couponCode, method),
              totals: fresh,
            });
            if (loggedIn) void queryClient.invalidateQueries({ queryKey: SERVER_CART_KEY });
            // The owners may have changed the PIX discount or the installments meanwhile.
            refreshPaymentTerms(queryClient);
          } else if (status === 404 || status === 409) {
            // The order is gone or no longer waits for payment: the next try makes a new one.
            saveAttempt(null);
          }
        }
        throw payError;
      }

      // 5. The cart is now the order: empty it, and off to the payment page.
      await clearCartAfterOrder(loggedIn);
      setCartShippingQuote(null);
      if (loggedIn) queryClient.setQueryData(SERVER_CART_KEY, []);
      saveAttempt(null);
      leaving = true;
      // Coming back here from the payment page finds no cart to pay twice (React Router keeps
      // the navigation state in history.state.usr).
      const entry: unknown = window.history.state;
      if (entry && typeof entry === 'object')
        window.history.replaceState({ ...(entry as object), usr: null }, '');
      window.location.assign(url);
    } catch (failure) {
      if (failure instanceof AuthenticationError) return;
      setError(isApiError(failure) ? paymentErrorMessage(toOutcome(failure)) : CHECKOUT_FAILED);
    } finally {
      // Leaving for the payment page: the overlay stays until the browser goes.
      if (!leaving) setProcessing(false);
    }
  }

  // Paying while the typed CEP is still being looked up would report fields the lookup is about
  // to fill: the button waits for it.
  const lookupPending = !selectedProfile && view !== 'loading' && cepLookup.status === 'loading';

  function onPrimary(): void {
    if (processing || coupon.status === 'validating' || lookupPending) return;
    if (couponTyped && coupon.status === 'unvalidated') {
      // A code typed but not applied: it is applied in place (its line appears in the summary,
      // or the refusal under the field) and she pays with the next click, having seen it.
      setError(null);
      void coupon.apply();
      return;
    }
    void pay();
  }

  return {
    view,
    loggedIn,
    profiles,
    selectedProfile,
    selectProfile: (id) => {
      setSelectedId(id);
      setError(null);
    },
    chooseNewAddress: () => {
      setManualChosen(true);
      setError(null);
      setShowFieldErrors(false);
    },
    backToSaved: () => {
      setManualChosen(false);
      setError(null);
    },
    form,
    setField,
    cepLookup,
    locks,
    fieldErrors: showFieldErrors && !selectedProfile ? fieldMessages(form, manualMode) : {},
    coupon: {
      ...coupon,
      setCode: (code) => {
        coupon.setCode(code);
        clearCouponError();
      },
      remove: () => {
        coupon.remove();
        clearCouponError();
      },
    },
    delivery: quote.current,
    /** She chose another carrier's service: the freight and totals follow it, and the cart's. */
    chooseShippingService(serviceId: number) {
      setChosenService(serviceId);
      if (cepDigits(quote.current.cep) === cepDigits(state.cepDestino))
        chooseCartShippingOption(serviceId);
    },
    quotePending: quote.pending,
    totals,
    totalsFromServer: serverStands,
    paymentMethod,
    setPaymentMethod: setChosenMethod,
    paymentChoice,
    paymentTermsPending: paymentTerms.pending,
    pixPercentTenths: paymentTerms.settings.pixDiscountTenths,
    cardInstallmentsLine:
      paymentMethod === 'cartao' ? installmentsLine(totals.total, paymentTerms.settings) : null,
    otherMethodTotal:
      paymentMethod === 'pix'
        ? { method: 'cartao', total: cardTotals.total }
        : { method: 'pix', total: pixTotals.total },
    primaryLabel,
    primaryBusy: processing || lookupPending || (couponTyped && coupon.status === 'validating'),
    onPrimary,
    processing,
    error,
    dismissError: () => setError(null),
  };
}
