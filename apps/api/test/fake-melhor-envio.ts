/**
 * The shipping integration's FAKE (src/integrations/shipping/melhor-envio.ts: interface and real
 * client): whoever starts it points MELHORENVIO_API_URL at its URL and MELHORENVIO_TOKEN at its
 * token. Contract: docs/melhor-envio-contract.md.
 *
 * A local Melhor Envio for the API tests, the end-to-end run and an offline laptop. It follows
 * the documented requests and answers:
 * - every call needs `Authorization: Bearer <token>` (401 `{"message":"Unauthenticated."}`) and a
 *   User-Agent naming the app and an e-mail (the fake's 400 when missing: Melhor Envio documents
 *   the header as required, not what it answers without it);
 * - bodies are validated the way Laravel, behind Melhor Envio, answers: 422
 *   `{"message":"The given data was invalid.","errors":{"to.postal_code":["..."]}}`;
 * - `POST /api/v2/me/shipment/calculate` quotes Correios PAC (1), SEDEX (2) and Mini Envios (17,
 *   at most 300 g and 24 × 16 × 4 cm: a necklace box does not fit) and Jadlog .Package (3) and
 *   .Com (4, not to the North), priced from the weight and the destination's CEP region, prices
 *   as strings ("23.45"), an `error` entry for a service that cannot carry the parcel;
 * - the label flow keeps its orders: cart (pending) → checkout (released, paid from the balance,
 *   refused when it does not cover them) → generate (tracking codes) → print (a URL served here)
 *   → tracking; cancel refunds the balance at once (Melhor Envio: within 12 h);
 * - `GET /api/v2/me/balance`.
 * It can be slow (`delayMs`), fail (`mode`: error 500, hang, garbage), answer 429 after N calls
 * (`rateLimitAfter`), and enforce a requests-per-window limit of its own (`rateLimit`, like
 * Melhor Envio's 250 a minute). Like a carrier that assigns its code later, it can withhold the
 * carrier's tracking code at generate (`withheldCodes`) and give it afterwards
 * (`releaseCarrierCode`). It keeps every request and the most requests it saw in any window.
 *
 * Only node: built-ins are used, so it loads under Vitest and runs on its own:
 *
 *   node --import tsx apps/api/test/fake-melhor-envio.ts --port 3198 [--token T] [--balance-cents N]
 *
 * Standalone, it is steered over HTTP (for Playwright, in another process):
 *   GET  /__fake/state                    {requests, mode, delayMs, balanceCents, orders}
 *   POST /__fake/mode/{ok|error|hang|garbage}                              (204)
 *   POST /__fake/delay/{ms}                                               (204)
 *   POST /__fake/rate-limit-after/{n}     429 from the (n+1)th call on    (204)
 *   POST /__fake/balance/{cents}                                          (204)
 *   POST /__fake/orders/{id}/{posted|delivered}   the carrier's next step (204)
 *   POST /__fake/withheld-codes/{none|carrier|all}  codes withheld at generate (204)
 *   POST /__fake/orders/{id}/carrier-code  the withheld carrier's code given: {tracking}
 *   POST /__fake/reset                    all back to the start           (204)
 * and stops by itself when the process that started it goes away.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export type FakeMelhorEnvioMode = 'ok' | 'error' | 'hang' | 'garbage';
/**
 * What generate withholds: nothing ('none': the carrier's code and Melhor Envio's at once), the
 * carrier's code ('carrier': only Melhor Envio's own), or every code ('all').
 */
export type FakeWithheldCodes = 'none' | 'carrier' | 'all';
const WITHHELD_CODES: readonly FakeWithheldCodes[] = ['none', 'carrier', 'all'];
export const FAKE_MELHOR_ENVIO_MODES: readonly FakeMelhorEnvioMode[] = [
  'ok',
  'error',
  'hang',
  'garbage',
];
export const FAKE_MELHOR_ENVIO_TOKEN = 'fake-melhorenvio-token';

type OrderStatus = 'pending' | 'released' | 'posted' | 'delivered' | 'canceled';

export interface FakeMelhorEnvioOrder {
  id: string;
  protocol: string;
  serviceId: number;
  priceCents: number;
  status: OrderStatus;
  /** The cart's body as received (sender, recipient, products, volumes, options). */
  body: Record<string, unknown>;
  tracking: string | null;
  melhorEnvioTracking: string | null;
  createdAt: string;
  paidAt: string | null;
  generatedAt: string | null;
  postedAt: string | null;
  deliveredAt: string | null;
  canceledAt: string | null;
}

