/**
 * 'Comprar pelo WhatsApp' on the product page (issue 37): shown only when the store has a
 * WhatsApp and the piece can be bought; its chat's message names the piece, the chosen size,
 * the price she sees and the piece's absolute link (with ?variacao= when a size is chosen).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Product } from '@/lib/product';
import { DEFAULT_STORE_SETTINGS, storeSettingsQueryKey } from '@/lib/store-settings';
import { ToastProvider } from '@/ui/toast';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { NO_REVIEWS } from '@test/reviews';
import { ProductPage } from '../pages/ProductPage';

const ring: Product = {
  id: 5,
  name: 'Anel Aurora',
  price: '89.90',
  preco_original: null,
  image: null,
  category: 'Anel',
  novo: false,
  promocao: false,
  description: 'Anel banhado a ouro 18k.',
  img_pessoa: null,
  image_carrossel: null,
  composicao_img_1: null,
  composicao_img_2: null,
  composicao_img_3: null,
  composicoes: [],
  estoque: 6,
  tem_variacoes: true,
  nome_variacao: 'Aro',
  variacoes: [
    { id: 41, nome: '12', estoque: 3, disponivel: true },
    { id: 43, nome: '14', estoque: 3, disponivel: true },
  ],
};

/** A piece without sizes, on promotion: R$ 69,90 instead of R$ 89,90. */
const earrings: Product = {
  ...ring,
  id: 8,
  name: 'Brinco Gota Cristal',
  price: '69.90',
  preco_original: '89.90',
  promocao: true,
  category: 'Brinco',
  tem_variacoes: false,
  nome_variacao: null,
  variacoes: [],
};

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({ 'GET /api/loja/': { body: { whatsapp: '11974523180' } } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

/**
 * The page as a shopper opens it. `whatsapp` given: the store's settings are already known (as
 * on a server-rendered page), so what shows is what that number makes.
 */
function showPage(path: string, product: Product, whatsapp?: string | null) {
  api.on(`GET /api/produtos/detalhes/${product.id}/`, { body: product });
  api.on(`GET /api/produtos/${product.id}/avaliacoes/`, { body: NO_REVIEWS });
  const client = testQueryClient();
  if (whatsapp !== undefined)
    client.setQueryData(storeSettingsQueryKey, { ...DEFAULT_STORE_SETTINGS, whatsapp });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <ToastProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path="/produto/:id" element={children} />
            </Routes>
          </MemoryRouter>
        </ToastProvider>
      </QueryClientProvider>
    );
  }
  return render(<ProductPage />, { wrapper: Wrapper });
}

/** The link's chat: its number and the message, decoded. */
async function buyChat() {
  const link = await screen.findByRole('link', { name: /Comprar pelo WhatsApp/ });
  const url = new URL(link.getAttribute('href')!);
  expect(link.getAttribute('target')).toBe('_blank');
  expect(link.getAttribute('rel')).toContain('noopener');
  return { link, base: `${url.origin}${url.pathname}`, text: url.searchParams.get('text') };
}

describe("'Comprar pelo WhatsApp'", () => {
  it('names the chosen size and links to it', async () => {
    showPage('/produto/5?variacao=43', ring);
    const { base, text } = await buyChat();
    expect(base).toBe('https://wa.me/5511974523180');
    expect(text).toBe(
      'Olá! Quero comprar esta joia da Duas Irmãs Semijoias:\n' +
        'Anel Aurora\n' +
        'Tamanho: Aro 14\n' +
        'Preço: R$ 89,90\n' +
        `${window.location.origin}/produto/5?variacao=43`,
    );
  });

  it('without a size chosen, names none and links to the piece', async () => {
    showPage('/produto/5', ring);
    const { text } = await buyChat();
    expect(text).not.toContain('Tamanho');
    expect(text).toMatch(new RegExp(`\\n${window.location.origin}/produto/5$`));
  });

  it("a piece on promotion: the price she sees, the promotion's", async () => {
    showPage('/produto/8', earrings);
    const { text } = await buyChat();
    expect(text).toBe(
      'Olá! Quero comprar esta joia da Duas Irmãs Semijoias:\n' +
        'Brinco Gota Cristal\n' +
        'Preço: R$ 69,90\n' +
        `${window.location.origin}/produto/8`,
    );
  });

  it('is not there when the store has no WhatsApp', async () => {
    api.on('GET /api/loja/', { body: { whatsapp: null } });
    showPage('/produto/8', earrings, null);
    await screen.findByRole('button', { name: /Adicionar ao Carrinho/ });
    expect(screen.queryByRole('link', { name: /WhatsApp/ })).toBeNull();
  });

  it('is not there for a piece sold out', async () => {
    showPage('/produto/8', { ...earrings, estoque: 0 }, '11974523180');
    await screen.findByRole('button', { name: 'Esgotado' });
    expect(screen.queryByRole('link', { name: /Comprar pelo WhatsApp/ })).toBeNull();
  });
});
