/**
 * The freight of a cart to a CEP (issue 35, docs/carrier-quotes-contract.md): the carriers'
 * services through Melhor Envio when the owners switched it on ('Frete'), else SPEC §9's table.
 * Used by POST api/calcular-frete/ (the options she chooses from) and by api/pay and
 * api/pagamento (the one she chose, quoted again: the browser's figure is never trusted).
 *
 * - Each piece's parcel: its own measures, else its category's box, else SPEC §9's
 *   (`pieceParcel`); its declared value, its price today. Read from the products table here.
 * - Each service: Melhor Envio's price for the account (`custom_price`) plus the owners' margin,
 *   its days plus their extra days. The §9 rule stands: from R$ 600 the cheapest is free.
 * - Answers are kept 10 minutes per CEP, pieces, measures and settings, so a shopper moving
 *   between cart and checkout, and api/pay right after, ask Melhor Envio once.
 * - Melhor Envio failing, slow (3 s), limited or answering no service: the table quotes, and
 *   nothing tells the shopper (the owners see it on the health page). A failure that made her
 *   wait (a timeout, a connection hanging) pauses the asking for {@link FREIGHT_OUTAGE_PAUSE_MS}
 *   on this instance: during an outage every new cart would otherwise wait its 3 s for the
 *   table's figure. A quick failure (a 500, a 429) costs her nothing and pauses nothing.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CATEGORIES } from '@semijoias/domain/catalog';
import { centsToDecimal, type Cents } from '@semijoias/domain/money';
import {
  daysRange,
  FREE_SHIPPING_THRESHOLD,
  quoteWithService,
  shippingRegion,
  type ShippingOptionWire,
  type ShippingQuote,
} from '@semijoias/domain/shipping';
import { pieceParcel, type CategorySlug } from '@semijoias/domain/shipping-settings';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { isMelhorEnvioError } from '../../integrations/shipping/melhor-envio.js';
import type {
  EffectiveShippingSettings,
  ShippingSettingsService,
} from '../shipping-settings/index.js';
import type { ShippingQuoter } from './quote.js';

/** One line of the cart being quoted: the piece, her size, how many, at today's price. */
export interface FreightPiece {
  productId: number;
  variationId: number | null;
  quantity: number;
  unitPriceCents: Cents;
}

/** A carrier's service she may choose. */
export interface FreightOption {
  serviceId: number;
  carrier: string;
  service: string;
  /** What she pays: the carrier's price and the owners' margin, or 0 when free. */
  cents: Cents;
  days: string;
  free: boolean;
}

export interface FreightInput {
  /** 8 digits. */
  cep: string;
  subtotalCents: Cents;
  itemCount: number;
  /** The cart's lines; without them (a guest who sent none) the table quotes. */
  pieces?: readonly FreightPiece[];
}

export interface FreightQuote {
  /** The cheapest option as SPEC §7's `frete`, or the table's quote. */
  cheapest: ShippingQuote;
  /** Cheapest first; empty when the table quoted. */
  options: FreightOption[];
}

/** The quote of one option (api/pay stores it on the order). */
export interface ChosenFreight {
  quote: ShippingQuote;
  /** Null when the table quoted (no carrier). */
  option: FreightOption | null;
}

export interface FreightQuoter {
  quote(input: FreightInput): Promise<FreightQuote>;
}

/** How long a carrier's answer is reused for the same cart and CEP. */
export const FREIGHT_CACHE_MS = 10 * 60_000;
const CACHE_MAX_ENTRIES = 2_000;
/** A failed quote that took this long made her wait: Melhor Envio is down or hanging. */
export const FREIGHT_SLOW_FAILURE_MS = 1_000;
/** How long the table quotes alone after such a failure before Melhor Envio is asked again. */
export const FREIGHT_OUTAGE_PAUSE_MS = 30_000;

const slugOfCategory = new Map<string, CategorySlug>(CATEGORIES.map((c) => [c.name, c.slug]));

