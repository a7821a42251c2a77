/**
 * A page's head written out (lib/page-head.ts describes it): as HTML for the server-rendered page
 * (`headTags`), as elements when the shopper moves between pages in the browser (`applyHead`). A
 * module of its own: the browser needs it only from the first move on (the server wrote the
 * first page's head), so it is not part of the first download.
 */
import { escapeHtml } from '@semijoias/domain/html';
import { centsToDecimal, toCents } from '@semijoias/domain/money';
import { REVIEW_STARS_MAX, REVIEW_STARS_MIN } from '@semijoias/domain/reviews';
import {
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  shareImageUrl,
} from '@semijoias/domain/share-image';
import { reviewIsoDay } from './review-dates';
import { SEARCH_RESULTS_PATH } from './search-request';
import { STORE_INFO } from './store-info';

export const DEFAULT_DESCRIPTION =
  'Duas Irmãs Semijoias: anéis, brincos, pulseiras e colares banhados a ouro 18k e ródio, com garantia e envio para todo o Brasil.';

/** The store's own picture for shared links that have no product picture. */
export const DEFAULT_SHARE_IMAGE = '/media/site/og.svg';

/** The store's mark (the site icon, square): the logo of its schema.org Organization. */
const STORE_LOGO = '/favicon.svg';

export interface PageHead {
  /** The page's own title; the store's name is added. null: the store's name alone (home). */
  title: string | null;
  description?: string;
  /** The page's canonical path ('/aneis', '/produto/3'). Absent on pages not to be indexed. */
  path?: string;
  /** Root-relative or absolute picture for shared links. */
  image?: string | null;
  /**
   * The picture the page's first screen paints largest (the product's photo, a category's first
   * piece, the home's first slide): the server's page preloads it at high priority, first thing
   * in its head, before the app's code.
   */
  mainImage?: string | null;
  /** A product page: Open Graph's product tags and schema.org Product JSON-LD with its Offer. */
  product?: ProductFacts;
  /** The home page: schema.org Organization (the store, its contacts) and WebSite JSON-LD. */
  home?: boolean;
  /** Private or empty pages: kept out of search results. */
  noindex?: boolean;
  /** The HTTP status of the server-rendered page (404 for a page or product not found). */
  status?: number;
  /**
   * The page moved (a category page past the end, after the catalog shrank): the server answers
   * a redirect to this path and query, the browser's router navigates there. Nothing is
   * rendered first that would be replaced.
   */
  redirect?: string;
}

export interface ProductFacts {
  id: number;
  name: string;
  description: string;
  /** Every picture of the piece, root-relative or absolute. */
  images: string[];
  /** Reais, "129.90". */
  price: string;
  inStock: boolean;
  category: string;
  /**
   * Sold by size: the axis and each size with its availability. The JSON-LD is then
   * a ProductGroup whose variants each carry their own offer.
   */
  variations?: { axis: string; sizes: { id: number; name: string; inStock: boolean }[] };
  /** The size the page's `?variacao=` chose: the shared link's item is that size. */
  chosenSizeId?: number | null;
  /** The brand it carries ('Canais de venda', GET /api/loja/'s marca); the store's name if absent. */
  brand?: string;
  /**
   * Its approved reviews summed up (the JSON-LD's AggregateRating); left out for a piece
   * without reviews, and then no review is written either.
   */
  rating?: { average: number; count: number };
  /** Some of its approved reviews, newest first: the JSON-LD carries the first five. */
  reviews?: ReviewFacts[];
}

/** One approved review as search engines read it (schema.org Review). */
export interface ReviewFacts {
  /** Her first name, as the page signs it. */
  author: string;
  /** When she wrote it: an ISO instant (written as São Paulo's day) or 'YYYY-MM-DD'. */
  date: string;
  stars: number;
  title: string | null;
  body: string | null;
}

/** The most reviews a product's JSON-LD carries. */
export const JSON_LD_REVIEWS_MAX = 5;

/** One tag of the head, written either as HTML (server) or as an element (browser). */
interface HeadTag {
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  text?: string;
}

export function fullTitle(title: string | null): string {
  return title ? `${title} | ${STORE_INFO.name}` : STORE_INFO.name;
}

