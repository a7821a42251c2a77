/**
 * The verification link logs her in: the session the API answers is stored as a login's, and
 * her button takes her where she was going (a store path only); a link that did not open a
 * session keeps 'Fazer Login Agora'.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WELCOME_COUPON_CODE } from '@semijoias/domain/coupon';
import {
  VERIFY_ALREADY_VERIFIED,
  VERIFY_LOGGED_IN,
  VERIFY_SUCCESS,
} from '@semijoias/domain/messages';
import { Route, Routes, useLocation } from 'react-router';
import { clearSession, getAccessToken, getRefreshToken } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { VerifyEmailPage } from './VerifyEmailPage';

let api: FakeApi;
const USER = { first_name: 'Ana', email: 'ana@exemplo.com.br' };
const ACCESS = accessToken(USER.email);

afterEach(() => {
  expect(api.unhandled).toEqual([]);
  clearSession();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});

/** Where the app went: the path and query of the router's location. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function show(path: string) {
  const Providers = providers(undefined, path);
  render(
    <Providers>
      <Routes>
        <Route path="/verificar-email" element={<VerifyEmailPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </Providers>,
  );
}

describe('a link that verifies the account', () => {
  it('stores her session and takes her back to the checkout', async () => {
    api = installFakeApi({
      'POST /api/verify_email/': {
        body: { success: true, message: VERIFY_SUCCESS, user: USER, access: ACCESS, refresh: 'r1' },
      },
    });
    show('/verificar-email?token=abc&destino=%2Fcheckout');
    expect((await screen.findByTestId('verify-logged-in')).textContent).toContain(VERIFY_LOGGED_IN);
    expect(api.callsTo('POST /api/verify_email/')[0]!.body).toEqual({ token: 'abc' });
    expect(getAccessToken()).toBe(ACCESS);
    expect(getRefreshToken()).toBe('r1');
    expect(screen.getByTestId('verify-success').textContent).toContain(WELCOME_COUPON_CODE);
    expect(screen.queryByRole('button', { name: 'Fazer Login Agora' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar a compra' }));
    expect((await screen.findByTestId('where')).textContent).toMatch(/^\/checkout$/);
  });

  it('ignores a destination on another site: the button goes to the store', async () => {
    api = installFakeApi({
      'POST /api/verify_email/': {
        body: { success: true, message: VERIFY_SUCCESS, user: USER, access: ACCESS, refresh: 'r1' },
      },
    });
    show('/verificar-email?token=abc&destino=https%3A%2F%2Foutro.site%2Fcheckout');
    fireEvent.click(await screen.findByRole('button', { name: 'Começar a comprar' }));
    expect((await screen.findByTestId('where')).textContent).toMatch(/^\/$/);
  });
});

describe('a link that opened no session', () => {
  it("keeps 'Fazer Login Agora', the drawer over where she was going", async () => {
    api = installFakeApi({
      'POST /api/verify_email/': {
        body: {
          success: true,
          already_verified: true,
          message: VERIFY_ALREADY_VERIFIED,
          user: USER,
        },
      },
    });
    show('/verificar-email?token=abc&destino=%2Fcolares%3Fpagina%3D2');
    fireEvent.click(await screen.findByRole('button', { name: 'Fazer Login Agora' }));
    expect(screen.getByTestId('where').textContent).toMatch(/^\/colares\?pagina=2&login=true$/);
    expect(getAccessToken()).toBeNull();
    expect(screen.queryByTestId('verify-logged-in')).toBeNull();
  });

  it('a refused link offers a new e-mail that keeps the destination', async () => {
    api = installFakeApi({
      'POST /api/verify_email/': { status: 400, body: { error: 'Token inválido ou expirado.' } },
    });
    show('/verificar-email?token=abc&destino=%2Fcheckout');
    const again = await screen.findByRole('link', { name: 'Solicitar Novo Email' });
    expect(again.getAttribute('href')).toBe('/reenviar-verificacao?destino=%2Fcheckout');
    expect(getAccessToken()).toBeNull();
  });
});
