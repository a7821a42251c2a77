/**
 * The owners' freight settings ('Frete' in the back office, docs/shipping-settings-contract.md):
 * Melhor Envio's account, the sender the labels carry, the services offered with their margins,
 * and the package of each category. The form's rule is shared by the page and the API (PUT
 * api/admin/frete/): each field's message under its path ('remetente.cep', 'servicos.0.margem').
 */
import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { CATEGORIES, type Category } from './catalog';
import { CEP_DIGITS, cepDigits } from './cep';
import { isValidCpf } from './cpf';
import { onlyDigits } from './digits';
import { isValidEmail } from './email';
import { toCents, type Cents } from './money';
import { isCompletePhone, phoneDigits } from './phone';
import { DEFAULT_DIMENSIONS_CM, ITEM_WEIGHT_GRAMS } from './shipping';
import { toStateCode, type StateCode } from './states';
import {
  SHIPPING_SETTINGS_CEP_INVALID,
  SHIPPING_SETTINGS_DAYS_INVALID,
  SHIPPING_SETTINGS_DIMENSION_INVALID,
  SHIPPING_SETTINGS_DOCUMENT_INVALID,
  SHIPPING_SETTINGS_EMAIL_INVALID,
  SHIPPING_SETTINGS_ENVIRONMENT_INVALID,
  SHIPPING_SETTINGS_MARGIN_INVALID,
  SHIPPING_SETTINGS_PHONE_INVALID,
  SHIPPING_SETTINGS_REQUIRED,
  SHIPPING_SETTINGS_SERVICE_UNKNOWN,
  SHIPPING_SETTINGS_SERVICES_EMPTY,
  SHIPPING_SETTINGS_TEXT_TOO_LONG,
  SHIPPING_SETTINGS_TOKEN_INVALID,
  SHIPPING_SETTINGS_UF_INVALID,
  SHIPPING_SETTINGS_WEIGHT_INVALID,
} from './messages/back-office';

/** The Melhor Envio services the store offers by name (their ids in Melhor Envio's quote). */
export const SHIPPING_SERVICES = [
  { id: 1, transportadora: 'Correios', servico: 'PAC' },
  { id: 2, transportadora: 'Correios', servico: 'SEDEX' },
  { id: 17, transportadora: 'Correios', servico: 'Mini Envios' },
  { id: 3, transportadora: 'Jadlog', servico: '.Package' },
  { id: 4, transportadora: 'Jadlog', servico: '.Com' },
] as const;

export type ShippingServiceId = (typeof SHIPPING_SERVICES)[number]['id'];

/** Offered until the owners choose: Correios' three. */
export const DEFAULT_SHIPPING_SERVICE_IDS: readonly ShippingServiceId[] = [1, 2, 17];

export function isShippingServiceId(value: unknown): value is ShippingServiceId {
  return SHIPPING_SERVICES.some((s) => s.id === value);
}

/** 'sandbox': Melhor Envio's test server (fictitious balance); 'producao': the real one. */
export type MelhorEnvioEnvironment = 'sandbox' | 'producao';

export interface ShippingSender {
  nome: string;
  telefone: string;
  email: string;
  /** CPF (11 digits) or CNPJ (14 digits), digits only. */
  documento: string;
  /** With a CNPJ, when the company has one. */
  inscricaoEstadual: string;
  rua: string;
  numero: string;
  complemento: string;
  bairro: string;
  cidade: string;
  uf: StateCode | '';
  /** The origin of every quote, 8 digits. */
  cep: string;
}

export const EMPTY_SENDER: ShippingSender = {
  nome: '',
  telefone: '',
  email: '',
  documento: '',
  inscricaoEstadual: '',
  rua: '',
  numero: '',
  complemento: '',
  bairro: '',
  cidade: '',
  uf: '',
  cep: '',
};

export interface ShippingServiceSetting {
  id: ShippingServiceId;
  /** Added to the carrier's price. */
  marginCents: Cents;
  /** Added to the carrier's days. */
  extraDays: number;
}

/** A category's box, in cm, and a piece's weight in it, in grams. */
export interface CategoryPackage {
  widthCm: number;
  heightCm: number;
  lengthCm: number;
  weightGrams: number;
}

export type CategorySlug = Category['slug'];

/** SPEC §9: 20 × 5 × 15 cm and 0.2 kg a piece when the owners set nothing. */
export const DEFAULT_CATEGORY_PACKAGE: CategoryPackage = {
  lengthCm: DEFAULT_DIMENSIONS_CM.length,
  heightCm: DEFAULT_DIMENSIONS_CM.height,
  widthCm: DEFAULT_DIMENSIONS_CM.width,
  weightGrams: ITEM_WEIGHT_GRAMS,
};

