import { act, renderHook, waitFor } from '@testing-library/react';
import {
  FAVOURITE_ADDED,
  FAVOURITE_REMOVED,
  FAVOURITE_SAVE_ERROR,
} from '@semijoias/domain/favourites';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '@/lib/product';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers, testQueryClient } from '@test/providers';
import { readGuestFavourites } from './guest-favourites';
import { SERVER_FAVOURITES_KEY } from './server-favourites';
import {
  useFavouriteIds,
  useFavouritesCount,
  useIsFavourite,
  useToggleFavourite,
} from './use-favourites';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function product(id: number, name: string, category: Product['category']): Product {
  return {
    id,
    name,
    price: '89.90',
    preco_original: null,
    image: null,
    category,
    novo: false,
    promocao: false,
    description: '',
    img_pessoa: null,
    image_carrossel: null,
    composicao_img_1: null,
    composicao_img_2: null,
    composicao_img_3: null,
    composicoes: [],
    estoque: 4,
    tem_variacoes: false,
  };
}

const ring = product(3, 'Anel Solitário', 'Anel');
const earring = product(7, 'Brinco Gota', 'Brinco');

function renderFavourites() {
  return renderHook(
    () => ({
      ids: useFavouriteIds(),
      count: useFavouritesCount(),
      ring: useIsFavourite(3),
      toggle: useToggleFavourite(),
    }),
    { wrapper: providers() },
  );
}

describe('favourites of a guest', () => {
  it('toggles on the device, without a call', async () => {
    const { result } = renderFavourites();
    expect(result.current.count).toBe(0);
    let outcome: Awaited<ReturnType<typeof result.current.toggle>> | undefined;
    await act(async () => {
      outcome = await result.current.toggle(ring);
    });
    expect(outcome).toEqual({ ok: true, favourite: true, message: FAVOURITE_ADDED });
    expect(result.current.ring).toBe(true);
    expect(result.current.count).toBe(1);
    expect(readGuestFavourites()).toEqual([3]);
    await act(async () => {
      outcome = await result.current.toggle(ring);
    });
    expect(outcome).toEqual({ ok: true, favourite: false, message: FAVOURITE_REMOVED });
    expect(result.current.ring).toBe(false);
    expect(api.calls).toEqual([]);
  });
});

describe('favourites of a logged-in customer', () => {
  beforeEach(() => storeTokens(accessToken(), 'refresh'));

  it('reads her account, adds with POST and removes with DELETE', async () => {
    let account: Product[] = [earring];
    api.on('GET /api/favoritos/', () => ({ body: account }));
    api.on('POST /api/favoritos/', (call) => {
      expect(call.body).toEqual({ produto_id: 3 });
      account = [ring, ...account];
      return { status: 201, body: { success: true, produto_id: 3 } };
    });
    api.on('DELETE /api/favoritos/3/', () => {
      account = account.filter((p) => p.id !== 3);
      return { status: 204 };
    });
    const { result } = renderFavourites();
    await waitFor(() => expect(result.current.count).toBe(1));
    expect(result.current.ids.loggedIn).toBe(true);

    await act(async () => {
      await result.current.toggle(ring);
    });
    await waitFor(() => expect(result.current.ring).toBe(true));
    await waitFor(() => expect(result.current.ids.ids).toEqual([3, 7]));

    await act(async () => {
      await result.current.toggle(ring);
    });
    await waitFor(() => expect(result.current.ids.ids).toEqual([7]));
    expect(api.callsTo('DELETE /api/favoritos/3/')).toHaveLength(1);
    // Nothing was kept on the device for her.
    expect(readGuestFavourites()).toEqual([]);
  });

  it('puts the heart back as it was when the server refuses', async () => {
    let gets = 0;
    // The first read answers; the one after the refusal never does, so what shows is the revert.
    api.on('GET /api/favoritos/', () => (++gets === 1 ? { body: [] } : new Promise(() => {})));
    api.on('POST /api/favoritos/', 'no-response');
    const client = testQueryClient();
    const { result } = renderHook(
      () => ({ ring: useIsFavourite(3), toggle: useToggleFavourite() }),
      { wrapper: providers(client) },
    );
    await waitFor(() => expect(client.getQueryData(SERVER_FAVOURITES_KEY)).toEqual([]));
    let outcome: Awaited<ReturnType<typeof result.current.toggle>> | undefined;
    await act(async () => {
      outcome = await result.current.toggle(ring);
    });
    expect(outcome).toEqual({ ok: false, message: FAVOURITE_SAVE_ERROR });
    expect(client.getQueryData(SERVER_FAVOURITES_KEY)).toEqual([]);
    expect(result.current.ring).toBe(false);
  });
});
