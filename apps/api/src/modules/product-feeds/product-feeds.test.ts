/**
 * The shopping feeds read as Google Merchant Center and Meta's Commerce Manager read them
 * (docs/product-feeds.md): the XML parsed strictly and the CSV by RFC 4180, every item checked
 * against the platforms' published fields, compared with the catalog, and read again after the
 * catalog changes. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  FEED_ADDITIONAL_IMAGES_MAX,
  FEED_DESCRIPTION_MAX,
  FEED_ID_MAX,
  FEED_TITLE_MAX,
  feedText,
  GOOGLE_PRODUCT_CATEGORY,
} from '@semijoias/domain/product-feeds';
import { STORE_INFO } from '@semijoias/domain/store-info';
import { STATE_CODES } from '@semijoias/domain/states';
import type { CategoryName } from '@semijoias/domain/catalog';
import { auditLog, productVariations, products } from '../../db/schema.js';
import { adminCall, loggedInOwner, OWNER_EMAILS } from '../../../test/admin.js';
import { useTestApp } from '../../../test/helpers.js';
import { META_COLUMNS } from './meta.js';

const BASE = 'https://loja.example.com.br';
const ctx = useTestApp({ publicUrl: BASE, adminEmails: [...OWNER_EMAILS] });

// ------------------------------------------------------------------ A strict reader of XML 1.0

interface XmlNode {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
  text: string;
}

const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([\da-fA-F]+));/y;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text with its entities read; throws on a bare '&' or a character XML 1.0 cannot carry. */
function xmlText(raw: string): string {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/.test(raw)) {
    throw new Error(`character XML refuses in ${JSON.stringify(raw)}`);
  }
  let out = '';
  for (let i = 0; i < raw.length;) {
    if (raw[i] !== '&') {
      out += raw[i++];
      continue;
    }
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(raw);
    if (!m) throw new Error(`bare & in ${JSON.stringify(raw.slice(i, i + 20))}`);
    out += m[1] ? NAMED[m[1]] : String.fromCodePoint(m[2] ? Number(m[2]) : parseInt(m[3]!, 16));
    i = ENTITY.lastIndex;
  }
  return out;
}

