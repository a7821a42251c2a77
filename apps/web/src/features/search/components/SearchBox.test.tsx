/**
 * The header's search box: Enter opens the results page (/busca?q=texto), even with the
 * dropdown's results showing; a piece picked in the dropdown opens that piece; on the results
 * page the box holds the text searched.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation } from 'react-router';
import type { Product } from '@/lib/product';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { SearchBox } from './SearchBox';

const necklace: Product = {
  id: 44,
  name: 'Colar Ponto de Luz Zircônia Dourado',
  price: '129.90',
  preco_original: null,
  image: null,
  category: 'Colar',
  novo: false,
  promocao: false,
  description: 'Colar banhado a ouro 18k.',
  img_pessoa: null,
  image_carrossel: null,
  composicao_img_1: null,
  composicao_img_2: null,
  composicao_img_3: null,
  composicoes: [],
  estoque: 6,
  tem_variacoes: false,
};

let api: FakeApi;
/** Where the router is: path and query. */
const where = { path: '' };

function Where() {
  const location = useLocation();
  useEffect(() => {
    where.path = `${location.pathname}${location.search}`;
  });
  return null;
}

function showBox(path = '/') {
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {children}
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  render(<SearchBox />, { wrapper: Wrapper });
  return screen.getByRole('searchbox', { name: 'Buscar joias' });
}

async function typeAndSeeResults(input: HTMLElement, text: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  // The dropdown's results (300 ms after the last key).
  return screen.findByRole('link', { name: new RegExp(necklace.name) }, { timeout: 3000 });
}

beforeEach(() => {
  where.path = '';
  api = installFakeApi({
    'GET /api/loja/': { body: {} },
    'GET /api/buscar/produtos/': { body: [necklace] },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe("the header's search box", () => {
  it('Enter opens the results page for the text, not the first piece of the dropdown', async () => {
    const input = showBox();
    await typeAndSeeResults(input, '  colr ');
    fireEvent.submit(input.closest('form')!);
    await waitFor(() => expect(where.path).toBe('/busca?q=colr'));
    // The dropdown closes; the text stays, to be changed and sent again.
    expect(screen.queryByTestId('search-results')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('colr');
  });

  it('a text with spaces and accents goes whole, encoded', async () => {
    const input = showBox();
    fireEvent.change(input, { target: { value: 'brinco pérola' } });
    fireEvent.submit(input.closest('form')!);
    await waitFor(() =>
      expect(where.path).toBe(`/busca?${new URLSearchParams({ q: 'brinco pérola' }).toString()}`),
    );
  });

  it('an empty box goes nowhere', async () => {
    const input = showBox('/aneis');
    await waitFor(() => expect(where.path).toBe('/aneis'));
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(where.path).toBe('/aneis');
  });

  it('a piece picked in the dropdown opens that piece', async () => {
    const input = showBox();
    const link = await typeAndSeeResults(input, 'colar');
    fireEvent.click(link);
    await waitFor(() => expect(where.path).toBe(`/produto/${necklace.id}`));
  });

  it('on the results page the box holds the text searched', () => {
    const input = showBox('/busca?q=anel%20dourado');
    expect((input as HTMLInputElement).value).toBe('anel dourado');
  });
});
