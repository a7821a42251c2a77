import { describe, expect, it } from 'vitest';
import {
  defaultWeightGrams,
  PRODUCT_COMPOSITIONS_MAX,
  PRODUCT_FORM_MESSAGES,
  productSlug,
  validateProductForm,
} from './product-form';

const valid = {
  nome: '  Anel   Aurora ',
  categoria: 'Anel',
  preco: '129,90',
  descricao: 'Banhado a ouro 18k.',
  novo: true,
  promocao: false,
  peso_gramas: 150,
  estoque: '7',
  composicoes: [3, 5],
};

describe('validateProductForm', () => {
  it('reads a valid form into stored values', () => {
    const result = validateProductForm(valid);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Anel Aurora',
        category: 'Anel',
        priceCents: 12990,
        originalPriceCents: null,
        description: 'Banhado a ouro 18k.',
        novo: true,
        promocao: false,
        weightGrams: 150,
        stock: 7,
        compositionIds: [3, 5],
      },
    });
  });

  it("gives a piece without a typed weight its category's, not SPEC §9's 200 g", () => {
    for (const [categoria, grams] of [
      ['Anel', 10],
      ['Brinco', 8],
      ['Pulseira', 15],
      ['Colar', 20],
    ] as const) {
      for (const peso_gramas of [undefined, '', null]) {
        const result = validateProductForm({ ...valid, categoria, peso_gramas });
        expect(result.ok && result.value.weightGrams, `${categoria} ${peso_gramas}`).toBe(grams);
      }
    }
    // A weight she typed is hers; a category the store does not have falls back to SPEC §9.
    const typed = validateProductForm({ ...valid, categoria: 'Colar', peso_gramas: '35' });
    expect(typed.ok && typed.value.weightGrams).toBe(35);
    expect(defaultWeightGrams('')).toBe(200);
  });

  it('answers every broken field in Portuguese', () => {
    const result = validateProductForm({
      nome: ' ',
      categoria: 'Tiara',
      preco: 'abc',
      peso_gramas: 0,
      estoque: -1,
      composicoes: Array.from({ length: PRODUCT_COMPOSITIONS_MAX + 1 }, (_, i) => i + 1),
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toMatchObject({
      nome: [PRODUCT_FORM_MESSAGES.nome],
      categoria: [PRODUCT_FORM_MESSAGES.categoria],
      preco: [PRODUCT_FORM_MESSAGES.preco],
      peso_gramas: [PRODUCT_FORM_MESSAGES.peso],
      estoque: [PRODUCT_FORM_MESSAGES.estoque],
      composicoes: [PRODUCT_FORM_MESSAGES.composicoes],
    });
  });

  it('needs a zero-free price and, on a PROMOÇÃO, a higher original price', () => {
    const zero = validateProductForm({ ...valid, preco: '0' });
    expect(zero.ok || zero.errors.preco).toEqual([PRODUCT_FORM_MESSAGES.precoFaixa]);
    const missing = validateProductForm({ ...valid, promocao: true });
    expect(missing.ok || missing.errors.preco_original).toEqual([
      PRODUCT_FORM_MESSAGES.precoOriginal,
    ]);
    const lower = validateProductForm({ ...valid, promocao: true, preco_original: '99,90' });
    expect(lower.ok || lower.errors.preco_original).toEqual([
      PRODUCT_FORM_MESSAGES.precoOriginalMaior,
    ]);
    const sale = validateProductForm({ ...valid, promocao: true, preco_original: '159,90' });
    expect(sale.ok && sale.value.originalPriceCents).toBe(15990);
    // Without PROMOÇÃO the 'de' price is not kept.
    const plain = validateProductForm({ ...valid, preco_original: '159,90' });
    expect(plain.ok && plain.value.originalPriceCents).toBeNull();
  });

  it('refuses repeated pieces and the product itself in its look', () => {
    const repeated = validateProductForm({ ...valid, composicoes: [3, 3] }, { selfId: 9 });
    expect(repeated.ok || repeated.errors.composicoes).toEqual([
      PRODUCT_FORM_MESSAGES.composicaoRepetida,
    ]);
    const self = validateProductForm({ ...valid, composicoes: [9] }, { edit: true, selfId: 9 });
    expect(self.ok || self.errors.composicoes).toContain(PRODUCT_FORM_MESSAGES.composicaoPropria);
  });

  it('on an edit needs the stock the form showed', () => {
    const missing = validateProductForm(valid, { edit: true });
    expect(missing.ok || missing.errors.estoque_visto).toEqual([
      PRODUCT_FORM_MESSAGES.estoqueVisto,
    ]);
    const edit = validateProductForm({ ...valid, estoque_visto: 4 }, { edit: true });
    expect(edit.ok && edit.value.stockSeen).toBe(4);
  });

  it('refuses a body that is not an object', () => {
    expect(validateProductForm(null)).toEqual({
      ok: false,
      errors: { _: [PRODUCT_FORM_MESSAGES.corpo] },
    });
  });
});

