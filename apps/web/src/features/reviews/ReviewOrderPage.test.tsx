/**
 * Her review page from the e-mail's link (/avaliar?token=…): her order's pieces with their forms,
 * the stars required, the counters, a photo uploaded and taken off, the API's refusals under
 * their fields, a review sent then edited, a published one read-only, a link no good.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REVIEW_LINK_INVALID,
  REVIEW_LOCKED,
  REVIEW_ORDER_NOT_DELIVERED,
  REVIEW_PHOTO_TOO_LARGE,
  REVIEW_PHOTOS_TOO_MANY,
  REVIEW_SAVED,
  REVIEW_STARS_REQUIRED,
  REVIEW_TEXT_MAX,
  REVIEW_TEXT_TOO_LONG,
  REVIEW_TITLE_MAX,
  REVIEW_TITLE_TOO_LONG,
  REVIEW_UPDATED,
} from '@semijoias/domain/reviews';
import { CONNECTION_ERROR } from '@semijoias/domain/messages';
import { setAuthFailureRedirect } from '@/lib/api';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import type { OwnReview, ReviewableOrder } from './reviews-api';
import { ReviewOrderPage } from './ReviewOrderPage';
import { REVIEW_PHOTOS_WAIT } from './texts';

const TOKEN = `rv1.42.1900000000.${'a'.repeat(43)}`;
const ORDER_ROUTE = 'GET /api/avaliacoes/pedido/';
const REVIEW_ROUTE = 'POST /api/avaliacoes/';
const PHOTO_ROUTE = 'POST /api/avaliacoes/fotos/';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function review(overrides: Partial<OwnReview> = {}): OwnReview {
  return {
    id: 7,
    estrelas: 4,
    titulo: 'Linda',
    texto: 'Brilha muito.',
    fotos: [],
    status: 'pendente',
    pode_editar: true,
    ...overrides,
  };
}

function order(overrides: Partial<ReviewableOrder> = {}): ReviewableOrder {
  return {
    pedido: '20250412001',
    itens: [
      {
        linha: 11,
        produto_id: 3,
        nome: 'Anel Solitário',
        imagem: '/media/produtos/anel.webp',
        tamanho: 'Aro 16',
        avaliacao: null,
      },
      {
        linha: 12,
        produto_id: 5,
        nome: 'Brinco Gota',
        imagem: null,
        tamanho: null,
        avaliacao: null,
      },
    ],
    ...overrides,
  };
}

function show(path = `/avaliar?token=${encodeURIComponent(TOKEN)}`) {
  const Providers = providers(undefined, path);
  return render(
    <Providers>
      <ReviewOrderPage />
    </Providers>,
  );
}

/** The card of one piece, by its name. */
async function piece(name: string) {
  const heading = await screen.findByRole('heading', { name });
  return heading.closest('section') as HTMLElement;
}

function photoFile(name = 'foto.jpg', bytes = 1024, type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type });
}

function pickPhotos(card: HTMLElement, files: File[]) {
  const input = card.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files } });
}

