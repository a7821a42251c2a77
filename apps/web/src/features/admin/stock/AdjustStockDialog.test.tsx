/**
 * 'Ajustar estoque' on a piece sold by size: the dialog asks for the size (its stock
 * beside it), refuses to save without one, and sends its `variacao_id`.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { AdjustStockDialog } from './AdjustStockDialog';

let api: FakeApi;

const ring = {
  id: 7,
  nome: 'Anel Solitário',
  estoque: 5,
  nome_variacao: 'Aro',
  variacoes: [
    { id: 71, nome: '14', estoque: 5 },
    { id: 72, nome: '16', estoque: 0 },
  ],
};

function show(initialVariationId: number | null = null) {
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    );
  }
  const onOpenChange = vi.fn();
  render(
    <AdjustStockDialog
      open
      onOpenChange={onOpenChange}
      initialProduct={ring}
      initialVariationId={initialVariationId}
    />,
    { wrapper: Wrapper },
  );
  return { dialog: screen.getByTestId('adjust-stock-dialog'), onOpenChange };
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'POST /api/admin/estoque/ajustes/': {
      status: 201,
      body: {
        produto: { id: 7, nome: 'Anel Solitário', estoque: 8 },
        variacao: { id: 72, nome: '16', estoque: 3 },
        movimento: {},
      },
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it('asks for the size and sends its variacao_id', async () => {
  const { dialog, onOpenChange } = show();
  const size = within(dialog).getByLabelText('Aro') as HTMLSelectElement;
  expect([...size.options].map((o) => o.textContent)).toEqual([
    'Escolha',
    '14 — 5 un.',
    '16 — esgotado',
  ]);
  fireEvent.input(within(dialog).getByLabelText('Motivo'), { target: { value: 'Reposição' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Aumentar quantidade' }));

  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar ajuste' }));
  expect(await within(dialog).findByText('Escolha a variação.')).toBeTruthy();
  expect(api.callsTo('POST /api/admin/estoque/ajustes/')).toHaveLength(0);

  // A select's change event as the browser sends it (the library's change is an input in compat).
  size.value = '72';
  act(() => void size.dispatchEvent(new Event('change', { bubbles: true })));
  expect(await within(dialog).findByText('Aro 16 hoje: 0 un.')).toBeTruthy();
  fireEvent.click(within(dialog).getByRole('button', { name: 'Salvar ajuste' }));
  await waitFor(() => expect(api.callsTo('POST /api/admin/estoque/ajustes/')).toHaveLength(1));
  expect(api.callsTo('POST /api/admin/estoque/ajustes/')[0]!.body).toEqual({
    produto_id: 7,
    variacao_id: 72,
    quantidade: 3,
    nota: 'Reposição',
  });
  await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
});

it('opens on the size it was given', () => {
  const { dialog } = show(71);
  expect((within(dialog).getByLabelText('Aro') as HTMLSelectElement).value).toBe('71');
  expect(within(dialog).getByText('Aro 14 hoje: 5 un.')).toBeTruthy();
});
