/**
 * Delivery address profiles (SPEC §3, §5): the form's field messages in both of the SPEC's
 * wordings, the checkout's validation order, and the server's schema for the profile body.
 */
import { z } from 'zod';
import { cepDigits, isCompleteCep } from './cep';
import { cpfDigits, isValidCpf } from './cpf';
import { isValidEmail, normalizeEmail } from './email';
import { fieldErrors } from './fieldErrors';
import { isCompletePhone, phoneDigits } from './phone';
import { isStateCode, toStateCode, type StateCode } from './states';

/** The profile as the server names its fields. */
export interface AddressProfileFields {
  nome_perfil: string;
  nome_completo: string;
  email: string;
  cpf: string;
  telefone: string;
  cep: string;
  endereco: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  estado: string;
}

export type AddressField = keyof AddressProfileFields;

/**
 * 'cart': the cart/checkout side form ('Email é obrigatório', 'Email inválido').
 * 'account': the account area's dialog ('E-mail é obrigatório', 'E-mail inválido').
 */
export type AddressWording = 'cart' | 'account';

export const ADDRESS_MESSAGES = {
  nome_perfil: 'Nome do perfil é obrigatório',
  nome_completo: 'Nome completo é obrigatório',
  emailRequired: { cart: 'Email é obrigatório', account: 'E-mail é obrigatório' },
  emailInvalid: { cart: 'Email inválido', account: 'E-mail inválido' },
  cpf: 'CPF é obrigatório',
  telefone: 'Telefone é obrigatório',
  cep: 'CEP é obrigatório',
  endereco: 'Endereço é obrigatório',
  numero: 'Número é obrigatório',
  bairro: 'Bairro é obrigatório',
  cidade: 'Cidade é obrigatória',
  estado: 'Estado é obrigatório',
} as const;

/** Server-side checks beyond the SPEC's form (its §8 prefixes 'Erro no CPF: …' etc. show them). */
export const ADDRESS_SERVER_MESSAGES = {
  cpfInvalid: 'CPF inválido',
  telefoneInvalid: 'Telefone inválido',
  cepInvalid: 'CEP inválido',
  estadoInvalid: 'Estado inválido',
  tooLong: 'Texto muito longo',
  bodyInvalid: 'Dados do endereço inválidos',
} as const;

export interface AddressValidationOptions {
  wording: AddressWording;
  /** Logged in / the account dialog: the profile name is asked for and required. */
  requireProfileName: boolean;
}

const blank = (v: string | null | undefined): boolean => (v ?? '').trim() === '';

/**
 * The address form's errors as {field: message}; empty when valid. Complement is optional.
 * Only presence and the e-mail's shape are judged here, as the SPEC's forms do.
 */
