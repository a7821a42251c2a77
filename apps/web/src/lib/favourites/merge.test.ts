import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type ApiCall, type FakeApi } from '@test/fake-api';
import { providers, testQueryClient } from '@test/providers';
import { readGuestFavourites, toggleGuestFavourite } from './guest-favourites';
import { mergeGuestFavourites, useGuestFavouritesMerge } from './merge';
import { SERVER_FAVOURITES_KEY } from './server-favourites';

const TOKEN = accessToken();
let api: FakeApi;
/** Her account's list as the server keeps it: POST adds once (201, then 200). */
let account: number[];

function addingServer(call: ApiCall) {
  const { produto_id } = call.body as { produto_id: number };
  if (account.includes(produto_id)) return { status: 200, body: { success: true, produto_id } };
  account.unshift(produto_id);
  return { status: 201, body: { success: true, produto_id } };
}

beforeEach(() => {
  window.localStorage.clear();
  account = [];
  api = installFakeApi({ 'POST /api/favoritos/': addingServer });
  // Hearted as a guest: 3, then 9, then 5 (the device keeps them newest first).
  toggleGuestFavourite(3);
  toggleGuestFavourite(9);
  toggleGuestFavourite(5);
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

const posted = () =>
  api.callsTo('POST /api/favoritos/').map((c) => (c.body as { produto_id: number }).produto_id);

describe("merging a guest's favourites at login", () => {
  it('does nothing without a session', async () => {
    await mergeGuestFavourites(testQueryClient());
    expect(api.calls).toEqual([]);
    expect(readGuestFavourites()).toEqual([5, 9, 3]);
  });

  it('posts each piece, oldest first, with her bearer, then clears the device', async () => {
    storeTokens(TOKEN, 'refresh');
    const client = testQueryClient();
    client.setQueryData(SERVER_FAVOURITES_KEY, []);
    await mergeGuestFavourites(client);
    expect(posted()).toEqual([3, 9, 5]);
    expect(api.calls.every((c) => c.headers.Authorization === `Bearer ${TOKEN}`)).toBe(true);
    // Her account now lists them as she hearted them: the newest first.
    expect(account).toEqual([5, 9, 3]);
    expect(readGuestFavourites()).toEqual([]);
    // The cached list is stale: the next read asks the server.
    expect(client.getQueryState(SERVER_FAVOURITES_KEY)?.isInvalidated).toBe(true);
  });

  it('drops a piece the store no longer has (404) or refuses (400)', async () => {
    storeTokens(TOKEN, 'refresh');
    api.on('POST /api/favoritos/', (call) => {
      const { produto_id } = call.body as { produto_id: number };
      if (produto_id === 9) return { status: 404, body: { error: 'Produto não encontrado.' } };
      if (produto_id === 3) return { status: 400, body: { error: 'inválido' } };
      return addingServer(call);
    });
    await mergeGuestFavourites(testQueryClient());
    expect(account).toEqual([5]);
    expect(readGuestFavourites()).toEqual([]);
  });

  it('keeps what did not arrive for the next try, which doubles nothing', async () => {
    storeTokens(TOKEN, 'refresh');
    api.on('POST /api/favoritos/', (call) =>
      (call.body as { produto_id: number }).produto_id === 9 ? 'no-response' : addingServer(call),
    );
    await mergeGuestFavourites(testQueryClient());
    expect(readGuestFavourites()).toEqual([9]);
    expect(account).toEqual([5, 3]);

    api.on('POST /api/favoritos/', addingServer);
    await mergeGuestFavourites(testQueryClient());
    expect(readGuestFavourites()).toEqual([]);
    expect(account).toEqual([9, 5, 3]);
  });

  it('runs when a session begins, through the hook the shell mounts', async () => {
    renderHook(() => useGuestFavouritesMerge(), { wrapper: providers() });
    expect(api.calls).toEqual([]);
    storeTokens(TOKEN, 'refresh');
    await waitFor(() => expect(readGuestFavourites()).toEqual([]));
    expect(posted()).toEqual([3, 9, 5]);
  });
});