export interface FakeMelhorEnvioRequest {
  method: string;
  path: string;
  authorization?: string;
  userAgent?: string;
  body: unknown;
  at: number;
}

export interface FakeMelhorEnvioOptions {
  port?: number;
  host?: string;
  token?: string;
  /** The account's balance (default R$ 500,00). */
  balanceCents?: number;
  /** Enforce Melhor Envio's limit: 429 past `limit` requests in `windowMs` (default: off). */
  rateLimit?: { limit: number; windowMs: number };
  /** `custom_price` = `price` + this (the owners' panel margin; default 0). */
  customMarkupCents?: number;
  /** `custom_delivery_range` = `delivery_range` + this (default 0). */
  customExtraDays?: number;
}

export interface FakeMelhorEnvio {
  readonly url: string;
  readonly token: string;
  mode: FakeMelhorEnvioMode;
  delayMs: number;
  balanceCents: number;
  /** Every API request (not the /__fake/ ones), oldest first. */
  readonly requests: FakeMelhorEnvioRequest[];
  readonly orders: Map<string, FakeMelhorEnvioOrder>;
  /** The most API requests that arrived within any window of the `rateLimit` (or 60 s). */
  readonly maxInWindow: number;
  /** From now on, answer 429 after `n` more calls (null: never). */
  rateLimitAfter(n: number | null): void;
  /**
   * The next `times` calls of `path` ('/api/v2/me/shipment/generate') fail with a 500: before
   * doing anything (`'before'`, the default), or AFTER doing the call's work (`'after'`: the
   * answer lost on its way, e.g. a checkout paid whose answer never arrived).
   */
  failOn(path: string, times?: number, when?: 'before' | 'after'): void;
  /** The carrier's next step for a generated label. */
  advance(orderId: string, status: 'posted' | 'delivered'): void;
  /** Codes the next labels generated do not get yet (default 'none'). */
  withheldCodes: FakeWithheldCodes;
  /**
   * The carrier's code of a label generated while it was withheld, given now (Melhor Envio's own
   * too, when that was withheld): the tracking answers it from now on. Answers the code.
   */
  releaseCarrierCode(orderId: string): string;
  reset(): void;
  stop(): Promise<void>;
}

// ---------------------------------------------------------------------------- The services

interface Parcel {
  weightGrams: number;
  heightCm: number;
  widthCm: number;
  lengthCm: number;
  insuranceCents: number;
  products: { id: string; quantity: number }[];
}

interface FakeService {
  id: number;
  name: string;
  company: { id: number; name: string; picture: string };
  /** Price for the first 300 g, per region (index: 0 same region ... 3 far). */
  baseCents: [number, number, number, number];
  /** Per started 100 g beyond the first 300 g. */
  perHundredGramsCents: number;
  days: [number, number, number, number];
  maxWeightGrams: number;
  /** Largest height × width × length, sorted descending. */
  maxDims: [number, number, number];
  /** A CEP region it does not serve (first two digits, inclusive range). */
  notServed?: [number, number];
}

const correios = {
  id: 1,
  name: 'Correios',
  picture: 'https://sandbox.melhorenvio.com.br/images/shipping-companies/correios.png',
};
const jadlog = {
  id: 2,
  name: 'Jadlog',
  picture: 'https://sandbox.melhorenvio.com.br/images/shipping-companies/jadlog.png',
};

export const FAKE_MELHOR_ENVIO_SERVICES: readonly FakeService[] = [
  {
    id: 1,
    name: 'PAC',
    company: correios,
    baseCents: [1545, 1890, 2365, 2990],
    perHundredGramsCents: 85,
    days: [3, 5, 7, 9],
    maxWeightGrams: 30_000,
    maxDims: [100, 100, 100],
  },
  {
    id: 2,
    name: 'SEDEX',
    company: correios,
    baseCents: [1968, 2745, 3390, 4575],
    perHundredGramsCents: 160,
    days: [1, 2, 3, 5],
    maxWeightGrams: 30_000,
    maxDims: [100, 100, 100],
  },
  {
    id: 17,
    name: 'Mini Envios',
    company: correios,
    baseCents: [1020, 1190, 1390, 1690],
    perHundredGramsCents: 0,
    days: [4, 6, 8, 11],
    maxWeightGrams: 300,
    maxDims: [24, 16, 4],
  },
  {
    id: 3,
    name: '.Package',
    company: jadlog,
    baseCents: [1591, 1733, 2121, 2689],
    perHundredGramsCents: 70,
    days: [4, 5, 7, 9],
    maxWeightGrams: 30_000,
    maxDims: [105, 105, 105],
  },
  {
    id: 4,
    name: '.Com',
    company: jadlog,
    baseCents: [1721, 1960, 2450, 3010],
    perHundredGramsCents: 90,
    days: [3, 4, 6, 8],
    maxWeightGrams: 30_000,
    maxDims: [105, 105, 105],
    notServed: [69, 77],
  },
];

