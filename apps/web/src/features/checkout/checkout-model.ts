/**
 * The checkout's pure pieces: the form, what a CEP lookup fills in, the SPEC §5 checks (through
 * the domain), and the bodies of api/pay/ and api/pagamento/. No I/O, no React.
 */
import {
  ADDRESS_MESSAGES,
  ADDRESS_SERVER_MESSAGES,
  validateCheckout,
  type CheckoutForm,
  type CouponStatus,
} from '@semijoias/domain/address';
import { cepDigits, isCompleteCep, maskCep } from '@semijoias/domain/cep';
import type { Totals } from '@semijoias/domain/coupon';
import { isValidCpf, maskCpf } from '@semijoias/domain/cpf';
import { isValidEmail } from '@semijoias/domain/email';
import {
  ADDRESS_FIELD_PREFIXES,
  ADDRESS_OTHER_FIELD_PREFIX,
  cardSinglePaymentLine,
  cardTotalNote,
  PIX_INSTANT_NOTE,
  pixDiscountBadge,
  pixTotalLine,
} from '@semijoias/domain/messages';
import { centsToDecimal, toCents } from '@semijoias/domain/money';
import {
  installmentsLine,
  type PaymentMethod,
  type PaymentSettings,
} from '@semijoias/domain/payment-terms';
import { isCompletePhone, maskPhone } from '@semijoias/domain/phone';
import type { ShippingQuote } from '@semijoias/domain/shipping';
import { isStateCode } from '@semijoias/domain/states';
import type { AddressProfile } from '@/lib/addresses';
import type { CheckoutNavigationState } from '@/lib/cart/checkout-state';
import type { CepLookupState } from '@/lib/use-cep-lookup';
import type { AccountContact, PagamentoBody, PayBody, ShippingInfo, TotalsWire } from './api';

/** Every field of SPEC §3's checkout form, as typed (masked). The coupon lives in use-coupon. */
export type CheckoutFormValues = Required<Omit<CheckoutForm, 'cupom'>>;
export type CheckoutField = keyof CheckoutFormValues;

export function emptyForm(cep: string): CheckoutFormValues {
  return {
    nomePerfilEndereco: '',
    cep: maskCep(cep),
    fullName: '',
    email: '',
    street: '',
    district: '',
    city: '',
    state: '',
    number: '',
    complement: '',
    phone: '',
    cpf: '',
  };
}

/** Her account's contact as the form's starting values (each stays hers to change). */
export function contactPrefill(info: AccountContact | undefined): Partial<CheckoutFormValues> {
  if (!info) return {};
  const name = [info.first_name, info.last_name].filter(Boolean).join(' ').trim();
  return {
    ...(name ? { fullName: name } : {}),
    ...(info.email ? { email: info.email } : {}),
    ...(info.phone ? { phone: maskPhone(info.phone) } : {}),
    ...(info.cpf ? { cpf: maskCpf(info.cpf) } : {}),
  };
}

/** What she typed over the starting values: a field she edited (even emptied) is hers. */
export function mergeTyped(
  base: CheckoutFormValues,
  prefill: Partial<CheckoutFormValues>,
  typed: Partial<CheckoutFormValues>,
): CheckoutFormValues {
  const out = { ...base };
  for (const key of Object.keys(base) as CheckoutField[]) {
    out[key] = typed[key] ?? prefill[key] ?? base[key];
  }
  return out;
}

/** The four fields a CEP lookup fills (SPEC §5), and whether each is locked to what it found. */
export interface LookupFill {
  street: boolean;
  district: boolean;
  city: boolean;
  state: boolean;
}

/**
 * Which of street, district, city and state come from the lookup (read-only). A found CEP locks
 * what it answered; a town with one CEP answers no street nor district, so those stay open; a
 * failed lookup (service down, no internet) opens all four, so the shopper is never stuck.
 */
