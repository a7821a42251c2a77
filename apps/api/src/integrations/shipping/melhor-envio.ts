/**
 * Carriers' quotes and labels: the INTERFACE `MelhorEnvioClient`, its REAL CLIENT
 * `createMelhorEnvioClient` over Melhor Envio's API v2, and the client-side request limiter they
 * share. Faked in tests (and for Playwright) by test/fake-melhor-envio.ts, MELHORENVIO_API_URL
 * pointed at it. The contract, with the documentation pages each part was checked against, is
 * docs/melhor-envio-contract.md.
 *
 * Every call sends `Authorization: Bearer <token>` and `User-Agent: Aplicação (e-mail técnico)`,
 * both required by Melhor Envio; the base URL is `https://melhorenvio.com.br` (production) or
 * `https://sandbox.melhorenvio.com.br`. Paths:
 *   quote     POST /api/v2/me/shipment/calculate
 *   addToCart POST /api/v2/me/cart              (one label per request)
 *   checkout  POST /api/v2/me/shipment/checkout (paid from the account's balance)
 *   generate  POST /api/v2/me/shipment/generate
 *   print     POST /api/v2/me/shipment/print    (answers a URL)
 *   tracking  POST /api/v2/me/shipment/tracking
 *   cancel    POST /api/v2/me/shipment/cancel
 *   balance   GET  /api/v2/me/balance
 *
 * Money is integer centavos on our side; Melhor Envio writes prices as decimal strings ("23.45")
 * or numbers, read here digit by digit (never through a float). Weights are integer grams on our
 * side and kilograms on the wire.
 *
 * Failures are one class, MelhorEnvioError, with a small set of kinds: 401 'token-invalido',
 * 403 'sem-permissao', 400/404/422 'validacao' (with Melhor Envio's field messages, CPFs and
 * e-mails masked), 429 or our own limiter 'limite', checkout refused for the balance
 * 'saldo-insuficiente', and everything else (timeout, no connection, 5xx, an answer that is not
 * the documented shape) 'indisponivel'. `fallback` says the caller should quote from SPEC §9's
 * table instead. Messages are for the owners (the back office, the log): never shown to a
 * shopper, and never carrying the token.
 */

/** Production (the default of MELHORENVIO_API_URL). */
export const MELHOR_ENVIO_PRODUCTION_URL = 'https://melhorenvio.com.br';
/** The sandbox: fictitious balance, Correios and Jadlog only, its own token. */
export const MELHOR_ENVIO_SANDBOX_URL = 'https://sandbox.melhorenvio.com.br';
/** 'Estamos limitando em 250 requisições por minuto para cada usuário autenticado.' */
export const MELHOR_ENVIO_REQUESTS_PER_MINUTE = 250;

/** The service ids this store knows by name (Melhor Envio answers many more). */
export const MELHOR_ENVIO_SERVICES = {
  correiosPac: 1,
  correiosSedex: 2,
  jadlogPackage: 3,
  jadlogCom: 4,
  correiosMiniEnvios: 17,
} as const;

// ------------------------------------------------------------------------------------- Errors

export type MelhorEnvioErrorKind =
  | 'token-invalido'
  | 'sem-permissao'
  | 'validacao'
  | 'saldo-insuficiente'
  | 'limite'
  | 'indisponivel';

const MESSAGES: Record<MelhorEnvioErrorKind, string> = {
  'token-invalido':
    'Melhor Envio: token inválido ou expirado. Gere um novo token no painel do Melhor Envio e salve-o na página Frete da administração.',
  'sem-permissao':
    'Melhor Envio: o token não tem permissão para esta ação. Gere um token com as permissões de cotação, carrinho, compra, geração, impressão, rastreio e cancelamento de etiquetas.',
  validacao: 'Melhor Envio recusou os dados do envio.',
  'saldo-insuficiente':
    'Melhor Envio: saldo insuficiente para comprar a etiqueta. Adicione saldo à carteira do Melhor Envio e tente novamente.',
  limite: 'Melhor Envio: limite de requisições atingido. Tente novamente em instantes.',
  indisponivel: 'Melhor Envio indisponível no momento. Tente novamente em instantes.',
};

/** Per-field messages, as Melhor Envio answers them (`errors: {"to.postal_code": [..]}`). */
export type MelhorEnvioFieldErrors = Record<string, string[]>;

