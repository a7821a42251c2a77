/**
 * The Painel counts the reviews waiting for the owners (GET api/admin/painel/ gains
 * `avaliacoes_pendentes`): 'Avaliações esperando', a link to Avaliações, only when some wait —
 * and the Painel still opens from an API that does not send the count yet.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import type { Dashboard } from './dashboard-api';
import { DashboardPage } from './DashboardPage';

const zero = { total_cents: 0, pedidos: 0 };
const painel = (over: Partial<Dashboard> = {}): Dashboard => ({
  hoje: '2026-11-23',
  vendas: { hoje: zero, dias_7: zero, dias_30: zero },
  serie_30_dias: [],
  retorno_30_dias: {
    pagos_apos_lembrete: zero,
    vendidos_avise_me: { unidades: 0, total_cents: 0 },
    carrinhos_recuperados: zero,
  },
  pedidos_a_enviar: 0,
  pedidos_aguardando_pagamento: 0,
  estoque_baixo: { total: 0, produtos: [] },
  ...over,
});

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

describe("the Painel's reviews waiting", () => {
  it("shows how many wait, linking to 'Avaliações'", async () => {
    api.on('GET /api/admin/painel/', { body: painel({ avaliacoes_pendentes: 3 }) });
    render(<DashboardPage />, { wrapper: providers() });
    const link = await screen.findByTestId('avaliacoes-esperando');
    expect(link.getAttribute('href')).toBe('/admin/avaliacoes');
    expect(link.textContent).toContain('3');
    expect(link.textContent).toContain('Avaliações esperando');
  });

  it('shows nothing when none waits, or when the API does not send the count', async () => {
    api.on('GET /api/admin/painel/', { body: painel({ avaliacoes_pendentes: 0 }) });
    const { unmount } = render(<DashboardPage />, { wrapper: providers() });
    expect(await screen.findByTestId('a-enviar')).toBeTruthy();
    expect(screen.queryByTestId('avaliacoes-esperando')).toBeNull();
    unmount();

    api.on('GET /api/admin/painel/', { body: painel() });
    render(<DashboardPage />, { wrapper: providers() });
    expect(await screen.findByTestId('a-enviar')).toBeTruthy();
    expect(screen.queryByTestId('avaliacoes-esperando')).toBeNull();
  });
});
