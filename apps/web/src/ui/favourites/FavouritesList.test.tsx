import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { readGuestFavourites, toggleGuestFavourite } from '@/lib/favourites/guest-favourites';
import type { Product } from '@/lib/product';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { ToastProvider } from '../toast';
import { FavouritesList } from './FavouritesList';

function product(id: number, name: string, extra: Partial<Product> = {}): Product {
  return {
    id,
    name,
    price: '89.90',
    preco_original: null,
    image: null,
    category: 'Anel',
    novo: false,
    promocao: false,
    description: '',
    img_pessoa: null,
    image_carrossel: null,
    composicao_img_1: null,
    composicao_img_2: null,
    composicao_img_3: null,
    composicoes: [],
    estoque: 8,
    tem_variacoes: false,
    ...extra,
  };
}

const plain = product(3, 'Colar Elo', { category: 'Colar', price: '149.00' });
const soldOut = product(4, 'Brinco Gota', { category: 'Brinco', estoque: 0 });
const sized = product(5, 'Anel Aurora', { tem_variacoes: true, estoque: 2 });

let api: FakeApi;
beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => expect(api.unhandled).toEqual([]));

function show() {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <ToastProvider>{children}</ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  return render(<FavouritesList />, { wrapper: Wrapper });
}

describe('the Favoritos list', () => {
  it("shows a customer's pieces with price, availability and what she can do", async () => {
    storeTokens(accessToken(), 'refresh');
    api.on('GET /api/favoritos/', { body: [plain, soldOut, sized] });
    show();
    const items = await screen.findAllByTestId('favourite-item');
    expect(items).toHaveLength(3);
    const [first, second, third] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('R$ 149,00');
    expect(within(first).getByTestId('favourite-availability').textContent).toBe('Em estoque');
    expect(
      within(first).getByRole('button', { name: 'Adicionar ao carrinho: Colar Elo' }),
    ).toBeTruthy();
    expect(within(second).getByTestId('favourite-availability').textContent).toBe('Esgotado');
    expect(within(second).queryByRole('button', { name: /ao carrinho/ })).toBeNull();
    expect(within(third).getByTestId('favourite-availability').textContent).toBe(
      'Últimas unidades',
    );
    expect(
      within(third)
        .getByRole('link', { name: 'Escolher tamanho de Anel Aurora' })
        .getAttribute('href'),
    ).toBe('/produto/5');
  });

  it("looks a guest's device ids up in the catalog, in her order, and removes one", async () => {
    toggleGuestFavourite(5);
    toggleGuestFavourite(3);
    api.on('GET /api/listar_produtos/', { body: [plain, soldOut, sized] });
    show();
    await waitFor(() => expect(screen.getAllByTestId('favourite-item')).toHaveLength(2));
    const names = screen.getAllByTestId('favourite-item').map((li) => li.textContent ?? '');
    expect(names[0]).toContain('Colar Elo');
    expect(names[1]).toContain('Anel Aurora');
    fireEvent.click(screen.getByRole('button', { name: 'Remover Colar Elo dos favoritos' }));
    await waitFor(() => expect(screen.getAllByTestId('favourite-item')).toHaveLength(1));
    expect(readGuestFavourites()).toEqual([5]);
  });

  it('says so when the list is empty, without a call', () => {
    show();
    expect(screen.getByTestId('favourites-empty').textContent).toContain('Nenhum favorito ainda');
    expect(api.calls).toEqual([]);
  });
});