export class MelhorEnvioError extends Error {
  /** Quote from SPEC §9's table instead (the service is down, slow, limited or not configured). */
  readonly fallback: boolean;
  constructor(
    readonly kind: MelhorEnvioErrorKind,
    /** For the log: what happened ('POST shipment/calculate: status 503'); no token, no CPF. */
    readonly reason: string,
    options: {
      message?: string;
      status?: number;
      fieldErrors?: MelhorEnvioFieldErrors;
      retryAfterSeconds?: number;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? MESSAGES[kind], { cause: options.cause });
    this.name = 'MelhorEnvioError';
    this.status = options.status;
    this.fieldErrors = options.fieldErrors ?? {};
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.fallback = kind !== 'validacao' && kind !== 'saldo-insuficiente';
  }
  readonly status: number | undefined;
  readonly fieldErrors: MelhorEnvioFieldErrors;
  readonly retryAfterSeconds: number | undefined;
}

export function isMelhorEnvioError(err: unknown): err is MelhorEnvioError {
  return err instanceof MelhorEnvioError;
}

/**
 * Masks what must not reach a log or a screen it was not meant for: CPFs and CNPJs (formatted or
 * not), e-mails, long digit runs (phones, invoice keys). Melhor Envio's messages name fields, but
 * a validation message may echo a value.
 */
export function maskPersonalData(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[e-mail]')
    .replace(/\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}/g, '[documento]')
    .replace(/\d{3}\.?\d{3}\.?\d{3}-?\d{2}/g, '[documento]')
    .replace(/\d{8,}/g, '[número]');
}

// -------------------------------------------------------------------------------- Numbers

/**
 * Exact centavos from a decimal written as text or as a JSON number ("23.45", "23.4", "23",
 * 23.45, "1,234.50" is refused). A third decimal place rounds half up. Null for anything else.
 */
export function decimalToCents(value: unknown): number | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Shortest round-trip text: 23.45 -> "23.45"; tiny or huge numbers use exponents (refused).
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return null;
  }
  const match = /^(-?)(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', fraction = ''] = match;
  const digits = (fraction + '000').slice(0, 3);
  let cents = Number(whole) * 100 + Number(digits.slice(0, 2));
  if (Number(digits[2]) >= 5) cents += 1;
  return sign === '-' ? -cents : cents;
}

/** Integer grams from kilograms as text or number ("0.30", 0.3, "1.905"); null otherwise. */
export function kilogramsToGrams(value: unknown): number | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = /^(\d{1,6})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  const digits = (fraction + '0000').slice(0, 4);
  let grams = Number(whole) * 1000 + Number(digits.slice(0, 3));
  if (Number(digits[3]) >= 5) grams += 1;
  return grams;
}

/** Centavos as the JSON number Melhor Envio reads (10.1 for 1010): exact to two places. */
export function centsToDecimal(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`cents must be an integer: ${cents}`);
  return Number((cents / 100).toFixed(2));
}

/** Grams as kilograms (0.2 for 200). */
export function gramsToKilograms(grams: number): number {
  if (!Number.isSafeInteger(grams) || grams <= 0) {
    throw new RangeError(`grams must be a positive integer: ${grams}`);
  }
  return Number((grams / 1000).toFixed(3));
}

// ------------------------------------------------------------------------------- The quote

/** One kind of piece in the parcel, with its unit measures (SPEC §9's defaults when unset). */
export interface QuoteProduct {
  /** Ours (the product id); Melhor Envio answers it back in each package's `products`. */
  id: string;
  widthCm: number;
  heightCm: number;
  lengthCm: number;
  /** Of one unit. */
  weightGrams: number;
  /** Declared value of one unit (`insurance_value`, multiplied by the quantity by Melhor Envio). */
  unitValueCents: number;
  quantity: number;
}

export interface QuoteInput {
  /** 8 digits. */
  fromCep: string;
  /** 8 digits. */
  toCep: string;
  products: QuoteProduct[];
  /** Aviso de Recebimento (Correios and Jadlog). */
  receipt?: boolean;
  /** Mãos Próprias (Correios). */
  ownHand?: boolean;
  /** Only these services (Melhor Envio's `services`, ids joined by commas); all when absent. */
  services?: number[];
}

export interface DaysRange {
  min: number;
  max: number;
}

export interface QuotedPackage {
  /** Null when Melhor Envio gives no price per package (Jadlog, in its examples). */
  priceCents: number | null;
  format: string;
  weightGrams: number;
  dimensions: { heightCm: number; widthCm: number; lengthCm: number };
  insuranceValueCents: number;
  products: { id: string; quantity: number }[];
}

