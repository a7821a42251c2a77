/**
 * 'Avise-me quando chegar' on the product page: shown for a sold-out piece (and, for a
 * piece sold by size, for its sold-out sizes), her e-mail checked before the call, filled in when
 * she is logged in, the request sent with the piece and the size, and the API's answers said on
 * the page: the confirmation, 'Este produto está disponível.', a field error, a failure.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  STOCK_ALERT_AVAILABLE,
  STOCK_ALERT_EMAIL_INVALID,
  STOCK_ALERT_EMAIL_REQUIRED,
  STOCK_ALERT_FAILED,
} from '@semijoias/domain/stock-alerts';
import type { ProductSummary, Variation } from '@/lib/product';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { StockAlert } from './StockAlert';

const brinco: ProductSummary = {
  id: 7,
  name: 'Brinco Gota Cristal',
  price: '129.90',
  image: null,
  category: 'Brinco',
  novo: false,
  promocao: false,
  estoque: 0,
};

const ring: ProductSummary = {
  ...brinco,
  id: 5,
  name: 'Anel Aurora',
  category: 'Anel',
  estoque: 3,
};
(ring as ProductSummary & { tem_variacoes: boolean }).tem_variacoes = true;

const sizes: Variation[] = [
  { id: 41, nome: '12', estoque: 3, disponivel: true },
  { id: 42, nome: '13', estoque: 0, disponivel: false },
  { id: 44, nome: '15', estoque: 0, disponivel: false },
];

let api: FakeApi;

function answered(
  email: string,
  variacao_id: number | null = null,
  status = 201,
  confirmado = false,
) {
  return {
    status,
    body: { success: true, novo: status === 201, confirmado, produto_id: 7, variacao_id, email },
  };
}

function show(product: ProductSummary, variations: Variation[] = [], axis: string | null = null) {
  return render(<StockAlert product={product} axis={axis} variations={variations} />, {
    wrapper: providers(),
  });
}

const emailField = () => screen.getByLabelText('Seu e-mail') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Avise-me' }));
const type = (value: string) => fireEvent.change(emailField(), { target: { value } });

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe('a piece sold without sizes', () => {
  it('shows nothing while the piece is in stock', () => {
    const { container } = show({ ...brinco, estoque: 2 });
    expect(container.textContent).toBe('');
  });

  it('checks her e-mail, sends the request and confirms on the page', async () => {
    api.on('POST /api/avise-me/', answered('ana@exemplo.com'));
    show(brinco);
    const form = screen.getByRole('region', { name: 'Avise-me quando chegar' });
    expect(emailField().value).toBe('');

    submit();
    expect(await within(form).findByText(STOCK_ALERT_EMAIL_REQUIRED)).toBeTruthy();
    type('ana@');
    submit();
    expect(await within(form).findByText(STOCK_ALERT_EMAIL_INVALID)).toBeTruthy();
    expect(api.calls).toEqual([]);

    type(' Ana@Exemplo.com ');
    submit();
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(
      'Enviamos um e-mail de confirmação para ana@exemplo.com. Abra o link nele para receber o aviso quando chegar.',
    );
    expect(api.callsTo('POST /api/avise-me/').map((c) => c.body)).toEqual([
      { produto_id: 7, email: 'Ana@Exemplo.com' },
    ]);
    expect(screen.queryByLabelText('Seu e-mail')).toBeNull();
  });

  it('says so when her address had already confirmed the request (no new e-mail)', async () => {
    api.on('POST /api/avise-me/', answered('ana@exemplo.com', null, 200, true));
    show(brinco);
    type('ana@exemplo.com');
    submit();
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('Pronto! Avisaremos ana@exemplo.com quando chegar.');
  });

  it('fills in her e-mail when she is logged in, and sends the one she types instead', async () => {
    storeTokens(accessToken('ana@exemplo.com.br'), 'refresh');
    api.on('GET /api/infos/', { body: { email: 'ana@exemplo.com.br', first_name: 'Ana' } });
    api.on('POST /api/avise-me/', answered('outra@exemplo.com'));
    show(brinco);
    await waitFor(() => expect(emailField().value).toBe('ana@exemplo.com.br'));
    type('outra@exemplo.com');
    submit();
    await screen.findByRole('status');
    const [call] = api.callsTo('POST /api/avise-me/');
    expect(call!.body).toEqual({ produto_id: 7, email: 'outra@exemplo.com' });
    expect(call!.headers.Authorization).toMatch(/^Bearer /);
  });

  it('says the API’s refusals: back in stock, a bad address, no answer', async () => {
    api.on('POST /api/avise-me/', { status: 409, body: { error: STOCK_ALERT_AVAILABLE } });
    api.on('GET /api/produtos/detalhes/7/', { body: { ...brinco, estoque: 1 } });
    show(brinco);
    type('ana@exemplo.com');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(STOCK_ALERT_AVAILABLE);

    api.on('POST /api/avise-me/', {
      status: 400,
      body: { error: STOCK_ALERT_EMAIL_INVALID, errors: { email: [STOCK_ALERT_EMAIL_INVALID] } },
    });
    submit();
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(STOCK_ALERT_EMAIL_INVALID)).toBeTruthy();

    api.on('POST /api/avise-me/', 'no-response');
    submit();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(STOCK_ALERT_FAILED));
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('a piece sold by size', () => {
  it('offers its sold-out sizes behind “Seu aro esgotou?” and sends the one chosen', async () => {
    api.on('POST /api/avise-me/', answered('bia@exemplo.com', 44));
    show(ring, sizes, 'Aro');
    expect(screen.queryByLabelText('Seu e-mail')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Seu aro esgotou? Avise-me quando chegar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const select = screen.getByLabelText('Aro') as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['42', '13'],
      ['44', '15'],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(select));
    fireEvent.change(select, { target: { value: '44' } });
    type('bia@exemplo.com');
    submit();
    await screen.findByRole('status');
    expect(api.callsTo('POST /api/avise-me/')[0]!.body).toEqual({
      produto_id: 5,
      variacao_id: 44,
      email: 'bia@exemplo.com',
    });
  });

  it('shows nothing when every size is in stock', () => {
    const { container } = show(ring, [sizes[0]!], 'Aro');
    expect(container.textContent).toBe('');
  });

  it('opens at once when every size is out, “Qualquer aro” first (the piece as a whole)', async () => {
    api.on('POST /api/avise-me/', answered('cris@exemplo.com'));
    const out = sizes.map((s) => ({ ...s, estoque: 0, disponivel: false }));
    show({ ...ring, estoque: 0 }, out, 'Aro');
    const select = screen.getByLabelText('Aro') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Qualquer aro',
      '12',
      '13',
      '15',
    ]);
    expect(select.value).toBe('');
    type('cris@exemplo.com');
    submit();
    await screen.findByRole('status');
    expect(api.callsTo('POST /api/avise-me/')[0]!.body).toEqual({
      produto_id: 5,
      email: 'cris@exemplo.com',
    });
  });
});
