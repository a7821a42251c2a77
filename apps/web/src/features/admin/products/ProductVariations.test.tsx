/**
 * The back office's 'Variações': the PUT's body is the full list in the order she
 * arranged (a new size without id, a removed one left out), a size ever ordered is hidden
 * ('Ocultar') rather than removed, and a piece without sizes starts being sold by size.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import type { AdminProduct } from './products-api';
import { ProductVariations } from './ProductVariations';
import { draftsOf, moveDraft, removeWord, variationsBody } from './variations-model';

const ring: AdminProduct = {
  id: 6,
  slug: 'anel-aurora',
  nome: 'Anel Aurora',
  categoria: 'Anel',
  preco: '89.90',
  preco_original: null,
  descricao: '',
  novo: false,
  promocao: false,
  estoque: 5,
  estoque_baixo: false,
  peso_gramas: 20,
  oculto: false,
  oculto_em: null,
  ja_pedido: true,
  vendidos: 2,
  imagens: {} as AdminProduct['imagens'],
  composicoes: [],
  criado_em: '2026-01-01T12:00:00Z',
  atualizado_em: '2026-01-01T12:00:00Z',
  nome_variacao: 'Aro',
  variacoes: [
    { id: 41, nome: '14', posicao: 0, estoque: 3, sku: null, pedidos: 2 },
    {
      id: 42,
      nome: '16',
      posicao: 1,
      estoque: 2,
      sku: 'AN-16',
      pedidos: 0,
      manter_em_estoque: true,
    },
    { id: 43, nome: '18', posicao: 2, estoque: 0, sku: null, pedidos: 0 },
  ],
};

let api: FakeApi;

function show(product: AdminProduct) {
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
  return render(<ProductVariations product={product} />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the variations model', () => {
  it('builds the body in the given order, new sizes without id, SKU trimmed or null', () => {
    const drafts = moveDraft(draftsOf(ring.variacoes), 2, -1);
    const body = variationsBody(' Aro ', [
      ...drafts,
      { key: 'n1', nome: ' 20 ', sku: ' ', pedidos: 0, manter: true },
    ]);
    expect(body).toEqual({
      nome_variacao: 'Aro',
      variacoes: [
        { id: 41, nome: '14', sku: null, manter_em_estoque: false },
        { id: 43, nome: '18', sku: null, manter_em_estoque: false },
        { id: 42, nome: '16', sku: 'AN-16', manter_em_estoque: true },
        { nome: '20', sku: null, manter_em_estoque: true },
      ],
    });
  });

  it('makes an empty list a piece without sizes', () => {
    expect(variationsBody('Aro', [])).toEqual({ nome_variacao: null, variacoes: [] });
  });

  it('hides a size ever ordered instead of removing it', () => {
    expect(removeWord({ pedidos: 2 })).toBe('Ocultar');
    expect(removeWord({ pedidos: 0 })).toBe('Remover');
  });
});

describe('the Variações section', () => {
  it("says 'Ocultar' for an ordered size and saves the list in her order", async () => {
    api.on('PUT /api/admin/produtos/6/variacoes/', (call) => ({
      body: { produto: { ...ring, variacoes: [], ...(call.body as object) } },
    }));
    show(ring);
    const rows = screen.getAllByTestId('variation-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole('button', { name: 'Ocultar Aro 14' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Remover Aro 16' })).toBeTruthy();

    // Remove 18, add 20 with its SKU, move 20 above 16, rename 14.
    fireEvent.click(within(rows[2]!).getByRole('button', { name: 'Remover Aro 18' }));
    fireEvent.input(screen.getByLabelText('Novo aro'), { target: { value: '20' } });
    fireEvent.input(screen.getAllByLabelText(/SKU/).at(-1)!, { target: { value: 'AN-20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aro' }));
    expect(screen.getAllByTestId('variation-row').at(-1)!.textContent).toContain(
      'Novo · começa com 0 un.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subir Aro 20' }));
    fireEvent.input(screen.getByDisplayValue('14'), { target: { value: '14,5' } });

    fireEvent.click(screen.getByRole('button', { name: 'Salvar variações' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/produtos/6/variacoes/')).toHaveLength(1),
    );
    expect(api.callsTo('PUT /api/admin/produtos/6/variacoes/')[0]!.body).toEqual({
      nome_variacao: 'Aro',
      variacoes: [
        { id: 41, nome: '14,5', sku: null, manter_em_estoque: false },
        { nome: '20', sku: 'AN-20', manter_em_estoque: false },
        { id: 42, nome: '16', sku: 'AN-16', manter_em_estoque: true },
      ],
    });
  });

  it("marks and unmarks 'Manter em estoque' per size, a change to save", async () => {
    api.on('PUT /api/admin/produtos/6/variacoes/', (call) => ({
      body: { produto: { ...ring, variacoes: [], ...(call.body as object) } },
    }));
    show(ring);
    const kept = (name: string) =>
      screen.getByRole('checkbox', { name: `Manter em estoque (${name})` }) as HTMLInputElement;
    // As saved: 16 is kept, the others are not; nothing to save yet.
    expect([kept('Aro 14').checked, kept('Aro 16').checked, kept('Aro 18').checked]).toEqual([
      false,
      true,
      false,
    ]);
    expect(
      (screen.getByRole('button', { name: 'Salvar variações' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.click(kept('Aro 18'));
    fireEvent.click(kept('Aro 16'));
    expect(screen.getByText('Alterações não salvas.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar variações' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/produtos/6/variacoes/')).toHaveLength(1),
    );
    const body = api.callsTo('PUT /api/admin/produtos/6/variacoes/')[0]!.body as {
      variacoes: { nome: string; manter_em_estoque: boolean }[];
    };
    expect(body.variacoes.map((v) => [v.nome, v.manter_em_estoque])).toEqual([
      ['14', false],
      ['16', false],
      ['18', true],
    ]);
  });

  it("shows the API's refusal of a size that still has stock", async () => {
    const message =
      'Aro 16 ainda tem 2 unidades em estoque: zere o estoque em Estoque antes de removê-la.';
    api.on('PUT /api/admin/produtos/6/variacoes/', {
      status: 409,
      body: { error: message, errors: { variacoes: [message] } },
    });
    show(ring);
    fireEvent.click(screen.getByRole('button', { name: 'Remover Aro 16' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar variações' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });

  it('starts a piece without sizes, warning that its stock goes to zero', async () => {
    const plain = { ...ring, nome_variacao: null, variacoes: [], estoque: 4 };
    api.on('PUT /api/admin/produtos/6/variacoes/', { body: { produto: ring } });
    show(plain);
    expect(screen.queryByRole('button', { name: 'Salvar variações' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Vender por tamanho' }));
    expect(screen.getByText(/o estoque atual \(4 un\.\) vai a zero/)).toBeTruthy();
    expect((screen.getByLabelText('Vendida por') as HTMLSelectElement).value).toBe('Aro');
    fireEvent.input(screen.getByLabelText('Novo aro'), { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar aro' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar variações' }));
    await waitFor(() =>
      expect(api.callsTo('PUT /api/admin/produtos/6/variacoes/')).toHaveLength(1),
    );
    expect(api.callsTo('PUT /api/admin/produtos/6/variacoes/')[0]!.body).toEqual({
      nome_variacao: 'Aro',
      variacoes: [{ nome: '15', sku: null, manter_em_estoque: false }],
    });
  });
});