/** A service that can carry the parcel. */
export interface ShippingOption {
  /** Melhor Envio's service id (1 PAC, 2 SEDEX, 17 Mini Envios, 3 Jadlog .Package...). */
  serviceId: number;
  /** The company's name ('Correios', 'Jadlog'). */
  carrier: string;
  carrierId: number;
  /** The service's name ('PAC', 'SEDEX', 'Mini Envios', '.Package'). */
  service: string;
  /** The table price (`price`). */
  priceCents: number;
  /** What the account pays, after the owners' panel settings (`custom_price`; `price` if absent). */
  customPriceCents: number;
  /** `custom_delivery_range` (the owners' extra days included), else `delivery_range`. */
  days: DaysRange;
  /** `delivery_range`, the carrier's own. */
  carrierDays: DaysRange;
  packages: QuotedPackage[];
}

/** A service that answered `error` for this route or parcel: for the owners' log only. */
export interface UnservableService {
  serviceId: number;
  carrier: string;
  service: string;
  /** Melhor Envio's text ('Transportadora não atende este trecho.'). */
  error: string;
}

export interface QuoteResult {
  /** Cheapest first (by `customPriceCents`, then fewer days). */
  options: ShippingOption[];
  unservable: UnservableService[];
}

// ------------------------------------------------------------------------------- The label

/** Sender or recipient, as `from` / `to` of the cart. */
export interface LabelParty {
  name: string;
  /** Digits. */
  phone: string;
  email: string;
  /** CPF, digits: a person (the shopper, or a sender without CNPJ). */
  document?: string;
  /** CNPJ, digits: a company; with `stateRegister` when it has one. */
  companyDocument?: string;
  stateRegister?: string;
  address: string;
  number: string;
  complement?: string;
  district: string;
  city: string;
  /** UF, two letters. */
  stateAbbr: string;
  /** 8 digits. */
  postalCode: string;
  note?: string;
}

export interface LabelVolume {
  heightCm: number;
  widthCm: number;
  lengthCm: number;
  weightGrams: number;
}

export interface CartInput {
  serviceId: number;
  /** Only for carriers that need one (Latam, Azul, Buslog) with a panel token. */
  agencyId?: number;
  from: LabelParty;
  to: LabelParty;
  /** What is inside (the declaração de conteúdo or the invoice's lines). */
  products: { name: string; quantity: number; unitValueCents: number }[];
  /** From the quote's packages for this service; Correios take one volume per label. */
  volumes: LabelVolume[];
  /** Usually the sum of the products' values. */
  insuranceValueCents: number;
  receipt?: boolean;
  ownHand?: boolean;
  reverse?: boolean;
  /**
   * Exactly one: the NF-e's 44-digit key (a commercial shipment), or `nonCommercial: true` for a
   * declaração de conteúdo (most small shops).
   */
  invoiceKey?: string;
  nonCommercial?: boolean;
  /** Our name for the platform (`options.platform`). */
  platform?: string;
  /** Shown in Melhor Envio's panel: our order's reference and its back-office link. */
  tags?: { tag: string; url?: string | null }[];
}

/** A label in Melhor Envio's cart (its `id` is the order id of every later step). */
export interface CartItem {
  id: string;
  protocol: string | null;
  serviceId: number | null;
  priceCents: number | null;
  status: string | null;
}

export interface PurchasedOrder {
  id: string;
  protocol: string | null;
  serviceId: number | null;
  status: string | null;
  tracking: string | null;
}

export interface Purchase {
  id: string;
  protocol: string | null;
  status: string | null;
  totalCents: number | null;
  orders: PurchasedOrder[];
}

export interface GeneratedLabel {
  id: string;
  generated: boolean;
  message: string | null;
}

export type PrintMode = 'private' | 'public';

/** `/shipment/tracking`, per order. Dates as Melhor Envio writes them ('2023-03-08 01:02:20'). */
export interface TrackingInfo {
  id: string;
  protocol: string | null;
  /** pending, released, posted, delivered, canceled, undelivered... */
  status: string | null;
  /** The carrier's code (what the shopper tracks). */
  tracking: string | null;
  melhorEnvioTracking: string | null;
  createdAt: string | null;
  paidAt: string | null;
  generatedAt: string | null;
  postedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
  expiredAt: string | null;
}