/** Brazil's CEP regions by first digit, grouped the way a carrier's table does. */
function zone(cep: string): number {
  const first = Number(cep[0]);
  if (first <= 3) return 0; // SP, RJ, ES, MG
  if (first <= 5) return 1; // BA, SE, PE, AL, PB, RN
  if (first === 6) return Number(cep.slice(0, 2)) >= 69 ? 3 : 2; // CE...; the North (AM, RR, AC, PA...)
  if (first === 7) return Number(cep.slice(0, 2)) <= 76 ? 2 : 3; // DF, GO, TO, MT, MS, RO
  return 1; // PR, SC, RS
}

function regionIndex(from: string, to: string): number {
  const a = zone(from);
  const b = zone(to);
  return a === b ? (from.slice(0, 2) === to.slice(0, 2) ? 0 : 1) : Math.max(2, b);
}

const money = (cents: number) => (cents / 100).toFixed(2);
const kg = (grams: number) => (grams / 1000).toFixed(2);

function quoteService(
  service: FakeService,
  from: string,
  to: string,
  parcel: Parcel,
): { error: string } | { priceCents: number; days: number } {
  const region = regionIndex(from, to);
  const dims = [parcel.heightCm, parcel.widthCm, parcel.lengthCm].sort((x, y) => y - x);
  if (service.notServed) {
    const prefix = Number(to.slice(0, 2));
    if (prefix >= service.notServed[0] && prefix <= service.notServed[1]) {
      return { error: 'Transportadora não atende este trecho.' };
    }
  }
  if (parcel.weightGrams > service.maxWeightGrams) {
    return { error: 'Peso excede o limite permitido pela transportadora.' };
  }
  if (dims.some((d, i) => d > service.maxDims[i]!)) {
    return { error: 'Dimensões excedem o limite permitido pela transportadora.' };
  }
  const extraGrams = Math.max(0, parcel.weightGrams - 300);
  const priceCents =
    service.baseCents[region]! + Math.ceil(extraGrams / 100) * service.perHundredGramsCents;
  return { priceCents, days: service.days[region]! };
}

// -------------------------------------------------------------------------- Validation

type Errors = Record<string, string[]>;

function add(errors: Errors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function positive(errors: Errors, field: string, value: unknown) {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    add(errors, field, `O campo ${field} deve ser um número maior que 0.`);
    return 0;
  }
  return value;
}

function cepField(errors: Errors, field: string, value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const cep = text.replace(/-/g, '');
  if (!text) add(errors, field, `O campo ${field} é obrigatório.`);
  else if (!/^\d{8}$/.test(cep)) add(errors, field, `O campo ${field} deve ter 8 dígitos.`);
  return cep;
}

function validCpf(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const check = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(cpf[i]) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === Number(cpf[9]) && check(10) === Number(cpf[10]);
}

/** The parcel of a quote's `products` (or `volumes`), stacked in one box. */
function parcelOf(errors: Errors, body: Record<string, unknown>): Parcel {
  const parcel: Parcel = {
    weightGrams: 0,
    heightCm: 0,
    widthCm: 0,
    lengthCm: 0,
    insuranceCents: 0,
    products: [],
  };
  const list = Array.isArray(body.products)
    ? body.products
    : Array.isArray(body.volumes)
      ? body.volumes
      : null;
  const key = Array.isArray(body.products) ? 'products' : 'volumes';
  if (!list || list.length === 0) {
    add(errors, 'products', 'O campo products é obrigatório quando volumes não está presente.');
    return parcel;
  }
  list.forEach((item: unknown, i) => {
    const p = isObj(item) ? item : {};
    const f = (name: string) => `${key}.${i}.${name}`;
    const width = positive(errors, f('width'), p.width);
    const height = positive(errors, f('height'), p.height);
    const length = positive(errors, f('length'), p.length);
    const weight = positive(errors, f('weight'), p.weight);
    const quantity = key === 'products' ? p.quantity : 1;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      add(errors, f('quantity'), `O campo ${f('quantity')} deve ser um inteiro maior que 0.`);
      return;
    }
    const insurance = p.insurance_value ?? 0;
    if (typeof insurance !== 'number' || insurance < 0) {
      add(errors, f('insurance_value'), `O campo ${f('insurance_value')} deve ser um número.`);
    }
    parcel.weightGrams += Math.round(weight * 1000) * quantity;
    parcel.heightCm += height * quantity;
    parcel.widthCm = Math.max(parcel.widthCm, width);
    parcel.lengthCm = Math.max(parcel.lengthCm, length);
    parcel.insuranceCents += Math.round(Number(insurance) * 100) * quantity;
    parcel.products.push({ id: String(p.id ?? i), quantity });
  });
  return parcel;
}

