/**
 * A product page with reviews (issue 36), rendered as the server renders it (entry-server's
 * renderPage: the route's prefetch, the whole page, the query cache in the page) and hydrated as
 * the browser hydrates it (boot.tsx's appElement): the summary near the price and the section
 * 'Avaliações' are in the server's HTML, and hydration keeps those nodes with no warning (React
 * reports a mismatch on the console). e2e/hydration.spec.ts checks the real build; this runs
 * without the API.
 */
import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/entry-server';
import type { Product } from '@/lib/product';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { publicReview, reviewsPage } from '@test/reviews';
import { appElement } from './boot';

const ORIGIN = 'https://loja.exemplo';

const piece: Product = {
  id: 6,
  name: 'Anel Aurora',
  price: '89.90',
  preco_original: null,
  image: null,
  category: 'Anel',
  novo: false,
  promocao: false,
  description: 'Anel banhado a ouro 18k.',
  img_pessoa: null,
  image_carrossel: null,
  composicao_img_1: null,
  composicao_img_2: null,
  composicao_img_3: null,
  composicoes: [],
  estoque: 6,
  tem_variacoes: false,
  nome_variacao: null,
  variacoes: [],
  avaliacao_media: 4.5,
  avaliacoes_total: 2,
};

let api: FakeApi;
let root: Root | null = null;

beforeEach(() => {
  api = installFakeApi({
    'GET /api/loja/': { body: {} },
    'GET /api/produtos/detalhes/6/': { body: piece },
  });
  window.history.replaceState(null, '', '/produto/6');
});

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

/**
 * What React said on the console while hydrating, but for two warnings that are not about this
 * page's HTML. The server's renderer and the browser's run in one process here (never in the
 * store): the browser's warns that another renderer has used the same contexts. And the cart's
 * hook gives React a new empty list as its server snapshot on each call (lib/cart/use-cart.ts),
 * which React's development build says once per process; the store's build does not check it.
 */
const NOT_THE_PAGE = [
  'Detected multiple renderers concurrently rendering',
  'The result of getServerSnapshot should be cached',
];
function consoleSaid(spy: { mock: { calls: unknown[][] } }): string[] {
  return spy.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => !NOT_THE_PAGE.some((known) => text.includes(known)));
}

/**
 * The server's page (`rendered`, else rendered now) in the document, then hydrated; what React
 * said on the console.
 */