export interface CancelResult {
  id: string;
  canceled: boolean;
}

export interface Balance {
  balanceCents: number;
  reservedCents: number | null;
  debtsCents: number | null;
}

/** Melhor Envio, as the store uses it. Every method throws MelhorEnvioError on failure. */
export interface MelhorEnvioClient {
  quote(input: QuoteInput): Promise<QuoteResult>;
  addToCart(input: CartInput): Promise<CartItem>;
  checkout(orderIds: string[]): Promise<Purchase>;
  generate(orderIds: string[]): Promise<GeneratedLabel[]>;
  print(orderIds: string[], mode?: PrintMode): Promise<{ url: string }>;
  tracking(orderIds: string[]): Promise<TrackingInfo[]>;
  cancel(orderId: string, description: string): Promise<CancelResult>;
  balance(): Promise<Balance>;
}

/** Throws 'saldo-insuficiente' unless the account's balance covers `neededCents`. */
export async function assertBalanceCovers(
  client: MelhorEnvioClient,
  neededCents: number,
): Promise<Balance> {
  const balance = await client.balance();
  if (balance.balanceCents < neededCents) {
    throw new MelhorEnvioError(
      'saldo-insuficiente',
      `balance ${balance.balanceCents} < ${neededCents}`,
    );
  }
  return balance;
}

// ----------------------------------------------------------------------------- The limiter

/** Takes a turn before each request; throws MelhorEnvioError('limite') when none comes in time. */
export interface MelhorEnvioRateLimiter {
  take(): Promise<void>;
  /** Melhor Envio answered 429: no request for this long. */
  pause(ms: number): void;
}

/**
 * What this client allows itself by default: 240 a minute, ten under Melhor Envio's 250, for the
 * milliseconds between a request's start here and its arrival there.
 */
export const DEFAULT_REQUESTS_PER_MINUTE = 240;

