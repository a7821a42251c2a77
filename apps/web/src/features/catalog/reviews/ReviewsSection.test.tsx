/**
 * 'Avaliações' on the product page: the average and how many, the bars of 5 to 1 stars, the
 * reviews (stars, title, her text as plain text, her first name and city, the day in São Paulo,
 * the size, 'Compra verificada', photos that open larger, the owners' answer), 'Ver mais
 * avaliações', the order, the small line of a piece without reviews, a failed call.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { NO_REVIEWS, publicReview, reviewsPage } from '@test/reviews';
import type { ProductReviewsPage } from '../api/get-product-reviews';
import { ReviewsSection } from './ReviewsSection';

const ROUTE = 'GET /api/produtos/6/avaliacoes/';
let api: FakeApi;

function show(answer: ProductReviewsPage | ((page: string, order: string) => ProductReviewsPage)) {
  api.on(ROUTE, (call) => ({
    body:
      typeof answer === 'function'
        ? answer(call.query.get('pagina') ?? '', call.query.get('ordem') ?? '')
        : answer,
  }));
  return render(<ReviewsSection productId={6} />, { wrapper: providers() });
}

beforeEach(() => {
  api = installFakeApi();
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

describe('a piece with reviews', () => {
  const withAnswer = publicReview({
    id: 7,
    estrelas: 4,
    titulo: 'Amei o brilho',
    texto: 'Primeira linha.\nSegunda linha.',
    autora: 'Carla',
    cidade: 'Recife/PE',
    tamanho: 'Aro 16',
    fotos: [
      { url: '/media/avaliacoes/1-aa.webp', largura: 1200, altura: 900 },
      { url: '/media/avaliacoes/2-bb.webp', largura: 900, altura: 1200 },
      { url: '/media/avaliacoes/3-cc.webp', largura: 1200, altura: 1200 },
      { url: '/media/avaliacoes/4-dd.webp', largura: 1200, altura: 1200 },
    ],
    resposta: { texto: 'Obrigada, Carla!\nVolte sempre.', data: '2025-03-20T12:00:00.000Z' },
  });
  const page = reviewsPage({
    media: 4.5,
    total: 2,
    distribuicao: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 1 },
    avaliacoes: [withAnswer, publicReview({ id: 8, titulo: null, cidade: null, tamanho: null })],
  });

  it('shows the average, how many and the bars from 5 to 1 stars', async () => {
    show(page);
    const section = await screen.findByRole('region', { name: 'Avaliações' });
    expect(section.id).toBe('avaliacoes');
    await within(section).findByTestId('reviews-count');
    expect(within(section).getAllByRole('img', { name: 'Nota 4,5 de 5' })).toHaveLength(1);
    expect(within(section).getByTestId('reviews-count').textContent).toBe('2 avaliações');
    const bars = within(
      within(section).getByRole('list', { name: 'Avaliações por número de estrelas' }),
    ).getAllByRole('listitem');
    expect(bars.map((bar) => bar.textContent)).toEqual([
      '5 estrelas: 1 avaliação51',
      '4 estrelas: 1 avaliação41',
      '3 estrelas: 0 avaliações30',
      '2 estrelas: 0 avaliações20',
      '1 estrela: 0 avaliações10',
    ]);
    const fills = bars.map((bar) => bar.querySelector<HTMLElement>('[style]')?.style.width);
    expect(fills).toEqual(['50%', '50%', '0%', '0%', '0%']);
  });

  it('lists each review with her name and city, the day, the size, the badge, the photos and the answer', async () => {
    show(page);
    const [first, second] = await screen.findAllByTestId('review');
    const review = within(first!);
    expect(review.getByRole('img', { name: 'Nota 4,0 de 5' })).toBeDefined();
    expect(review.getByRole('heading', { level: 3 }).textContent).toBe('Amei o brilho');
    // Her line breaks are kept (CSS pre-line), as text.
    const text = review.getByText(/Primeira linha/);
    expect(text.textContent).toBe('Primeira linha.\nSegunda linha.');
    expect(text.className).toContain('whitespace-pre-line');
    expect(first!.textContent).toContain('Carla·Recife/PE');
    expect(review.getByText('Compra verificada')).toBeDefined();
    expect(review.getByText('Tamanho comprado: Aro 16')).toBeDefined();
    // The day is São Paulo's: 01:30 UTC on the 15th is the 14th there.
    const time = first!.querySelector('time');
    expect(time?.textContent).toBe('14/03/2025');
    expect(time?.getAttribute('datetime')).toBe('2025-03-14');
    // At most three photos, each a link to the photo itself.
    const photos = review.getAllByRole('link');
    expect(photos).toHaveLength(3);
    expect(photos.map((link) => link.getAttribute('href'))).toEqual([
      '/media/avaliacoes/1-aa.webp',
      '/media/avaliacoes/2-bb.webp',
      '/media/avaliacoes/3-cc.webp',
    ]);
    expect(review.getByRole('img', { name: 'Foto 2 de 3 da avaliação de Carla' })).toBeDefined();
    const answer = review.getByText('Resposta da loja').parentElement!;
    expect(answer.textContent).toBe('Resposta da lojaObrigada, Carla!\nVolte sempre.');

    // Without a title, city, size or photos, those are left out.
    expect(within(second!).queryByRole('heading')).toBeNull();
    expect(second!.textContent).not.toContain('·');
    expect(second!.textContent).not.toContain('Tamanho comprado');
    expect(within(second!).queryByRole('link')).toBeNull();
    expect(second!.textContent).not.toContain('Resposta da loja');
  });

  it('opens a photo larger in a dialog, and closes it', async () => {
    show(page);
    const [first] = await screen.findAllByTestId('review');
    fireEvent.click(within(first!).getAllByRole('link')[1]!);
    const dialog = await screen.findByRole('dialog', {
      name: 'Foto 2 de 3 da avaliação de Carla',
    });
    const large = within(dialog).getByRole('img', { name: 'Foto 2 de 3 da avaliação de Carla' });
    expect(large.getAttribute('src')).toBe('/media/avaliacoes/2-bb.webp');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar a foto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows her text as text: a <script> stays words on the page, a link is not made clickable', async () => {
    show(
      reviewsPage({
        avaliacoes: [
          publicReview({
            titulo: '<b>Ótimo</b>',
            texto:
              '<script>alert("oi")</script> veja https://exemplo.com <img src=x onerror=alert(1)>',
          }),
        ],
      }),
    );
    const [review] = await screen.findAllByTestId('review');
    expect(review!.textContent).toContain(
      '<script>alert("oi")</script> veja https://exemplo.com <img src=x onerror=alert(1)>',
    );
    expect(within(review!).getByRole('heading').textContent).toBe('<b>Ótimo</b>');
    expect(review!.querySelector('script, b, img[src="x"]')).toBeNull();
    expect(within(review!).queryByRole('link')).toBeNull();
  });
});

describe('more reviews and their order', () => {
  const ten = (from: number) =>
    Array.from({ length: 10 }, (_, i) =>
      publicReview({ id: from + i, titulo: `Avaliação ${from + i}` }),
    );

  it("loads the next page with 'Ver mais avaliações', focus on the first that came", async () => {
    show((pagina) =>
      reviewsPage({
        total: 12,
        pagina: Number(pagina),
        avaliacoes:
          pagina === '1'
            ? ten(1)
            : [
                publicReview({ id: 11, titulo: 'Avaliação 11' }),
                publicReview({ id: 12, titulo: 'Avaliação 12' }),
              ],
      }),
    );
    expect(await screen.findAllByTestId('review')).toHaveLength(10);
    fireEvent.click(screen.getByRole('button', { name: 'Ver mais avaliações' }));
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(12));
    expect(api.callsTo(ROUTE).map((call) => call.query.get('pagina'))).toEqual(['1', '2']);
    // The last page: no more button.
    expect(screen.queryByRole('button', { name: 'Ver mais avaliações' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByTestId('review')[10]));
  });

  it("asks for the best rated first when she chooses 'Melhor avaliadas'", async () => {
    show((pagina, ordem) =>
      reviewsPage({
        total: 2,
        avaliacoes:
          ordem === 'melhores'
            ? [publicReview({ id: 2, titulo: 'Cinco' }), publicReview({ id: 1, titulo: 'Três' })]
            : [publicReview({ id: 1, titulo: 'Três' }), publicReview({ id: 2, titulo: 'Cinco' })],
      }),
    );
    const order = (await screen.findByRole('combobox', {
      name: 'Ordenar avaliações',
    })) as HTMLSelectElement;
    expect([...order.options].map((option) => option.textContent)).toEqual([
      'Mais recentes',
      'Melhor avaliadas',
    ]);
    expect(order.value).toBe('recentes');
    const titles = () =>
      screen.getAllByTestId('review').map((r) => within(r).getByRole('heading').textContent);
    expect(titles()).toEqual(['Três', 'Cinco']);
    fireEvent.change(order, { target: { value: 'melhores' } });
    await waitFor(() => expect(titles()).toEqual(['Cinco', 'Três']));
    expect(api.callsTo(ROUTE).map((call) => call.query.toString())).toEqual([
      'pagina=1&ordem=recentes',
      'pagina=1&ordem=melhores',
    ]);
  });
});

describe('a piece without reviews, or a failed call', () => {
  it('says so in one small line, with no bars nor order', async () => {
    show(NO_REVIEWS);
    const section = await screen.findByRole('region', { name: 'Avaliações' });
    await waitFor(() =>
      expect(within(section).getByTestId('reviews-empty').textContent).toBe(
        'Esta peça ainda não tem avaliações.',
      ),
    );
    expect(within(section).queryByTestId('reviews-distribution')).toBeNull();
    expect(within(section).queryByRole('combobox')).toBeNull();
  });

  it('says the reviews could not be loaded, and asks again', async () => {
    api.on(ROUTE, { status: 500, body: { error: 'Erro interno' } });
    render(<ReviewsSection productId={6} />, { wrapper: providers() });
    expect(await screen.findByText('Não foi possível carregar as avaliações.')).toBeDefined();
    api.on(ROUTE, { body: reviewsPage({ avaliacoes: [publicReview()] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByTestId('review')).toHaveLength(1);
  });
});
