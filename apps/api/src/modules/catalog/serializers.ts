/** Database records -> the product JSON of SPEC §3/§7, the same for every list and the detail. */
import { centsToDecimal } from '@semijoias/domain/money';
import { reviewAverage } from '@semijoias/domain/reviews';
import type { ProductDetailJson, ProductJson, ProductSummaryJson } from './schemas.js';
import type { ProductDetail, ProductSummaryRecord, ProductWithCompositions } from './service.js';

/** Image paths are stored relative to the media root; the URL base is a setting (CDN or /media/). */
export type ImageUrl = (path: string) => string;

export function imageUrlFrom(imageBaseUrl: string): ImageUrl {
  return (path) => imageBaseUrl + path;
}

export function serializeProductSummary(
  p: ProductSummaryRecord,
  url: ImageUrl,
): ProductSummaryJson {
  return {
    id: p.id,
    name: p.name,
    price: centsToDecimal(p.priceCents),
    image: url(p.image),
    category: p.category,
    novo: p.novo,
    promocao: p.promocao,
    tem_variacoes: p.variationAxis !== null,
  };
}

export function serializeProduct(p: ProductWithCompositions, url: ImageUrl): ProductJson {
  return {
    id: p.id,
    name: p.name,
    price: centsToDecimal(p.priceCents),
    preco_original: p.originalPriceCents === null ? null : centsToDecimal(p.originalPriceCents),
    description: p.description,
    category: p.category,
    image: url(p.image),
    // A product made in the back office may have only its main picture ('' is "none"): the
    // main one stands in, and the gallery shows each distinct picture once.
    img_pessoa: url(p.imgPessoa || p.image),
    image_carrossel: url(p.imageCarrossel || p.image),
    composicao_img_1: url(p.composicaoImg1 || p.image),
    composicao_img_2: url(p.composicaoImg2 || p.image),
    composicao_img_3: p.composicaoImg3 ? url(p.composicaoImg3) : null,
    composicoes: p.composicoes.map((c) => ({ id: c.id, produto: serializeProductSummary(c, url) })),
    novo: p.novo,
    promocao: p.promocao,
    estoque: p.stock,
    tem_variacoes: p.variationAxis !== null,
    avaliacao_media: reviewAverage(p.reviewsStarsSum, p.reviewsCount),
    avaliacoes_total: p.reviewsCount,
  };
}

/** The product page's answer: the product and its sizes (none for a product without them). */
export function serializeProductDetail(p: ProductDetail, url: ImageUrl): ProductDetailJson {
  return {
    ...serializeProduct(p, url),
    nome_variacao: p.variationAxis,
    variacoes: p.variations.map((v) => ({
      id: v.id,
      nome: v.name,
      estoque: v.stock,
      disponivel: v.stock > 0,
    })),
    maximo_por_cliente: p.maxPerCustomer,
  };
}
