/**
 * The shopping catalogs (issue 37, docs/product-feeds.md): the rules the Google Merchant Center
 * feed (/feeds/google.xml) and the Meta catalog feed (/feeds/meta.csv) share, and the owners'
 * 'Canais de venda' form (the brand the feeds name, the store's WhatsApp). Pure: the API builds
 * the items from the catalog with these, the back office shows the same choices and messages.
 */
import type { CategoryName } from './catalog';
import type { PlatingCode } from './listing';
import { centsToDecimal, type Cents } from './money';
import { FREE_SHIPPING_DAYS, FREE_SHIPPING_THRESHOLD, shippingRegion } from './shipping';
import type { StateCode } from './states';
import { parseWhatsappNumber, WHATSAPP_NUMBER_INVALID } from './whatsapp';

/** Where the feeds are served, at the site's root like /sitemap.xml. */
export const GOOGLE_FEED_PATH = '/feeds/google.xml';
export const META_FEED_PATH = '/feeds/meta.csv';

export const FEED_CURRENCY = 'BRL';
export const FEED_COUNTRY = 'BR';

/**
 * Google's limits (Merchant Center product data specification): title 150, description 5,000,
 * id 50, brand 70, up to 10 additional images. Meta allows more (title 200, description 9,999,
 * 20 images), so one item within Google's limits suits both.
 */
export const FEED_TITLE_MAX = 150;
export const FEED_DESCRIPTION_MAX = 5000;
export const FEED_ID_MAX = 50;
export const FEED_BRAND_MAX = 70;
export const FEED_ADDITIONAL_IMAGES_MAX = 10;
/** A piece's 'Cor (catálogos)': Google takes up to 100 characters (up to three colours a '/'). */
export const FEED_COLOR_MAX = 100;

/**
 * Google's product taxonomy, Apparel & Accessories > Jewelry > Rings (200), Earrings (194),
 * Bracelets (191), Necklaces (196): Google requires the most specific category for apparel and
 * Meta reads the same ids.
 */
export const GOOGLE_PRODUCT_CATEGORY: Readonly<Record<CategoryName, number>> = {
  Anel: 200,
  Brinco: 194,
  Pulseira: 191,
  Colar: 196,
};

export const FEED_GENDERS = [
  { code: 'female', label: 'Feminino' },
  { code: 'male', label: 'Masculino' },
  { code: 'unisex', label: 'Unissex' },
] as const;
export type FeedGender = (typeof FEED_GENDERS)[number]['code'];
/** The store sells women's jewelry: a piece says otherwise in its 'Gênero (catálogos)'. */
export const DEFAULT_FEED_GENDER: FeedGender = 'female';

export function isFeedGender(value: unknown): value is FeedGender {
  return FEED_GENDERS.some((g) => g.code === value);
}

export function feedGender(saved: string | null | undefined): FeedGender {
  return isFeedGender(saved) ? saved : DEFAULT_FEED_GENDER;
}

/** The colour a plating shows, as shoppers name it (the feed's language is Portuguese). */
export const PLATING_FEED_COLOR: Readonly<Record<PlatingCode, string>> = {
  dourado: 'Dourado',
  rodio: 'Prateado',
  'rodio-negro': 'Preto',
  rose: 'Rosé',
  prateado: 'Prateado',
  'prata-925': 'Prateado',
};

/** What a plating says the piece is made of (Google's and Meta's `material`). */
export const PLATING_FEED_MATERIAL: Readonly<Record<PlatingCode, string>> = {
  dourado: 'Banho de ouro',
  rodio: 'Banho de ródio',
  'rodio-negro': 'Banho de ródio negro',
  rose: 'Banho de ouro rosé',
  prateado: 'Banho prateado',
  'prata-925': 'Prata 925',
};

/** The piece's own 'Cor (catálogos)', else its plating's colour, else none (left out). */
export function feedColor(saved: string | null | undefined, plating: string | null): string | null {
  const own = feedText(saved ?? '', FEED_COLOR_MAX, { singleLine: true });
  if (own) return own;
  return plating ? (PLATING_FEED_COLOR[plating as PlatingCode] ?? null) : null;
}

