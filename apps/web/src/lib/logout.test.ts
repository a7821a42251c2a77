/**
 * 'Sair da Conta' (docs/auth-contract.md): the browser's session is cleared at once, and the
 * server is asked to revoke the refresh token's family (POST api/logout/ {refresh}) — best
 * effort: no answer, or an error, still leaves her signed out here.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { logout } from './api';
import { getAccessToken, getRefreshToken, storeTokens } from './session';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe('logout', () => {
  it('clears the session at once and sends its refresh token to api/logout/', async () => {
    storeTokens(accessToken(), 'r-123');
    api.on('POST /api/logout/', { body: { message: 'Você saiu da sua conta.' } });
    const done = logout();
    expect([getAccessToken(), getRefreshToken()]).toEqual([null, null]);
    await done;
    const calls = api.callsTo('POST /api/logout/');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ refresh: 'r-123' });
    // The refresh token is the proof: no bearer, and no refresh of the session before the call.
    expect(calls[0]!.headers.Authorization).toBeUndefined();
    expect(api.calls).toHaveLength(1);
  });

  it('no answer or an error: she is signed out here all the same', async () => {
    for (const answer of ['no-response', { status: 500, body: { error: 'x' } }] as const) {
      storeTokens(accessToken(), 'r-456');
      api.on('POST /api/logout/', answer);
      await expect(logout()).resolves.toBeUndefined();
      expect([getAccessToken(), getRefreshToken()]).toEqual([null, null]);
    }
  });

  it('without a refresh token there is nothing to tell the server', async () => {
    storeTokens(accessToken(), null);
    await logout();
    expect(getAccessToken()).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
