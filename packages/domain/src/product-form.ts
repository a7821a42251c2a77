/**
 * The back office's product form: its fields, rules and messages, used by the admin API (which
 * decides) and by the form (which shows the same texts before sending).
 */
import { z } from 'zod';
import { CATEGORIES, type CategoryName } from './catalog';
import { fieldErrors } from './fieldErrors';
import { PLATINGS, type PlatingCode } from './listing';
import { toCents, type Cents } from './money';
import { FEED_COLOR_MAX, FEED_GENDERS, feedText, type FeedGender } from './product-feeds';

export const PRODUCT_NAME_MAX_LENGTH = 120;
export const PRODUCT_DESCRIPTION_MAX_LENGTH = 4000;
/** R$ 100.000,00: a typo guard, far above any piece of the store. */
export const PRODUCT_PRICE_MAX_CENTS = 10_000_000;
export const PRODUCT_STOCK_MAX = 100_000;
export const PRODUCT_WEIGHT_MAX_GRAMS = 30_000;
/** SPEC §9's default shipping weight of a piece: the fallback when nothing better is known. */
export const PRODUCT_DEFAULT_WEIGHT_GRAMS = 200;
/**
 * A new piece's weight when the owners type none, by its category: a semijoia weighs 5 to 30 g
 * (a ring less than a necklace), and SPEC §9's 200 g would overcharge its freight.
 */
export const PRODUCT_WEIGHT_GRAMS_BY_CATEGORY: Readonly<Record<CategoryName, number>> = {
  Anel: 10,
  Brinco: 8,
  Pulseira: 15,
  Colar: 20,
};

/** The weight a new piece of `category` gets by default (SPEC §9's 200 g without a category). */
export function defaultWeightGrams(category: string): number {
  return PRODUCT_WEIGHT_GRAMS_BY_CATEGORY[category as CategoryName] ?? PRODUCT_DEFAULT_WEIGHT_GRAMS;
}
/** A piece's own package, in whole cm (issue 35): Melhor Envio's boxes stay well under this. */
export const PRODUCT_PACKAGE_MAX_CM = 100;
/** Its three measures: the form's field, the label, and the value's key. */
export const PRODUCT_PACKAGE_FIELDS = [
  { campo: 'largura_cm', label: 'Largura (cm)', key: 'widthCm' },
  { campo: 'altura_cm', label: 'Altura (cm)', key: 'heightCm' },
  { campo: 'comprimento_cm', label: 'Comprimento (cm)', key: 'lengthCm' },
] as const;
/** 'Complete o Look' pieces shown with a product. */
export const PRODUCT_COMPOSITIONS_MAX = 6;

export const PRODUCT_FORM_MESSAGES = {
  nome: 'Informe o nome do produto.',
  nomeLongo: `O nome deve ter no máximo ${PRODUCT_NAME_MAX_LENGTH} caracteres.`,
  categoria: 'Escolha a categoria: Anel, Brinco, Pulseira ou Colar.',
  preco: 'Informe o preço, por exemplo 129,90.',
  precoFaixa: 'O preço deve ser maior que zero e no máximo R$ 100.000,00.',
  precoOriginal: 'Na PROMOÇÃO, informe o preço original ("de"), por exemplo 159,90.',
  precoOriginalMaior: 'O preço original deve ser maior que o preço de venda.',
  descricaoLonga: `A descrição deve ter no máximo ${PRODUCT_DESCRIPTION_MAX_LENGTH} caracteres.`,
  marcador: 'Marque ou desmarque a opção.',
  peso: `Informe o peso em gramas: um número inteiro de 1 a ${PRODUCT_WEIGHT_MAX_GRAMS}.`,
  medida: `Informe a medida da embalagem em centímetros: um número inteiro de 1 a ${PRODUCT_PACKAGE_MAX_CM}, ou deixe em branco.`,
  estoque: `Informe o estoque: um número inteiro de 0 a ${PRODUCT_STOCK_MAX}.`,
  estoqueVisto: 'Recarregue a página: falta o estoque que estava na tela.',
  banho: `Escolha o banho ou material: ${PLATINGS.map((p) => p.label).join(', ')} — ou deixe em branco.`,
  composicoes: `Escolha no máximo ${PRODUCT_COMPOSITIONS_MAX} peças para o Complete o Look.`,
  composicaoInvalida: 'Peça do Complete o Look inválida.',
  composicaoRepetida: 'A mesma peça foi escolhida duas vezes no Complete o Look.',
  composicaoPropria: 'O produto não pode completar o próprio look.',
  corCatalogo: `Informe a cor com até ${FEED_COLOR_MAX} caracteres, por exemplo Dourado ou Dourado/Verde — ou deixe em branco.`,
  generoCatalogo: 'Escolha o gênero: Feminino, Masculino ou Unissex — ou deixe em branco.',
  corpo: 'Envie os dados do produto.',
} as const;