export interface SlidingWindowOptions {
  /** Requests started in any window (default DEFAULT_REQUESTS_PER_MINUTE). */
  limit?: number;
  /** Default 60 000. */
  windowMs?: number;
  /** Longest a request waits for its turn before failing as 'limite' (default 2 000). */
  maxWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * At most `limit` requests start in any `windowMs`, in this process: each request books the
 * earliest instant that keeps the last `limit` starts within the limit (a sliding log of start
 * times, future bookings included), and waits for it. A turn further away than `maxWaitMs` is
 * not booked: the request fails at once as 'limite' (a shopper's quote falls back to the table
 * rather than wait). Several instances share the account's 250: see the contract doc.
 */
export function createSlidingWindowLimiter(
  options: SlidingWindowOptions = {},
): MelhorEnvioRateLimiter {
  const limit = options.limit ?? DEFAULT_REQUESTS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const maxWaitMs = options.maxWaitMs ?? 2_000;
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  /** Start instants, booked in order (non-decreasing). */
  const starts: number[] = [];
  let pausedUntil = 0;
  return {
    async take() {
      const t = now();
      while (starts.length > 0 && (starts[0] ?? 0) <= t - windowMs) starts.shift();
      let turn = Math.max(t, pausedUntil);
      if (starts.length >= limit) {
        turn = Math.max(turn, (starts[starts.length - limit] ?? 0) + windowMs);
      }
      const wait = turn - t;
      if (wait > maxWaitMs) {
        throw new MelhorEnvioError('limite', `client-side limit: next turn in ${wait} ms`, {
          retryAfterSeconds: Math.ceil(wait / 1000),
        });
      }
      starts.push(turn);
      if (wait > 0) await sleep(wait);
    },
    pause(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
    },
  };
}

// -------------------------------------------------------------------------- Reading answers

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function str(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function int(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

function range(value: unknown): DaysRange | null {
  if (!isObject(value)) return null;
  const min = int(value.min);
  const max = int(value.max);
  return min === null || max === null ? null : { min, max };
}

function packageOf(value: unknown): QuotedPackage | null {
  if (!isObject(value)) return null;
  const dims = isObject(value.dimensions) ? value.dimensions : {};
  const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN);
  const dimensions = {
    heightCm: num(dims.height),
    widthCm: num(dims.width),
    lengthCm: num(dims.length),
  };
  const weightGrams = kilogramsToGrams(value.weight);
  if (weightGrams === null || Object.values(dimensions).some((d) => !Number.isFinite(d))) {
    return null;
  }
  const products = Array.isArray(value.products)
    ? value.products.flatMap((p) => {
        if (!isObject(p)) return [];
        const id = str(p.id);
        const quantity = int(p.quantity);
        return id === null || quantity === null ? [] : [{ id, quantity }];
      })
    : [];
  return {
    priceCents: value.price === undefined ? null : decimalToCents(value.price),
    format: str(value.format) ?? 'box',
    weightGrams,
    dimensions,
    insuranceValueCents: decimalToCents(value.insurance_value) ?? 0,
    products,
  };
}

/**
 * The quote's answer: one entry per service, each either priced or with `error`. Throws (as
 * 'indisponivel') only when the whole answer is not that shape; an entry that is neither is
 * counted as unservable with a note, so one odd service does not hide the others.
 */
export function readQuoteAnswer(data: unknown): QuoteResult {
  if (!Array.isArray(data)) throw new Error('quote answer is not a list');
  const options: ShippingOption[] = [];
  const unservable: UnservableService[] = [];
  for (const entry of data) {
    if (!isObject(entry)) continue;
    const serviceId = int(entry.id);
    if (serviceId === null) continue;
    const company = isObject(entry.company) ? entry.company : {};
    const carrier = str(company.name) ?? '';
    const service = str(entry.name) ?? '';
    const error = entry.error;
    if (error !== undefined && error !== null && error !== false) {
      unservable.push({ serviceId, carrier, service, error: str(error) ?? 'erro' });
      continue;
    }
    const priceCents = decimalToCents(entry.price);
    const customPriceCents =
      entry.custom_price === undefined ? priceCents : decimalToCents(entry.custom_price);
    const carrierDays = range(entry.delivery_range);
    const days = range(entry.custom_delivery_range) ?? carrierDays;
    const packages = Array.isArray(entry.packages) ? entry.packages.map(packageOf) : [];
    if (
      priceCents === null ||
      customPriceCents === null ||
      priceCents < 0 ||
      customPriceCents < 0 ||
      carrierDays === null ||
      days === null ||
      packages.some((p) => p === null)
    ) {
      unservable.push({ serviceId, carrier, service, error: 'resposta fora do formato' });
      continue;
    }
    options.push({
      serviceId,
      carrier,
      carrierId: int(company.id) ?? 0,
      service,
      priceCents,
      customPriceCents,
      days,
      carrierDays,
      packages: packages as QuotedPackage[],
    });
  }
  options.sort(
    (a, b) =>
      a.customPriceCents - b.customPriceCents ||
      a.days.max - b.days.max ||
      a.serviceId - b.serviceId,
  );
  return { options, unservable };
}

function readCartItem(data: unknown): CartItem {
  if (!isObject(data) || str(data.id) === null) throw new Error('cart answer without id');
  return {
    id: str(data.id) as string,
    protocol: str(data.protocol),
    serviceId: int(data.service_id),
    priceCents: decimalToCents(data.price),
    status: str(data.status),
  };
}

function readPurchase(data: unknown): Purchase {
  const purchase = isObject(data) && isObject(data.purchase) ? data.purchase : null;
  if (!purchase || str(purchase.id) === null) throw new Error('checkout answer without purchase');
  const orders = Array.isArray(purchase.orders) ? purchase.orders : [];
  return {
    id: str(purchase.id) as string,
    protocol: str(purchase.protocol),
    status: str(purchase.status),
    totalCents: decimalToCents(purchase.total),
    orders: orders.flatMap((o) =>
      isObject(o) && str(o.id) !== null
        ? [
            {
              id: str(o.id) as string,
              protocol: str(o.protocol),
              serviceId: int(o.service_id),
              status: str(o.status),
              tracking: str(o.tracking),
            },
          ]
        : [],
    ),
  };
}

/** Answers keyed by order id: `{"<id>": {...}}`. */
function perOrder(data: unknown, orderIds: string[]): Map<string, Json> {
  if (!isObject(data)) throw new Error('answer is not an object keyed by order');
  const found = new Map<string, Json>();
  for (const id of orderIds) {
    const entry = data[id];
    if (isObject(entry)) found.set(id, entry);
  }
  return found;
}

function readTracking(id: string, entry: Json): TrackingInfo {
  return {
    id,
    protocol: str(entry.protocol),
    status: str(entry.status),
    tracking: str(entry.tracking),
    melhorEnvioTracking: str(entry.melhorenvio_tracking),
    createdAt: str(entry.created_at),
    paidAt: str(entry.paid_at),
    generatedAt: str(entry.generated_at),
    postedAt: str(entry.posted_at),
    deliveredAt: str(entry.delivered_at),
    canceledAt: str(entry.canceled_at),
    expiredAt: str(entry.expired_at),
  };
}

// --------------------------------------------------------------------------- Request bodies

function digits(text: string): string {
  return text.replace(/\D/g, '');
}

function cepOf(cep: string, field: string): string {
  const d = digits(cep);
  if (d.length !== 8) throw new RangeError(`${field}: CEP must have 8 digits`);
  return d;
}

/** `POST /api/v2/me/shipment/calculate`'s body ('Cálculo de fretes', by products). */
export function quoteBody(input: QuoteInput) {
  if (input.products.length === 0) throw new RangeError('quote: no products');
  return {
    from: { postal_code: cepOf(input.fromCep, 'fromCep') },
    to: { postal_code: cepOf(input.toCep, 'toCep') },
    products: input.products.map((p) => ({
      id: p.id,
      width: p.widthCm,
      height: p.heightCm,
      length: p.lengthCm,
      weight: gramsToKilograms(p.weightGrams),
      insurance_value: centsToDecimal(p.unitValueCents),
      quantity: p.quantity,
    })),
    options: { receipt: input.receipt ?? false, own_hand: input.ownHand ?? false },
    ...(input.services && input.services.length > 0 ? { services: input.services.join(',') } : {}),
  };
}

function partyBody(party: LabelParty) {
  return {
    name: party.name,
    phone: digits(party.phone),
    email: party.email,
    ...(party.document ? { document: digits(party.document) } : {}),
    ...(party.companyDocument ? { company_document: digits(party.companyDocument) } : {}),
    ...(party.stateRegister ? { state_register: party.stateRegister } : {}),
    address: party.address,
    complement: party.complement ?? '',
    number: party.number,
    district: party.district,
    city: party.city,
    state_abbr: party.stateAbbr,
    country_id: 'BR',
    postal_code: cepOf(party.postalCode, 'postalCode'),
    ...(party.note ? { note: party.note } : {}),
  };
}

/** `POST /api/v2/me/cart`'s body ('Inserir fretes no carrinho'). */
export function cartBody(input: CartInput) {
  const hasInvoice = Boolean(input.invoiceKey);
  if (hasInvoice === Boolean(input.nonCommercial)) {
    throw new RangeError('cart: either invoiceKey or nonCommercial, exactly one');
  }
  if (input.volumes.length === 0) throw new RangeError('cart: no volumes');
  return {
    service: input.serviceId,
    ...(input.agencyId ? { agency: input.agencyId } : {}),
    from: partyBody(input.from),
    to: partyBody(input.to),
    products: input.products.map((p) => ({
      name: p.name,
      quantity: p.quantity,
      unitary_value: centsToDecimal(p.unitValueCents),
    })),
    volumes: input.volumes.map((v) => ({
      height: v.heightCm,
      width: v.widthCm,
      length: v.lengthCm,
      weight: gramsToKilograms(v.weightGrams),
    })),
    options: {
      insurance_value: centsToDecimal(input.insuranceValueCents),
      receipt: input.receipt ?? false,
      own_hand: input.ownHand ?? false,
      reverse: input.reverse ?? false,
      non_commercial: !hasInvoice,
      ...(hasInvoice ? { invoice: { key: digits(input.invoiceKey ?? '') } } : {}),
      ...(input.platform ? { platform: input.platform } : {}),
      ...(input.tags ? { tags: input.tags.map((t) => ({ tag: t.tag, url: t.url ?? null })) } : {}),
    },
  };
}

// ------------------------------------------------------------------------------ The client

export interface MelhorEnvioClientOptions {
  /** Without a trailing slash: MELHOR_ENVIO_PRODUCTION_URL, the sandbox's, or a fake's. */
  apiUrl: string;
  token: string;
  /** 'Aplicação (email para contato técnico)': see `melhorEnvioUserAgent`. */
  userAgent: string;
  /** Per label call (10 s by default). */
  timeoutMs?: number;
  /** Per quote, which a shopper waits for (5 s by default). */
  quoteTimeoutMs?: number;
  /** Shared by every call of this client (default: 240 a minute, waiting at most 2 s). */
  limiter?: MelhorEnvioRateLimiter;
  /** Largest answer read (default 1 MB). */
  maxBodyChars?: number;
  fetch?: typeof fetch;
}

/** The User-Agent Melhor Envio asks for: the application and a technical contact e-mail. */
export function melhorEnvioUserAgent(application: string, technicalEmail: string): string {
  return `${application} (${technicalEmail})`;
}

function retryAfterOf(res: Response): number | undefined {
  const header = res.headers.get('retry-after');
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : NaN;
  return Number.isFinite(seconds) ? seconds : undefined;
}

/** Melhor Envio's `errors` (field -> messages), masked; `message` goes under `_`. */
function fieldErrorsOf(data: unknown): MelhorEnvioFieldErrors {
  const out: MelhorEnvioFieldErrors = {};
  if (!isObject(data)) return out;
  if (isObject(data.errors)) {
    for (const [field, messages] of Object.entries(data.errors)) {
      const list = (Array.isArray(messages) ? messages : [messages])
        .map((m) => str(m))
        .filter((m): m is string => m !== null)
        .map(maskPersonalData);
      if (list.length > 0) out[field] = list;
    }
  }
  const message = str(data.message) ?? str(data.error);
  if (message && Object.keys(out).length === 0) out._ = [maskPersonalData(message)];
  return out;
}

function validationMessage(fieldErrors: MelhorEnvioFieldErrors): string {
  const lines = Object.entries(fieldErrors).map(([field, messages]) =>
    field === '_' ? messages.join(' ') : `${field}: ${messages.join(' ')}`,
  );
  const text = lines.join('; ').slice(0, 600);
  return text ? `${MESSAGES.validacao} ${text}` : MESSAGES.validacao;
}

function describeFetchError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
    return 'timeout';
  }
  const cause = err instanceof Error ? (err.cause as { code?: string } | undefined) : undefined;
  return `network error${cause?.code ? ` (${cause.code})` : ''}`;
}