/** A piece's own package: its weight, and its box when the owners measured it (null otherwise). */
export interface PieceMeasures {
  categorySlug: CategorySlug;
  weightGrams: number;
  widthCm: number | null;
  heightCm: number | null;
  lengthCm: number | null;
}

/**
 * The box and weight a carrier is quoted (and a label bought) for one unit of a piece: its own
 * measures where the owners set them, else its category's package in 'Frete', else SPEC §9's
 * 20 × 5 × 15 cm. The weight is always the piece's own.
 */
export function pieceParcel(
  piece: PieceMeasures,
  packages: Partial<Record<CategorySlug, CategoryPackage>>,
): CategoryPackage {
  const box = packages[piece.categorySlug] ?? DEFAULT_CATEGORY_PACKAGE;
  return {
    widthCm: piece.widthCm ?? box.widthCm,
    heightCm: piece.heightCm ?? box.heightCm,
    lengthCm: piece.lengthCm ?? box.lengthCm,
    weightGrams: piece.weightGrams,
  };
}

/** What the owners save (the token apart: it travels alone and is never answered back). */
export interface ShippingSettingsInput {
  /** null: on when a token is set (the environment's included). */
  enabled: boolean | null;
  /** null: MELHORENVIO_API_URL decides. */
  environment: MelhorEnvioEnvironment | null;
  technicalEmail: string;
  sender: ShippingSender;
  services: ShippingServiceSetting[];
  packages: Record<CategorySlug, CategoryPackage>;
}

/** Limits the form checks (a box bigger than Melhor Envio carries is a typo). */
export const PACKAGE_LIMITS = {
  minCm: 1,
  maxCm: 100,
  minGrams: 1,
  maxGrams: 30_000,
  maxMarginCents: 100_000,
  maxExtraDays: 30,
  maxText: 120,
} as const;

export type ShippingSettingsForm = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function wholeBetween(value: unknown, min: number, max: number): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** A CPF or a CNPJ, mask or not. */
export function isValidSenderDocument(value: string): boolean {
  const digits = onlyDigits(value);
  if (/[^\d.\-/\s]/.test(value)) return false;
  if (digits.length === 11) return isValidCpf(digits);
  return digits.length === 14 && isValidCnpj(digits);
}

/**
 * The form's rule. `ativo` true asks the whole sender (a label cannot be bought without it);
 * off, what is filled in is checked and the rest may wait.
 */
