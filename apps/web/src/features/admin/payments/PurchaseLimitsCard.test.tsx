/**
 * 'Limites de compra' on the Pagamentos page: the store's default 'máximo por cliente' read and
 * saved through api/admin/limites/, checked as the server checks it, and the server's field
 * message shown under the field.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MAX_PER_CUSTOMER_INVALID } from '@semijoias/domain/purchase-limits';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { PURCHASE_LIMITS_SAVED, PurchaseLimitsCard } from './PurchaseLimitsCard';

let api: FakeApi;

function show() {
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter>{children}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    );
  }
  return render(<PurchaseLimitsCard />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/limites/': { body: { limites: { maximo_por_cliente: 10 } } },
    'PUT /api/admin/limites/': (call) => ({
      body: { limites: call.body as { maximo_por_cliente: number } },
    }),
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

const field = () => screen.findByLabelText<HTMLInputElement>('Máximo por cliente (unidades)');

describe("'Limites de compra'", () => {
  it("shows the store's default and saves a new one", async () => {
    show();
    expect(screen.getByRole('heading', { name: 'Limites de compra' })).toBeTruthy();
    const input = await field();
    expect(input.value).toBe('10');
    fireEvent.change(input, { target: { value: ' 4 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar limite' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/limites/')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/limites/')[0]?.body).toEqual({ maximo_por_cliente: 4 });
    expect(await screen.findByText(PURCHASE_LIMITS_SAVED)).toBeTruthy();
    expect((await field()).value).toBe('4');
  });

  it('refuses a value out of 1 to 99 before sending, with the domain message', async () => {
    show();
    const input = await field();
    for (const bad of ['0', '100', '2,5', '']) {
      fireEvent.change(input, { target: { value: bad } });
      fireEvent.click(screen.getByRole('button', { name: 'Atualizar limite' }));
      expect(await screen.findByText(MAX_PER_CUSTOMER_INVALID)).toBeTruthy();
    }
    expect(api.callsTo('PUT /api/admin/limites/')).toEqual([]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal under the field", async () => {
    api.on('PUT /api/admin/limites/', {
      status: 400,
      body: {
        error: MAX_PER_CUSTOMER_INVALID,
        errors: { maximo_por_cliente: ['Recusado pelo servidor.'] },
      },
    });
    show();
    fireEvent.change(await field(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar limite' }));
    expect(await screen.findByText('Recusado pelo servidor.')).toBeTruthy();
  });
});