async function serverPageHydrated(rendered?: Awaited<ReturnType<typeof renderPage>>) {
  const page = rendered ?? (await renderPage('/produto/6', ORIGIN));
  if (!page) throw new Error('/produto/6 is not rendered on the server');
  // The server's renderer leaves its last context values set when it is done (its process renders
  // the next page from there); one more render of nothing puts them back, as the browser expects.
  await new Response((await prerender(<></>)).prelude).text();
  document.body.innerHTML = `<div id="root">${page.html}</div><script type="application/json" id="estado-inicial">${page.state}</script>`;
  const container = document.getElementById('root')!;
  const before = {
    summary: container.querySelector('[data-testid="product-rating"]'),
    section: container.querySelector('#avaliacoes'),
  };
  const errors = vi.spyOn(console, 'error');
  const warnings = vi.spyOn(console, 'warn');
  const recoverable: unknown[] = [];
  const { app, serverRendered } = appElement();
  expect(serverRendered).toBe(true);
  await act(async () => {
    root = hydrateRoot(container, app, { onRecoverableError: (error) => recoverable.push(error) });
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  return { page, container, before, errors, warnings, recoverable };
}

describe('a product page with reviews, from the server to the browser', () => {
  it('has its reviews in the HTML and hydrates keeping those nodes, with no warning', async () => {
    api.on('GET /api/produtos/6/avaliacoes/', {
      body: reviewsPage({
        media: 4.5,
        total: 2,
        distribuicao: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 },
        avaliacoes: [
          publicReview({
            id: 1,
            texto: 'Primeira linha.\n<script>alert(1)</script>',
            tamanho: 'Aro 16',
            fotos: [{ url: '/media/avaliacoes/1-aa.webp', largura: 1200, altura: 900 }],
            resposta: { texto: 'Obrigada!', data: '2025-03-20T12:00:00.000Z' },
          }),
          publicReview({ id: 2, estrelas: 4, autora: 'Bia', cidade: null }),
        ],
      }),
    });
    const { page, container, before, errors, warnings, recoverable } = await serverPageHydrated();

    // The server's HTML: the summary, the section with its reviews, her text escaped.
    expect(page.status).toBe(200);
    expect(page.html).toContain('Nota 4,5 de 5');
    expect(page.html).toContain('id="avaliacoes"');
    expect(page.html).toContain('14/03/2025');
    expect(page.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.html).not.toContain('<script>alert(1)');
    // The JSON-LD of its head has the rating and the reviews; the state block, her text escaped.
    expect(page.head).toContain('"aggregateRating"');
    expect(page.head).not.toContain('<script>alert(1)');
    expect(page.state).not.toContain('<script>alert(1)');
    // The first page only, asked once, by the server.
    expect(api.callsTo('GET /api/produtos/6/avaliacoes/')).toHaveLength(1);

    expect(before.summary).not.toBeNull();
    expect(before.section).not.toBeNull();
    expect(recoverable).toEqual([]);
    expect(consoleSaid(errors)).toEqual([]);
    expect(consoleSaid(warnings)).toEqual([]);
    // Hydrated in place: the server's nodes are the app's, and nothing was asked again.
    expect(container.querySelector('[data-testid="product-rating"]')).toBe(before.summary);
    expect(container.querySelector('#avaliacoes')).toBe(before.section);
    expect(container.querySelectorAll('[data-testid="review"]')).toHaveLength(2);
    expect(api.callsTo('GET /api/produtos/6/avaliacoes/')).toHaveLength(1);
  });

  it.each([
    ['without reviews', { body: reviewsPage() }],
    // The API without the reviews' call (or a refusal): the page stands without them.
    ['whose reviews the server could not load', { status: 404, body: { error: 'Não encontrado' } }],
  ])('hydrates a piece %s the same way', async (_, answer) => {
    api.on('GET /api/produtos/detalhes/6/', {
      body: { ...piece, avaliacao_media: null, avaliacoes_total: 0 },
    });
    api.on('GET /api/produtos/6/avaliacoes/', answer);
    const { page, container, before, errors, warnings, recoverable } = await serverPageHydrated();
    expect(page.status).toBe(200);
    expect(page.head).not.toContain('aggregateRating');
    expect(before.summary).toBeNull();
    expect(before.section).not.toBeNull();
    expect(recoverable).toEqual([]);
    expect(consoleSaid(errors)).toEqual([]);
    expect(consoleSaid(warnings)).toEqual([]);
    expect(container.querySelector('#avaliacoes')).toBe(before.section);
    // Not asked again by the browser: what the server showed stays.
    expect(api.callsTo('GET /api/produtos/6/avaliacoes/')).toHaveLength(1);
  });

  it('asks the piece again once live: a page kept from before some sales shows the stock of now', async () => {
    api.on('GET /api/produtos/6/avaliacoes/', { body: reviewsPage() });
    const rendered = await renderPage('/produto/6', ORIGIN);
    expect(rendered?.html).toContain('Em estoque');
    expect(rendered?.html).not.toContain('Últimas unidades');
    // Sold down to 2 since the server rendered the page (a change within its band would keep it).
    api.on('GET /api/produtos/detalhes/6/', { body: { ...piece, estoque: 2 } });
    const { container, errors, recoverable } = await serverPageHydrated(rendered);
    expect(recoverable).toEqual([]);
    expect(consoleSaid(errors)).toEqual([]);
    await vi.waitFor(() => expect(container.textContent).toContain('Últimas unidades'));
    expect(api.callsTo('GET /api/produtos/detalhes/6/').length).toBeGreaterThanOrEqual(2);
  });
});
