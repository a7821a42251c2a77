/**
 * The owner's back office with the second factor lasts 12 hours (issue 33, 'sessions that end'):
 * past them every /api/admin/ call answers 403 `segundo_fator_necessario`. An open page does not
 * go on showing errors: the back office covers it with its second-factor step at once, and after
 * a valid code she is back on the same page, with what she typed, and what failed is asked again.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Route, Routes, useLocation } from 'react-router';
import {
  SECOND_FACTOR_REQUIRED,
  SECOND_FACTOR_REQUIRED_CODE,
} from '@semijoias/domain/second-factor';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { AdminApp } from '../AdminApp';

const OWNER = { id: 1, email: 'dona@semijoias.test', nome: 'Dona Maria' };
/** The 403 of the owner guard (apps/api/src/modules/owner-access/guard.ts). */
const FACTOR_REQUIRED = {
  status: 403,
  body: {
    error: SECOND_FACTOR_REQUIRED,
    message: SECOND_FACTOR_REQUIRED,
    codigo: SECOND_FACTOR_REQUIRED_CODE,
  },
};
const COUPON = {
  id: 7,
  codigo: 'VERAO10',
  descricao: 'Campanha de verão',
  tipo: 'percentual',
  percentual: 10,
  valor: null,
  pedido_minimo: null,
  valido_de: null,
  valido_ate: null,
  limite_uso: null,
  vezes_usado: 0,
  uma_vez_por_cliente: false,
  primeira_compra: false,
  cliente_email: null,
  ativo: true,
  status: 'Ativo',
  criado_em: '2026-11-20T15:00:00Z',
  atualizado_em: '2026-11-20T15:00:00Z',
};

/** Above findByRole's 5 s (test/setup.ts): a missing step fails there, saying what is missing. */
const TIMEOUT_MS = 15_000;

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken(OWNER.email), 'r');
  api = installFakeApi({
    'GET /api/admin/sessao/': { body: OWNER },
    'GET /api/admin/ambiente/': { body: { avisos: [] } },
    'GET /api/segundo-fator/': {
      body: { configurado: true, obrigatorio: true, codigos_restantes: 8 },
    },
    'POST /api/segundo-fator/verificar/': {
      body: { access: accessToken(OWNER.email), refresh: 'r2', codigos_restantes: 8 },
    },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function show(path: string) {
  const Providers = providers(undefined, path);
  render(
    <Providers>
      <ToastProvider>
        <Routes>
          <Route path="/admin/*" element={<AdminApp />} />
        </Routes>
        <Where />
      </ToastProvider>
    </Providers>,
  );
}

const gateTitle = () => screen.queryByRole('heading', { name: 'Verificação em duas etapas' });

async function typeCode() {
  const field = await screen.findByLabelText('Código do aplicativo ou de recuperação');
  fireEvent.change(field, { target: { value: '123456' } });
  fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
}

describe('an open page past the 12 hours of the second factor', { timeout: TIMEOUT_MS }, () => {
  it('a save answered 403 segundo_fator_necessario: the second-factor step, then the same form with what she typed', async () => {
    api.on('POST /api/admin/cupons/', FACTOR_REQUIRED);
    show('/admin/cupons/novo');

    fireEvent.change(await screen.findByLabelText(/^Código/), { target: { value: 'VERAO10' } });
    fireEvent.change(screen.getByLabelText(/^Descrição/), {
      target: { value: 'Campanha de verão' },
    });
    fireEvent.change(screen.getByLabelText(/^Percentual de desconto/), {
      target: { value: '10' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Criar cupom' }));

    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Criar cupom' })).toBeNull();

    await typeCode();
    await waitFor(() => expect(gateTitle()).toBeNull());
    expect(api.callsTo('POST /api/segundo-fator/verificar/')[0]!.body).toEqual({
      codigo: '123456',
    });
    // The same page, the same form, nothing typed lost: she only saves again.
    expect(screen.getByTestId('where').textContent).toBe('/admin/cupons/novo');
    expect((screen.getByLabelText(/^Código/) as HTMLInputElement).value).toBe('VERAO10');
    expect((screen.getByLabelText(/^Descrição/) as HTMLInputElement).value).toBe(
      'Campanha de verão',
    );
    expect(api.callsTo('POST /api/admin/cupons/')).toHaveLength(1);
  });

  it('a list answered 403 segundo_fator_necessario: the second-factor step, then the list asked again', async () => {
    let factor = false;
    api.on('GET /api/admin/cupons/', () =>
      factor ? { body: { cupons: [COUPON] } } : FACTOR_REQUIRED,
    );
    api.on('POST /api/segundo-fator/verificar/', () => {
      factor = true;
      return { body: { access: accessToken(OWNER.email), refresh: 'r2', codigos_restantes: 8 } };
    });
    show('/admin/cupons');

    expect(await screen.findByRole('heading', { name: 'Verificação em duas etapas' })).toBeTruthy();
    await typeCode();

    expect(await screen.findByText('VERAO10')).toBeTruthy();
    expect(gateTitle()).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/admin/cupons');
    expect(api.callsTo('GET /api/admin/cupons/')).toHaveLength(2);
    // The session itself never failed: it is not asked again.
    expect(api.callsTo('GET /api/admin/sessao/')).toHaveLength(1);
  });
});