describe('productSlug', () => {
  it('is lower case ascii words joined by dashes', () => {
    expect(productSlug('Anel Aurora — Dourado 18k!')).toBe('anel-aurora-dourado-18k');
    expect(productSlug('Colar Coração')).toBe('colar-coracao');
    expect(productSlug('***')).toBe('produto');
  });
});

describe("'Banho / material'", () => {
  it('a plating code is kept; empty or null says none; absent keeps the piece’s', () => {
    const read = (banho: unknown) => {
      const result = validateProductForm({ ...valid, banho });
      return result.ok ? result.value.plating : result.errors;
    };
    expect(read('rodio')).toBe('rodio');
    expect(read('')).toBeNull();
    expect(read(null)).toBeNull();
    const absent = validateProductForm(valid);
    expect(absent.ok && 'plating' in absent.value).toBe(false);
  });

  it('an unknown one is refused in Portuguese', () => {
    expect(validateProductForm({ ...valid, banho: 'ouro' })).toEqual({
      ok: false,
      errors: { banho: [PRODUCT_FORM_MESSAGES.banho] },
    });
    expect(PRODUCT_FORM_MESSAGES.banho).toMatch(/^Escolha o banho ou material: Dourado, Ródio/);
  });
});

describe("the package's measures (issue 35)", () => {
  it('whole cm from 1 to 100 are kept; empty or null says none; absent keeps the piece’s', () => {
    const result = validateProductForm({
      ...valid,
      largura_cm: '8',
      altura_cm: 4,
      comprimento_cm: '',
    });
    expect(
      result.ok && [result.value.widthCm, result.value.heightCm, result.value.lengthCm],
    ).toEqual([8, 4, null]);
    const absent = validateProductForm(valid);
    expect(absent.ok && 'widthCm' in absent.value).toBe(false);
  });

  it('anything else is refused in Portuguese, field by field', () => {
    expect(
      validateProductForm({ ...valid, largura_cm: '0', altura_cm: '101', comprimento_cm: '2,5' }),
    ).toEqual({
      ok: false,
      errors: {
        largura_cm: [PRODUCT_FORM_MESSAGES.medida],
        altura_cm: [PRODUCT_FORM_MESSAGES.medida],
        comprimento_cm: [PRODUCT_FORM_MESSAGES.medida],
      },
    });
  });
});

describe('the shopping catalogs’ fields (issue 37)', () => {
  it('keeps what the piece has when they are not sent', () => {
    const result = validateProductForm(valid);
    expect(result.ok && 'feedColor' in result.value).toBe(false);
    expect(result.ok && 'feedGender' in result.value).toBe(false);
    expect(result.ok && 'feedExcluded' in result.value).toBe(false);
  });

  it('reads the colour, the gender and the exclusion', () => {
    const result = validateProductForm({
      ...valid,
      cor_catalogo: '  Dourado/Verde ',
      genero_catalogo: 'unisex',
      fora_dos_catalogos: true,
    });
    expect(result.ok && result.value).toMatchObject({
      feedColor: 'Dourado/Verde',
      feedGender: 'unisex',
      feedExcluded: true,
    });
  });

  it('turns empty colour and gender into the defaults', () => {
    const result = validateProductForm({
      ...valid,
      cor_catalogo: ' ',
      genero_catalogo: '',
      fora_dos_catalogos: false,
    });
    expect(result.ok && result.value).toMatchObject({
      feedColor: null,
      feedGender: null,
      feedExcluded: false,
    });
  });

  it('refuses a colour too long or with markup, an unknown gender, a non-boolean exclusion', () => {
    const result = validateProductForm({
      ...valid,
      cor_catalogo: 'x'.repeat(101),
      genero_catalogo: 'menina',
      fora_dos_catalogos: 'sim',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        cor_catalogo: [PRODUCT_FORM_MESSAGES.corCatalogo],
        genero_catalogo: [PRODUCT_FORM_MESSAGES.generoCatalogo],
        fora_dos_catalogos: [PRODUCT_FORM_MESSAGES.marcador],
      },
    });
    const markup = validateProductForm({ ...valid, cor_catalogo: '<b>Azul</b>' });
    expect(markup.ok).toBe(false);
  });
});