function absolute(url: string, origin: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function headTagList(head: PageHead, origin: string): HeadTag[] {
  const title = fullTitle(head.title);
  const description = head.description ?? DEFAULT_DESCRIPTION;
  // Link previews (WhatsApp, Facebook) show no SVG: the JPEG the API makes of the picture.
  const image = absolute(shareImageUrl(head.image ?? DEFAULT_SHARE_IMAGE), origin);
  const imageAlt = head.title ?? STORE_INFO.name;
  const meta = (key: 'name' | 'property', name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { [key]: name, content },
  });
  const tags: HeadTag[] = [meta('name', 'description', description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.path !== undefined) {
    const url = absolute(head.path, origin);
    tags.push({ tag: 'link', attrs: { rel: 'canonical', href: url } });
    tags.push(meta('property', 'og:url', url));
  }
  tags.push(
    meta('property', 'og:site_name', STORE_INFO.name),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:type', head.product ? 'product' : 'website'),
    meta('property', 'og:title', head.title ?? STORE_INFO.name),
    meta('property', 'og:description', description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/jpeg'),
    meta('property', 'og:image:width', String(SHARE_IMAGE_WIDTH)),
    meta('property', 'og:image:height', String(SHARE_IMAGE_HEIGHT)),
    meta('property', 'og:image:alt', imageAlt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', imageAlt),
  );
  if (head.product)
    tags.push(...productTags(head.product), jsonLd(productJsonLd(head.product, head.path, origin)));
  if (head.home) tags.push(jsonLd(organizationJsonLd(origin)), jsonLd(webSiteJsonLd(origin)));
  return tags;
}

/**
 * Open Graph's product tags (docs/whatsapp.md, 'Links compartilhados'): what a link shared on
 * WhatsApp, Instagram, Facebook or Pinterest shows beside the picture, and what Meta's catalog
 * reads off the page. The price she pays now (the promotion's), dot-decimal ('129.90'), in BRL,
 * under both names readers use (Open Graph's `product:price:*`, Pinterest's and older readers'
 * `og:price:*`). A piece sold by size: the item is the chosen size (`<id>-<size>`, as in the
 * JSON-LD and the shopping feeds) and the group is the piece.
 */
function productTags(product: ProductFacts): HeadTag[] {
  const meta = (name: string, content: string): HeadTag => ({
    tag: 'meta',
    attrs: { property: name, content },
  });
  const cents = toCents(product.price);
  const price = cents === null ? product.price : centsToDecimal(cents);
  const sizes = product.variations?.sizes ?? [];
  const chosen = sizes.find((size) => size.id === product.chosenSizeId);
  const inStock = chosen ? chosen.inStock : product.inStock;
  return [
    meta('product:price:amount', price),
    meta('product:price:currency', 'BRL'),
    meta('og:price:amount', price),
    meta('og:price:currency', 'BRL'),
    meta('product:availability', inStock ? 'in stock' : 'out of stock'),
    meta('product:condition', 'new'),
    meta('product:brand', product.brand ?? STORE_INFO.name),
    meta('product:retailer_item_id', chosen ? `${product.id}-${chosen.id}` : String(product.id)),
    ...(sizes.length > 0 ? [meta('product:item_group_id', String(product.id))] : []),
  ];
}

function jsonLd(data: object): HeadTag {
  return {
    tag: 'script',
    attrs: { type: 'application/ld+json' },
    // "<" escaped: no text (a product's name, say) can close the script element.
    text: JSON.stringify(data).replace(/</g, '\\u003c'),
  };
}

/** The store's node: the WebSite points at it as its publisher. */
const organizationId = (origin: string) => `${absolute('/', origin)}#organizacao`;

/**
 * schema.org Organization: the store as search engines show it beside its pages (name, logo,
 * how to reach it, its social profiles), from the same facts as the footer.
 */
function organizationJsonLd(origin: string) {
  const { address } = STORE_INFO;
  const telephone = STORE_INFO.phoneHref.replace(/^tel:/, '');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: STORE_INFO.name,
    url: absolute('/', origin),
    logo: absolute(STORE_LOGO, origin),
    email: STORE_INFO.email,
    telephone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.cep,
      addressCountry: 'BR',
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: STORE_INFO.email,
      telephone,
      areaServed: 'BR',
      availableLanguage: 'Portuguese',
    },
    sameAs: Object.values(STORE_INFO.social),
  };
}

/**
 * schema.org WebSite with its SearchAction: the search's results page, /busca?q=
 * (docs/search-contract.md), `{search_term_string}` standing for what was searched.
 */
function webSiteJsonLd(origin: string) {
  const home = absolute('/', origin);
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    url: home,
    name: STORE_INFO.name,
    inLanguage: 'pt-BR',
    publisher: { '@id': organizationId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: {
        '@type': 'EntryPoint',
        urlTemplate: `${absolute(SEARCH_RESULTS_PATH, origin)}?q={search_term_string}`,
      },
      'query-input': 'required name=search_term_string',
    },
  };
}

