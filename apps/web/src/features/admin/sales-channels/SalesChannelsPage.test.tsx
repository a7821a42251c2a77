/**
 * 'Canais de venda': the feeds' addresses with 'Copiar', how many pieces they list, the steps of
 * each platform; the brand and the WhatsApp (the server's default, a number of the owners', off)
 * saved through api/admin/canais/, a bad number refused before sending with the domain's message,
 * the server's field message under its field.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { SALES_CHANNELS_MESSAGES } from '@semijoias/domain/product-feeds';
import { WHATSAPP_NUMBER_INVALID } from '@semijoias/domain/whatsapp';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { ADDRESS_COPIED, SALES_CHANNELS_SAVED, SalesChannelsPage } from './SalesChannelsPage';
import type { SalesChannelsJson } from './sales-channels-api';

let api: FakeApi;

const SAVED: SalesChannelsJson = {
  marca: null,
  marca_padrao: 'Duas Irmãs Semijoias',
  marca_em_uso: 'Duas Irmãs Semijoias',
  whatsapp: null,
  whatsapp_padrao: '11974523180',
  whatsapp_em_uso: '11974523180',
  whatsapp_origem: 'ambiente',
  feeds: [
    {
      canal: 'google',
      nome: 'Google Merchant Center',
      url: 'https://loja.test/feeds/google.xml',
    },
    { canal: 'meta', nome: 'Meta (Facebook e Instagram)', url: 'https://loja.test/feeds/meta.csv' },
  ],
  pecas_nos_catalogos: 57,
  itens_nos_catalogos: 178,
  pecas_fora: 2,
  atualizado_em: null,
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
  return render(<SalesChannelsPage />, { wrapper: Wrapper });
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/canais/': { body: { canais: SAVED } },
    'PUT /api/admin/canais/': {
      body: {
        canais: {
          ...SAVED,
          marca: 'Ateliê Duas',
          marca_em_uso: 'Ateliê Duas',
          whatsapp: '21987654321',
          whatsapp_em_uso: '21987654321',
          whatsapp_origem: 'painel',
        },
      },
    },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

describe('Canais de venda', () => {
  it('shows the feeds’ addresses, copies them, counts the pieces and gives each platform’s steps', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show();
    const google = await screen.findByLabelText<HTMLInputElement>('Google Merchant Center');
    expect(google.value).toBe('https://loja.test/feeds/google.xml');
    expect(google.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Meta (Facebook e Instagram)').value).toBe(
      'https://loja.test/feeds/meta.csv',
    );
    expect(screen.getByTestId('catalogos-contagem').textContent).toBe(
      '57 peças nos catálogos (178 itens, cada tamanho conta um). 2 peças visíveis ficaram de fora (marcadas “Não enviar aos catálogos” ou sem foto).',
    );
    fireEvent.click(
      screen.getByRole('button', { name: 'Copiar o endereço do Meta (Facebook e Instagram)' }),
    );
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('https://loja.test/feeds/meta.csv'));
    expect(await screen.findByText(ADDRESS_COPIED)).toBeTruthy();

    const steps = (name: string) =>
      within(screen.getByRole('heading', { name }).closest('section')!)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    const googleSteps = steps('Google Merchant Center');
    expect(googleSteps).toHaveLength(6);
    expect(googleSteps[1]).toContain('Produtos › Fontes de dados');
    expect(googleSteps[2]).toContain('Adicionar produtos de um arquivo');
    expect(googleSteps[4]).toContain('Diariamente');
    const metaSteps = steps('Instagram e Facebook (Meta)');
    expect(metaSteps[1]).toContain('Catálogo › Fontes de dados');
    expect(metaSteps[2]).toContain('Feed de dados');
    expect(metaSteps[2]).toContain('Usar um URL');
  });

  it('says which WhatsApp is in use and saves a brand and a number of their own', async () => {
    show();
    expect((await screen.findByTestId('whatsapp-em-uso')).textContent).toBe(
      'Em uso na loja: (11) 97452-3180, o padrão do servidor (WHATSAPP_NUMBER).',
    );
    const fallback = screen.getByRole('radio', {
      name: 'Usar o número padrão do servidor: (11) 97452-3180',
    });
    expect((fallback as HTMLInputElement).checked).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Marca').placeholder).toBe(
      'Duas Irmãs Semijoias',
    );
    fireEvent.change(screen.getByLabelText('Marca'), { target: { value: 'Ateliê Duas' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Usar este número:' }));
    const number = screen.getByLabelText<HTMLInputElement>('Número com DDD');
    fireEvent.change(number, { target: { value: '21987654321' } });
    expect(number.value).toBe('(21) 98765-4321');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/canais/')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/canais/')[0]?.body).toEqual({
      marca: 'Ateliê Duas',
      whatsapp: '(21) 98765-4321',
    });
    expect(await screen.findByText(SALES_CHANNELS_SAVED)).toBeTruthy();
    expect((await screen.findByTestId('whatsapp-em-uso')).textContent).toBe(
      'Em uso na loja: (21) 98765-4321, o número salvo aqui.',
    );
  });

  it('turns WhatsApp off as an empty number, and refuses a bad one before sending', async () => {
    show();
    fireEvent.click(await screen.findByRole('radio', { name: 'Usar este número:' }));
    fireEvent.change(screen.getByLabelText('Número com DDD'), { target: { value: '1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(WHATSAPP_NUMBER_INVALID)).toBeTruthy();
    expect(screen.getByLabelText('Número com DDD').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT /api/admin/canais/')).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: 'Não mostrar WhatsApp na loja' }));
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(api.callsTo('PUT /api/admin/canais/')).toHaveLength(1));
    expect(api.callsTo('PUT /api/admin/canais/')[0]?.body).toEqual({ marca: '', whatsapp: '' });
  });

  it("shows the server's message under the brand", async () => {
    api.on('PUT /api/admin/canais/', {
      status: 400,
      body: {
        error: SALES_CHANNELS_MESSAGES.invalido,
        errors: { marca: [SALES_CHANNELS_MESSAGES.marca] },
      },
    });
    show();
    fireEvent.change(await screen.findByLabelText('Marca'), { target: { value: 'Loja' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(SALES_CHANNELS_MESSAGES.marca)).toBeTruthy();
    expect(screen.getByLabelText('Marca').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT /api/admin/canais/')[0]?.body).toEqual({
      marca: 'Loja',
      whatsapp: null,
    });
  });
});
