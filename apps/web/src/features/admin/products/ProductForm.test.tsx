/**
 * The product form's 'Máximo por cliente': empty is the store's default (named with its number),
 * a number is the piece's own; what she typed travels as typed and the server's message shows
 * under the field.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MAX_PER_CUSTOMER_INVALID } from '@semijoias/domain/purchase-limits';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import type { AdminProduct } from './products-api';
import { ProductForm, type ProductFormBody } from './ProductForm';

const earring: AdminProduct = {
  id: 9,
  slug: 'brinco-gota',
  nome: 'Brinco Gota',
  categoria: 'Brinco',
  preco: '59.90',
  preco_original: null,
  descricao: '',
  novo: false,
  promocao: false,
  estoque: 8,
  estoque_baixo: false,
  peso_gramas: 20,
  maximo_por_cliente: 3,
  oculto: false,
  oculto_em: null,
  ja_pedido: false,
  vendidos: 0,
  imagens: {} as AdminProduct['imagens'],
  composicoes: [],
  criado_em: '2026-01-01T12:00:00Z',
  atualizado_em: '2026-01-01T12:00:00Z',
  nome_variacao: null,
  variacoes: [],
};

let api: FakeApi;

function show(product?: AdminProduct, errors: Record<string, string> = {}) {
  const client = testQueryClient();
  const onSubmit = vi.fn<(body: ProductFormBody) => void>();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  }
  render(
    <ProductForm
      product={product}
      errors={errors}
      saving={false}
      submitLabel="Salvar"
      onSubmit={onSubmit}
    />,
    { wrapper: Wrapper },
  );
  return onSubmit;
}

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi({
    'GET /api/admin/limites/': { body: { limites: { maximo_por_cliente: 10 } } },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

const field = () => screen.getByLabelText<HTMLInputElement>('Máximo por cliente');

describe("the product form's 'Máximo por cliente'", () => {
  it("a new piece starts empty, named as the store's default, and sends null", async () => {
    const onSubmit = show();
    await waitFor(() => expect(field().placeholder).toBe('Padrão da loja (10)'));
    expect(field().value).toBe('');
    expect(screen.getByText(/Vazio: padrão da loja \(10\)\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ maximo_por_cliente: null });
  });

  it("shows the piece's own and sends what she types", async () => {
    const onSubmit = show(earring);
    expect(field().value).toBe('3');
    fireEvent.change(field(), { target: { value: ' 5 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ maximo_por_cliente: '5', estoque: '8' });
    // Emptied: back to the store's default.
    fireEvent.change(field(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ maximo_por_cliente: null });
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });

  it("shows the server's message under the field", () => {
    show(earring, { maximo_por_cliente: MAX_PER_CUSTOMER_INVALID });
    expect(screen.getByText(MAX_PER_CUSTOMER_INVALID)).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
  });
});

describe("the product form's weight", () => {
  const weight = () => screen.getByLabelText<HTMLInputElement>('Peso (gramas)');
  const category = () => screen.getByLabelText<HTMLSelectElement>('Categoria');

  it("a new piece takes its category's weight until she types one", async () => {
    const onSubmit = show();
    expect(weight().value).toBe('');
    fireEvent.change(category(), { target: { value: 'Colar' } });
    expect(weight().value).toBe('20');
    fireEvent.change(category(), { target: { value: 'Anel' } });
    expect(weight().value).toBe('10');
    fireEvent.change(weight(), { target: { value: '12' } });
    fireEvent.change(category(), { target: { value: 'Pulseira' } });
    expect(weight().value).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ categoria: 'Pulseira', peso_gramas: '12' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });

  it("a piece's own weight stays when its category changes", async () => {
    show(earring);
    expect(weight().value).toBe('20');
    fireEvent.change(category(), { target: { value: 'Colar' } });
    expect(weight().value).toBe('20');
    fireEvent.change(category(), { target: { value: 'Anel' } });
    expect(weight().value).toBe('20');
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });
});

describe("the product form's 'Banho / material'", () => {
  const plating = () => screen.getByLabelText<HTMLSelectElement>(/Banho \/ material/);

  it("offers the store's platings, shows the piece's and sends the one chosen", async () => {
    const onSubmit = show({ ...earring, banho: 'rodio' });
    expect(plating().value).toBe('rodio');
    expect([...plating().options].map((o) => o.text)).toEqual([
      'Não informado',
      'Dourado',
      'Ródio',
      'Ródio negro',
      'Rosé',
      'Prateado',
      'Prata 925',
    ]);
    fireEvent.change(plating(), { target: { value: 'rose' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ banho: 'rose' });
    fireEvent.change(plating(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ banho: '' });
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });

  it("a new piece starts with none; the server's message shows under the field", () => {
    show(undefined, { banho: 'Escolha o banho ou material.' });
    expect(plating().value).toBe('');
    expect(screen.getByText('Escolha o banho ou material.')).toBeTruthy();
    expect(plating().getAttribute('aria-invalid')).toBe('true');
  });
});

describe("the product form's catalog fields (issue 37)", () => {
  const color = () => screen.getByLabelText<HTMLInputElement>('Cor (catálogos)');
  const gender = () => screen.getByLabelText<HTMLSelectElement>('Gênero (catálogos)');
  const excluded = () =>
    screen.getByLabelText<HTMLInputElement>('Não enviar aos catálogos do Google e Instagram');

  it("names the plating's colour as the default, and sends the defaults as empty", async () => {
    const onSubmit = show({ ...earring, banho: 'rodio' });
    expect(color().value).toBe('');
    expect(color().placeholder).toBe('Prateado');
    expect(screen.getByText(/Vazio: Prateado, pelo banho\./)).toBeTruthy();
    expect(gender().value).toBe('');
    expect([...gender().options].map((o) => o.text)).toEqual([
      'Padrão (Feminino)',
      'Feminino',
      'Masculino',
      'Unissex',
    ]);
    expect(excluded().checked).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      cor_catalogo: '',
      genero_catalogo: '',
      fora_dos_catalogos: false,
    });
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });

  it("shows the piece's own and sends what she chooses; the server's messages under them", async () => {
    const onSubmit = show(
      {
        ...earring,
        cor_catalogo: 'Dourado/Verde',
        genero_catalogo: 'unisex',
        fora_dos_catalogos: true,
      },
      { cor_catalogo: 'Cor inválida.' },
    );
    expect(color().value).toBe('Dourado/Verde');
    expect(color().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Cor inválida.')).toBeTruthy();
    expect(gender().value).toBe('unisex');
    expect(excluded().checked).toBe(true);
    fireEvent.change(color(), { target: { value: 'Rosé' } });
    fireEvent.change(gender(), { target: { value: 'male' } });
    fireEvent.click(excluded());
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      cor_catalogo: 'Rosé',
      genero_catalogo: 'male',
      fora_dos_catalogos: false,
    });
    await waitFor(() => expect(api.callsTo('GET /api/admin/limites/')).toHaveLength(1));
  });
});
