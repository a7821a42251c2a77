import { describe, expect, it } from 'vitest';
import {
  csvRecord,
  cutText,
  feedColor,
  feedGender,
  feedMaterial,
  feedPrice,
  feedPrices,
  feedShipping,
  feedText,
  GOOGLE_PRODUCT_CATEGORY,
  SALES_CHANNELS_MESSAGES,
  STATE_CEP_PREFIXES,
  validateSalesChannelsForm,
  xmlEscape,
} from './product-feeds';
import { PLATINGS } from './listing';
import { shippingRegion } from './shipping';
import { STATE_CODES } from './states';

describe('the feeds’ prices', () => {
  it('writes a price as Google and Meta read it', () => {
    expect(feedPrice(12990)).toBe('129.90 BRL');
    expect(feedPrice(5)).toBe('0.05 BRL');
    expect(feedPrice(100000)).toBe('1000.00 BRL');
  });

  it('states the struck price and the sale price only on a promotion', () => {
    expect(feedPrices(9990, 12990)).toEqual({ price: 12990, salePrice: 9990 });
    expect(feedPrices(9990, null)).toEqual({ price: 9990, salePrice: null });
    // A 'de' price not above the price is no promotion a platform would accept.
    expect(feedPrices(9990, 9990)).toEqual({ price: 9990, salePrice: null });
  });
});

describe('the jewelry categories', () => {
  it('names Google’s ids for rings, earrings, bracelets and necklaces', () => {
    expect(GOOGLE_PRODUCT_CATEGORY).toEqual({ Anel: 200, Brinco: 194, Pulseira: 191, Colar: 196 });
  });
});

describe('colour, material and gender', () => {
  it('takes the piece’s own colour first, else its plating’s', () => {
    expect(feedColor('  Dourado/Verde ', 'rodio')).toBe('Dourado/Verde');
    expect(feedColor(null, 'rodio')).toBe('Prateado');
    expect(feedColor('', 'dourado')).toBe('Dourado');
    expect(feedColor(null, 'rodio-negro')).toBe('Preto');
    expect(feedColor(null, null)).toBeNull();
    expect(feedColor(null, 'desconhecido')).toBeNull();
  });

  it('gives every plating a colour and a material', () => {
    for (const plating of PLATINGS) {
      expect(feedColor(null, plating.code)).toMatch(/^\p{L}/u);
      expect(feedMaterial(plating.code)).toMatch(/^\p{L}/u);
    }
    expect(feedMaterial(null)).toBeNull();
  });

  it('says female unless the piece says otherwise', () => {
    expect(feedGender(null)).toBe('female');
    expect(feedGender('male')).toBe('male');
    expect(feedGender('unisex')).toBe('unisex');
    expect(feedGender('outro')).toBe('female');
  });
});