describe('ReviewOrderPage', () => {
  it('from her account (?pedido=): her session asks the link’s token, then the page goes on with it', async () => {
    window.localStorage.setItem('access', 'sessao-dela');
    api.on('GET /api/avaliacoes/link/', { body: { token: TOKEN } });
    api.on(ORDER_ROUTE, { body: order() });
    show('/avaliar?pedido=20250412001');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Avalie suas joias' }),
    ).toBeTruthy();
    const [asked] = api.callsTo('GET /api/avaliacoes/link/');
    expect(asked!.query.get('pedido')).toBe('20250412001');
    expect(asked!.headers.Authorization).toBe('Bearer sessao-dela');
    const [call] = api.callsTo(ORDER_ROUTE);
    expect(call!.query.get('token')).toBe(TOKEN);
    // The way back to her order's page.
    const back = screen.getByTestId('review-back-to-order');
    expect(back.textContent).toBe('Voltar ao pedido');
    expect(back.getAttribute('href')).toBe('/pedido/20250412001');
  });

  it('from her account with her session ended (401): she is sent home, never told of a bad link', async () => {
    const sentHome = vi.fn();
    setAuthFailureRedirect(sentHome);
    window.localStorage.setItem('access', 'sessao-encerrada');
    api.on('GET /api/avaliacoes/link/', { status: 401, body: { detail: 'Token inválido' } });
    const view = show('/avaliar?pedido=20250412001');
    await waitFor(() => expect(sentHome).toHaveBeenCalledTimes(1));
    // Rendered again after the failed query: still the waiting page, no message about a link.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('review-link-invalid')).toBeNull();
    expect(screen.queryByTestId('review-load-failed')).toBeNull();
    expect(view.container.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(api.callsTo(ORDER_ROUTE)).toEqual([]);
  });

  it('from her account, an order not hers (404) reads as a link no good', async () => {
    window.localStorage.setItem('access', 'sessao-dela');
    api.on('GET /api/avaliacoes/link/', { status: 404, body: { error: 'Não encontrado' } });
    show('/avaliar?pedido=123');
    expect((await screen.findByTestId('review-link-invalid')).textContent).toContain(
      REVIEW_LINK_INVALID,
    );
  });

  it('asks her order with the link token, no session, and lists each piece with its size', async () => {
    api.on(ORDER_ROUTE, { body: order() });
    show();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Avalie suas joias' }),
    ).toBeTruthy();
    expect(screen.queryByTestId('review-back-to-order')).toBeNull();
    expect(screen.getByTestId('review-order-reference').textContent).toBe('Pedido #20250412001');
    const items = screen.getAllByTestId('review-item');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'Anel Solitário' })).toBeTruthy();
    expect(within(items[0]!).getByTestId('review-item-size').textContent).toBe('Aro 16');
    expect(within(items[1]!).queryByTestId('review-item-size')).toBeNull();
    const groups = new Set<string>();
    for (const item of items) {
      const stars = within(item).getByRole('radiogroup', { name: 'Sua nota' });
      const radios = within(stars).getAllByRole('radio') as HTMLInputElement[];
      expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual([
        '1 estrela',
        '2 estrelas',
        '3 estrelas',
        '4 estrelas',
        '5 estrelas',
      ]);
      // One native group per piece: the arrow keys move within it.
      expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
      groups.add(radios[0]!.name);
      expect(within(item).getByRole('button', { name: 'Enviar avaliação' })).toBeTruthy();
    }
    expect(groups.size).toBe(2);
    const [call] = api.callsTo(ORDER_ROUTE);
    expect(call!.query.get('token')).toBe(TOKEN);
    expect(call!.headers.Authorization).toBeUndefined();
  });

  it('the stars are required: nothing is sent without them', async () => {
    api.on(ORDER_ROUTE, { body: order() });
    show();
    const card = await piece('Anel Solitário');
    fireEvent.change(within(card).getByLabelText('Título (opcional)'), {
      target: { value: 'Amei' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(card).findByText(REVIEW_STARS_REQUIRED)).toBeTruthy();
    expect(api.callsTo(REVIEW_ROUTE)).toHaveLength(0);
    const first = within(card).getByRole('radio', { name: '1 estrela' });
    expect(document.activeElement).toBe(first);

    // Choosing clears the message.
    fireEvent.click(within(card).getByRole('radio', { name: '4 estrelas' }));
    expect(within(card).queryByText(REVIEW_STARS_REQUIRED)).toBeNull();
  });

  it('counts the title and the text, and refuses them past their limits before sending', async () => {
    api.on(ORDER_ROUTE, { body: order() });
    show();
    const card = await piece('Anel Solitário');
    const title = within(card).getByLabelText('Título (opcional)');
    const text = within(card).getByLabelText('Conte o que achou (opcional)');
    expect(within(card).getByText('0/80')).toBeTruthy();
    expect(within(card).getByText('0/2.000')).toBeTruthy();

    fireEvent.change(title, { target: { value: 'Linda' } });
    expect(within(card).getByText('5/80')).toBeTruthy();
    fireEvent.change(title, { target: { value: 'x'.repeat(REVIEW_TITLE_MAX + 1) } });
    expect(within(card).getByText('81/80')).toBeTruthy();
    fireEvent.change(text, { target: { value: 'y'.repeat(REVIEW_TEXT_MAX + 5) } });
    expect(within(card).getByText('2.005/2.000')).toBeTruthy();

    fireEvent.click(within(card).getByRole('radio', { name: '5 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(card).findByText(REVIEW_TITLE_TOO_LONG)).toBeTruthy();
    expect(within(card).getByText(REVIEW_TEXT_TOO_LONG)).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    expect(api.callsTo(REVIEW_ROUTE)).toHaveLength(0);
  });

  it('uploads a photo the moment she picks it, shows it, takes it off, and sends only those kept', async () => {
    let next = 90;
    api.on(ORDER_ROUTE, { body: order() });
    api.on(PHOTO_ROUTE, () => {
      next += 1;
      return { status: 201, body: { id: next, url: `/media/avaliacoes/${next}-abc.webp` } };
    });
    api.on(REVIEW_ROUTE, (call) => ({
      status: 201,
      body: {
        avaliacao: review({
          estrelas: 5,
          titulo: null,
          texto: null,
          fotos: ((call.body as { fotos: number[] }).fotos ?? []).map((id) => ({
            id,
            url: `/media/avaliacoes/${id}-abc.webp`,
          })),
        }),
      },
    }));
    show();
    const card = await piece('Anel Solitário');
    pickPhotos(card, [photoFile('a.jpg'), photoFile('b.png', 2048, 'image/png')]);
    expect(within(card).getAllByTestId('review-photo')).toHaveLength(2);
    await waitFor(() =>
      expect(within(card).queryByRole('status', { name: /Enviando foto/ })).toBeNull(),
    );
    await waitFor(() => expect(api.callsTo(PHOTO_ROUTE)).toHaveLength(2));
    const [upload] = api.callsTo(PHOTO_ROUTE);
    expect(upload!.query.get('token')).toBe(TOKEN);
    expect(upload!.headers['Content-Type']).toBe('image/jpeg');
    expect(within(card).getByRole('img', { name: 'Foto 1 da sua avaliação' })).toBeTruthy();

    fireEvent.click(within(card).getByRole('button', { name: 'Remover foto 1' }));
    expect(within(card).getAllByTestId('review-photo')).toHaveLength(1);

    fireEvent.click(within(card).getByRole('radio', { name: '5 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect((await within(card).findByTestId('review-saved')).textContent).toContain(REVIEW_SAVED);
    const [sent] = api.callsTo(REVIEW_ROUTE);
    expect(sent!.body).toEqual({
      token: TOKEN,
      linha: 11,
      estrelas: 5,
      titulo: null,
      texto: null,
      fotos: [92],
    });
    expect(sent!.headers.Authorization).toBeUndefined();
  });

  it('while a photo uploads: a spinner over it, and the review waits for it', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    api.on(ORDER_ROUTE, { body: order() });
    api.on(PHOTO_ROUTE, async () => {
      await gate;
      return { status: 201, body: { id: 5, url: '/media/avaliacoes/5-abc.webp' } };
    });
    api.on(REVIEW_ROUTE, { status: 201, body: { avaliacao: review() } });
    show();
    const card = await piece('Anel Solitário');
    pickPhotos(card, [photoFile()]);
    const photo = within(card).getByTestId('review-photo');
    expect(within(photo).getByText('Enviando foto')).toBeTruthy();

    fireEvent.click(within(card).getByRole('radio', { name: '4 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(card).findByText(REVIEW_PHOTOS_WAIT)).toBeTruthy();
    expect(api.callsTo(REVIEW_ROUTE)).toHaveLength(0);

    release();
    await waitFor(() => expect(within(photo).queryByText('Enviando foto')).toBeNull());
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    await within(card).findByTestId('review-saved');
    expect(api.callsTo(REVIEW_ROUTE)[0]!.body).toMatchObject({ fotos: [5] });
  });

  it('no more than 3 photos: the extra ones are not sent, and the button goes at 3', async () => {
    let next = 0;
    api.on(ORDER_ROUTE, { body: order() });
    api.on(PHOTO_ROUTE, () => {
      next += 1;
      return { status: 201, body: { id: next, url: `/media/avaliacoes/${next}-abc.webp` } };
    });
    show();
    const card = await piece('Anel Solitário');
    pickPhotos(card, [
      photoFile('1.jpg'),
      photoFile('2.jpg'),
      photoFile('3.jpg'),
      photoFile('4.jpg'),
    ]);
    expect(within(card).getAllByTestId('review-photo')).toHaveLength(3);
    expect(within(card).getByText(REVIEW_PHOTOS_TOO_MANY)).toBeTruthy();
    expect(card.querySelector('input[type="file"]')).toBeNull();
    await waitFor(() => expect(api.callsTo(PHOTO_ROUTE)).toHaveLength(3));
  });

  it('a photo too large for the server (413): its words under the field, the photo dropped', async () => {
    api.on(ORDER_ROUTE, { body: order() });
    api.on(PHOTO_ROUTE, { status: 413 });
    show();
    const card = await piece('Anel Solitário');
    pickPhotos(card, [photoFile()]);
    expect(await within(card).findByText(REVIEW_PHOTO_TOO_LARGE)).toBeTruthy();
    expect(within(card).queryAllByTestId('review-photo')).toHaveLength(0);
  });

  it('a photo over 8 MB is refused without sending it', async () => {
    api.on(ORDER_ROUTE, { body: order() });
    show();
    const card = await piece('Anel Solitário');
    pickPhotos(card, [photoFile('grande.jpg', 8 * 1024 * 1024 + 1)]);
    expect(await within(card).findByText(REVIEW_PHOTO_TOO_LARGE)).toBeTruthy();
    expect(api.callsTo(PHOTO_ROUTE)).toHaveLength(0);
  });

  it("shows the API's field errors under their fields", async () => {
    api.on(ORDER_ROUTE, { body: order() });
    api.on(REVIEW_ROUTE, {
      status: 400,
      body: {
        error: `Dados inválidos: ${REVIEW_TITLE_TOO_LONG}`,
        errors: { titulo: [REVIEW_TITLE_TOO_LONG], estrelas: [REVIEW_STARS_REQUIRED] },
      },
    });
    show();
    const card = await piece('Brinco Gota');
    fireEvent.click(within(card).getByRole('radio', { name: '3 estrelas' }));
    fireEvent.change(within(card).getByLabelText('Título (opcional)'), {
      target: { value: 'Bonito' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect(await within(card).findByText(REVIEW_TITLE_TOO_LONG)).toBeTruthy();
    expect(within(card).getByText(REVIEW_STARS_REQUIRED)).toBeTruthy();
    expect(api.callsTo(REVIEW_ROUTE)[0]!.body).toMatchObject({ linha: 12, estrelas: 3 });
  });

  it("sent: REVIEW_SAVED in place of the form, then 'Editar' opens it filled and sends the edit", async () => {
    api.on(ORDER_ROUTE, { body: order() });
    api.on(REVIEW_ROUTE, (call) => {
      const body = call.body as { estrelas: number; titulo: string | null; texto: string | null };
      return {
        status: api.callsTo(REVIEW_ROUTE).length === 1 ? 201 : 200,
        body: {
          avaliacao: review({ estrelas: body.estrelas, titulo: body.titulo, texto: body.texto }),
        },
      };
    });
    show();
    const card = await piece('Anel Solitário');
    fireEvent.click(within(card).getByRole('radio', { name: '4 estrelas' }));
    fireEvent.change(within(card).getByLabelText('Conte o que achou (opcional)'), {
      target: { value: '  Delicado   e lindo.  ' },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));

    expect((await within(card).findByTestId('review-saved')).textContent).toContain(REVIEW_SAVED);
    expect(api.callsTo(REVIEW_ROUTE)[0]!.body).toMatchObject({
      estrelas: 4,
      texto: 'Delicado e lindo.',
    });
    expect(within(card).queryByRole('radiogroup')).toBeNull();
    expect(within(card).getByRole('img', { name: 'Sua nota: 4 de 5' })).toBeTruthy();
    expect(within(card).getByTestId('review-status').textContent).toBe('Em revisão');

    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    const four = within(card).getByRole('radio', { name: '4 estrelas' }) as HTMLInputElement;
    expect(four.checked).toBe(true);
    expect(
      (within(card).getByLabelText('Conte o que achou (opcional)') as HTMLTextAreaElement).value,
    ).toBe('Delicado e lindo.');
    fireEvent.click(within(card).getByRole('radio', { name: '2 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect((await within(card).findByTestId('review-saved')).textContent).toContain(REVIEW_UPDATED);
    expect(api.callsTo(REVIEW_ROUTE)[1]!.body).toMatchObject({ linha: 11, estrelas: 2 });
    expect(within(card).getByRole('img', { name: 'Sua nota: 2 de 5' })).toBeTruthy();
  });

  it("a published review is read-only with 'Publicada'; a hidden one only says it was sent", async () => {
    api.on(ORDER_ROUTE, {
      body: order({
        itens: [
          {
            ...order().itens[0]!,
            avaliacao: review({
              status: 'aprovada',
              pode_editar: false,
              fotos: [{ id: 3, url: '/media/avaliacoes/3-abc.webp' }],
            }),
          },
          {
            ...order().itens[1]!,
            avaliacao: review({ id: 8, status: 'oculta', pode_editar: false }),
          },
        ],
      }),
    });
    show();
    const published = await piece('Anel Solitário');
    expect(within(published).getByTestId('review-status').textContent).toBe('Publicada');
    expect(within(published).getByText('Linda')).toBeTruthy();
    expect(within(published).getByRole('img', { name: 'Foto 1 da sua avaliação' })).toBeTruthy();
    expect(within(published).queryByRole('button', { name: 'Editar' })).toBeNull();
    expect(within(published).queryByRole('radiogroup')).toBeNull();

    const hidden = await piece('Brinco Gota');
    expect(within(hidden).getByTestId('review-status').textContent).toBe('Avaliação enviada');
    expect(within(hidden).queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('approved meanwhile (409): the message, the order asked again, the review now read-only', async () => {
    const pending = review();
    api.on(ORDER_ROUTE, { body: order({ itens: [{ ...order().itens[0]!, avaliacao: pending }] }) });
    api.on(REVIEW_ROUTE, () => {
      api.on(ORDER_ROUTE, {
        body: order({
          itens: [
            {
              ...order().itens[0]!,
              avaliacao: { ...pending, status: 'aprovada', pode_editar: false },
            },
          ],
        }),
      });
      return { status: 409, body: { error: REVIEW_LOCKED } };
    });
    show();
    const card = await piece('Anel Solitário');
    fireEvent.click(within(card).getByRole('button', { name: 'Editar' }));
    expect(document.activeElement).toBe(within(card).getByRole('radio', { name: '4 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    await waitFor(() =>
      expect(within(card).getByTestId('review-status').textContent).toBe('Publicada'),
    );
    expect(api.callsTo(ORDER_ROUTE)).toHaveLength(2);
    expect(within(card).queryByRole('button', { name: 'Editar' })).toBeNull();
  });

  it('a refusal about the whole form (429) shows above the button; the connection lost too', async () => {
    const limit = 'Muitas avaliações deste pedido. Tente novamente mais tarde.';
    api.on(ORDER_ROUTE, { body: order() });
    api.on(REVIEW_ROUTE, { status: 429, body: { error: limit } });
    show();
    const card = await piece('Brinco Gota');
    fireEvent.click(within(card).getByRole('radio', { name: '5 estrelas' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    expect((await within(card).findByTestId('review-form-error')).textContent).toContain(limit);

    api.on(REVIEW_ROUTE, 'no-response');
    fireEvent.click(within(card).getByRole('button', { name: 'Enviar avaliação' }));
    await waitFor(() =>
      expect(within(card).getByTestId('review-form-error').textContent).toContain(CONNECTION_ERROR),
    );
    // Her stars are still chosen, to send again.
    expect(
      (within(card).getByRole('radio', { name: '5 estrelas' }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('the link invalid or expired (401): its message and the way to the shop', async () => {
    api.on(ORDER_ROUTE, { status: 401, body: { error: REVIEW_LINK_INVALID } });
    show();
    const notice = await screen.findByTestId('review-link-invalid');
    expect(notice.textContent).toContain(REVIEW_LINK_INVALID);
    expect(within(notice).getByRole('link', { name: 'Ir para a loja' }).getAttribute('href')).toBe(
      '/',
    );
  });

  it('no token in the link: the same message, nothing asked', async () => {
    show('/avaliar');
    expect((await screen.findByTestId('review-link-invalid')).textContent).toContain(
      REVIEW_LINK_INVALID,
    );
    expect(api.calls).toHaveLength(0);
  });

  it('the order not on its way yet (409): says she can review it later', async () => {
    api.on(ORDER_ROUTE, { status: 409, body: { error: REVIEW_ORDER_NOT_DELIVERED } });
    show();
    expect((await screen.findByTestId('review-not-delivered')).textContent).toContain(
      REVIEW_ORDER_NOT_DELIVERED,
    );
  });

  it("no connection: the app's message and 'Tentar novamente', which asks again", async () => {
    api.on(ORDER_ROUTE, 'no-response');
    show();
    const failed = await screen.findByTestId('review-load-failed');
    expect(failed.textContent).toContain(CONNECTION_ERROR);
    api.on(ORDER_ROUTE, { body: order() });
    fireEvent.click(within(failed).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('heading', { name: 'Anel Solitário' })).toBeTruthy();
  });
});