export function lookupLocks(lookup: CepLookupState): LookupFill {
  if (lookup.status !== 'found') {
    const locked = lookup.status !== 'failed';
    return { street: locked, district: locked, city: locked, state: locked };
  }
  const e = lookup.endereco;
  return {
    street: e.logradouro.trim() !== '',
    district: e.bairro.trim() !== '',
    city: e.cidade.trim() !== '',
    state: isStateCode(e.estado),
  };
}

/** The form as it will be sent: the lookup's answers over what was typed for the locked fields. */
export function withLookup(form: CheckoutFormValues, lookup: CepLookupState): CheckoutFormValues {
  if (lookup.status !== 'found') {
    return lookup.status === 'failed'
      ? form
      : { ...form, street: '', district: '', city: '', state: '' };
  }
  const locks = lookupLocks(lookup);
  const e = lookup.endereco;
  return {
    ...form,
    street: locks.street ? e.logradouro : form.street,
    district: locks.district ? e.bairro : form.district,
    city: locks.city ? e.cidade : form.city,
    state: locks.state ? e.estado.toUpperCase() : form.state,
  };
}

/** A saved profile in the checkout form's names (its CEP was validated when it was saved). */
export function profileToForm(profile: AddressProfile): CheckoutFormValues {
  return {
    nomePerfilEndereco: profile.nome_perfil,
    cep: maskCep(profile.cep),
    fullName: profile.nome_completo,
    email: profile.email,
    street: profile.endereco,
    district: profile.bairro,
    city: profile.cidade,
    state: profile.estado,
    number: profile.numero,
    complement: profile.complemento ?? '',
    phone: maskPhone(profile.telefone),
    cpf: maskCpf(profile.cpf),
  };
}

export function toShippingInfo(form: CheckoutFormValues): ShippingInfo {
  return {
    cep: maskCep(form.cep),
    street: form.street.trim(),
    number: form.number.trim(),
    complement: form.complement.trim(),
    district: form.district.trim(),
    city: form.city.trim(),
    state: form.state.trim().toUpperCase(),
    phone: form.phone,
    cpf: form.cpf,
    fullName: form.fullName.trim(),
    email: form.email.trim(),
  };
}

export interface CheckInput {
  form: CheckoutFormValues;
  coupon: string;
  couponStatus: CouponStatus;
  loggedIn: boolean;
  manualMode: boolean;
  cepValidated: boolean;
}

/**
 * The first problem that stops the payment: SPEC §5's rules in their order (the domain's
 * validateCheckout), then what the server would refuse in the address (an e-mail, CPF, phone or
 * state it cannot accept), said before the call in SPEC §8's words ('Erro no CPF: CPF inválido').
 */
export function checkoutProblem(input: CheckInput): string | null {
  const rule = validateCheckout({
    form: { ...input.form, cupom: input.loggedIn ? input.coupon : '' },
    loggedIn: input.loggedIn,
    manualMode: input.manualMode,
    cepValidated: input.cepValidated,
    hasCartData: true,
    couponStatus: input.couponStatus,
  });
  if (rule) return rule;
  const invalid = invalidFields(input.form);
  const first = (['email', 'cpf', 'phone', 'cep', 'state'] as const).find((f) => invalid[f]);
  if (!first) return null;
  const prefix =
    {
      email: ADDRESS_FIELD_PREFIXES.email,
      cpf: ADDRESS_FIELD_PREFIXES.cpf,
      phone: ADDRESS_FIELD_PREFIXES.telefone,
      cep: ADDRESS_FIELD_PREFIXES.cep,
      state: undefined,
    }[first] ?? ADDRESS_OTHER_FIELD_PREFIX;
  return `${prefix}${invalid[first]}`;
}

