/**
 * The order page's 'Etiqueta' card (docs/shipping-labels.md): the declaração de conteúdo by
 * default, 'Comprar etiqueta' sending the service and the document, then the price, the tracking
 * and 'Imprimir etiqueta'; a refusal (the balance) shown in the card in the server's words; a
 * nota fiscal's key refused beside its field; a label waiting for the carrier's code with
 * 'Atualizar rastreio'; 'Comprar nova etiqueta' on a shipped order whose label was cancelled; a
 * purchase running in another tab shown as such until it ends; the label's list holds only its
 * terms (the notes beside it).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import {
  LABEL_AWAITING_CARRIER_CODE,
  LABEL_CANCELLED_CODE_NOTE,
  LABEL_REBUY_NOTE,
  LABEL_TRACKING_STILL_AWAITED,
} from '@semijoias/domain/messages';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { LABEL_BUSY_POLL_MS, LabelCard } from './LabelCard';
import type { LabelState, OrderLabel } from './labels-api';

const URL = 'GET /api/admin/pedidos/100042/etiqueta/';
const BUY = 'POST /api/admin/pedidos/100042/etiqueta/';
const TRACKING = 'POST /api/admin/pedidos/100042/etiqueta/rastreio/';

const none: LabelState = {
  etiqueta: null,
  melhor_envio_ativo: true,
  servicos: [
    { id: 1, transportadora: 'Correios', servico: 'PAC' },
    { id: 2, transportadora: 'Correios', servico: 'SEDEX' },
  ],
  servico_padrao: 2,
  pedido_status: 'paid',
};

const generated: OrderLabel = {
  status: 'gerada',
  servico_id: 2,
  transportadora: 'Correios',
  servico: 'SEDEX',
  documento: 'declaracao',
  preco_cents: 2745,
  protocolo: 'ORD-1',
  codigo_rastreio: 'AA473124829BR',
  rastreio_url: 'https://rastreamento.correios.com.br/app/index.php?objetos=AA473124829BR',
  erro: null,
  em_andamento: false,
  pago_em: '2026-11-28T12:00:00Z',
  gerada_em: '2026-11-28T12:00:01Z',
  cancelada_em: null,
  aguardando_rastreio: false,
  pode_imprimir: true,
  pode_cancelar: true,
  pode_comprar: false,
  pode_atualizar_rastreio: false,
};

/** Generated, the carrier's code still to come. */
const awaiting: OrderLabel = {
  ...generated,
  codigo_rastreio: null,
  rastreio_url: null,
  aguardando_rastreio: true,
  pode_atualizar_rastreio: true,
};

let api: FakeApi;