export function validateAddressProfile(
  form: Partial<AddressProfileFields>,
  options: AddressValidationOptions,
): Partial<Record<AddressField, string>> {
  const errors: Partial<Record<AddressField, string>> = {};
  const m = ADDRESS_MESSAGES;
  if (options.requireProfileName && blank(form.nome_perfil)) errors.nome_perfil = m.nome_perfil;
  if (blank(form.nome_completo)) errors.nome_completo = m.nome_completo;
  if (blank(form.email)) errors.email = m.emailRequired[options.wording];
  else if (!isValidEmail(form.email)) errors.email = m.emailInvalid[options.wording];
  if (blank(form.cpf)) errors.cpf = m.cpf;
  if (blank(form.telefone)) errors.telefone = m.telefone;
  if (blank(form.cep)) errors.cep = m.cep;
  if (blank(form.endereco)) errors.endereco = m.endereco;
  if (blank(form.numero)) errors.numero = m.numero;
  if (blank(form.bairro)) errors.bairro = m.bairro;
  if (blank(form.cidade)) errors.cidade = m.cidade;
  if (blank(form.estado)) errors.estado = m.estado;
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Checkout (SPEC §5 "Checkout"), with the checkout form's own field names (SPEC §3).
// ---------------------------------------------------------------------------------------------

export interface CheckoutForm {
  cep: string;
  street: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  state: string;
  phone: string;
  cpf: string;
  fullName: string;
  email: string;
  cupom?: string;
  nomePerfilEndereco?: string;
}

export const CHECKOUT_PROFILE_NAME_REQUIRED =
  'Por favor, digite um nome para o perfil de endereço (ex: Casa, Trabalho).';
export const CHECKOUT_FIELDS_REQUIRED =
  'Por favor, complete todos os dados de entrega obrigatórios.';
export const CHECKOUT_CEP_NOT_VALIDATED =
  'CEP inválido ou não encontrado. Verifique e tente novamente.';
export const CHECKOUT_CART_MISSING =
  'Dados do carrinho não encontrados. Retorne ao carrinho e tente novamente.';
export const CHECKOUT_COUPON_NOT_VALIDATED =
  'Aguarde a validação do cupom ou remova-o para continuar.';

export type CouponStatus = 'unvalidated' | 'validating' | 'valid' | 'invalid';

export interface CheckoutState {
  form: CheckoutForm;
  loggedIn: boolean;
  /** Logged in and filling the manual form (a new profile is saved from it). */
  manualMode: boolean;
  /** The postal-code lookup succeeded for this CEP (a saved profile's CEP counts as validated). */
  cepValidated: boolean;
  hasCartData: boolean;
  couponStatus: CouponStatus;
}

const CHECKOUT_REQUIRED: (keyof CheckoutForm)[] = [
  'cep',
  'street',
  'number',
  'district',
  'city',
  'state',
  'phone',
  'cpf',
  'fullName',
  'email',
];

/** The first checkout rule broken, in SPEC §5 order, or null when payment may start. */
export function validateCheckout(s: CheckoutState): string | null {
  if (s.loggedIn && s.manualMode && blank(s.form.nomePerfilEndereco))
    return CHECKOUT_PROFILE_NAME_REQUIRED;
  if (CHECKOUT_REQUIRED.some((k) => blank(s.form[k]))) return CHECKOUT_FIELDS_REQUIRED;
  if (!s.cepValidated) return CHECKOUT_CEP_NOT_VALIDATED;
  if (!s.hasCartData) return CHECKOUT_CART_MISSING;
  // Guests cannot use coupons (SPEC §6), so a coupon only blocks a logged-in checkout.
  if (s.loggedIn && !blank(s.form.cupom) && s.couponStatus !== 'valid')
    return CHECKOUT_COUPON_NOT_VALIDATED;
  return null;
}

/** The checkout form -> the profile body saved in logged-in manual mode (never as default). */
export function checkoutFormToProfile(
  form: CheckoutForm,
): AddressProfileFields & { is_default: false } {
  return {
    nome_perfil: (form.nomePerfilEndereco ?? '').trim(),
    nome_completo: form.fullName.trim(),
    email: form.email.trim(),
    cpf: form.cpf,
    telefone: form.phone,
    cep: form.cep,
    endereco: form.street.trim(),
    numero: form.number.trim(),
    complemento: (form.complement ?? '').trim(),
    bairro: form.district.trim(),
    cidade: form.city.trim(),
    estado: form.state.trim(),
    is_default: false,
  };
}

// ---------------------------------------------------------------------------------------------
// Server side: the body of POST / PUT /api/perfis-endereco/
// ---------------------------------------------------------------------------------------------

export const PROFILE_NAME_MAX_LENGTH = 50;
/** The most profiles one customer keeps; the API refuses one more (ADDRESS_PROFILE_LIMIT_REACHED). */
export { MAX_ADDRESS_PROFILES } from './address-limits';
const TEXT_MAX_LENGTH = 200;

const required = (message: string, max = TEXT_MAX_LENGTH) =>
  z
    .string({ error: message })
    .trim()
    // abort: an empty field reports "required" only, not also "invalid".
    .min(1, { error: message, abort: true })
    .max(max, { error: ADDRESS_SERVER_MESSAGES.tooLong, abort: true });

/**
 * Zod schema of an address profile body with Portuguese messages (the account dialog's wording,
 * since the address page shows the server's field errors there). Strings are trimmed; use
 * `validateAddressProfilePayload` to also get the stored (normalized) values.
 */
export const addressProfileSchema = z.object(
  {
    nome_perfil: required(ADDRESS_MESSAGES.nome_perfil, PROFILE_NAME_MAX_LENGTH),
    nome_completo: required(ADDRESS_MESSAGES.nome_completo),
    email: required(ADDRESS_MESSAGES.emailRequired.account).refine(isValidEmail, {
      error: ADDRESS_MESSAGES.emailInvalid.account,
    }),
    cpf: required(ADDRESS_MESSAGES.cpf).refine(isValidCpf, {
      error: ADDRESS_SERVER_MESSAGES.cpfInvalid,
    }),
    telefone: required(ADDRESS_MESSAGES.telefone).refine(isCompletePhone, {
      error: ADDRESS_SERVER_MESSAGES.telefoneInvalid,
    }),
    cep: required(ADDRESS_MESSAGES.cep).refine(isCompleteCep, {
      error: ADDRESS_SERVER_MESSAGES.cepInvalid,
    }),
    endereco: required(ADDRESS_MESSAGES.endereco),
    numero: required(ADDRESS_MESSAGES.numero, 20),
    complemento: z
      .string()
      .trim()
      .max(TEXT_MAX_LENGTH, { error: ADDRESS_SERVER_MESSAGES.tooLong })
      .nullish(),
    bairro: required(ADDRESS_MESSAGES.bairro),
    cidade: required(ADDRESS_MESSAGES.cidade),
    estado: required(ADDRESS_MESSAGES.estado).refine(isStateCode, {
      error: ADDRESS_SERVER_MESSAGES.estadoInvalid,
    }),
    is_default: z.boolean().optional(),
  },
  { error: ADDRESS_SERVER_MESSAGES.bodyInvalid },
);

export type AddressProfileBody = z.infer<typeof addressProfileSchema>;

/** What the server stores: digits for CPF, phone and CEP; upper-case UF; lower-case e-mail. */
export interface NormalizedAddressProfile extends AddressProfileFields {
  estado: StateCode;
  is_default: boolean;
}

export function normalizeAddressProfile(body: AddressProfileBody): NormalizedAddressProfile {
  const estado = toStateCode(body.estado);
  if (!estado) throw new RangeError(`not a state code: ${body.estado}`);
  return {
    nome_perfil: body.nome_perfil,
    nome_completo: body.nome_completo,
    email: normalizeEmail(body.email),
    cpf: cpfDigits(body.cpf),
    telefone: phoneDigits(body.telefone),
    cep: cepDigits(body.cep),
    endereco: body.endereco,
    numero: body.numero,
    complemento: body.complemento ?? '',
    bairro: body.bairro,
    cidade: body.cidade,
    estado,
    is_default: body.is_default ?? false,
  };
}

export type AddressProfileResult =
  { ok: true; value: NormalizedAddressProfile } | { ok: false; errors: Record<string, string[]> };

/** Validates an untrusted body into `{ok, value}` or the `errors: {field: [messages]}` answer. */
export function validateAddressProfilePayload(body: unknown): AddressProfileResult {
  const parsed = addressProfileSchema.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error) };
  return { ok: true, value: normalizeAddressProfile(parsed.data) };
}