/** Filled but unacceptable values (the server's address rules), field by field. */
export function invalidFields(form: CheckoutFormValues): Partial<Record<CheckoutField, string>> {
  const out: Partial<Record<CheckoutField, string>> = {};
  if (form.email.trim() && !isValidEmail(form.email))
    out.email = ADDRESS_MESSAGES.emailInvalid.cart;
  const m = ADDRESS_SERVER_MESSAGES;
  if (form.cpf.trim() && !isValidCpf(form.cpf)) out.cpf = m.cpfInvalid;
  if (form.phone.trim() && !isCompletePhone(form.phone)) out.phone = m.telefoneInvalid;
  if (form.cep.trim() && !isCompleteCep(form.cep)) out.cep = m.cepInvalid;
  if (form.state.trim() && !isStateCode(form.state)) out.state = m.estadoInvalid;
  return out;
}

const REQUIRED_MESSAGES: Partial<Record<CheckoutField, string>> = {
  nomePerfilEndereco: ADDRESS_MESSAGES.nome_perfil,
  fullName: ADDRESS_MESSAGES.nome_completo,
  email: ADDRESS_MESSAGES.emailRequired.cart,
  cpf: ADDRESS_MESSAGES.cpf,
  phone: ADDRESS_MESSAGES.telefone,
  cep: ADDRESS_MESSAGES.cep,
  street: ADDRESS_MESSAGES.endereco,
  number: ADDRESS_MESSAGES.numero,
  district: ADDRESS_MESSAGES.bairro,
  city: ADDRESS_MESSAGES.cidade,
  state: ADDRESS_MESSAGES.estado,
};

/** The messages under each field (SPEC §5 "Address profile form", the cart-side wording). */
export function fieldMessages(
  form: CheckoutFormValues,
  requireProfileName: boolean,
): Partial<Record<CheckoutField, string>> {
  const out: Partial<Record<CheckoutField, string>> = {};
  for (const [field, message] of Object.entries(REQUIRED_MESSAGES) as [CheckoutField, string][]) {
    if (field === 'nomePerfilEndereco' && !requireProfileName) continue;
    if (form[field].trim() === '') out[field] = message;
  }
  return { ...invalidFields(form), ...out };
}

/** The totals as the page shows them; the PIX discount travels only when there is one. */
export function totalsToWire(t: Totals): TotalsWire {
  return {
    subtotal: centsToDecimal(t.subtotal),
    subtotalComDesconto: centsToDecimal(t.subtotalComDesconto),
    frete: centsToDecimal(t.frete),
    desconto: centsToDecimal(t.desconto),
    ...(t.descontoPix > 0 ? { descontoPix: centsToDecimal(t.descontoPix) } : {}),
    total: centsToDecimal(t.total),
  };
}

/** The server's own totals in a 409 'Os valores do pedido mudaram…' answer, when readable. */
export function totalsFromWire(data: unknown): Totals | null {
  const raw =
    data !== null && typeof data === 'object' ? (data as { totais?: unknown }).totais : undefined;
  if (raw === null || typeof raw !== 'object') return null;
  const read = (key: keyof TotalsWire): number | null => {
    const v = (raw as Record<string, unknown>)[key];
    return typeof v === 'string' || typeof v === 'number' ? toCents(v) : null;
  };
  const subtotal = read('subtotal');
  const frete = read('frete');
  const total = read('total');
  if (subtotal === null || frete === null || total === null) return null;
  const desconto = read('desconto') ?? 0;
  return {
    subtotal,
    frete,
    desconto,
    total,
    subtotalComDesconto: read('subtotalComDesconto') ?? subtotal - desconto,
    descontoPix: read('descontoPix') ?? 0,
  };
}

export interface AppliedCoupon {
  code: string;
  discountCents: number;
}

/**
 * api/pay's body. Of it the server reads the lines, the CEP, the coupon and `forma_pagamento`
 * (PIX takes its discount off the products after the coupon); the figures are the
 * page's, for the SPEC's shape.
 */
