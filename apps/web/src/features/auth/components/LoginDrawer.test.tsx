/**
 * The account drawer of a logged-in shopper: 'Ir para Perfil' and 'Meus Pedidos' for everyone,
 * 'Administração' (to /admin) for an owner only, as on her account page. A guest's 'Criar minha
 * conta' carries the page the drawer is open over, where her verified link brings her back.
 */
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ENTRY } from '@semijoias/domain/admin';
import { clearSession, storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { LoginDrawer } from './LoginDrawer';

const INFO = {
  username: 'ana',
  first_name: 'Ana',
  last_name: 'Souza',
  email: 'ana@exemplo.com.br',
  phone: '11987654321',
  cpf: '52998224725',
  birthdate: '1990-05-12',
  aceita_marketing: false,
};

let api: FakeApi;

function show(path = '/') {
  const Providers = providers(undefined, path);
  render(
    <Providers>
      <LoginDrawer open onOpenChange={() => undefined} />
    </Providers>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  clearSession();
  vi.unstubAllGlobals();
});

describe('the account drawer', () => {
  it("shows 'Administração' to an owner, linking to /admin", async () => {
    storeTokens(accessToken('dona@semijoias.test'), 'r');
    api = installFakeApi({ 'GET /api/infos/': { body: { ...INFO, administrador: true } } });
    show();
    const entry = await screen.findByRole('link', { name: ADMIN_ENTRY });
    expect(entry.getAttribute('href')).toBe('/admin');
    expect(screen.getByRole('link', { name: /Meus Pedidos/ })).toBeTruthy();
  });

  it('shows no such entry to a shopper', async () => {
    storeTokens(accessToken('ana@exemplo.com.br'), 'r');
    api = installFakeApi({ 'GET /api/infos/': { body: { ...INFO, administrador: false } } });
    show();
    expect(await screen.findByRole('link', { name: /Ir para Perfil/ })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('GET /api/infos/')).toHaveLength(1));
    // The answer has arrived and rendered: still no entry.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('link', { name: ADMIN_ENTRY })).toBeNull();
  });

  it('asks nothing about the account before she logs in', async () => {
    api = installFakeApi({});
    show();
    expect(await screen.findByRole('form', { name: 'Entrar' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: ADMIN_ENTRY })).toBeNull();
    expect(api.calls).toEqual([]);
  });
});

describe("a guest's 'Criar minha conta'", () => {
  it('carries the page she is on (the checkout) as the destination', async () => {
    api = installFakeApi({});
    show('/checkout');
    const link = await screen.findByRole('link', { name: 'Criar minha conta' });
    expect(link.getAttribute('href')).toBe('/cadastro?destino=%2Fcheckout');
  });

  it('keeps the query of the page, without the drawer request', async () => {
    api = installFakeApi({});
    show('/colares?pagina=2&login=true');
    const link = await screen.findByRole('link', { name: 'Criar minha conta' });
    expect(link.getAttribute('href')).toBe('/cadastro?destino=%2Fcolares%3Fpagina%3D2');
  });

  it('from the home page: plain /cadastro', async () => {
    api = installFakeApi({});
    show('/');
    const link = await screen.findByRole('link', { name: 'Criar minha conta' });
    expect(link.getAttribute('href')).toBe('/cadastro');
  });
});