/**
 * The option `serviceId` names (the cheapest when absent); null when she named one the quote
 * does not offer. From the table, any `serviceId` is ignored: there is nothing to choose.
 */
export function chooseFreight(
  quote: FreightQuote,
  serviceId?: number | null,
): ChosenFreight | null {
  if (quote.options.length === 0) return { quote: quote.cheapest, option: null };
  const option =
    serviceId === undefined || serviceId === null
      ? quote.options[0]!
      : quote.options.find((o) => o.serviceId === serviceId);
  if (!option) return null;
  return { quote: quoteWithService(quote.cheapest, figuresOf(option)), option };
}

/** A quote's figures before a service's (quoteWithService replaces them all). */
const NO_SERVICE = { valor: 0, prazo: '', gratis: false, motivo_gratis: null };

/** An option's figures, as the domain's quoteWithService takes them. */
const figuresOf = (option: FreightOption) => ({
  valor: option.cents,
  prazo: option.days,
  gratis: option.free,
});

interface Measured extends FreightPiece {
  categorySlug: CategorySlug;
  weightGrams: number;
  widthCm: number | null;
  heightCm: number | null;
  lengthCm: number | null;
}

export function createFreightQuoter(deps: {
  db: Db;
  table: ShippingQuoter;
  shippingSettings: Pick<ShippingSettingsService, 'settings' | 'client'>;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  now?: () => number;
}): FreightQuoter {
  const { db, table, shippingSettings, log } = deps;
  const now = deps.now ?? (() => Date.now());
  const kept = new Map<string, { at: number; options: FreightOption[] | null }>();
  /** Until when the table quotes alone (an outage seen by this instance). */
  let pausedUntil = 0;
  const settingsKeys = new WeakMap<EffectiveShippingSettings, string>();

  function settingsKey(settings: EffectiveShippingSettings): string {
    let key = settingsKeys.get(settings);
    if (key === undefined) {
      key = JSON.stringify([
        settings.apiUrl,
        settings.fromCep,
        settings.services,
        settings.packages,
      ]);
      settingsKeys.set(settings, key);
    }
    return key;
  }

  /** The pieces' category and measures today; null when one is gone from the catalog. */
  async function measured(pieces: readonly FreightPiece[]): Promise<Measured[] | null> {
    const ids = [...new Set(pieces.map((p) => p.productId))];
    const rows = await db
      .select({
        id: products.id,
        category: products.category,
        weightGrams: products.weightGrams,
        widthCm: products.widthCm,
        heightCm: products.heightCm,
        lengthCm: products.lengthCm,
      })
      .from(products)
      .where(inArray(products.id, ids));
    const byId = new Map(rows.map((r) => [r.id, r]));
    const out: Measured[] = [];
    for (const piece of pieces) {
      const row = byId.get(piece.productId);
      const categorySlug = row && slugOfCategory.get(row.category);
      if (!row || !categorySlug) return null;
      out.push({ ...piece, ...row, categorySlug });
    }
    return out;
  }

  /** The carriers' options for these pieces (margins, extra days and the free rule applied). */
  async function carrierOptions(
    settings: EffectiveShippingSettings,
    cep: string,
    pieces: Measured[],
    subtotalCents: Cents,
  ): Promise<FreightOption[] | null> {
    const key = JSON.stringify([
      settingsKey(settings),
      cep,
      subtotalCents >= FREE_SHIPPING_THRESHOLD,
      pieces.map((p) => [
        p.productId,
        p.variationId,
        p.quantity,
        p.unitPriceCents,
        p.weightGrams,
        p.widthCm,
        p.heightCm,
        p.lengthCm,
        p.categorySlug,
      ]),
    ]);
    const hit = kept.get(key);
    if (hit && now() - hit.at < FREIGHT_CACHE_MS) return hit.options;

    if (now() < pausedUntil) return null;
    const client = await shippingSettings.client();
    if (!client || !settings.fromCep) return null;
    const services = new Map(settings.services.map((s) => [s.id as number, s]));
    let options: FreightOption[] | null;
    const asked = now();
    try {
      const result = await client.quote({
        fromCep: settings.fromCep,
        toCep: cep,
        services: [...services.keys()],
        products: pieces.map((p) => {
          const parcel = pieceParcel(p, settings.packages);
          return {
            id: String(p.productId),
            widthCm: parcel.widthCm,
            heightCm: parcel.heightCm,
            lengthCm: parcel.lengthCm,
            weightGrams: parcel.weightGrams,
            unitValueCents: p.unitPriceCents,
            quantity: p.quantity,
          };
        }),
      });
      const priced = result.options
        .filter((o) => services.has(o.serviceId))
        .map((o) => {
          const own = services.get(o.serviceId)!;
          return {
            serviceId: o.serviceId,
            carrier: o.carrier,
            service: o.service,
            cents: o.customPriceCents + own.marginCents,
            days: daysRange(o.days.min + own.extraDays, o.days.max + own.extraDays),
            free: false,
          };
        })
        .sort((a, b) => a.cents - b.cents || a.serviceId - b.serviceId);
      if (priced.length > 0 && subtotalCents >= FREE_SHIPPING_THRESHOLD) {
        priced[0] = { ...priced[0]!, cents: 0, free: true };
      }
      options = priced.length > 0 ? priced : null;
      pausedUntil = 0;
    } catch (err) {
      if (!isMelhorEnvioError(err)) throw err;
      // No answer at all (a timeout, a connection hanging), after a wait she noticed.
      const slow =
        err.kind === 'indisponivel' &&
        err.status === undefined &&
        now() - asked >= FREIGHT_SLOW_FAILURE_MS;
      if (slow) pausedUntil = now() + FREIGHT_OUTAGE_PAUSE_MS;
      // The kind and the call only: never the token, the CEP or an answer's body.
      log?.warn(
        {
          melhorEnvio: err.kind,
          reason: err.reason,
          ...(slow && { pausedMs: FREIGHT_OUTAGE_PAUSE_MS }),
        },
        slow
          ? 'Melhor Envio: cotação lenta demais, frete pela tabela nos próximos 30 s'
          : 'Melhor Envio: cotação falhou, frete pela tabela',
      );
      // A failure is not kept: the next quote asks again (the limiter keeps it in bounds).
      return null;
    }
    if (kept.size >= CACHE_MAX_ENTRIES) kept.delete(kept.keys().next().value!);
    kept.set(key, { at: now(), options });
    return options;
  }

  return {
    async quote(input) {
      const fromTable = async (): Promise<FreightQuote> => ({
        cheapest: await table.quote(input),
        options: [],
      });
      if (!input.pieces || input.pieces.length === 0) return fromTable();
      const settings = await shippingSettings.settings();
      if (!settings.active) return fromTable();
      // One order for the same cart, whoever lists it (the cart's read, api/pay's lines): one key.
      const sorted = [...input.pieces].sort(
        (a, b) => a.productId - b.productId || (a.variationId ?? 0) - (b.variationId ?? 0),
      );
      const pieces = await measured(sorted);
      if (!pieces) return fromTable();
      const options = await carrierOptions(settings, input.cep, pieces, input.subtotalCents);
      if (!options) return fromTable();
      const grams = pieces.reduce((sum, p) => sum + p.weightGrams * p.quantity, 0);
      const cheapest = options[0]!;
      return {
        cheapest: quoteWithService(
          {
            ...NO_SERVICE,
            regiao: shippingRegion(input.cep).regiao,
            peso_total: grams / 1000,
          },
          figuresOf(cheapest),
        ),
        options,
      };
    },
  };
}

/** `opcoes` of the answer. */
export function optionsToWire(options: readonly FreightOption[]): ShippingOptionWire[] {
  return options.map((o) => ({
    id: o.serviceId,
    transportadora: o.carrier,
    servico: o.service,
    valor: centsToDecimal(o.cents),
    prazo: o.days,
    gratis: o.free,
  }));
}