export function validateShippingSettingsForm(
  form: ShippingSettingsForm,
): { ok: true; settings: ShippingSettingsInput } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};

  const enabled = form.ativo === true ? true : form.ativo === false ? false : null;
  let environment: MelhorEnvioEnvironment | null = null;
  if (form.ambiente === 'sandbox' || form.ambiente === 'producao') environment = form.ambiente;
  else if (form.ambiente != null && form.ambiente !== '')
    errors.ambiente = SHIPPING_SETTINGS_ENVIRONMENT_INVALID;

  const technicalEmail = text(form.email_tecnico).toLowerCase();
  if (technicalEmail && !isValidEmail(technicalEmail))
    errors.email_tecnico = SHIPPING_SETTINGS_EMAIL_INVALID;

  const raw = (
    typeof form.remetente === 'object' && form.remetente !== null ? form.remetente : {}
  ) as Record<string, unknown>;
  const sender: ShippingSender = { ...EMPTY_SENDER };
  for (const field of ['nome', 'rua', 'numero', 'complemento', 'bairro', 'cidade'] as const) {
    sender[field] = text(raw[field]);
    if (sender[field].length > PACKAGE_LIMITS.maxText)
      errors[`remetente.${field}`] = SHIPPING_SETTINGS_TEXT_TOO_LONG;
  }
  const phone = text(raw.telefone);
  sender.telefone = phoneDigits(phone);
  if (phone && !isCompletePhone(phone))
    errors['remetente.telefone'] = SHIPPING_SETTINGS_PHONE_INVALID;
  sender.email = text(raw.email).toLowerCase();
  if (sender.email && !isValidEmail(sender.email))
    errors['remetente.email'] = SHIPPING_SETTINGS_EMAIL_INVALID;
  const document = text(raw.documento);
  sender.documento = onlyDigits(document);
  if (document && !isValidSenderDocument(document))
    errors['remetente.documento'] = SHIPPING_SETTINGS_DOCUMENT_INVALID;
  sender.inscricaoEstadual = text(raw.inscricao_estadual);
  if (sender.inscricaoEstadual.length > 30)
    errors['remetente.inscricao_estadual'] = SHIPPING_SETTINGS_TEXT_TOO_LONG;
  const uf = text(raw.uf);
  sender.uf = toStateCode(uf) ?? '';
  if (uf && !sender.uf) errors['remetente.uf'] = SHIPPING_SETTINGS_UF_INVALID;
  const cep = text(raw.cep);
  sender.cep = cepDigits(cep);
  if (cep && (sender.cep.length !== CEP_DIGITS || /[^\d\-.\s]/.test(cep)))
    errors['remetente.cep'] = SHIPPING_SETTINGS_CEP_INVALID;

  if (enabled === true) {
    for (const field of [
      'nome',
      'telefone',
      'email',
      'documento',
      'rua',
      'numero',
      'bairro',
      'cidade',
      'uf',
      'cep',
    ] as const) {
      if (!sender[field] && !errors[`remetente.${field}`])
        errors[`remetente.${field}`] = SHIPPING_SETTINGS_REQUIRED;
    }
  }

  const services: ShippingServiceSetting[] = [];
  const rawServices = Array.isArray(form.servicos) ? (form.servicos as unknown[]) : [];
  rawServices.forEach((entry, i) => {
    const s = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const id = typeof s.id === 'string' ? Number(s.id) : s.id;
    if (!isShippingServiceId(id)) {
      errors[`servicos.${i}.id`] = SHIPPING_SETTINGS_SERVICE_UNKNOWN;
      return;
    }
    const marginText = text(s.margem);
    const marginCents = marginText === '' ? 0 : toCents(marginText);
    if (marginCents === null || marginCents < 0 || marginCents > PACKAGE_LIMITS.maxMarginCents)
      errors[`servicos.${i}.margem`] = SHIPPING_SETTINGS_MARGIN_INVALID;
    const daysText = text(s.dias_extras);
    const extraDays = daysText === '' ? 0 : wholeBetween(daysText, 0, PACKAGE_LIMITS.maxExtraDays);
    if (extraDays === null) errors[`servicos.${i}.dias_extras`] = SHIPPING_SETTINGS_DAYS_INVALID;
    if (!services.some((known) => known.id === id))
      services.push({ id, marginCents: marginCents ?? 0, extraDays: extraDays ?? 0 });
  });
  if (services.length === 0 && !Object.keys(errors).some((k) => k.startsWith('servicos.')))
    errors.servicos = SHIPPING_SETTINGS_SERVICES_EMPTY;

  const rawPackages = (
    typeof form.embalagens === 'object' && form.embalagens !== null ? form.embalagens : {}
  ) as Record<string, unknown>;
  const packages = {} as Record<CategorySlug, CategoryPackage>;
  for (const category of CATEGORIES) {
    const p = (
      typeof rawPackages[category.slug] === 'object' && rawPackages[category.slug] !== null
        ? rawPackages[category.slug]
        : {}
    ) as Record<string, unknown>;
    const measure = (
      field: string,
      min: number,
      max: number,
      message: string,
      fallback: number,
    ) => {
      if (p[field] == null || text(p[field]) === '') return fallback;
      const n = wholeBetween(p[field], min, max);
      if (n === null) errors[`embalagens.${category.slug}.${field}`] = message;
      return n ?? fallback;
    };
    const { minCm, maxCm, minGrams, maxGrams } = PACKAGE_LIMITS;
    const dim = SHIPPING_SETTINGS_DIMENSION_INVALID;
    packages[category.slug] = {
      widthCm: measure('largura', minCm, maxCm, dim, DEFAULT_CATEGORY_PACKAGE.widthCm),
      heightCm: measure('altura', minCm, maxCm, dim, DEFAULT_CATEGORY_PACKAGE.heightCm),
      lengthCm: measure('comprimento', minCm, maxCm, dim, DEFAULT_CATEGORY_PACKAGE.lengthCm),
      weightGrams: measure(
        'peso_gramas',
        minGrams,
        maxGrams,
        SHIPPING_SETTINGS_WEIGHT_INVALID,
        DEFAULT_CATEGORY_PACKAGE.weightGrams,
      ),
    };
  }

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    settings: { enabled, environment, technicalEmail, sender, services, packages },
  };
}

/** A new token: letters, digits and the JWT's punctuation, 20 to 4,000 characters. */
export function validateShippingToken(value: unknown): string | { error: string } {
  const token = typeof value === 'string' ? value.trim() : '';
  if (!/^[\w.\-~+/=]{20,4000}$/.test(token)) return { error: SHIPPING_SETTINGS_TOKEN_INVALID };
  return token;
}

/** '…a1B2': what the owners see of a saved token. */
export function tokenHint(last4: string | null): string {
  return last4 ? `••••${last4}` : '';
}