export function buildPayBody(
  state: CheckoutNavigationState,
  deliveryCep: string,
  totals: Totals,
  coupon: AppliedCoupon | null,
  method: PaymentMethod,
  /** The carrier's service she chose (issue 35); null when the table quoted. */
  serviceId: number | null = null,
): PayBody {
  const wire = totalsToWire(totals);
  return {
    produtos: state.cartData.produtos.map((p) => ({
      produto: p.produto,
      name: p.name,
      price: p.price,
      quantidade: p.quantidade,
      // Two sizes of one ring are two lines, each naming its own.
      ...(p.variacao_id === undefined ? {} : { variacao_id: p.variacao_id }),
    })),
    subtotal: wire.subtotal,
    total: wire.total,
    frete: wire.frete,
    cep: maskCep(deliveryCep),
    forma_pagamento: method,
    ...(serviceId === null ? {} : { frete_servico: serviceId }),
    // Only a logged-in shopper's applied coupon travels (SPEC §6: guests have none).
    ...(coupon
      ? {
          cupom: coupon.code,
          cupom_validado: true,
          cupom_desconto: centsToDecimal(coupon.discountCents),
        }
      : {}),
  };
}

export function buildPagamentoBody(input: {
  order: { reference: string; chave: string };
  loggedIn: boolean;
  form: CheckoutFormValues;
  quote: ShippingQuote;
  totals: Totals;
  coupon: AppliedCoupon | null;
}): PagamentoBody {
  return {
    reference: input.order.reference,
    chave: input.order.chave,
    logged: input.loggedIn,
    shippingInfo: toShippingInfo(input.form),
    dadosFrete: { valor: centsToDecimal(input.quote.valor), prazo: input.quote.prazo },
    totais: totalsToWire(input.totals),
    ...(input.loggedIn && input.coupon
      ? {
          cupom_dados: {
            codigo: input.coupon.code,
            validado: true,
            desconto: centsToDecimal(input.coupon.discountCents),
          },
        }
      : {}),
  };
}

/** What each answer of 'Como você quer pagar?' says. */
export interface PaymentChoiceView {
  /**
   * 'R$ 130,30 no PIX': what she pays by PIX, freight included (one total, the one the summary
   * shows once PIX is chosen), with its badge '5 % de desconto' and 'Aprovação imediata'.
   */
  pix: { line: string; badge: string | null; note: string };
  /** 'em até 6x de R$ 22,80 sem juros' with 'Total de R$ 136,80', or 'R$ 35,90 à vista'. */
  cartao: { line: string; note: string | null };
}

/**
 * The two answers' figures, each the total she would pay with it (freight included): PIX's
 * with its discount taken off the products after the coupon; the card's installments split the
 * whole total. Each from the totals the page would show with that answer chosen.
 */
export function paymentChoiceView(
  pixTotals: Totals,
  cardTotals: Totals,
  settings: PaymentSettings,
): PaymentChoiceView {
  const installments = installmentsLine(cardTotals.total, settings);
  return {
    pix: {
      line: pixTotalLine(pixTotals.total),
      badge: settings.pixDiscountTenths > 0 ? pixDiscountBadge(settings.pixDiscountTenths) : null,
      note: PIX_INSTANT_NOTE,
    },
    cartao: installments
      ? { line: installments, note: cardTotalNote(cardTotals.total) }
      : { line: cardSinglePaymentLine(cardTotals.total), note: null },
  };
}

/** The owners' choice of the answer chosen for her: PIX when they give a discount for it. */
export function preferredPaymentMethod(settings: PaymentSettings): PaymentMethod {
  return settings.pixDiscountTenths > 0 ? 'pix' : 'cartao';
}

/** What the server's totals after a 409 were for: the same CEP, coupon and method. */
export function totalsBasis(cep: string, coupon: string, method: PaymentMethod): string {
  return `${cepDigits(cep)}|${coupon}|${method}`;
}

export function sameCep(a: string, b: string): boolean {
  return cepDigits(a) === cepDigits(b);
}