describe('feed texts', () => {
  it('drops HTML, reads entities and collapses spaces', () => {
    expect(feedText('<p>Anel <b>lindo</b> &amp; leve&nbsp;!</p>', 100, { singleLine: true })).toBe(
      'Anel lindo & leve !',
    );
    expect(feedText('Linha 1<br>Linha   2\r\n\r\n\r\n\r\nLinha 3', 100)).toBe(
      'Linha 1\nLinha 2\n\nLinha 3',
    );
    expect(feedText('a\u0000b\u0007c', 100)).toBe('a b c');
    expect(feedText('&#233;&#xE9;', 100)).toBe('éé');
  });

  it('cuts at a word within the limit, with an ellipsis', () => {
    const title = 'Colar Gota Zircônia Esmeralda Dourado com Corrente Veneziana';
    const cut = feedText(title, 30, { singleLine: true });
    expect(Array.from(cut).length).toBeLessThanOrEqual(30);
    expect(cut).toBe('Colar Gota Zircônia Esmeralda…');
    expect(feedText(title, 200)).toBe(title);
  });

  it('never splits a character made of two code units', () => {
    const text = '💎'.repeat(20);
    const cut = cutText(text, 10);
    expect(Array.from(cut)).toHaveLength(10);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('escapes XML and leaves out what XML cannot carry', () => {
    expect(xmlEscape(`<a href="x">Tom & 'Jerry'</a>\u0001`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt; ',
    );
  });

  it('writes RFC 4180 records', () => {
    expect(csvRecord(['1', 'Anel, dourado', 'Diz "lindo"', 'Linha 1\nLinha 2', ''])).toBe(
      '1,"Anel, dourado","Diz ""lindo""","Linha 1\nLinha 2",\r\n',
    );
  });
});

describe('the feeds’ shipping', () => {
  it('places every state wholly within one row of SPEC §9’s table', () => {
    expect(Object.keys(STATE_CEP_PREFIXES).sort()).toEqual([...STATE_CODES].sort());
    for (const [state, ranges] of Object.entries(STATE_CEP_PREFIXES)) {
      const rows = new Set<string>();
      for (const [from, to] of ranges) {
        for (let prefix = from; prefix <= to; prefix++) {
          const row = shippingRegion(`${String(prefix).padStart(2, '0')}000000`);
          rows.add(`${row.valor}:${row.prazo}`);
        }
      }
      expect(rows.size, state).toBe(1);
    }
  });

  it('says the table’s price and days per state below R$ 600', () => {
    const shipping = feedShipping(12990);
    expect(shipping).toHaveLength(27);
    const byState = Object.fromEntries(shipping.map((s) => [s.region, s]));
    expect(byState.SP).toEqual({
      country: 'BR',
      region: 'SP',
      priceCents: 1290,
      minTransitDays: 3,
      maxTransitDays: 5,
    });
    expect(byState.RJ?.priceCents).toBe(1890);
    expect(byState.BA).toMatchObject({ priceCents: 2290, minTransitDays: 7, maxTransitDays: 10 });
    expect(byState.PE?.priceCents).toBe(1990);
    expect(byState.AM).toMatchObject({ priceCents: 2890, minTransitDays: 8, maxTransitDays: 12 });
    expect(byState.DF?.priceCents).toBe(2890);
    expect(byState.RS).toMatchObject({ priceCents: 1590, minTransitDays: 5, maxTransitDays: 8 });
  });

  it('is free to the whole country from R$ 600', () => {
    expect(feedShipping(60000)).toEqual([
      { country: 'BR', priceCents: 0, minTransitDays: 3, maxTransitDays: 5 },
    ]);
    expect(feedShipping(59999)).toHaveLength(27);
  });
});

describe('the Canais de venda form', () => {
  it('keeps a brand, or none for the store’s name', () => {
    expect(validateSalesChannelsForm({ marca: '  Duas   Irmãs ', whatsapp: null })).toEqual({
      ok: true,
      value: { brand: 'Duas Irmãs', whatsappNumber: null },
    });
    expect(validateSalesChannelsForm({ marca: '' })).toEqual({
      ok: true,
      value: { brand: null, whatsappNumber: null },
    });
  });

  it('refuses a brand too long or with markup', () => {
    for (const marca of ['x'.repeat(71), '<b>Loja</b>', 12]) {
      expect(validateSalesChannelsForm({ marca })).toEqual({
        ok: false,
        errors: { marca: SALES_CHANNELS_MESSAGES.marca },
      });
    }
    expect(validateSalesChannelsForm({ marca: 'x'.repeat(70) }).ok).toBe(true);
  });

  it('reads the WhatsApp as typed, off when empty, the server’s when null', () => {
    expect(validateSalesChannelsForm({ whatsapp: '(11) 97452-3180' })).toEqual({
      ok: true,
      value: { brand: null, whatsappNumber: '11974523180' },
    });
    expect(validateSalesChannelsForm({ whatsapp: '  ' })).toEqual({
      ok: true,
      value: { brand: null, whatsappNumber: '' },
    });
    expect(validateSalesChannelsForm({ whatsapp: '1234' })).toEqual({
      ok: false,
      errors: { whatsapp: SALES_CHANNELS_MESSAGES.whatsapp },
    });
    expect(validateSalesChannelsForm([])).toEqual({
      ok: false,
      errors: { _: SALES_CHANNELS_MESSAGES.corpo },
    });
  });
});
