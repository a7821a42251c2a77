/**
 * Whole rows open what they list: a click anywhere on an order's row of the desktop
 * table opens the order, its '#100002' stays a real link, Ctrl+click and a middle click open a new
 * tab, and a click on another control of the row, or one that ends a text selection, does nothing.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link, MemoryRouter, Route, Routes, useParams } from 'react-router';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import type { AdminOrderSummary } from '../orders/orders-api';
import { OrdersList } from '../orders/OrdersList';
import { rowLinkProps } from './row-link';

const summary = (reference: string): AdminOrderSummary => ({
  reference,
  status: 'paid',
  status_texto: 'Pago',
  teste: false,
  criado_em: '2026-11-20T15:00:00Z',
  cliente: { nome: `Cliente ${reference}`, email: `cliente${reference}@exemplo.com.br` },
  itens: 2,
  total_cents: 17980,
  codigo_rastreio: null,
});

function Opened() {
  const { reference } = useParams();
  return <p>Pedido {reference} aberto</p>;
}

/** A row with other controls in it, as a list with actions would have. */
function RowWithControls({ onAction }: { onAction: () => void }) {
  return (
    <table>
      <tbody>
        <tr data-testid="linha" {...rowLinkProps}>
          <td>
            <Link to="/admin/pedidos/100009" data-row-link>
              #100009
            </Link>
          </td>
          <td data-testid="celula">Ana Souza</td>
          <td>
            <input type="checkbox" aria-label="Selecionar" />
            <button type="button" onClick={onAction}>
              Imprimir
            </button>
            <a href="mailto:ana@exemplo.com.br">ana@exemplo.com.br</a>
          </td>
        </tr>
      </tbody>
    </table>
  );
}

let api: FakeApi;
const open = vi.fn();

function show(children: ReactNode) {
  const client = testQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/pedidos']}>
        <Routes>
          <Route path="/admin/pedidos" element={children} />
          <Route path="/admin/pedidos/:reference" element={<Opened />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/pedidos/': {
      body: {
        pedidos: [summary('100002'), summary('100001')],
        total: 2,
        pagina: 1,
        por_pagina: 25,
      },
    },
  });
  open.mockReset();
  vi.stubGlobal('open', open);
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

async function orderRow(reference: string): Promise<HTMLElement> {
  const table = await screen.findByTestId('pedidos-tabela');
  return table.querySelector(`tr[data-reference="${reference}"]`) as HTMLElement;
}

describe("the orders table's rows", () => {
  it('open the order from anywhere on the row', async () => {
    show(<OrdersList />);
    const row = await orderRow('100002');
    // The customer's cell (after the label's box, the number and the date).
    fireEvent.click(row.querySelector('td:nth-child(4) p')!);
    expect(await screen.findByText('Pedido 100002 aberto')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it("keep '#100002' a real link, reached by the keyboard", async () => {
    show(<OrdersList />);
    const row = await orderRow('100002');
    const link = row.querySelector<HTMLAnchorElement>('a[data-row-link]')!;
    expect(link.textContent).toBe('#100002');
    expect(link.getAttribute('href')).toBe('/admin/pedidos/100002');
    expect(link.tabIndex).toBe(0);
  });

  it('open a new tab with Ctrl or ⌘, or a middle click, and stay on the list', async () => {
    show(<OrdersList />);
    const total = (await orderRow('100001')).querySelector('td:last-child')!;
    fireEvent.click(total, { ctrlKey: true });
    fireEvent.click(total, { metaKey: true });
    fireEvent(total, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
    expect(open.mock.calls).toEqual([
      [expect.stringMatching(/\/admin\/pedidos\/100001$/), '_blank', 'noopener'],
      [expect.stringMatching(/\/admin\/pedidos\/100001$/), '_blank', 'noopener'],
      [expect.stringMatching(/\/admin\/pedidos\/100001$/), '_blank', 'noopener'],
    ]);
    expect(screen.getByTestId('pedidos-tabela')).toBeTruthy();
  });

  it('leave a click that ends a text selection alone (she is copying the e-mail)', async () => {
    show(<OrdersList />);
    const row = await orderRow('100002');
    vi.spyOn(window, 'getSelection').mockReturnValue({
      toString: () => 'cliente100002@exemplo.com.br',
    } as Selection);
    fireEvent.click(row.querySelector('td:nth-child(4) p:last-child')!);
    expect(screen.queryByText('Pedido 100002 aberto')).toBeNull();
    vi.mocked(window.getSelection).mockRestore();
  });
});

describe('a row with other controls', () => {
  it('follows its link from a plain cell, not from its button, checkbox or other link', async () => {
    const onAction = vi.fn();
    show(<RowWithControls onAction={onAction} />);
    fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar' }));
    fireEvent.click(screen.getByRole('link', { name: 'ana@exemplo.com.br' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Pedido 100009 aberto')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('celula'));
    expect(await screen.findByText('Pedido 100009 aberto')).toBeTruthy();
  });
});
