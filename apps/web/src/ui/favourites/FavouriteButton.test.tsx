import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { readGuestFavourites } from '@/lib/favourites/guest-favourites';
import type { ProductSummary } from '@/lib/product';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { ToastProvider } from '../toast';
import { FavouriteButton } from './FavouriteButton';

const ring: ProductSummary = {
  id: 5,
  name: 'Anel Aurora',
  price: '89.90',
  image: null,
  category: 'Anel',
  novo: false,
  promocao: false,
};

let api: FakeApi;
beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => expect(api.unhandled).toEqual([]));

function show(variant: 'card' | 'page') {
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={testQueryClient()}>
        <MemoryRouter>
          <ToastProvider>{children}</ToastProvider>
        </MemoryRouter>
      </QueryClientProvider>
    );
  }
  return render(<FavouriteButton product={ring} variant={variant} />, { wrapper: Wrapper });
}

describe('the heart', () => {
  it("on the page says 'Adicionar aos favoritos', then 'Remover dos favoritos', pressed", async () => {
    show('page');
    const heart = screen.getByRole('button', { name: 'Adicionar aos favoritos' });
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(heart);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Remover dos favoritos' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    expect(readGuestFavourites()).toEqual([5]);
    fireEvent.click(screen.getByRole('button', { name: 'Remover dos favoritos' }));
    await waitFor(() => expect(readGuestFavourites()).toEqual([]));
    expect(screen.getByRole('button', { name: 'Adicionar aos favoritos' })).toBeTruthy();
  });

  it('on a card names its piece', () => {
    show('card');
    expect(
      screen.getByRole('button', { name: 'Adicionar aos favoritos: Anel Aurora' }),
    ).toBeTruthy();
  });
});