function quoteAnswer(
  body: Record<string, unknown>,
  errors: Errors,
  markupCents: number,
  extraDays: number,
) {
  const from = cepField(errors, 'from.postal_code', isObj(body.from) ? body.from.postal_code : '');
  const to = cepField(errors, 'to.postal_code', isObj(body.to) ? body.to.postal_code : '');
  const parcel = parcelOf(errors, body);
  if (Object.keys(errors).length > 0) return null;
  const only =
    typeof body.services === 'string' && body.services.trim() !== ''
      ? new Set(body.services.split(',').map((s) => Number(s.trim())))
      : null;
  return FAKE_MELHOR_ENVIO_SERVICES.filter((s) => !only || only.has(s.id)).map((service) => {
    const quoted = quoteService(service, from, to, parcel);
    const head = { id: service.id, name: service.name };
    if ('error' in quoted) return { ...head, company: service.company, error: quoted.error };
    const range = { min: Math.max(1, quoted.days - 1), max: quoted.days };
    return {
      ...head,
      price: money(quoted.priceCents),
      custom_price: money(quoted.priceCents + markupCents),
      discount: '0.00',
      currency: 'R$',
      delivery_time: quoted.days,
      delivery_range: range,
      custom_delivery_time: quoted.days + extraDays,
      custom_delivery_range: { min: range.min + extraDays, max: range.max + extraDays },
      packages: [
        {
          price: money(quoted.priceCents),
          discount: '0.00',
          format: 'box',
          dimensions: {
            height: Math.ceil(parcel.heightCm),
            width: Math.ceil(parcel.widthCm),
            length: Math.ceil(parcel.lengthCm),
          },
          weight: kg(parcel.weightGrams),
          insurance_value: money(parcel.insuranceCents),
          products: parcel.products,
        },
      ],
      additional_services: { receipt: false, own_hand: false, collect: false },
      company: service.company,
    };
  });
}

function validateParty(errors: Errors, who: 'from' | 'to', value: unknown) {
  const p = isObj(value) ? value : {};
  for (const name of ['name', 'phone', 'address', 'number', 'district', 'city']) {
    if (typeof p[name] !== 'string' || p[name] === '') {
      add(errors, `${who}.${name}`, `O campo ${who}.${name} é obrigatório.`);
    }
  }
  if (typeof p.state_abbr !== 'string' || !/^[A-Z]{2}$/.test(p.state_abbr)) {
    add(errors, `${who}.state_abbr`, `O campo ${who}.state_abbr deve ser uma UF.`);
  }
  cepField(errors, `${who}.postal_code`, p.postal_code);
  if (p.document === undefined && p.company_document === undefined) {
    add(errors, `${who}.document`, `O campo ${who}.document é obrigatório.`);
  } else if (p.document !== undefined && !validCpf(String(p.document))) {
    add(errors, `${who}.document`, `O campo ${who}.document não é um CPF válido.`);
  }
  if (p.email !== undefined && !/^[^@\s]+@[^@\s]+$/.test(String(p.email))) {
    add(errors, `${who}.email`, `O campo ${who}.email deve ser um endereço de e-mail válido.`);
  }
}

// ------------------------------------------------------------------------------ The server

const LAST_OF = (path: string) => path.replace(/\/+$/, '');