export function feedMaterial(plating: string | null): string | null {
  return plating ? (PLATING_FEED_MATERIAL[plating as PlatingCode] ?? null) : null;
}

/** 12990 → '129.90 BRL': the number with a dot and two places, then the currency (both specs). */
export function feedPrice(cents: Cents): string {
  return `${centsToDecimal(cents)} ${FEED_CURRENCY}`;
}

/**
 * The prices a feed states: `price` is what the page shows struck ('de') on a PROMOÇÃO, with
 * `sale_price` the price she pays; otherwise `price` alone.
 */
export function feedPrices(
  priceCents: Cents,
  originalPriceCents: Cents | null,
): { price: Cents; salePrice: Cents | null } {
  return originalPriceCents !== null && originalPriceCents > priceCents
    ? { price: originalPriceCents, salePrice: priceCents }
    : { price: priceCents, salePrice: null };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/** Characters XML 1.0 cannot carry, and other controls a platform would refuse (tab and newline stay). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;
/** The same, to test a text (a global pattern would carry its position between calls). */
const HAS_CONTROL = new RegExp(CONTROL.source);

/**
 * A text for a feed: no HTML (tags dropped, entities read), no control characters, spaces
 * collapsed, trimmed, and cut to `max` characters at a word where it can, with '…'. A title is
 * one line; a description keeps its paragraphs (one blank line at most between them).
 */
export function feedText(
  text: string,
  max: number,
  options: { singleLine?: boolean } = {},
): string {
  let out = text
    // Blocks end a line; inline markup (<b>, <a>...) goes without a trace.
    .replace(/<\/?(br|p|div|li|ul|ol|h[1-6]|tr|table|blockquote)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code =
          name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, ' ');
  out = options.singleLine
    ? out.replace(/\s+/g, ' ').trim()
    : out
        .split('\n')
        .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim();
  return cutText(out, max);
}

/** `text` within `max` characters (code points: an emoji is never split). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  // At a word when one ends in the last fifth; a single long word is cut where it must.
  const space = head.search(/\s\S*$/);
  const cut = space >= Math.floor((max - 1) * 0.8) ? head.slice(0, space) : head;
  return `${cut.trimEnd()}…`;
}

/** XML text or attribute: the five markup characters as entities, nothing XML 1.0 refuses. */
export function xmlEscape(text: string): string {
  return text
    .replace(CONTROL, ' ')
    .replace(/[&<>"']/g, (c) =>
      c === '&'
        ? '&amp;'
        : c === '<'
          ? '&lt;'
          : c === '>'
            ? '&gt;'
            : c === '"'
              ? '&quot;'
              : '&apos;',
    );
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record, CRLF-terminated as RFC 4180 writes them. */
export function csvRecord(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/**
 * The two-digit CEP prefixes of each state (Correios' ranges). Every state lies within one row
 * of SPEC §9's freight table, so the table can be said per state: Google's `shipping` takes a
 * Brazilian state as `region` (ISO 3166-2 without 'BR-'), while a CEP range would read
 * '01000-000-19999-999', which its range syntax cannot tell apart.
 */
export const STATE_CEP_PREFIXES: Readonly<
  Record<StateCode, readonly (readonly [number, number])[]>
> = {
  SP: [[1, 19]],
  RJ: [[20, 28]],
  ES: [[29, 29]],
  MG: [[30, 39]],
  BA: [[40, 48]],
  SE: [[49, 49]],
  PE: [[50, 56]],
  AL: [[57, 57]],
  PB: [[58, 58]],
  RN: [[59, 59]],
  CE: [[60, 63]],
  PI: [[64, 64]],
  MA: [[65, 65]],
  PA: [[66, 68]],
  AP: [[68, 68]],
  AM: [[69, 69]],
  RR: [[69, 69]],
  AC: [[69, 69]],
  DF: [[70, 73]],
  GO: [[72, 76]],
  RO: [[76, 76]],
  TO: [[77, 77]],
  MT: [[78, 78]],
  MS: [[79, 79]],
  PR: [[80, 87]],
  SC: [[88, 89]],
  RS: [[90, 99]],
};

/** One `shipping` of an item: to the whole country, or to one state. */
export interface FeedShipping {
  country: typeof FEED_COUNTRY;
  region?: StateCode;
  priceCents: Cents;
  /** Working days in transit (SPEC §9's 'prazo'). */
  minTransitDays: number;
  maxTransitDays: number;
}

function days(prazo: string): { minTransitDays: number; maxTransitDays: number } {
  const [min, max = min] = prazo.split('-').map(Number) as [number, number?];
  return { minTransitDays: min, maxTransitDays: max };
}

/**
 * The freight of one unit bought alone (SPEC §9, packages/domain/src/shipping.ts): free from
 * R$ 600 (the whole country, 3-5 days), else the table's price and days per state. One unit is
 * within the table's included kilo, so no weight is added. Carriers' quotes (Melhor Envio) vary
 * per address and are not stated: the table is the store's own estimate and its fallback.
 */
export function feedShipping(paidCents: Cents): FeedShipping[] {
  if (paidCents >= FREE_SHIPPING_THRESHOLD) {
    return [{ country: FEED_COUNTRY, priceCents: 0, ...days(FREE_SHIPPING_DAYS) }];
  }
  return (Object.keys(STATE_CEP_PREFIXES) as StateCode[]).sort().map((state) => {
    const [from] = STATE_CEP_PREFIXES[state][0]!;
    const row = shippingRegion(`${String(from).padStart(2, '0')}000000`);
    return { country: FEED_COUNTRY, region: state, priceCents: row.valor, ...days(row.prazo) };
  });
}

// ----------------------------------------------------------------- The 'Canais de venda' form

export const SALES_CHANNELS_MESSAGES = {
  marca: `A marca deve ter no máximo ${FEED_BRAND_MAX} caracteres, sem símbolos de HTML.`,
  whatsapp: WHATSAPP_NUMBER_INVALID,
  corpo: 'Envie a marca e o WhatsApp da loja.',
  invalido: 'Confira os campos destacados.',
} as const;

export interface SalesChannelsValue {
  /** Null: the store's name (STORE_INFO.name). */
  brand: string | null;
  /** Null: the environment's WHATSAPP_NUMBER; '': no WhatsApp; else DDD and number, digits. */
  whatsappNumber: string | null;
}

/**
 * The form as sent: `{marca, whatsapp}`. `marca` '' or null: the store's name. `whatsapp` null:
 * the server's default; '': WhatsApp off; else a Brazilian phone with its DDD, as typed.
 */
export function validateSalesChannelsForm(
  body: unknown,
): { ok: true; value: SalesChannelsValue } | { ok: false; errors: Record<string, string> } {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { _: SALES_CHANNELS_MESSAGES.corpo } };
  }
  const raw = body as Record<string, unknown>;
  const errors: Record<string, string> = {};

  let brand: string | null = null;
  if (raw.marca !== undefined && raw.marca !== null) {
    if (typeof raw.marca !== 'string') errors.marca = SALES_CHANNELS_MESSAGES.marca;
    else {
      const text = raw.marca.replace(/\s+/g, ' ').trim();
      if (
        Array.from(text).length > FEED_BRAND_MAX ||
        /[<>]/.test(text) ||
        HAS_CONTROL.test(raw.marca)
      ) {
        errors.marca = SALES_CHANNELS_MESSAGES.marca;
      }
      brand = text === '' ? null : text;
    }
  }

  let whatsappNumber: string | null = null;
  if (raw.whatsapp !== undefined && raw.whatsapp !== null) {
    if (typeof raw.whatsapp !== 'string') errors.whatsapp = SALES_CHANNELS_MESSAGES.whatsapp;
    else if (raw.whatsapp.trim() === '') whatsappNumber = '';
    else {
      const number = parseWhatsappNumber(raw.whatsapp);
      if (number === null) errors.whatsapp = SALES_CHANNELS_MESSAGES.whatsapp;
      else whatsappNumber = number;
    }
  }

  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, value: { brand, whatsappNumber } };
}