/**
 * schema.org Product with one Offer in BRL (what search engines show as price and stock); a piece
 * sold by size is a ProductGroup varying by size, each size a Product with its own Offer (its
 * availability, its link with `?variacao=`). The sitemap keeps one URL per product.
 */
function productJsonLd(product: ProductFacts, path: string | undefined, origin: string) {
  const offer = (inStock: boolean, url: string | undefined) => ({
    '@type': 'Offer',
    ...(url !== undefined ? { url: absolute(url, origin) } : {}),
    price: product.price,
    priceCurrency: 'BRL',
    availability: inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    seller: { '@type': 'Organization', name: STORE_INFO.name },
  });
  const common = {
    '@context': 'https://schema.org',
    name: product.name,
    description: product.description,
    image: product.images.map((image) => absolute(shareImageUrl(image), origin)),
    category: product.category,
    brand: { '@type': 'Brand', name: product.brand ?? STORE_INFO.name },
    ...reviewsJsonLd(product),
  };
  const sizes = product.variations?.sizes ?? [];
  if (product.variations && sizes.length > 0) {
    const { axis } = product.variations;
    return {
      ...common,
      '@type': 'ProductGroup',
      productGroupID: String(product.id),
      ...(path !== undefined ? { url: absolute(path, origin) } : {}),
      variesBy: ['https://schema.org/size'],
      hasVariant: sizes.map((size) => ({
        '@type': 'Product',
        sku: `${product.id}-${size.id}`,
        name: `${product.name} (${axis} ${size.name})`,
        size: size.name,
        image: common.image[0],
        offers: offer(size.inStock, path === undefined ? undefined : `${path}?variacao=${size.id}`),
      })),
    };
  }
  return {
    ...common,
    '@type': 'Product',
    sku: String(product.id),
    offers: offer(product.inStock, path),
  };
}

/**
 * The product's AggregateRating and its first reviews (schema.org Review), from its approved
 * reviews only (the public call answers no other); nothing at all for a piece without reviews.
 */
function reviewsJsonLd(product: ProductFacts) {
  const { rating } = product;
  if (!rating || !(rating.count > 0) || !Number.isFinite(rating.average)) return {};
  const reviews = (product.reviews ?? []).slice(0, JSON_LD_REVIEWS_MAX).map((review) => {
    const day = reviewIsoDay(review.date);
    return {
      '@type': 'Review',
      author: { '@type': 'Person', name: review.author },
      ...(day ? { datePublished: day } : {}),
      reviewRating: {
        '@type': 'Rating',
        ratingValue: review.stars,
        bestRating: REVIEW_STARS_MAX,
        worstRating: REVIEW_STARS_MIN,
      },
      ...(review.title ? { name: review.title } : {}),
      ...(review.body ? { reviewBody: review.body } : {}),
    };
  });
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      reviewCount: rating.count,
      bestRating: REVIEW_STARS_MAX,
      worstRating: REVIEW_STARS_MIN,
    },
    ...(reviews.length > 0 ? { review: reviews } : {}),
  };
}

/** The head as HTML, for the server-rendered page. Each tag is marked so the browser owns it. */
export function headTags(head: PageHead, origin: string): string {
  const tags = headTagList(head, origin).map(({ tag, attrs, text }) => {
    const attributes = Object.entries(attrs)
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    return tag === 'script'
      ? `<script data-head${attributes}>${text ?? ''}</script>`
      : `<${tag} data-head${attributes}>`;
  });
  const preload = head.mainImage
    ? [
        `<link data-head rel="preload" as="image" fetchpriority="high" href="${escapeHtml(head.mainImage)}">`,
      ]
    : [];
  return [...preload, `<title>${escapeHtml(fullTitle(head.title))}</title>`, ...tags].join(
    '\n    ',
  );
}

/** Replaces the tags of the previous page with this page's (client-side navigation). */
export function applyHead(head: PageHead): void {
  document.title = fullTitle(head.title);
  for (const old of document.head.querySelectorAll('[data-head]')) old.remove();
  for (const { tag, attrs, text } of headTagList(head, window.location.origin)) {
    const element = document.createElement(tag);
    element.setAttribute('data-head', '');
    for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    document.head.append(element);
  }
}