/** The document's root element; throws when the XML is not well-formed. */
function parseXml(xml: string): XmlNode {
  const declaration = '<?xml version="1.0" encoding="UTF-8"?>';
  if (!xml.startsWith(declaration)) throw new Error('no XML declaration');
  const document: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack = [document];
  const token =
    /<\/([A-Za-z_][\w:.-]*)\s*>|<([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+\s*=\s*"[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  token.lastIndex = declaration.length;
  while (token.lastIndex < xml.length) {
    const at = token.lastIndex;
    const m = token.exec(xml);
    if (!m) throw new Error(`not well-formed at ${at}: ${xml.slice(at, at + 60)}`);
    const top = stack.at(-1)!;
    if (m[5] !== undefined) {
      const text = xmlText(m[5]);
      if (top === document) {
        if (text.trim()) throw new Error('text outside the root');
      } else top.text += text;
    } else if (m[1] !== undefined) {
      if (top.name !== m[1]) throw new Error(`</${m[1]}> closes <${top.name}>`);
      stack.pop();
    } else {
      const attrs: Record<string, string> = {};
      for (const [, name, value] of m[3]!.matchAll(/([\w:.-]+)\s*=\s*"([^"]*)"/g)) {
        if (name! in attrs) throw new Error(`attribute ${name} twice`);
        attrs[name!] = xmlText(value!);
      }
      const node: XmlNode = { name: m[2]!, attrs, children: [], text: '' };
      top.children.push(node);
      if (!m[4]) stack.push(node);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)!.name}> never closed`);
  if (document.children.length !== 1) throw new Error('not one root');
  return document.children[0]!;
}

// ------------------------------------------------------------------ RFC 4180

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length;) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') {
        field += c;
        i++;
      } else if (text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else {
        quoted = false;
        i++;
        if (i < text.length && text[i] !== ',' && text[i] !== '\r') {
          throw new Error(`text after a closing quote at ${i}`);
        }
      }
      continue;
    }
    if (c === '"') {
      if (field !== '') throw new Error(`quote inside an unquoted field at ${i}`);
      quoted = true;
      i++;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (c === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n') {
      throw new Error(`line break outside quotes at ${i}`);
    } else {
      field += c;
      i++;
    }
  }
  if (quoted) throw new Error('quote never closed');
  if (field !== '' || row.length > 0) throw new Error('last record without CRLF');
  return rows;
}

// ------------------------------------------------------------------ Reading the feeds

interface GoogleItem {
  values: Record<string, string[]>;
  shipping: Record<string, string>[];
}

async function readGoogle(): Promise<{ channel: XmlNode; items: GoogleItem[] }> {
  const res = await ctx.app.inject('/feeds/google.xml');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  const rss = parseXml(res.body);
  expect(rss.name).toBe('rss');
  expect(rss.attrs).toEqual({ version: '2.0', 'xmlns:g': 'http://base.google.com/ns/1.0' });
  expect(rss.children.map((c) => c.name)).toEqual(['channel']);
  const channel = rss.children[0]!;
  const items = channel.children
    .filter((c) => c.name === 'item')
    .map((item) => {
      const values: Record<string, string[]> = {};
      const shipping: Record<string, string>[] = [];
      for (const child of item.children) {
        expect(child.name, 'every attribute in the g: namespace').toMatch(/^g:[a-z_]+$/);
        const name = child.name.slice(2);
        if (name === 'shipping') {
          const entry: Record<string, string> = {};
          for (const sub of child.children) {
            expect(sub.children).toEqual([]);
            expect(sub.text.trim(), `empty g:shipping/${sub.name}`).not.toBe('');
            entry[sub.name.slice(2)] = sub.text;
          }
          shipping.push(entry);
          continue;
        }
        expect(child.children).toEqual([]);
        expect(child.text.trim(), `empty ${child.name}`).not.toBe('');
        (values[name] ??= []).push(child.text);
      }
      return { values, shipping };
    });
  return { channel, items };
}

async function readMeta(): Promise<Record<string, string>[]> {
  const res = await ctx.app.inject('/feeds/meta.csv');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(false);
  const [header, ...rows] = parseCsv(res.body);
  expect(header).toEqual([...META_COLUMNS]);
  return rows.map((row) => {
    expect(row).toHaveLength(header!.length);
    return Object.fromEntries(header!.map((column, i) => [column, row[i]!]));
  });
}

const one = (item: GoogleItem, name: string): string | undefined => {
  const list = item.values[name];
  if (!list) return undefined;
  expect(list, `${name} more than once in ${item.values.id}`).toHaveLength(1);
  return list[0];
};

const PRICE = /^\d+\.\d{2} BRL$/;
const cents = (price: string) => Math.round(Number(price.split(' ')[0]) * 100);

/** The visible pieces the feeds must list, with their live sizes. */
async function expectedPieces() {
  const pieces = await ctx.database.db
    .select()
    .from(products)
    .where(and(isNull(products.hiddenAt), eq(products.feedExcluded, false)))
    .orderBy(asc(products.id));
  const sizes = await ctx.database.db
    .select()
    .from(productVariations)
    .where(isNull(productVariations.archivedAt))
    .orderBy(asc(productVariations.position));
  return pieces.map((p) => ({
    ...p,
    sizes: p.variationAxis === null ? [] : sizes.filter((s) => s.productId === p.id),
  }));
}

const absolute = (url: string) => {
  expect(url.startsWith(`${BASE}/`), url).toBe(true);
  expect(url.length).toBeLessThanOrEqual(2000);
  return new URL(url);
};

/**
 * Runs a write of the catalog and waits until the cache has heard it: PostgreSQL's notification
 * arrives a moment after the commit (PGlite's with it), as on every instance of the store.
 */
async function catalogWrite<T>(work: () => Promise<T>): Promise<T> {
  const before = ctx.app.catalogCache.heard;
  const result = await work();
  for (let i = 0; i < 400 && ctx.app.catalogCache.heard === before; i++) {
    await new Promise((r) => setTimeout(r, 5));
  }
  expect(ctx.app.catalogCache.heard).toBeGreaterThan(before);
  return result;
}

// ------------------------------------------------------------------ The tests

describe('GET /feeds/google.xml', () => {
  it('lists every visible piece, one item per size, each with what Merchant Center requires', async () => {
    const { channel, items } = await readGoogle();
    expect(channel.children.find((c) => c.name === 'title')?.text).toBe(STORE_INFO.name);
    expect(channel.children.find((c) => c.name === 'link')?.text).toBe(`${BASE}/`);

    const pieces = await expectedPieces();
    const expectedIds = pieces.flatMap((p) =>
      p.sizes.length === 0 ? [String(p.id)] : p.sizes.map((s) => `${p.id}-${s.id}`),
    );
    const ids = items.map((item) => one(item, 'id')!);
    expect(ids).toEqual(expectedIds);
    expect(new Set(ids).size).toBe(ids.length);
    // The seed sells rings and necklaces by size.
    expect(items.some((item) => item.values.item_group_id)).toBe(true);

    const piece = new Map(pieces.map((p) => [p.id, p]));
    for (const item of items) {
      const id = one(item, 'id')!;
      expect(id.length).toBeLessThanOrEqual(FEED_ID_MAX);
      const [productId, sizeId] = id.split('-').map(Number) as [number, number | undefined];
      const p = piece.get(productId)!;
      const size = p.sizes.find((s) => s.id === sizeId);

      const title = one(item, 'title')!;
      expect(Array.from(title).length).toBeLessThanOrEqual(FEED_TITLE_MAX);
      expect(title).not.toMatch(/[<>]/);
      const description = one(item, 'description')!;
      expect(Array.from(description).length).toBeLessThanOrEqual(FEED_DESCRIPTION_MAX);
      expect(description).not.toMatch(/<[a-z/]/i);

      const link = absolute(one(item, 'link')!);
      expect(link.pathname).toBe(`/produto/${productId}`);
      expect(link.search).toBe(size ? `?variacao=${size.id}` : '');

      const images = [one(item, 'image_link')!, ...(item.values.additional_image_link ?? [])];
      expect(images.length - 1).toBeLessThanOrEqual(FEED_ADDITIONAL_IMAGES_MAX);
      for (const image of images) {
        expect(absolute(image).pathname).toMatch(/\.(jpe?g|png)$/);
      }
      expect(new Set(images).size).toBe(images.length);

      const stock = size ? size.stock : p.stock;
      expect(one(item, 'availability')).toBe(stock > 0 ? 'in_stock' : 'out_of_stock');
      const price = one(item, 'price')!;
      expect(price).toMatch(PRICE);
      const sale = one(item, 'sale_price');
      if (p.promocao && p.originalPriceCents !== null) {
        expect(cents(price)).toBe(p.originalPriceCents);
        expect(cents(sale!)).toBe(p.priceCents);
        expect(sale).toMatch(PRICE);
      } else {
        expect(cents(price)).toBe(p.priceCents);
        expect(sale).toBeUndefined();
      }

      expect(one(item, 'brand')).toBe(STORE_INFO.name);
      expect(one(item, 'condition')).toBe('new');
      expect(one(item, 'identifier_exists')).toBe('no');
      expect(one(item, 'google_product_category')).toBe(
        String(GOOGLE_PRODUCT_CATEGORY[p.category as CategoryName]),
      );
      expect(['female', 'male', 'unisex']).toContain(one(item, 'gender'));
      expect(one(item, 'age_group')).toBe('adult');
      const color = one(item, 'color');
      if (color !== undefined) expect(color.length).toBeLessThanOrEqual(100);
      if (size) {
        expect(one(item, 'item_group_id')).toBe(String(productId));
        expect(one(item, 'size')).toBe(size.name);
        expect(title.endsWith(`- ${p.variationAxis} ${size.name}`)).toBe(true);
      } else {
        expect(item.values.item_group_id).toBeUndefined();
        expect(item.values.size).toBeUndefined();
      }

      // Freight per state below R$ 600, free to the whole country from it (SPEC §9).
      const paid = sale ? cents(sale) : cents(price);
      expect(item.shipping.length).toBeLessThanOrEqual(100);
      for (const s of item.shipping) {
        expect(s.country).toBe('BR');
        expect(s.price).toMatch(PRICE);
        expect(Number(s.min_transit_time)).toBeLessThanOrEqual(Number(s.max_transit_time));
      }
      if (paid >= 60000) {
        expect(item.shipping).toEqual([
          { country: 'BR', price: '0.00 BRL', min_transit_time: '3', max_transit_time: '5' },
        ]);
      } else {
        expect(item.shipping.map((s) => s.region).sort()).toEqual([...STATE_CODES].sort());
        expect(item.shipping.find((s) => s.region === 'SP')).toEqual({
          country: 'BR',
          region: 'SP',
          price: '12.90 BRL',
          min_transit_time: '3',
          max_transit_time: '5',
        });
      }
    }
  });

  it('gives links that open the piece with its size, and pictures that are JPEGs', async () => {
    const { items } = await readGoogle();
    const sized = items.find((item) => item.values.item_group_id)!;
    const [productId, sizeId] = one(sized, 'id')!.split('-').map(Number);
    const page = await ctx.app.inject(`/api/produtos/detalhes/${productId}/`);
    expect(page.statusCode).toBe(200);
    const detail = page.json<{ name: string; variacoes: { id: number; nome: string }[] }>();
    expect(detail.variacoes.find((v) => v.id === sizeId)?.nome).toBe(one(sized, 'size'));
    expect(one(sized, 'title')!.startsWith(detail.name)).toBe(true);

    for (const url of [one(sized, 'image_link')!, sized.values.additional_image_link![0]!]) {
      const image = await ctx.app.inject(new URL(url).pathname);
      expect(image.statusCode, url).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect([...image.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    }
  });

  it('is kept in memory with an ETag, a short Cache-Control, and answers 304 when unchanged', async () => {
    const first = await ctx.app.inject('/feeds/google.xml');
    expect(first.headers['cache-control']).toBe('public, max-age=900');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await ctx.app.inject({
      url: '/feeds/google.xml',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=900');
    // Written once, then answered from memory until the catalog changes.
    expect(ctx.app.catalogCache.get('feeds:google')?.etag).toBe(etag);
    const gzip = await ctx.app.inject({
      url: '/feeds/google.xml',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // robots.txt still says nothing of the feeds: they are public.
    const robots = await ctx.app.inject('/robots.txt');
    expect(robots.body).not.toContain('/feeds');
  });
});

describe('GET /feeds/meta.csv', () => {
  it('lists the same items with Meta’s columns and values', async () => {
    const [rows, google] = await Promise.all([readMeta(), readGoogle()]);
    expect(rows.map((r) => r.id)).toEqual(google.items.map((item) => one(item, 'id')));
    const byId = new Map(google.items.map((item) => [one(item, 'id')!, item]));
    for (const row of rows) {
      const item = byId.get(row.id!)!;
      for (const column of ['id', 'title', 'description', 'link', 'image_link', 'brand']) {
        expect(row[column], column).toBeTruthy();
      }
      expect(row.title).toBe(one(item, 'title'));
      expect(row.description).toBe(one(item, 'description'));
      expect(row.link).toBe(one(item, 'link'));
      expect(row.image_link).toBe(one(item, 'image_link'));
      expect(row.additional_image_link).toBe((item.values.additional_image_link ?? []).join(','));
      expect(row.availability).toBe(
        one(item, 'availability') === 'in_stock' ? 'in stock' : 'out of stock',
      );
      expect(row.condition).toBe('new');
      expect(row.price).toMatch(PRICE);
      expect(row.price).toBe(one(item, 'price'));
      expect(row.sale_price).toBe(one(item, 'sale_price') ?? '');
      expect(row.item_group_id).toBe(one(item, 'item_group_id') ?? '');
      expect(row.size).toBe(one(item, 'size') ?? '');
      expect(row.google_product_category).toBe(one(item, 'google_product_category'));
      expect(row.gender).toBe(one(item, 'gender'));
      expect(row.age_group).toBe('adult');
      expect(row.color).toBe(one(item, 'color') ?? '');
      expect(row.material).toBe(one(item, 'material') ?? '');
    }
    const headers = (await ctx.app.inject('/feeds/meta.csv')).headers;
    expect(headers['cache-control']).toBe('public, max-age=900');
    expect(headers.etag).toBeTruthy();
  });
});

describe('the feeds follow the catalog', () => {
  it('a description with HTML, commas, quotes and line breaks is clean in both', async () => {
    const [first] = await expectedPieces();
    const raw = '<p>Peça <b>leve</b>, "delicada" &amp; linda.</p>\nSegunda linha, com vírgula.';
    await catalogWrite(() =>
      ctx.database.db.update(products).set({ description: raw }).where(eq(products.id, first!.id)),
    );
    const clean = 'Peça leve, "delicada" & linda.\n\nSegunda linha, com vírgula.';
    expect(feedText(raw, FEED_DESCRIPTION_MAX)).toBe(clean);
    const { items } = await readGoogle();
    const ids = new Set(
      items.filter((i) => one(i, 'description') === clean).map((i) => one(i, 'id')),
    );
    expect(ids.size).toBeGreaterThan(0);
    const rows = await readMeta();
    expect(rows.filter((r) => r.description === clean).map((r) => r.id)).toEqual([...ids]);
  });

  it('a price change, a promotion and a sold-out size show at the next read', async () => {
    const pieces = await expectedPieces();
    const sized = pieces.find((p) => p.sizes.some((s) => s.stock > 0))!;
    const size = sized.sizes.find((s) => s.stock > 0)!;
    const plain = pieces.find((p) => p.sizes.length === 0 && !p.promocao)!;
    await readGoogle(); // kept now

    await catalogWrite(() =>
      ctx.database.db
        .update(products)
        .set({ priceCents: 65000, originalPriceCents: null, promocao: false })
        .where(eq(products.id, plain.id)),
    );
    await catalogWrite(() =>
      ctx.database.db
        .update(products)
        .set({ priceCents: 9990, originalPriceCents: 14990, promocao: true })
        .where(eq(products.id, sized.id)),
    );
    await readGoogle(); // kept again: the sold-out size alone must drop it
    await catalogWrite(() =>
      ctx.database.db
        .update(productVariations)
        .set({ stock: 0 })
        .where(eq(productVariations.id, size.id)),
    );

    const { items } = await readGoogle();
    const plainItem = items.find((i) => one(i, 'id') === String(plain.id))!;
    expect(one(plainItem, 'price')).toBe('650.00 BRL');
    expect(plainItem.shipping).toEqual([
      { country: 'BR', price: '0.00 BRL', min_transit_time: '3', max_transit_time: '5' },
    ]);
    const sizeItem = items.find((i) => one(i, 'id') === `${sized.id}-${size.id}`)!;
    expect(one(sizeItem, 'availability')).toBe('out_of_stock');
    expect(one(sizeItem, 'price')).toBe('149.90 BRL');
    expect(one(sizeItem, 'sale_price')).toBe('99.90 BRL');
    const rows = await readMeta();
    const row = rows.find((r) => r.id === `${sized.id}-${size.id}`)!;
    expect(row).toMatchObject({
      availability: 'out of stock',
      price: '149.90 BRL',
      sale_price: '99.90 BRL',
    });
  });

  it('a piece left out by the owners, or hidden, is in neither feed; the brand they save is', async () => {
    const owner = await loggedInOwner(ctx.app, ctx.database);
    const pieces = await expectedPieces();
    const excluded = pieces.find((p) => p.sizes.length > 0)!;
    const hidden = pieces.find((p) => p.id !== excluded.id && p.sizes.length === 0)!;

    const current = await adminCall(
      ctx.app,
      owner.token,
      'GET',
      `/api/admin/produtos/${excluded.id}/`,
    );
    const p = current.json<{ produto: Record<string, unknown> }>().produto;
    const saved = await catalogWrite(() =>
      adminCall(ctx.app, owner.token, 'PUT', `/api/admin/produtos/${excluded.id}/`, {
        nome: p.nome,
        categoria: p.categoria,
        preco: p.preco,
        preco_original: p.preco_original,
        descricao: p.descricao,
        novo: p.novo,
        promocao: p.promocao,
        peso_gramas: p.peso_gramas,
        estoque: p.estoque,
        estoque_visto: p.estoque,
        composicoes: (p.composicoes as { id: number }[]).map((c) => c.id),
        fora_dos_catalogos: true,
        cor_catalogo: 'Dourado/Verde',
        genero_catalogo: 'unisex',
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ produto: Record<string, unknown> }>().produto).toMatchObject({
      fora_dos_catalogos: true,
      cor_catalogo: 'Dourado/Verde',
      genero_catalogo: 'unisex',
    });
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'product'), eq(auditLog.entityId, String(excluded.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit?.summary).toContain('cor nos catálogos a do banho → "Dourado/Verde"');
    expect(audit?.summary).toContain('gênero nos catálogos Feminino (padrão) → Unissex');
    expect(audit?.summary).toContain('fora dos catálogos do Google e Instagram');
    await catalogWrite(() =>
      ctx.database.db
        .update(products)
        .set({ hiddenAt: sql`now()` })
        .where(eq(products.id, hidden.id)),
    );
    const brand = await adminCall(ctx.app, owner.token, 'PUT', '/api/admin/canais/', {
      marca: 'Ateliê & Cia "Duas"',
      whatsapp: null,
    });
    expect(brand.statusCode, brand.body).toBe(200);

    const { channel, items } = await readGoogle();
    const groups = new Set(items.map((i) => one(i, 'id')!.split('-')[0]));
    expect(groups.has(String(excluded.id))).toBe(false);
    expect(groups.has(String(hidden.id))).toBe(false);
    expect(channel.children.find((c) => c.name === 'title')?.text).toBe('Ateliê & Cia "Duas"');
    for (const item of items) expect(one(item, 'brand')).toBe('Ateliê & Cia "Duas"');
    const rows = await readMeta();
    expect(rows.some((r) => r.id!.split('-')[0] === String(excluded.id))).toBe(false);
    expect(rows.some((r) => r.id === String(hidden.id))).toBe(false);
    expect(new Set(rows.map((r) => r.brand))).toEqual(new Set(['Ateliê & Cia "Duas"']));

    // Back in: its own colour and gender go with it.
    const back = await catalogWrite(() =>
      adminCall(ctx.app, owner.token, 'PUT', `/api/admin/produtos/${excluded.id}/`, {
        ...(saved.json<{ produto: Record<string, unknown> }>().produto as object),
        preco: p.preco,
        estoque_visto: p.estoque,
        composicoes: (p.composicoes as { id: number }[]).map((c) => c.id),
        fora_dos_catalogos: false,
      }),
    );
    expect(back.statusCode, back.body).toBe(200);
    const after = await readGoogle();
    const mine = after.items.filter((i) => one(i, 'item_group_id') === String(excluded.id));
    expect(mine.length).toBe(excluded.sizes.length);
    for (const item of mine) {
      expect(one(item, 'color')).toBe('Dourado/Verde');
      expect(one(item, 'gender')).toBe('unisex');
    }
  });
});
