/**
 * The product's JSON-LD and its reviews (issue 36): an AggregateRating and up to five Reviews for
 * a piece with approved reviews, nothing of them for a piece without; her texts can never close
 * the script element of the server's page.
 */
import { describe, expect, it } from 'vitest';
import { headTags, type PageHead, type ProductFacts, type ReviewFacts } from './head-tags';

const ORIGIN = 'https://loja.exemplo';

const piece: ProductFacts = {
  id: 6,
  name: 'Anel Aurora',
  description: 'Anel banhado a ouro 18k.',
  images: ['/media/produtos/anel.svg'],
  price: '89.90',
  inStock: true,
  category: 'Anel',
};

function review(overrides: Partial<ReviewFacts> = {}): ReviewFacts {
  return {
    author: 'Ana',
    date: '2025-03-15T01:30:00.000Z',
    stars: 5,
    title: 'Linda',
    body: 'Brilha muito.',
    ...overrides,
  };
}

/** The JSON-LD blocks of the server's head, as a search engine reads them. */
function jsonLdOf(product: ProductFacts): { html: string; blocks: Record<string, unknown>[] } {
  const head: PageHead = { title: product.name, path: '/produto/6', product };
  const html = headTags(head, ORIGIN);
  const blocks = [
    ...html.matchAll(/<script data-head type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
  return { html, blocks };
}

describe("a product's JSON-LD", () => {
  it('carries the AggregateRating and its first five reviews', () => {
    const reviews = Array.from({ length: 7 }, (_, i) =>
      review({ author: `Cliente ${i + 1}`, stars: 5 - (i % 2) }),
    );
    reviews[1] = review({ author: 'Bia', title: null, body: null, date: '2025-04-02' });
    const { blocks } = jsonLdOf({ ...piece, rating: { average: 4.7, count: 12 }, reviews });
    expect(blocks).toHaveLength(1);
    const [product] = blocks;
    expect(product!['@type']).toBe('Product');
    expect(product!.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    const written = product!.review as Record<string, unknown>[];
    expect(written).toHaveLength(5);
    expect(written[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Cliente 1' },
      // 01:30 UTC on the 15th is still the 14th in São Paulo.
      datePublished: '2025-03-14',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      name: 'Linda',
      reviewBody: 'Brilha muito.',
    });
    // No title nor text: only her name, the day and the stars.
    expect(written[1]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Bia' },
      datePublished: '2025-04-02',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
    });
  });

  it('has neither rating nor review for a piece without reviews', () => {
    for (const facts of [
      piece,
      { ...piece, rating: { average: 0, count: 0 }, reviews: [] },
      { ...piece, reviews: [review()] },
    ]) {
      const [product] = jsonLdOf(facts).blocks;
      expect(product).not.toHaveProperty('aggregateRating');
      expect(product).not.toHaveProperty('review');
    }
  });

  it('puts the rating on the group of a piece sold by size', () => {
    const [group] = jsonLdOf({
      ...piece,
      variations: { axis: 'Aro', sizes: [{ id: 41, name: '12', inStock: true }] },
      rating: { average: 4, count: 1 },
      reviews: [review({ stars: 4 })],
    }).blocks;
    expect(group!['@type']).toBe('ProductGroup');
    expect(group!.aggregateRating).toMatchObject({ ratingValue: 4, reviewCount: 1 });
    expect(group!.review).toHaveLength(1);
  });

  it('escapes her texts: a </script> in a review cannot close the element', () => {
    const body = 'Amei </script><script>alert("oi")</script> <!-- fim';
    const { html, blocks } = jsonLdOf({
      ...piece,
      rating: { average: 5, count: 1 },
      reviews: [review({ title: '<b>Ótimo</b>', body, author: 'Ana</script>' })],
    });
    // One script element, opened and closed once: nothing of hers reads as markup.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert');
    // And the data reads back as she wrote it.
    const [written] = blocks[0]!.review as Record<string, unknown>[];
    expect(written).toMatchObject({
      author: { name: 'Ana</script>' },
      name: '<b>Ótimo</b>',
      reviewBody: body,
    });
  });
});

/** The content of each `property` meta tag of the server's head. */
function ogOf(product: ProductFacts): Map<string, string> {
  const html = headTags({ title: product.name, path: '/produto/6', product }, ORIGIN);
  return new Map(
    [...html.matchAll(/<meta data-head property="([^"]+)" content="([^"]*)">/g)].map(
      (match) => [match[1]!, match[2]!] as const,
    ),
  );
}

describe("a product's shared link (issue 37: Open Graph's product tags)", () => {
  it('carries the price she pays in BRL under both names, the stock, the brand, new, its id', () => {
    const og = ogOf(piece);
    expect(og.get('og:type')).toBe('product');
    expect(og.get('product:price:amount')).toBe('89.90');
    expect(og.get('product:price:currency')).toBe('BRL');
    expect(og.get('og:price:amount')).toBe('89.90');
    expect(og.get('og:price:currency')).toBe('BRL');
    expect(og.get('product:availability')).toBe('in stock');
    expect(og.get('product:brand')).toBe('Duas Irmãs Semijoias');
    expect(og.get('product:condition')).toBe('new');
    expect(og.get('product:retailer_item_id')).toBe('6');
    expect(og.has('product:item_group_id')).toBe(false);
    // The brand the owners saved in 'Canais de venda', as the feeds name it.
    expect(ogOf({ ...piece, brand: 'Ateliê Duas Irmãs' }).get('product:brand')).toBe(
      'Ateliê Duas Irmãs',
    );
  });

  it('writes the price dot-decimal with its cents; a sold-out piece is out of stock', () => {
    const og = ogOf({ ...piece, price: '129.9', inStock: false });
    expect(og.get('product:price:amount')).toBe('129.90');
    expect(og.get('og:price:amount')).toBe('129.90');
    expect(og.get('product:availability')).toBe('out of stock');
  });

  it('a piece sold by size: the chosen size is the item (its stock), the piece its group', () => {
    const bySize: ProductFacts = {
      ...piece,
      variations: {
        axis: 'Aro',
        sizes: [
          { id: 41, name: '12', inStock: true },
          { id: 42, name: '13', inStock: false },
        ],
      },
    };
    const none = ogOf(bySize);
    expect(none.get('product:retailer_item_id')).toBe('6');
    expect(none.get('product:item_group_id')).toBe('6');
    expect(none.get('product:availability')).toBe('in stock');

    const soldOutSize = ogOf({ ...bySize, chosenSizeId: 42 });
    expect(soldOutSize.get('product:retailer_item_id')).toBe('6-42');
    expect(soldOutSize.get('product:item_group_id')).toBe('6');
    expect(soldOutSize.get('product:availability')).toBe('out of stock');
  });

  it('a page that is not a product has none of them', () => {
    const html = headTags({ title: 'Anéis', path: '/aneis' }, ORIGIN);
    expect(html).toContain('property="og:type" content="website"');
    expect(html).not.toMatch(/property="(product|og:price):/);
  });
});