/** The pictures of a product: the upload's `campo` and the form's label. */
export const PRODUCT_IMAGE_FIELDS = [
  { campo: 'image', label: 'Foto principal', required: true },
  { campo: 'img_pessoa', label: 'Foto da peça em uso', required: false },
  { campo: 'image_carrossel', label: 'Banner do carrossel (horizontal)', required: false },
  { campo: 'composicao_img_1', label: 'Composição 1', required: false },
  { campo: 'composicao_img_2', label: 'Composição 2', required: false },
  { campo: 'composicao_img_3', label: 'Composição 3', required: false },
] as const;

export type ProductImageField = (typeof PRODUCT_IMAGE_FIELDS)[number]['campo'];

export function isProductImageField(campo: string): campo is ProductImageField {
  return PRODUCT_IMAGE_FIELDS.some((f) => f.campo === campo);
}

/** Uploads above this are refused (413) before any decoding. */
export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024;
export const PRODUCT_IMAGE_MESSAGES = {
  tooLarge: 'A imagem é grande demais: envie um arquivo de até 8 MB.',
  notImage: 'O arquivo não é uma imagem JPEG, PNG, WebP ou AVIF.',
  empty: 'Escolha um arquivo de imagem.',
  unknownField: 'Campo de imagem desconhecido.',
} as const;

/** Publishing needs the main picture: every list and card shows it. */
export const PRODUCT_PUBLISH_NEEDS_IMAGE = 'Envie a foto principal antes de publicar o produto.';
export const PRODUCT_ORDERED_CANNOT_DELETE =
  'Este produto já foi pedido: ele pode ser ocultado da loja, mas não excluído.';
export function productStockMovedMessage(current: number): string {
  return `O estoque mudou enquanto você editava (uma venda?): agora é ${current}. Confira e salve de novo.`;
}

const categoryNames = CATEGORIES.map((c) => c.name) as [CategoryName, ...CategoryName[]];

const money = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const cents = toCents(value);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/),
      ],
      { error: message },
    )
    .transform(Number)
    .pipe(
      z.number().int({ error: message }).min(min, { error: message }).max(max, { error: message }),
    );

const flag = z.boolean({ error: PRODUCT_FORM_MESSAGES.marcador });

const packageMeasure = () =>
  z
    .union(
      [
        z.literal(''),
        z.null(),
        wholeNumber(PRODUCT_FORM_MESSAGES.medida, 1, PRODUCT_PACKAGE_MAX_CM),
      ],
      { error: PRODUCT_FORM_MESSAGES.medida },
    )
    .optional();

