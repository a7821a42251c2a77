/**
 * 'Frete': the saved settings shown (never a token, only its end), the sender and a service
 * saved through api/admin/frete/, a bad CPF refused before sending with the domain's message, the
 * server's field message under its field, and 'Testar conexão' saying what Melhor Envio answered.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  SHIPPING_SETTINGS_CEP_INVALID,
  SHIPPING_SETTINGS_DOCUMENT_INVALID,
  SHIPPING_SETTINGS_INVALID,
  SHIPPING_SETTINGS_SAVED,
} from '@semijoias/domain/messages';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { ShippingPage } from './ShippingPage';
import type { ShippingSettingsJson } from './shipping-api';

let api: FakeApi;

const box = { largura: 15, altura: 5, comprimento: 20, peso_gramas: 200 };
const SAVED: ShippingSettingsJson = {
  ativo: null,
  cotando: false,
  ambiente: null,
  token: { salvo: true, origem: 'painel', final: 'WXYZ', ilegivel: false },
  email_tecnico: '',
  email_tecnico_padrao: 'contato@loja.test',
  cep_origem_padrao: null,
  remetente: {
    nome: '',
    telefone: '',
    email: '',
    documento: '',
    inscricao_estadual: '',
    rua: '',
    numero: '',
    complemento: '',
    bairro: '',
    cidade: '',
    uf: '',
    cep: '',
  },
  servicos: [{ id: 1, transportadora: 'Correios', servico: 'PAC', margem: '0.00', dias_extras: 0 }],
  embalagens: { aneis: box, brincos: box, pulseiras: box, colares: box },
  ultimo_teste: null,
};

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
  return render(<ShippingPage />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/frete/': { body: { frete: SAVED } },
    'PUT /api/admin/frete/': { body: { frete: { ...SAVED, cotando: true } } },
    'POST /api/admin/frete/testar/': {
      body: {
        teste: {
          resultado: 'token-invalido',
          ok: false,
          mensagem: 'Melhor Envio: token inválido ou expirado.',
        },
      },
    },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

const input = (label: string) => screen.findByLabelText<HTMLInputElement>(label);

async function fillSender() {
  const values: [string, string][] = [
    ['Nome ou razão social', 'Duas Irmãs'],
    ['CPF ou CNPJ', '52998224725'],
    ['Telefone', '11987654321'],
    ['E-mail', 'envios@loja.test'],
    ['CEP de origem', '01310100'],
    ['Rua', 'Avenida Paulista'],
    ['Número', '1000'],
    ['Bairro', 'Bela Vista'],
    ['Cidade', 'São Paulo'],
  ];
  for (const [label, value] of values) fireEvent.change(await input(label), { target: { value } });
  fireEvent.change(screen.getByLabelText('UF'), { target: { value: 'SP' } });
}

describe("'Frete'", () => {
  it('shows the saved token only by its end, and saves the sender and a service', async () => {
    show();
    const token = await input('Token do Melhor Envio');
    expect(token.value).toBe('');
    expect(screen.getByText(/terminado em WXYZ/)).toBeTruthy();
    expect(screen.getByText('Desligado')).toBeTruthy();
    await fillSender();
    expect((await input('Telefone')).value).toBe('(11) 98765-4321');
    fireEvent.click(screen.getByLabelText(/Mini Envios/, { selector: 'input[type=checkbox]' }));
    fireEvent.change(await input('Margem Mini Envios (R$)'), { target: { value: '2,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/frete/')).toHaveLength(1));
    const body = api.callsTo('PUT /api/admin/frete/')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      ativo: true,
      ambiente: null,
      remetente: { nome: 'Duas Irmãs', uf: 'SP', cep: '01310-100' },
      servicos: [
        { id: 1, margem: '0,00', dias_extras: '0' },
        { id: 17, margem: '2,50', dias_extras: '0' },
      ],
    });
    expect(body).not.toHaveProperty('token');
    expect(await screen.findByText(SHIPPING_SETTINGS_SAVED)).toBeTruthy();
  });

  it('refuses a bad CPF before sending, and shows the server field message under its field', async () => {
    show();
    await fillSender();
    fireEvent.change(await input('CPF ou CNPJ'), { target: { value: '111.111.111-11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(SHIPPING_SETTINGS_DOCUMENT_INVALID)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/frete/')).toEqual([]);

    api.on('PUT /api/admin/frete/', {
      status: 400,
      body: {
        error: SHIPPING_SETTINGS_INVALID,
        errors: { 'remetente.cep': [SHIPPING_SETTINGS_CEP_INVALID] },
      },
    });
    fireEvent.change(await input('CPF ou CNPJ'), { target: { value: '52998224725' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(SHIPPING_SETTINGS_CEP_INVALID)).toBeTruthy();
    expect((await input('CEP de origem')).getAttribute('aria-invalid')).toBe('true');
  });

  it("'Testar conexão' shows Melhor Envio's answer", async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Testar conexão' }));
    expect(await screen.findByText('Melhor Envio: token inválido ou expirado.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/frete/testar/')).toHaveLength(1);
  });
});