export function createMelhorEnvioClient(options: MelhorEnvioClientOptions): MelhorEnvioClient {
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const { token, userAgent } = options;
  if (!token) throw new RangeError('Melhor Envio: a token is required');
  if (!/\(.+@.+\)/.test(userAgent)) {
    throw new RangeError('Melhor Envio: the User-Agent must name the app and a contact e-mail');
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  const quoteTimeoutMs = options.quoteTimeoutMs ?? 5_000;
  const maxBodyChars = options.maxBodyChars ?? 1_000_000;
  const limiter = options.limiter ?? createSlidingWindowLimiter();
  const doFetch = options.fetch ?? fetch;

  /**
   * One call: the limiter's turn, the request with one deadline for headers and body, the
   * answer's JSON; each failure as MelhorEnvioError. `label` names the call in reasons
   * ('POST shipment/calculate'): never the URL's host, never a header.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    limitMs: number,
    onRefused?: (status: number, data: unknown) => MelhorEnvioError | null,
  ): Promise<unknown> {
    const label = `${method} ${path.replace(/^\/api\/v2\/me\//, '')}`;
    await limiter.take();
    const signal = AbortSignal.timeout(limitMs);
    let res: Response;
    let text: string;
    try {
      res = await doFetch(`${apiUrl}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Bearer ${token}`,
          'user-agent': userAgent,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal,
      });
      if (Number(res.headers.get('content-length') ?? 0) > maxBodyChars) {
        await res.body?.cancel();
        throw new MelhorEnvioError('indisponivel', `${label}: answer too large`);
      }
      text = await res.text();
    } catch (err) {
      if (err instanceof MelhorEnvioError) throw err;
      throw new MelhorEnvioError('indisponivel', `${label}: ${describeFetchError(err)}`, {
        cause: err,
      });
    }
    if (text.length > maxBodyChars) {
      throw new MelhorEnvioError('indisponivel', `${label}: answer too large`);
    }
    let data: unknown = undefined;
    try {
      data = text === '' ? null : JSON.parse(text);
    } catch {
      data = undefined;
    }
    const status = res.status;
    if (status >= 200 && status <= 299) {
      if (data === undefined) {
        throw new MelhorEnvioError('indisponivel', `${label}: status ${status}, not JSON`, {
          status,
        });
      }
      return data;
    }
    const reason = `${label}: status ${status}`;
    if (status === 401) throw new MelhorEnvioError('token-invalido', reason, { status });
    if (status === 403) throw new MelhorEnvioError('sem-permissao', reason, { status });
    if (status === 429) {
      const retryAfterSeconds = retryAfterOf(res);
      limiter.pause((retryAfterSeconds ?? 60) * 1000);
      throw new MelhorEnvioError('limite', reason, { status, retryAfterSeconds });
    }
    if (status === 400 || status === 404 || status === 422) {
      const special = onRefused?.(status, data);
      if (special) throw special;
      const fieldErrors = fieldErrorsOf(data);
      throw new MelhorEnvioError('validacao', reason, {
        status,
        fieldErrors,
        message: validationMessage(fieldErrors),
      });
    }
    throw new MelhorEnvioError('indisponivel', reason, { status });
  }

  /** Runs a reader over an answer; a shape it cannot read is 'indisponivel'. */
  function read<T>(label: string, data: unknown, reader: (d: unknown) => T): T {
    try {
      return reader(data);
    } catch (err) {
      throw new MelhorEnvioError('indisponivel', `${label}: unexpected answer`, { cause: err });
    }
  }

  function ids(orderIds: string[]): string[] {
    if (orderIds.length === 0) throw new RangeError('Melhor Envio: no order ids');
    return [...new Set(orderIds)];
  }

  return {
    async quote(input) {
      const data = await call(
        'POST',
        '/api/v2/me/shipment/calculate',
        quoteBody(input),
        quoteTimeoutMs,
      );
      return read('quote', data, readQuoteAnswer);
    },

    async addToCart(input) {
      const data = await call('POST', '/api/v2/me/cart', cartBody(input), timeoutMs);
      return read('cart', data, readCartItem);
    },

    async checkout(orderIds) {
      const data = await call(
        'POST',
        '/api/v2/me/shipment/checkout',
        { orders: ids(orderIds) },
        timeoutMs,
        (status, answer) => {
          // A purchase the balance does not cover is refused with a message about it.
          const text = JSON.stringify(answer ?? '');
          return status === 422 && /saldo|balance|insufficient|insuficiente/i.test(text)
            ? new MelhorEnvioError(
                'saldo-insuficiente',
                `POST shipment/checkout: status ${status}`,
                {
                  status,
                },
              )
            : null;
        },
      );
      return read('checkout', data, readPurchase);
    },

    async generate(orderIds) {
      const list = ids(orderIds);
      const data = await call('POST', '/api/v2/me/shipment/generate', { orders: list }, timeoutMs);
      return read('generate', data, (d) => {
        const found = perOrder(d, list);
        return list.map((id) => {
          const entry = found.get(id);
          return {
            id,
            generated: entry?.status === true,
            message: entry ? maskPersonalData(str(entry.message) ?? '') || null : null,
          };
        });
      });
    },

    async print(orderIds, mode = 'private') {
      const data = await call(
        'POST',
        '/api/v2/me/shipment/print',
        { mode, orders: ids(orderIds) },
        timeoutMs,
      );
      return read('print', data, (d) => {
        const url = isObject(d) ? str(d.url) : null;
        if (!url || !/^https?:\/\//.test(url)) throw new Error('print answer without url');
        return { url };
      });
    },

    async tracking(orderIds) {
      const list = ids(orderIds);
      const data = await call('POST', '/api/v2/me/shipment/tracking', { orders: list }, timeoutMs);
      return read('tracking', data, (d) => {
        const found = perOrder(d, list);
        return list.flatMap((id) => {
          const entry = found.get(id);
          return entry ? [readTracking(id, entry)] : [];
        });
      });
    },

    async cancel(orderId, description) {
      const data = await call(
        'POST',
        '/api/v2/me/shipment/cancel',
        // 'reason_id (sempre 2)' ('Cancelamento de etiquetas').
        { order: { id: orderId, reason_id: '2', description: description.slice(0, 255) } },
        timeoutMs,
      );
      return read('cancel', data, (d) => {
        const entry = perOrder(d, [orderId]).get(orderId);
        return { id: orderId, canceled: entry?.canceled === true };
      });
    },

    async balance() {
      const data = await call('GET', '/api/v2/me/balance', undefined, timeoutMs);
      return read('balance', data, (d) => {
        if (!isObject(d)) throw new Error('balance answer is not an object');
        const balanceCents = decimalToCents(d.balance);
        if (balanceCents === null) throw new Error('balance answer without balance');
        return {
          balanceCents,
          reservedCents: decimalToCents(d.reserved),
          debtsCents: decimalToCents(d.debts),
        };
      });
    },
  };
}