export async function startFakeMelhorEnvio(
  options: FakeMelhorEnvioOptions = {},
): Promise<FakeMelhorEnvio> {
  const token = options.token ?? FAKE_MELHOR_ENVIO_TOKEN;
  const startBalance = options.balanceCents ?? 50_000;
  const markupCents = options.customMarkupCents ?? 0;
  const extraDays = options.customExtraDays ?? 0;
  const windowMs = options.rateLimit?.windowMs ?? 60_000;
  const requests: FakeMelhorEnvioRequest[] = [];
  const orders = new Map<string, FakeMelhorEnvioOrder>();
  const prints = new Map<string, string[]>();
  const failures = new Map<string, { times: number; when: 'before' | 'after' }>();
  const state = {
    mode: 'ok' as FakeMelhorEnvioMode,
    delayMs: 0,
    balanceCents: startBalance,
    limitAfter: null as number | null,
    callsSinceLimit: 0,
    maxInWindow: 0,
    sequence: 0,
    withheldCodes: 'none' as FakeWithheldCodes,
  };
  /** Codes assigned at generate but withheld: what `releaseCarrierCode` gives. */
  const withheld = new Map<string, { tracking: string; melhorEnvioTracking: string }>();
  let baseUrl = '';

  /** 'AA' + 8 serial digits + the S10 check digit + 'BR' (docs: Correios' tracking code). */
  const correiosCode = (n: number) => {
    const serial = `${String(Date.now()).slice(-4)}${String(n).padStart(4, '0')}`.slice(-8);
    const sum = [8, 6, 4, 2, 3, 5, 9, 7].reduce((acc, w, i) => acc + w * Number(serial[i]), 0);
    const r = sum % 11;
    const check = r === 0 ? 5 : r === 1 ? 0 : 11 - r;
    return `AA${serial}${check}BR`;
  };
  const jadlogCode = () =>
    `${String(Date.now()).slice(-8)}${String(++state.sequence).padStart(6, '0')}`;
  const stamp = () => new Date().toISOString().replace('T', ' ').slice(0, 19);
  const nextCode = (prefix: string) =>
    `${prefix}${String(Date.now()).slice(-6)}${String(++state.sequence).padStart(4, '0')}`;

  function send(res: ServerResponse, status: number, data: unknown, headers = {}) {
    const text = JSON.stringify(data);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      ...headers,
    });
    res.end(text);
  }
  const invalid = (res: ServerResponse, errors: Errors) =>
    send(res, 422, { message: 'The given data was invalid.', errors });

  function orderIdsOf(res: ServerResponse, body: unknown): FakeMelhorEnvioOrder[] | null {
    const list = isObj(body) && Array.isArray(body.orders) ? body.orders : null;
    const errors: Errors = {};
    if (!list || list.length === 0) add(errors, 'orders', 'O campo orders é obrigatório.');
    const found: FakeMelhorEnvioOrder[] = [];
    (list ?? []).forEach((id, i) => {
      const order = typeof id === 'string' ? orders.get(id) : undefined;
      if (!order) add(errors, `orders.${i}`, `O campo orders.${i} selecionado é inválido.`);
      else found.push(order);
    });
    if (Object.keys(errors).length > 0) {
      invalid(res, errors);
      return null;
    }
    return found;
  }

  function trackingOf(o: FakeMelhorEnvioOrder) {
    return {
      id: o.id,
      protocol: o.protocol,
      status: o.status,
      tracking: o.tracking,
      melhorenvio_tracking: o.melhorEnvioTracking,
      created_at: o.createdAt,
      paid_at: o.paidAt,
      generated_at: o.generatedAt,
      posted_at: o.postedAt,
      delivered_at: o.deliveredAt,
      canceled_at: o.canceledAt,
      expired_at: null,
    };
  }

  function api(method: string, path: string, body: unknown, res: ServerResponse) {
    const b = isObj(body) ? body : {};
    const route = `${method} ${LAST_OF(path)}`;
    switch (route) {
      case 'POST /api/v2/me/shipment/calculate': {
        const errors: Errors = {};
        const answer = quoteAnswer(b, errors, markupCents, extraDays);
        return answer ? send(res, 200, answer) : invalid(res, errors);
      }
      case 'POST /api/v2/me/cart': {
        const errors: Errors = {};
        const service = FAKE_MELHOR_ENVIO_SERVICES.find((s) => s.id === b.service);
        if (!service) add(errors, 'service', 'O campo service selecionado é inválido.');
        validateParty(errors, 'from', b.from);
        validateParty(errors, 'to', b.to);
        const products = Array.isArray(b.products) ? b.products : [];
        if (products.length === 0) add(errors, 'products', 'O campo products é obrigatório.');
        products.forEach((p: unknown, i) => {
          const item = isObj(p) ? p : {};
          if (typeof item.name !== 'string' || item.name === '') {
            add(errors, `products.${i}.name`, `O campo products.${i}.name é obrigatório.`);
          }
          if (typeof item.quantity !== 'number' || item.quantity < 1) {
            add(errors, `products.${i}.quantity`, `O campo products.${i}.quantity é inválido.`);
          }
        });
        const volumes = Array.isArray(b.volumes) ? b.volumes : isObj(b.volumes) ? [b.volumes] : [];
        const parcel = parcelOf(errors, { volumes });
        const opts = isObj(b.options) ? b.options : {};
        if (typeof opts.insurance_value !== 'number' || opts.insurance_value < 0) {
          add(errors, 'options.insurance_value', 'O campo options.insurance_value é obrigatório.');
        }
        const invoiceKey = isObj(opts.invoice) ? opts.invoice.key : undefined;
        if (opts.non_commercial !== true) {
          if (typeof invoiceKey !== 'string' || !/^\d{44}$/.test(invoiceKey)) {
            add(
              errors,
              'options.invoice.key',
              'A chave da nota fiscal é obrigatória para envios comerciais.',
            );
          }
        } else if (invoiceKey !== undefined) {
          add(
            errors,
            'options.invoice.key',
            'Envios não comerciais não devem informar nota fiscal.',
          );
        }
        if (Object.keys(errors).length > 0 || !service) return invalid(res, errors);
        const from = String((b.from as Record<string, unknown>).postal_code);
        const to = String((b.to as Record<string, unknown>).postal_code);
        const quoted = quoteService(service, from, to, parcel);
        if ('error' in quoted) return invalid(res, { service: [quoted.error] });
        const order: FakeMelhorEnvioOrder = {
          id: randomUUID(),
          protocol: nextCode('ORD-'),
          serviceId: service.id,
          priceCents: quoted.priceCents + markupCents,
          status: 'pending',
          body: b,
          tracking: null,
          melhorEnvioTracking: null,
          createdAt: stamp(),
          paidAt: null,
          generatedAt: null,
          postedAt: null,
          deliveredAt: null,
          canceledAt: null,
        };
        orders.set(order.id, order);
        return send(res, 201, {
          id: order.id,
          protocol: order.protocol,
          service_id: order.serviceId,
          agency_id: null,
          price: order.priceCents / 100,
          discount: 0,
          format: 'box',
          insurance_value: opts.insurance_value,
          status: order.status,
          created_at: order.createdAt,
        });
      }
      case 'POST /api/v2/me/shipment/checkout': {
        const list = orderIdsOf(res, body);
        if (!list) return;
        if (list.some((o) => o.status !== 'pending')) {
          return send(res, 422, { error: 'One or more orders have already been paid' });
        }
        const total = list.reduce((sum, o) => sum + o.priceCents, 0);
        if (total > state.balanceCents) {
          return send(res, 422, {
            error: 'Saldo insuficiente para a compra dos envios selecionados.',
          });
        }
        state.balanceCents -= total;
        const paidAt = stamp();
        for (const o of list) {
          o.status = 'released';
          o.paidAt = paidAt;
        }
        return send(res, 200, {
          purchase: {
            id: randomUUID(),
            protocol: nextCode('PUR-'),
            total: money(total),
            discount: '0.00',
            status: 'paid',
            paid_at: paidAt,
            orders: list.map((o) => ({
              id: o.id,
              protocol: o.protocol,
              service_id: o.serviceId,
              price: o.priceCents / 100,
              status: o.status,
              tracking: o.tracking,
            })),
          },
        });
      }
      case 'POST /api/v2/me/shipment/generate': {
        const list = orderIdsOf(res, body);
        if (!list) return;
        const answer: Record<string, unknown> = {};
        for (const o of list) {
          if (o.status !== 'released') {
            answer[o.id] = { status: false, message: 'Envio não está liberado para geração.' };
            continue;
          }
          if (!o.generatedAt) {
            o.generatedAt = stamp();
            const melhorEnvioTracking = nextCode('ME');
            // Correios: a valid S10 code (check digit included); Jadlog: its 14-digit number,
            // not Correios-shaped (a code from Melhor Envio is kept as it comes).
            const tracking =
              o.serviceId <= 2 || o.serviceId === 17
                ? correiosCode(++state.sequence)
                : jadlogCode();
            if (state.withheldCodes !== 'none') {
              withheld.set(o.id, { tracking, melhorEnvioTracking });
            }
            o.tracking = state.withheldCodes === 'none' ? tracking : null;
            o.melhorEnvioTracking = state.withheldCodes === 'all' ? null : melhorEnvioTracking;
          }
          answer[o.id] = { status: true, message: 'Envio gerado com sucesso' };
        }
        return send(res, 200, answer);
      }
      case 'POST /api/v2/me/shipment/print': {
        const list = orderIdsOf(res, body);
        if (!list) return;
        const mode = b.mode ?? 'private';
        if (mode !== 'private' && mode !== 'public') {
          return invalid(res, { mode: ['O campo mode selecionado é inválido.'] });
        }
        const notGenerated = list.filter((o) => !o.generatedAt || o.status === 'canceled');
        if (notGenerated.length > 0) {
          return send(res, 422, { error: 'Etiqueta(s) ainda não gerada(s).' });
        }
        const key = randomUUID();
        prints.set(
          key,
          list.map((o) => o.id),
        );
        return send(res, 200, { url: `${baseUrl}/imprimir/${key}` });
      }
      case 'POST /api/v2/me/shipment/tracking': {
        const list = orderIdsOf(res, body);
        if (!list) return;
        return send(res, 200, Object.fromEntries(list.map((o) => [o.id, trackingOf(o)])));
      }
      case 'POST /api/v2/me/shipment/cancel': {
        const order = isObj(b.order) ? b.order : {};
        const errors: Errors = {};
        const found = typeof order.id === 'string' ? orders.get(order.id) : undefined;
        if (!found) add(errors, 'order.id', 'O campo order.id selecionado é inválido.');
        if (String(order.reason_id) !== '2') {
          add(errors, 'order.reason_id', 'O campo order.reason_id selecionado é inválido.');
        }
        if (typeof order.description !== 'string' || order.description === '') {
          add(errors, 'order.description', 'O campo order.description é obrigatório.');
        }
        if (Object.keys(errors).length > 0 || !found) return invalid(res, errors);
        if (found.status === 'posted' || found.status === 'delivered') {
          return send(res, 422, { error: 'Esta etiqueta não pode ser cancelada.' });
        }
        if (found.status !== 'canceled') {
          if (found.paidAt) state.balanceCents += found.priceCents;
          found.status = 'canceled';
          found.canceledAt = stamp();
        }
        return send(res, 200, { [found.id]: { canceled: true } });
      }
      case 'GET /api/v2/me/balance':
        return send(res, 200, {
          balance: state.balanceCents / 100,
          reserved: 0,
          debts: 0,
        });
      default:
        return send(res, 404, { message: 'Not Found' });
    }
  }

  function control(method: string, path: string, res: ServerResponse) {
    const parts = LAST_OF(path).split('/').slice(2);
    const done = () => {
      res.writeHead(204);
      res.end();
    };
    if (method === 'GET' && parts[0] === 'state') {
      return send(res, 200, {
        requests: requests.length,
        mode: state.mode,
        delayMs: state.delayMs,
        balanceCents: state.balanceCents,
        orders: [...orders.values()].map(trackingOf),
      });
    }
    if (method === 'POST') {
      const [what, value, step] = parts;
      if (what === 'mode' && FAKE_MELHOR_ENVIO_MODES.includes(value as FakeMelhorEnvioMode)) {
        state.mode = value as FakeMelhorEnvioMode;
        return done();
      }
      if (what === 'delay' && /^\d{1,6}$/.test(value ?? '')) {
        state.delayMs = Number(value);
        return done();
      }
      if (what === 'rate-limit-after' && /^\d{1,6}$/.test(value ?? '')) {
        fake.rateLimitAfter(Number(value));
        return done();
      }
      if (what === 'balance' && /^\d{1,9}$/.test(value ?? '')) {
        state.balanceCents = Number(value);
        return done();
      }
      if (what === 'withheld-codes' && WITHHELD_CODES.includes(value as FakeWithheldCodes)) {
        state.withheldCodes = value as FakeWithheldCodes;
        return done();
      }
      if (what === 'orders' && value && step === 'carrier-code') {
        try {
          return send(res, 200, { tracking: fake.releaseCarrierCode(value) });
        } catch {
          return send(res, 404, { error: 'no withheld code for this order' });
        }
      }
      if (what === 'orders' && value && (step === 'posted' || step === 'delivered')) {
        try {
          fake.advance(value, step);
          return done();
        } catch {
          return send(res, 404, { error: 'no such generated order' });
        }
      }
      if (what === 'reset') {
        fake.reset();
        return done();
      }
    }
    return send(res, 404, { error: 'not found' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readAll(req);
    if (path.startsWith('/__fake/')) return control(req.method ?? 'GET', path, res);
    const printed = /^\/imprimir\/([\w-]+)$/.exec(path);
    if (req.method === 'GET' && printed) {
      const ids = prints.get(printed[1] ?? '');
      if (!ids) return send(res, 404, { message: 'Not Found' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(`%PDF-1.4\n% etiquetas ${ids.join(', ')}\n%%EOF\n`);
    }
    const at = Date.now();
    const authorization = req.headers.authorization;
    const userAgent = req.headers['user-agent'];
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    requests.push({ method: req.method ?? 'GET', path, authorization, userAgent, body, at });
    const inWindow = requests.filter((r) => r.at > at - windowMs).length;
    state.maxInWindow = Math.max(state.maxInWindow, inWindow);

    const answer = () => {
      if (res.destroyed) return;
      if (state.mode === 'hang') return;
      if (state.mode === 'error') {
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<h1>Server Error</h1>');
      }
      if (state.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('<html>{"id": ');
      }
      if (authorization !== `Bearer ${token}`) {
        return send(res, 401, { message: 'Unauthenticated.' });
      }
      if (state.limitAfter !== null && ++state.callsSinceLimit > state.limitAfter) {
        return send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': '60' });
      }
      if (options.rateLimit && inWindow > options.rateLimit.limit) {
        const seconds = Math.ceil(windowMs / 1000);
        return send(res, 429, { message: 'Too Many Attempts.' }, { 'retry-after': `${seconds}` });
      }
      if (typeof userAgent !== 'string' || !/\(.*@.*\)/.test(userAgent)) {
        return send(res, 400, {
          message: 'Informe o User-Agent: Aplicação (email para contato técnico).',
        });
      }
      const failure = failures.get(LAST_OF(path));
      if (failure && failure.times > 0) {
        if (--failure.times === 0) failures.delete(LAST_OF(path));
        if (failure.when === 'after') {
          // Do the work, then lose the answer: a 500 instead of it.
          const sink = { writeHead: () => sink, end: () => sink, destroyed: false };
          api(req.method ?? 'GET', path, body, sink as unknown as ServerResponse);
        }
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<h1>Server Error</h1>');
      }
      return api(req.method ?? 'GET', path, body, res);
    };
    if (state.delayMs > 0 && state.mode !== 'hang') {
      setTimeout(answer, state.delayMs).unref();
    } else {
      answer();
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Server Error' });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const info = server.address() as AddressInfo;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  baseUrl = `http://${host}:${info.port}`;

  const fake: FakeMelhorEnvio = {
    url: baseUrl,
    token,
    get mode() {
      return state.mode;
    },
    set mode(mode: FakeMelhorEnvioMode) {
      state.mode = mode;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    get balanceCents() {
      return state.balanceCents;
    },
    set balanceCents(cents: number) {
      state.balanceCents = cents;
    },
    requests,
    orders,
    get maxInWindow() {
      return state.maxInWindow;
    },
    rateLimitAfter(n) {
      state.limitAfter = n;
      state.callsSinceLimit = 0;
    },
    failOn(path, times = 1, when = 'before') {
      failures.set(LAST_OF(path), { times, when });
    },
    advance(orderId, status) {
      const order = orders.get(orderId);
      if (!order || !order.generatedAt || order.status === 'canceled') {
        throw new Error(`order ${orderId} is not a generated label`);
      }
      order.status = status;
      if (status === 'posted') order.postedAt = stamp();
      else order.deliveredAt = stamp();
    },
    get withheldCodes() {
      return state.withheldCodes;
    },
    set withheldCodes(codes: FakeWithheldCodes) {
      state.withheldCodes = codes;
    },
    releaseCarrierCode(orderId) {
      const order = orders.get(orderId);
      const codes = withheld.get(orderId);
      if (!order || !codes) throw new Error(`order ${orderId} has no withheld code`);
      withheld.delete(orderId);
      order.tracking = codes.tracking;
      order.melhorEnvioTracking ??= codes.melhorEnvioTracking;
      return codes.tracking;
    },
    reset() {
      requests.length = 0;
      orders.clear();
      prints.clear();
      failures.clear();
      withheld.clear();
      Object.assign(state, {
        mode: 'ok',
        delayMs: 0,
        balanceCents: startBalance,
        limitAfter: null,
        callsSinceLimit: 0,
        maxInWindow: 0,
        withheldCodes: 'none',
      });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
  return fake;
}

async function readAll(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function argValue(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

async function main(args: string[]): Promise<void> {
  const port = Number(argValue(args, '--port') ?? 3198);
  const balance = argValue(args, '--balance-cents');
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(
      'usage: node --import tsx apps/api/test/fake-melhor-envio.ts [--port 3198] ' +
        '[--host 127.0.0.1] [--token T] [--balance-cents 50000]',
    );
    process.exit(2);
  }
  const fake = await startFakeMelhorEnvio({
    port,
    host: argValue(args, '--host'),
    token: argValue(args, '--token'),
    ...(balance ? { balanceCents: Number(balance) } : {}),
  });
  // The token is the fake's own, not a secret: printed so a script can copy it.
  console.log(
    `fake Melhor Envio listening on ${fake.url} (MELHORENVIO_API_URL=${fake.url} MELHORENVIO_TOKEN=${fake.token})`,
  );
  const stop = () => {
    void fake.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop();
  }, 1000).unref();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