function show() {
  const client = testQueryClient();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    );
  }
  return render(<LabelCard reference="100042" />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    [URL]: { body: none },
    'GET /api/admin/pedidos/100042/': { body: {} },
    'GET /api/admin/pedidos/': { body: {} },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Etiqueta card', () => {
  it('buys with the order’s service and a declaração, then shows the price and the tracking', async () => {
    // The label as the server keeps it: read again after the purchase.
    let current = none;
    api.on(URL, () => ({ body: current }));
    api.on(BUY, () => {
      current = { ...none, etiqueta: generated };
      return { body: current };
    });
    show();
    const card = await screen.findByTestId('etiqueta');
    expect(
      (within(card).getByRole('radio', { name: 'Declaração de conteúdo' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
    expect((within(card).getByLabelText('Serviço') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(within(card).getByRole('button', { name: 'Comprar etiqueta' }));
    expect((await within(card).findByTestId('etiqueta-rastreio')).textContent).toBe(
      'AA473124829BR',
    );
    expect(api.callsTo(BUY)[0]!.body).toEqual({ servico: 2, documento: 'declaracao' });
    expect(within(card).getByTestId('etiqueta-preco').textContent).toContain('27,45');
    expect(
      (within(card).getByRole('button', { name: 'Imprimir etiqueta' }) as HTMLButtonElement)
        .disabled,
    ).toBe(false);
    expect(within(card).queryByRole('button', { name: 'Comprar etiqueta' })).toBeNull();
  });

  it('shows a refusal in the card, in the server’s words', async () => {
    const message =
      'Saldo insuficiente no Melhor Envio: faltam R$ 13,00 (a etiqueta custa R$ 18,00 e o saldo é R$ 5,00).';
    api.on(BUY, { status: 409, body: { error: message, etiqueta: null } });
    show();
    const card = await screen.findByTestId('etiqueta');
    fireEvent.click(within(card).getByRole('button', { name: 'Comprar etiqueta' }));
    expect((await within(card).findByTestId('etiqueta-erro')).textContent).toContain(message);
  });

  it('a nota fiscal asks for its key; the server’s refusal shows beside it', async () => {
    api.on(BUY, {
      status: 400,
      body: {
        error: 'A chave de acesso da nota fiscal tem 44 números.',
        errors: { chave_nf: ['A chave de acesso da nota fiscal tem 44 números.'] },
      },
    });
    show();
    const card = await screen.findByTestId('etiqueta');
    fireEvent.click(within(card).getByRole('radio', { name: 'Nota fiscal' }));
    fireEvent.change(within(card).getByLabelText('Chave de acesso da nota fiscal'), {
      target: { value: '123' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Comprar etiqueta' }));
    await waitFor(() =>
      expect(
        within(card).getByText('A chave de acesso da nota fiscal tem 44 números.'),
      ).toBeTruthy(),
    );
    expect(api.callsTo(BUY)[0]!.body).toEqual({
      servico: 2,
      documento: 'nota_fiscal',
      chave_nf: '123',
    });
  });

  it('a label waiting for the carrier’s code says so; ‘Atualizar rastreio’ asks now', async () => {
    let current: LabelState = { ...none, etiqueta: awaiting };
    let codeGiven = false;
    api.on(URL, () => ({ body: current }));
    api.on(TRACKING, () => {
      current = { ...none, etiqueta: codeGiven ? generated : awaiting, pedido_status: 'shipped' };
      return { body: current };
    });
    show();
    const card = await screen.findByTestId('etiqueta');
    expect(within(card).getByTestId('etiqueta-aguardando').textContent).toBe(
      LABEL_AWAITING_CARRIER_CODE,
    );
    expect(within(card).queryByTestId('etiqueta-rastreio')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Comprar etiqueta' })).toBeNull();

    // Not given yet: the card keeps waiting and says the store goes on asking.
    fireEvent.click(within(card).getByRole('button', { name: 'Atualizar rastreio' }));
    expect(await screen.findByText(LABEL_TRACKING_STILL_AWAITED)).toBeTruthy();
    expect(api.callsTo(TRACKING)).toHaveLength(1);
    expect(within(card).getByTestId('etiqueta-aguardando')).toBeTruthy();

    codeGiven = true;
    fireEvent.click(within(card).getByRole('button', { name: 'Atualizar rastreio' }));
    expect((await within(card).findByTestId('etiqueta-rastreio')).textContent).toBe(
      'AA473124829BR',
    );
    expect(within(card).queryByTestId('etiqueta-aguardando')).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Atualizar rastreio' })).toBeNull();
  });

  it('a shipped order whose label was cancelled offers ‘Comprar nova etiqueta’', async () => {
    const cancelled: OrderLabel = {
      ...generated,
      status: 'cancelada',
      cancelada_em: '2026-11-29T10:00:00Z',
      pode_imprimir: false,
      pode_cancelar: false,
      pode_comprar: true,
      rastreio_url: null,
    };
    let current: LabelState = { ...none, etiqueta: cancelled, pedido_status: 'shipped' };
    api.on(URL, () => ({ body: current }));
    api.on(BUY, () => {
      current = {
        ...current,
        etiqueta: { ...generated, codigo_rastreio: 'AA473124832BR' },
      };
      return { body: current };
    });
    show();
    const card = await screen.findByTestId('etiqueta');
    expect(within(card).getByTestId('etiqueta-nova-aviso').textContent).toBe(LABEL_REBUY_NOTE);
    // The cancelled label's code stays for the record, struck through, with nothing to follow.
    expect(within(card).getByTestId('etiqueta-rastreio').className).toContain('line-through');
    expect(within(card).getByTestId('etiqueta-rastreio-cancelado').textContent).toBe(
      LABEL_CANCELLED_CODE_NOTE,
    );
    expect(within(card).queryByRole('link', { name: /rastre/i })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Comprar etiqueta' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Comprar nova etiqueta' }));
    expect((await within(card).findByTestId('etiqueta-rastreio')).textContent).toBe(
      'AA473124832BR',
    );
    expect(api.callsTo(BUY)[0]!.body).toEqual({ servico: 2, documento: 'declaracao' });
    expect(within(card).queryByRole('button', { name: 'Comprar nova etiqueta' })).toBeNull();
    expect(within(card).queryByTestId('etiqueta-nova-aviso')).toBeNull();
    expect(within(card).queryByTestId('etiqueta-rastreio-cancelado')).toBeNull();
  });

  it('an order still paid whose label was cancelled keeps ‘Comprar etiqueta’, without the note', async () => {
    api.on(URL, {
      body: {
        ...none,
        etiqueta: { ...generated, status: 'cancelada', pode_comprar: true, pode_imprimir: false },
      },
    });
    show();
    const card = await screen.findByTestId('etiqueta');
    expect(within(card).getByRole('button', { name: 'Comprar etiqueta' })).toBeTruthy();
    expect(within(card).queryByTestId('etiqueta-nova-aviso')).toBeNull();
  });

  it('a purchase running elsewhere shows ‘Comprando etiqueta…’, disabled, until it ends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // Another tab bought it: the claim holds the label, half-way, with no error.
      const running: OrderLabel = {
        ...generated,
        status: 'comprando',
        preco_cents: null,
        codigo_rastreio: null,
        rastreio_url: null,
        em_andamento: true,
        gerada_em: null,
        pago_em: null,
        pode_imprimir: false,
        pode_cancelar: false,
        pode_comprar: false,
      };
      let current: LabelState = { ...none, etiqueta: running };
      api.on(URL, () => ({ body: current }));
      show();
      const card = await screen.findByTestId('etiqueta');
      const button = within(card).getByTestId('etiqueta-comprar') as HTMLButtonElement;
      expect(button.textContent).toBe('Comprando etiqueta…');
      expect(button.disabled).toBe(true);
      expect(within(card).queryByRole('combobox')).toBeNull();

      // It ends there; the card asks again by itself and shows the label.
      current = { ...none, etiqueta: generated, pedido_status: 'shipped' };
      await vi.advanceTimersByTimeAsync(LABEL_BUSY_POLL_MS);
      expect((await within(card).findByTestId('etiqueta-rastreio')).textContent).toBe(
        'AA473124829BR',
      );
      expect(within(card).queryByTestId('etiqueta-comprar')).toBeNull();
      const asked = api.callsTo(URL).length;
      await vi.advanceTimersByTimeAsync(LABEL_BUSY_POLL_MS * 2);
      expect(api.callsTo(URL)).toHaveLength(asked);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the label’s list holds only its terms; the waiting and the cancel date are beside it', async () => {
    api.on(URL, { body: { ...none, etiqueta: awaiting } });
    const { unmount } = show();
    let card = await screen.findByTestId('etiqueta');
    const note = within(card).getByTestId('etiqueta-aguardando');
    expect(note.closest('dl')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Atualizar rastreio' })).toBeTruthy();
    for (const child of card.querySelector('dl')!.children) expect(child.tagName).toBe('DIV');
    unmount();

    api.on(URL, {
      body: {
        ...none,
        etiqueta: {
          ...generated,
          status: 'cancelada',
          cancelada_em: '2026-11-29T10:00:00Z',
          pode_imprimir: false,
          pode_cancelar: false,
          pode_comprar: true,
        },
      },
    });
    show();
    card = await screen.findByTestId('etiqueta');
    expect(
      within(card)
        .getByText(/^Cancelada em /)
        .closest('dl'),
    ).toBeNull();
  });
});
