/**
 * The product page of a piece sold by size: its sizes as one choice named by the axis,
 * a sold-out size crossed out and not selectable, the add button asking for a size until one is
 * chosen, the choice kept in the URL (?variacao=, replaced), the size guide. Its reviews (issue
 * 36): the summary near the price, the section below, the JSON-LD.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { readGuestCart } from '@/lib/cart/guest-cart';
import type { Product } from '@/lib/product';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { NO_REVIEWS, publicReview, reviewsPage } from '@test/reviews';
import type { ProductReviewsPage } from '../api/get-product-reviews';
import { ToastProvider } from '@/ui/toast';
import { ProductPage } from './ProductPage';

const ring: Product = {
  id: 5,
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
  tem_variacoes: true,
  nome_variacao: 'Aro',
  variacoes: [
    { id: 41, nome: '12', estoque: 3, disponivel: true },
    { id: 42, nome: '13', estoque: 0, disponivel: false },
    { id: 43, nome: '14', estoque: 3, disponivel: true },
  ],
};

let api: FakeApi;
/** Where the router is: the page's URL and how it got there (PUSH, REPLACE). */
const where = { search: '', type: '' };

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    where.search = location.search;
    where.type = type;
  });
  return null;
}

function showPage(path: string, product: Product = ring, reviews: ProductReviewsPage = NO_REVIEWS) {
  api.on(`GET /api/produtos/detalhes/${product.id}/`, { body: product });
  api.on(`GET /api/produtos/${product.id}/avaliacoes/`, { body: reviews });
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/produto/:id" element={children} />
            </Routes>
            <Where />
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    );
  }
  return render(<ProductPage />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi({ 'GET /api/loja/': { body: {} } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe('a ring sold by size', () => {
  it('offers its sizes under the axis, the sold-out one disabled, and adds nothing until one is chosen', async () => {
    showPage('/produto/5');
    const group = await screen.findByRole('radiogroup', { name: 'Aro' });
    const sizes = within(group).getAllByRole('radio');
    expect(sizes.map((r) => r.getAttribute('value'))).toEqual(['41', '42', '43']);
    expect(within(group).getByRole('radio', { name: '13, esgotado' })).toHaveProperty(
      'disabled',
      true,
    );
    const add = screen.getByTestId('add-to-cart');
    expect(add.textContent).toContain('Escolha o aro');

    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Escolha o aro antes de adicionar ao carrinho.',
    );
    expect(readGuestCart()).toEqual([]);
    expect(document.activeElement).toBe(sizes[0]);
  });

  it('keeps the chosen size in the URL (replaced) and adds that size', async () => {
    showPage('/produto/5');
    const size14 = await screen.findByRole('radio', { name: '14' });
    fireEvent.click(size14);
    await waitFor(() => expect(where.search).toBe('?variacao=43'));
    expect(where.type).toBe('REPLACE');
    expect(screen.getByTestId('variation-chosen').textContent).toBe('14');
    const add = screen.getByTestId('add-to-cart');
    expect(add.textContent).toContain('Adicionar ao Carrinho');
    fireEvent.click(add);
    await waitFor(() =>
      expect(readGuestCart()).toEqual([
        expect.objectContaining({
          id: 5,
          quantidade: 1,
          estoque: 3,
          variacao: { id: 43, nome: '14' },
          nome_variacao: 'Aro',
        }),
      ]),
    );
  });

  it('opens with the size a shared link names, and ignores a sold-out or unknown one', async () => {
    const { unmount } = showPage('/produto/5?variacao=41');
    expect(((await screen.findByRole('radio', { name: '12' })) as HTMLInputElement).checked).toBe(
      true,
    );
    unmount();
    showPage('/produto/5?variacao=42');
    await screen.findByRole('radiogroup', { name: 'Aro' });
    expect(screen.getAllByRole('radio').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByTestId('add-to-cart').textContent).toContain('Escolha o aro');
  });

  it('opens the size guide with the ring table and the necklace lengths', async () => {
    showPage('/produto/5');
    fireEvent.click(await screen.findByRole('button', { name: 'Guia de medidas' }));
    const guide = await screen.findByRole('dialog', { name: 'Guia de medidas' });
    const rows = within(within(guide).getByTestId('ring-size-table')).getAllByRole('row');
    expect(rows).toHaveLength(1 + 19); // aro 12 to 30
    expect(rows[1]?.textContent).toBe('1252 mm16,6 mm');
    expect(guide.textContent).toContain('45 cm');
    expect(guide.textContent).toContain('barbante');
  });
});

describe("a piece's 'máximo por cliente'", () => {
  const plain = { ...ring, id: 6, tem_variacoes: false, nome_variacao: null, variacoes: [] };

  it('says its maximum under the button when it is below the usual 10, and adding stops there', async () => {
    showPage('/produto/6', { ...plain, maximo_por_cliente: 2 } as Product);
    expect((await screen.findByTestId('product-max-per-customer')).textContent).toBe(
      'Limite de 2 unidades por cliente.',
    );
    const add = screen.getByTestId('add-to-cart');
    fireEvent.click(add);
    await waitFor(() => expect(readGuestCart()[0]?.quantidade).toBe(1));
    await waitFor(() => expect(add.getAttribute('aria-busy')).toBeNull());
    fireEvent.click(add);
    await waitFor(() => expect(readGuestCart()[0]?.quantidade).toBe(2));
    await waitFor(() => expect(add.getAttribute('aria-busy')).toBeNull());
    fireEvent.click(add);
    // The same words, as a toast, and the cart stays at 2.
    await waitFor(() =>
      expect(screen.getAllByText('Limite de 2 unidades por cliente.')).toHaveLength(2),
    );
    expect(readGuestCart()[0]?.quantidade).toBe(2);
  });

  it('says nothing for the usual maximum (10) or an answer without one', async () => {
    const { unmount } = showPage('/produto/6', { ...plain, maximo_por_cliente: 10 } as Product);
    await screen.findByTestId('add-to-cart');
    await waitFor(() => expect(screen.queryByTestId('product-name')).not.toBeNull());
    expect(screen.queryByTestId('product-max-per-customer')).toBeNull();
    unmount();
    showPage('/produto/6', plain);
    await screen.findByTestId('add-to-cart');
    expect(screen.queryByTestId('product-max-per-customer')).toBeNull();
  });
});

describe('a piece without sizes', () => {
  it('shows no sizes and adds as before', async () => {
    const plain: Product = {
      ...ring,
      id: 6,
      tem_variacoes: false,
      nome_variacao: null,
      variacoes: [],
    };
    showPage('/produto/6', plain);
    const add = await screen.findByTestId('add-to-cart');
    await waitFor(() => expect(screen.queryByTestId('product-name')).not.toBeNull());
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Guia de medidas' })).toBeNull();
    expect(add.textContent).toContain('Adicionar ao Carrinho');
    fireEvent.click(add);
    await waitFor(() =>
      expect(readGuestCart()).toEqual([expect.objectContaining({ id: 6, quantidade: 1 })]),
    );
    expect(readGuestCart()[0]).not.toHaveProperty('variacao');
  });

  it("sends a piece of its look that is sold by size to that piece's page", async () => {
    const look: Product = {
      ...ring,
      id: 7,
      tem_variacoes: false,
      nome_variacao: null,
      variacoes: [],
      composicoes: [
        {
          id: 1,
          produto: { ...ring, id: 5, tem_variacoes: true },
        },
      ],
    };
    showPage('/produto/7', look);
    const choose = await screen.findByRole('link', { name: 'Escolher tamanho de Anel Aurora' });
    expect(choose.getAttribute('href')).toBe('/produto/5');
    expect(choose.textContent).toBe('Escolher tamanho');
  });
});

describe("the piece's reviews", () => {
  const plain: Product = {
    ...ring,
    id: 6,
    tem_variacoes: false,
    nome_variacao: null,
    variacoes: [],
  };
  const reviewed = reviewsPage({
    media: 4.7,
    total: 12,
    distribuicao: { '1': 0, '2': 0, '3': 1, '4': 2, '5': 9 },
    avaliacoes: [
      publicReview({ id: 1, titulo: 'Perfeito', texto: 'Uso todo dia.' }),
      publicReview({ id: 2, estrelas: 4, titulo: null, texto: null, autora: 'Bia' }),
    ],
    total_paginas: 2,
  });

  /** The product's JSON-LD as the browser wrote it in the head, once it has `key` (or its name). */
  async function productJsonLd(key = 'name'): Promise<Record<string, unknown>> {
    let found: Record<string, unknown> | undefined;
    await waitFor(() => {
      const scripts = document.head.querySelectorAll('script[type="application/ld+json"]');
      const blocks = [...scripts].map(
        (script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>,
      );
      found = blocks.find((block) => block['@type'] === 'Product');
      expect(found?.name).toBe(plain.name);
      expect(found).toHaveProperty(key);
    });
    return found!;
  }

  it('sums them up near the price, a link down to the section', async () => {
    showPage('/produto/6', { ...plain, avaliacao_media: 4.7, avaliacoes_total: 12 }, reviewed);
    const summary = await screen.findByTestId('product-rating');
    expect(summary.getAttribute('href')).toBe('#avaliacoes');
    expect(within(summary).getByRole('img').getAttribute('aria-label')).toBe('Nota 4,7 de 5');
    expect(summary.textContent).toBe('4,712 avaliações');
    const section = await screen.findByRole('region', { name: 'Avaliações' });
    expect(section.id).toBe('avaliacoes');
    expect(within(section).getAllByTestId('review')).toHaveLength(2);
    // The section's own answer is what the page sums up, even before the product's details.
    expect(api.callsTo('GET /api/produtos/6/avaliacoes/')[0]?.query.get('pagina')).toBe('1');
    expect(api.callsTo('GET /api/produtos/6/avaliacoes/')[0]?.query.get('ordem')).toBe('recentes');
  });

  it('scrolls to the section and moves focus there from the summary', async () => {
    showPage('/produto/6', plain, reviewed);
    const summary = await screen.findByTestId('product-rating');
    const section = await screen.findByRole('region', { name: 'Avaliações' });
    const scrolled: Element[] = [];
    section.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    fireEvent.click(summary);
    expect(scrolled).toEqual([section]);
    expect(document.activeElement).toBe(section);
  });

  it('shows no summary for a piece without reviews, and a small line where the section is', async () => {
    showPage('/produto/6', { ...plain, avaliacao_media: null, avaliacoes_total: 0 });
    expect((await screen.findByTestId('reviews-empty')).textContent).toBe(
      'Esta peça ainda não tem avaliações.',
    );
    expect(screen.queryByTestId('product-rating')).toBeNull();
    expect(screen.queryByTestId('reviews-distribution')).toBeNull();
  });

  it("writes the AggregateRating and the first reviews into the product's JSON-LD", async () => {
    showPage('/produto/6', plain, reviewed);
    await screen.findByTestId('product-rating');
    const data = await productJsonLd('aggregateRating');
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.7,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Ana' },
        datePublished: '2025-03-14',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        name: 'Perfeito',
        reviewBody: 'Uso todo dia.',
      },
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Bia' },
        datePublished: '2025-03-14',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it('writes no rating nor review into the JSON-LD of a piece without reviews', async () => {
    showPage('/produto/6', plain);
    await screen.findByTestId('reviews-empty');
    const data = await productJsonLd();
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });
});