const baseSchema = z.object({
  nome: z
    .string({ error: PRODUCT_FORM_MESSAGES.nome })
    .trim()
    .min(1, { error: PRODUCT_FORM_MESSAGES.nome })
    .max(PRODUCT_NAME_MAX_LENGTH, { error: PRODUCT_FORM_MESSAGES.nomeLongo }),
  categoria: z.enum(categoryNames, { error: PRODUCT_FORM_MESSAGES.categoria }),
  preco: money(PRODUCT_FORM_MESSAGES.preco),
  preco_original: z
    .union([z.string(), z.number(), z.null()], { error: PRODUCT_FORM_MESSAGES.precoOriginal })
    .optional(),
  descricao: z
    .string({ error: PRODUCT_FORM_MESSAGES.descricaoLonga })
    .trim()
    .max(PRODUCT_DESCRIPTION_MAX_LENGTH, { error: PRODUCT_FORM_MESSAGES.descricaoLonga })
    .default(''),
  novo: flag.default(false),
  promocao: flag.default(false),
  // Absent or empty: the category's weight (defaultWeightGrams), filled in below.
  peso_gramas: z
    .union([
      z.literal(''),
      z.null(),
      wholeNumber(PRODUCT_FORM_MESSAGES.peso, 1, PRODUCT_WEIGHT_MAX_GRAMS),
    ])
    .optional(),
  estoque: wholeNumber(PRODUCT_FORM_MESSAGES.estoque, 0, PRODUCT_STOCK_MAX),
  // The package's measures (optional): '' or null says none (the category's box in 'Frete');
  // absent keeps what the piece has.
  largura_cm: packageMeasure(),
  altura_cm: packageMeasure(),
  comprimento_cm: packageMeasure(),
  // 'Banho / material' (optional): '' or null says none; absent keeps what the piece has.
  banho: z
    .union(
      [
        z.literal(''),
        z.null(),
        z.enum(PLATINGS.map((p) => p.code) as [PlatingCode, ...PlatingCode[]]),
      ],
      { error: PRODUCT_FORM_MESSAGES.banho },
    )
    .optional(),
  // The shopping catalogs (issue 37): absent keeps what the piece has; '' or null: the defaults
  // (the plating's colour, 'female').
  cor_catalogo: z
    .union([z.string(), z.null()], { error: PRODUCT_FORM_MESSAGES.corCatalogo })
    .optional()
    .superRefine((value, ctx) => {
      if (typeof value !== 'string') return;
      const clean = value.replace(/\s+/g, ' ').trim();
      if (
        Array.from(clean).length > FEED_COLOR_MAX ||
        /[<>]/.test(clean) ||
        feedText(clean, FEED_COLOR_MAX, { singleLine: true }) !== clean
      ) {
        ctx.addIssue({ code: 'custom', message: PRODUCT_FORM_MESSAGES.corCatalogo });
      }
    }),
  genero_catalogo: z
    .union(
      [
        z.literal(''),
        z.null(),
        z.enum(FEED_GENDERS.map((g) => g.code) as [FeedGender, ...FeedGender[]]),
      ],
      { error: PRODUCT_FORM_MESSAGES.generoCatalogo },
    )
    .optional(),
  fora_dos_catalogos: flag.optional(),
  composicoes: z
    .array(
      z
        .number({ error: PRODUCT_FORM_MESSAGES.composicaoInvalida })
        .int({ error: PRODUCT_FORM_MESSAGES.composicaoInvalida })
        .min(1, { error: PRODUCT_FORM_MESSAGES.composicaoInvalida })
        .max(2_147_483_647, { error: PRODUCT_FORM_MESSAGES.composicaoInvalida }),
      { error: PRODUCT_FORM_MESSAGES.composicaoInvalida },
    )
    .max(PRODUCT_COMPOSITIONS_MAX, { error: PRODUCT_FORM_MESSAGES.composicoes })
    .default([]),
});

/** What the API stores, read from a valid form. */
export interface ProductFormValue {
  name: string;
  category: CategoryName;
  priceCents: Cents;
  /** Null unless PROMOÇÃO. */
  originalPriceCents: Cents | null;
  description: string;
  novo: boolean;
  promocao: boolean;
  weightGrams: number;
  stock: number;
  /** Its plating or material; null: none said; undefined: not sent (an edit keeps the piece's). */
  plating?: PlatingCode | null;
  /**
   * Its package in cm (issue 35); null: the category's box; undefined: not sent (an edit keeps
   * the piece's).
   */
  widthCm?: number | null;
  heightCm?: number | null;
  lengthCm?: number | null;
  /** In the order chosen. */
  compositionIds: number[];
  /**
   * The shopping catalogs (issue 37); undefined: not sent (an edit keeps the piece's). Colour and
   * gender null: the defaults (its plating's colour, 'female').
   */
  feedColor?: string | null;
  feedGender?: FeedGender | null;
  feedExcluded?: boolean;
}

export interface ProductEditValue extends ProductFormValue {
  /** The stock the form showed: the change applies only if it is still the stock. */
  stockSeen: number;
}

export type ProductFormResult<T> =
  { ok: true; value: T } | { ok: false; errors: Record<string, string[]> };

