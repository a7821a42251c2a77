/**
 * An unpaid order holds its units: the list marks it ('Segura N un.' beside 'Aguardando
 * Pagamento' or 'Erro no Pagamento'), and its page offers 'Liberar estoque', which asks for the
 * reason in a dialog, calls api/admin/pedidos/{ref}/liberar-estoque/ and then shows the order
 * cancelled, 'Estoque liberado pelas donas' and the reason.
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
import type { AdminOrder, AdminOrderSummary } from './orders-api';
import { OrdersPage } from './OrdersPage';
import { cancelReasonText } from './status';

const summary = (over: Partial<AdminOrderSummary>): AdminOrderSummary => ({
  reference: '100001',
  status: 'paid',
  status_texto: 'Pago',
  teste: false,
  criado_em: '2026-11-20T15:00:00Z',
  cliente: { nome: 'Ana Souza', email: 'ana@exemplo.com.br' },
  itens: 2,
  total_cents: 17980,
  codigo_rastreio: null,
  ...over,
});

const unpaid: AdminOrder = {
  reference: '100042',
  status: 'awaiting_payment',
  status_texto: 'Aguardando Pagamento',
  teste: false,
  criado_em: '2026-11-20T15:00:00Z',
  prazo_pagamento: '2026-11-21T15:00:00Z',
  lembrete_enviado_em: null,
  pago_em: null,
  em_andamento_em: null,
  enviado_em: null,
  entregue_em: null,
  cancelado_em: null,
  estornado_em: null,
  motivo_cancelamento: null,
  motivo_texto: null,
  codigo_rastreio: null,
  rastreio_url: null,
  itens: [
    {
      produto_id: 3,
      nome: 'Anel Solitário',
      imagem: null,
      preco_unitario_cents: 8990,
      quantidade: 3,
      subtotal_cents: 26970,
    },
  ],
  subtotal_cents: 26970,
  desconto_cents: 0,
  forma_pagamento: 'pix',
  pago_com: null,
  desconto_pix_cents: 0,
  frete_cents: 0,
  total_cents: 26970,
  cupom: null,
  frete_prazo: '',
  frete_regiao: '',
  endereco: null,
  cliente: {
    tipo: 'convidada',
    user_id: null,
    nome: null,
    email: null,
    cpf: null,
    telefone: null,
  },
  pagamento: { provedor: null, payment_id: null, eventos: [] },
  estorno: null,
  acoes: ['liberar_estoque'],
};

let api: FakeApi;

function show(path: string) {
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    );
  }
  return render(<OrdersPage />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/auditoria/': { body: { itens: [], pagina: 1, por_pagina: 20, total: 0 } },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

describe('the orders list', () => {
  it('marks the unpaid orders with the units they hold, and no other', async () => {
    api.on('GET /api/admin/pedidos/', {
      body: {
        pedidos: [
          summary({ reference: '100003', status: 'awaiting_payment', itens: 3 }),
          summary({ reference: '100002', status: 'payment_failed', itens: 1 }),
          summary({ reference: '100001', status: 'paid', itens: 2 }),
          summary({ reference: '100000', status: 'cancelled', itens: 4 }),
        ],
        total: 4,
        pagina: 1,
        por_pagina: 25,
      },
    });
    show('/');
    const table = await screen.findByTestId('pedidos-tabela');
    const badge = (reference: string) =>
      within(table.querySelector(`tr[data-reference="${reference}"]`) as HTMLElement)
        .queryByTestId('pedido-segura-estoque')
        ?.textContent?.replace('Ainda não pago: ', '');
    expect(badge('100003')).toBe('Segura 3 un.');
    expect(badge('100002')).toBe('Segura 1 un.');
    expect(badge('100001')).toBeUndefined();
    expect(badge('100000')).toBeUndefined();
    // The phone's cards say the same.
    const cards = screen.getByTestId('pedidos-cards');
    expect(within(cards).getAllByTestId('pedido-segura-estoque')).toHaveLength(2);
  });
});

describe("an unpaid order's page", () => {
  it("offers 'Liberar estoque', asks for the reason, and shows the order released", async () => {
    // The server's order: unpaid, then released (read again after the change).
    let now: AdminOrder = unpaid;
    api.on('GET /api/admin/pedidos/100042/', () => ({ body: { pedido: now } }));
    api.on('POST /api/admin/pedidos/100042/liberar-estoque/', (call) => {
      now = {
        ...unpaid,
        status: 'cancelled',
        status_texto: 'Cancelado',
        cancelado_em: '2026-11-20T16:00:00Z',
        motivo_cancelamento: 'released',
        motivo_texto: (call.body as { motivo: string }).motivo,
        acoes: [],
      };
      return { body: { pedido: now } };
    });
    show('/100042');
    const situation = await screen.findByTestId('pedido-situacao');
    expect(within(situation).getByTestId('pedido-segura-estoque').textContent).toContain(
      'Segura 3 un.',
    );
    fireEvent.click(within(situation).getByRole('button', { name: 'Liberar estoque' }));

    const dialog = await screen.findByTestId('dialogo-liberar-estoque');
    expect(dialog.textContent).toContain('segura 3 unidades');
    // No reason: nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Liberar estoque' }));
    expect(
      await within(dialog).findByText('Informe o motivo para liberar o estoque.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/pedidos/100042/liberar-estoque/')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: ' Pedidos repetidos de um robô ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Liberar estoque' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/admin/pedidos/100042/liberar-estoque/')).toHaveLength(1),
    );
    expect(api.callsTo('POST /api/admin/pedidos/100042/liberar-estoque/')[0]?.body).toEqual({
      motivo: 'Pedidos repetidos de um robô',
    });
    expect((await screen.findByTestId('pedido-motivo-cancelamento')).textContent).toBe(
      'Estoque liberado pelas donas. Motivo: Pedidos repetidos de um robô',
    );
    expect(within(situation).getByTestId('admin-order-status').textContent).toBe('Cancelado');
    expect(within(situation).queryByTestId('pedido-segura-estoque')).toBeNull();
    expect(within(situation).queryByRole('button', { name: 'Liberar estoque' })).toBeNull();
    expect(
      await screen.findByText(
        'Estoque liberado. O pedido foi cancelado e a cliente, avisada por e-mail.',
      ),
    ).toBeTruthy();
  });

  it('a paid order offers no release', async () => {
    api.on('GET /api/admin/pedidos/100042/', {
      body: { pedido: { ...unpaid, status: 'paid', status_texto: 'Pago', acoes: ['cancelar'] } },
    });
    show('/100042');
    const situation = await screen.findByTestId('pedido-situacao');
    expect(within(situation).queryByRole('button', { name: 'Liberar estoque' })).toBeNull();
    expect(within(situation).queryByTestId('pedido-segura-estoque')).toBeNull();
  });
});

describe('why a cancelled order was cancelled', () => {
  it('in the owners’ words, for each reason', () => {
    expect(cancelReasonText('released', 'Robô')).toBe('Estoque liberado pelas donas. Motivo: Robô');
    expect(cancelReasonText('owner', 'Pedido duplicado')).toBe(
      'Cancelado pelas donas. Motivo: Pedido duplicado',
    );
    expect(cancelReasonText('expired', null)).toBe(
      'Cancelado automaticamente: o prazo de pagamento terminou.',
    );
    expect(cancelReasonText(null, null)).toBeNull();
  });
});