function add(errors: Record<string, string[]>, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/**
 * The product form as sent by the back office: `{nome, categoria, preco, preco_original,
 * descricao, novo, promocao, peso_gramas, estoque, banho, composicoes, cor_catalogo,
 * genero_catalogo, fora_dos_catalogos}`; on an edit also
 * `estoque_visto`. Prices as typed ("129,90") or numbers. `selfId` rules out the product itself
 * from its 'Complete o Look'.
 */
export function validateProductForm(
  body: unknown,
  options: { edit: true; selfId?: number },
): ProductFormResult<ProductEditValue>;
export function validateProductForm(
  body: unknown,
  options?: { edit?: false; selfId?: number },
): ProductFormResult<ProductFormValue>;
export function validateProductForm(
  body: unknown,
  options: { edit?: boolean; selfId?: number } = {},
): ProductFormResult<ProductFormValue | ProductEditValue> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, errors: { _: [PRODUCT_FORM_MESSAGES.corpo] } };
  }
  const parsed = baseSchema.safeParse(body);
  const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error);
  const raw = body as Record<string, unknown>;

  let stockSeen: number | undefined;
  if (options.edit) {
    const seen = wholeNumber(PRODUCT_FORM_MESSAGES.estoqueVisto, 0, 2_147_483_647).safeParse(
      raw.estoque_visto,
    );
    if (seen.success) stockSeen = seen.data;
    else add(errors, 'estoque_visto', PRODUCT_FORM_MESSAGES.estoqueVisto);
  }

  const data = parsed.success ? parsed.data : undefined;
  if (data && (data.preco <= 0 || data.preco > PRODUCT_PRICE_MAX_CENTS)) {
    add(errors, 'preco', PRODUCT_FORM_MESSAGES.precoFaixa);
  }
  let originalPriceCents: Cents | null = null;
  // The 'de' price only means something on a PROMOÇÃO; otherwise it is dropped.
  if (raw.promocao === true) {
    const original = raw.preco_original;
    const cents =
      typeof original === 'string' || typeof original === 'number' ? toCents(original) : null;
    if (cents === null) add(errors, 'preco_original', PRODUCT_FORM_MESSAGES.precoOriginal);
    else if (cents > PRODUCT_PRICE_MAX_CENTS)
      add(errors, 'preco_original', PRODUCT_FORM_MESSAGES.precoFaixa);
    else if (data && cents <= data.preco)
      add(errors, 'preco_original', PRODUCT_FORM_MESSAGES.precoOriginalMaior);
    else originalPriceCents = cents;
  }
  if (data) {
    const ids = data.composicoes;
    if (new Set(ids).size !== ids.length) {
      add(errors, 'composicoes', PRODUCT_FORM_MESSAGES.composicaoRepetida);
    }
    if (options.selfId !== undefined && ids.includes(options.selfId)) {
      add(errors, 'composicoes', PRODUCT_FORM_MESSAGES.composicaoPropria);
    }
  }
  if (!data || Object.keys(errors).length > 0) return { ok: false, errors };

  const value: ProductFormValue = {
    name: data.nome.replace(/\s+/g, ' '),
    category: data.categoria,
    priceCents: data.preco,
    originalPriceCents,
    description: data.descricao,
    novo: data.novo,
    promocao: data.promocao,
    weightGrams:
      typeof data.peso_gramas === 'number' ? data.peso_gramas : defaultWeightGrams(data.categoria),
    stock: data.estoque,
    ...(data.banho === undefined ? {} : { plating: data.banho === '' ? null : data.banho }),
    ...measure('widthCm', data.largura_cm),
    ...measure('heightCm', data.altura_cm),
    ...measure('lengthCm', data.comprimento_cm),
    compositionIds: data.composicoes,
    ...(data.cor_catalogo === undefined
      ? {}
      : { feedColor: data.cor_catalogo?.replace(/\s+/g, ' ').trim() || null }),
    ...(data.genero_catalogo === undefined
      ? {}
      : { feedGender: data.genero_catalogo === '' ? null : data.genero_catalogo }),
    ...(data.fora_dos_catalogos === undefined ? {} : { feedExcluded: data.fora_dos_catalogos }),
  };
  return { ok: true, value: options.edit ? { ...value, stockSeen: stockSeen! } : value };
}

/** A measure as sent: absent keeps the piece's, '' or null clears it. */
function measure<K extends 'widthCm' | 'heightCm' | 'lengthCm'>(
  key: K,
  sent: number | '' | null | undefined,
): Partial<Record<K, number | null>> {
  if (sent === undefined) return {};
  return { [key]: sent === '' ? null : sent } as Partial<Record<K, number | null>>;
}

/** "Anel Aurora Dourado!" -> "anel-aurora-dourado": the product's stable, ascii name. */
export function productSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'produto';
}
