/**
 * The owners' 'Avaliações' (docs/reviews-contract.md, "The owners"): the list by status with the
 * count waiting, each review as plain text with her piece, order, stars, name and city, size and
 * dates; 'Aprovar', 'Ocultar' with a required reason, 'Responder' and removing the answer,
 * 'Ocultar foto' / 'Mostrar foto'; the item leaving 'Pendentes' and a toast after each action;
 * the API's refusals in Portuguese; the pages.
 */
import {
  REVIEW_DELIVERED_DAYS_INVALID,
  REVIEW_SHIPPED_DAYS_INVALID,
} from '@semijoias/domain/reviews';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import {
  REVIEW_ANSWER_TOO_LONG,
  REVIEW_HIDE_REASON_REQUIRED,
  REVIEW_HIDE_REASON_TOO_LONG,
  REVIEW_NOT_FOUND,
  type ReviewStatus,
} from '@semijoias/domain/reviews';
import { storeTokens } from '@/lib/session';
import { ToastProvider } from '@/ui/toast';
import { accessToken, installFakeApi, type ApiCall, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import type { AdminReview } from './reviews-api';
import { ReviewsPage } from './ReviewsPage';

const review = (over: Partial<AdminReview> = {}): AdminReview => ({
  id: 7,
  status: 'pendente',
  estrelas: 4,
  titulo: 'Linda demais',
  texto: 'Chegou rápido.\nBrilha muito <b>mesmo</b>',
  autora: 'Júlia',
  cidade: 'Campinas/SP',
  // As the API keeps it: the axis and the size (variationLabel).
  tamanho: 'Aro 16',
  criado_em: '2026-11-20T15:00:00Z',
  atualizada_em: '2026-11-20T15:00:00Z',
  produto: { id: 3, nome: 'Anel Solitário', imagem: 'https://img.test/anel.webp' },
  pedido: '100042',
  fotos: [],
  resposta: null,
  motivo_ocultacao: null,
  aprovada_em: null,
  ...over,
});

/**
 * A small server: the reviews by id, listed by status newest first (ids descending), 20 a page;
 * each action changes the review as the API would and answers it.
 */
function serve(api: FakeApi, initial: AdminReview[]) {
  const reviews = new Map(initial.map((r) => [r.id, r]));
  const list = (call: ApiCall) => {
    const status = (call.query.get('status') ?? 'pendente') as ReviewStatus;
    const pagina = Number(call.query.get('pagina') ?? 1);
    const all = [...reviews.values()]
      .filter((r) => r.status === status)
      .sort((a, b) => b.id - a.id);
    return {
      body: {
        avaliacoes: all.slice((pagina - 1) * 20, pagina * 20),
        total: all.length,
        pendentes: [...reviews.values()].filter((r) => r.status === 'pendente').length,
        pagina,
        por_pagina: 20,
      },
    };
  };
  const change = (id: number, over: Partial<AdminReview>) => {
    const now = { ...reviews.get(id)!, ...over };
    reviews.set(id, now);
    return { body: { avaliacao: now } };
  };
  api.on('GET /api/admin/avaliacoes/', list);
  for (const r of initial) {
    api.on(`POST /api/admin/avaliacoes/${r.id}/aprovar/`, () =>
      change(r.id, {
        status: 'aprovada',
        aprovada_em: '2026-11-21T10:00:00Z',
        motivo_ocultacao: null,
      }),
    );
    api.on(`POST /api/admin/avaliacoes/${r.id}/ocultar/`, (call) =>
      change(r.id, {
        status: 'oculta',
        motivo_ocultacao: (call.body as { motivo: string }).motivo,
      }),
    );
    api.on(`POST /api/admin/avaliacoes/${r.id}/responder/`, (call) => {
      const texto = (call.body as { texto: string }).texto;
      return change(r.id, {
        resposta: texto ? { texto, data: '2026-11-21T11:00:00Z' } : null,
      });
    });
    for (const photo of r.fotos) {
      api.on(`POST /api/admin/avaliacoes/fotos/${photo.id}/ocultar/`, (call) => {
        const oculta = (call.body as { oculta: boolean }).oculta;
        const now = reviews.get(r.id)!;
        return change(r.id, {
          fotos: now.fotos.map((p) => (p.id === photo.id ? { ...p, oculta } : p)),
        });
      });
    }
  }
  return reviews;
}

let api: FakeApi;

function show(path = '/admin/avaliacoes') {
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
  return render(<ReviewsPage />, { wrapper: Wrapper });
}

const items = () => screen.queryAllByTestId('avaliacao-item');
/** The card that shows `text`, once it does. */
const item = (text: string) =>
  waitFor(() => {
    const found = items().find((el) => el.textContent?.includes(text));
    if (!found) throw new Error(`no review shows '${text}'`);
    return found;
  });
const lists = () => api.callsTo('GET /api/admin/avaliacoes/');

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'refresh');
  api = installFakeApi();
  // 'Quando pedir a avaliação', under every list: the store's settings until the owners save.
  api.on('GET /api/admin/avaliacoes/configuracao/', {
    body: { dias_apos_entrega: 7, dias_apos_envio: 20, da_loja: false },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
  vi.unstubAllGlobals();
});

describe('the list', () => {
  it("shows 'Pendentes' first with their count, each review as plain text with its piece and order", async () => {
    serve(api, [
      review(),
      review({ id: 5, titulo: null, texto: null, tamanho: null, cidade: null, autora: 'Cliente' }),
      review({ id: 2, status: 'aprovada', titulo: 'Aprovada antes' }),
    ]);
    show();
    const first = await item('Linda demais');
    expect(lists()[0]!.query.get('status')).toBe('pendente');
    expect(items()).toHaveLength(2);
    expect(screen.getByTestId('pendentes-contagem').textContent).toBe('2');
    expect(screen.getByText('2 avaliações esperando')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Pendentes/ }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const card = within(first);
    expect(card.getByRole('link', { name: 'Anel Solitário' }).getAttribute('href')).toBe(
      '/admin/produtos/3',
    );
    expect(card.getByRole('link', { name: '#100042' }).getAttribute('href')).toBe(
      '/admin/pedidos/100042',
    );
    expect(card.getByRole('img', { name: '4 estrelas de 5' })).toBeTruthy();
    // Her text as text: the tag shows, nothing is made HTML; her line break kept by CSS.
    const text = card.getByTestId('avaliacao-texto');
    expect(text.textContent).toBe('Chegou rápido.\nBrilha muito <b>mesmo</b>');
    expect(text.querySelector('b')).toBeNull();
    expect(text.className).toContain('whitespace-pre-line');
    expect(card.getByTestId('avaliacao-autora').textContent).toBe(
      'Júlia · Campinas/SP · Tamanho: Aro 16',
    );
    expect(first.textContent).toContain('Enviada em20/11/2026, 12:00');
    expect(card.getByTestId('avaliacao-status').textContent).toBe('Pendente');
    expect(card.getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Ocultar' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Responder' })).toBeTruthy();

    // Only stars: said so, and an anonymised buyer without a city.
    const bare = await item('Cliente');
    expect(bare.textContent).toContain('Sem título nem texto: só as estrelas.');
    expect(within(bare).getByTestId('avaliacao-autora').textContent).toBe(
      'Cliente · cidade não informada',
    );
  });

  it("shows the approved and the hidden ones by their tab, a hidden one's reason", async () => {
    serve(api, [
      review(),
      review({
        id: 3,
        status: 'aprovada',
        titulo: 'Aprovada',
        aprovada_em: '2026-11-21T10:00:00Z',
      }),
      review({
        id: 2,
        status: 'oculta',
        titulo: 'Oculta',
        motivo_ocultacao: 'Fala de outra loja',
      }),
    ]);
    show();
    await item('Linda demais');

    fireEvent.click(screen.getByRole('button', { name: 'Aprovadas' }));
    const approved = await item('Aprovada');
    expect(lists().at(-1)!.query.get('status')).toBe('aprovada');
    expect(within(approved).getByTestId('avaliacao-status').textContent).toBe('Aprovada');
    expect(approved.textContent).toContain('Aprovada em21/11/2026, 07:00');
    expect(within(approved).queryByRole('button', { name: 'Aprovar' })).toBeNull();
    expect(within(approved).getByRole('button', { name: 'Ocultar' })).toBeTruthy();
    // The count of those waiting stays on its tab.
    expect(screen.getByTestId('pendentes-contagem').textContent).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Ocultas' }));
    const hidden = await item('Fala de outra loja');
    expect(lists().at(-1)!.query.get('status')).toBe('oculta');
    expect(within(hidden).getByTestId('avaliacao-motivo').textContent).toBe(
      'Motivo de ocultar: Fala de outra loja',
    );
    expect(within(hidden).getByRole('button', { name: 'Aprovar' })).toBeTruthy();
    expect(within(hidden).queryByRole('button', { name: 'Ocultar' })).toBeNull();
  });

  it('says when a tab is empty', async () => {
    serve(api, []);
    show();
    expect(await screen.findByText('Nenhuma avaliação esperando. Tudo em dia!')).toBeTruthy();
    expect(screen.queryByTestId('pendentes-contagem')).toBeNull();
  });

  it('pages as the other lists do, kept in the address bar', async () => {
    serve(
      api,
      Array.from({ length: 45 }, (_, i) => review({ id: i + 1, titulo: `Avaliação ${i + 1}` })),
    );
    show();
    await item('Avaliação 45');
    expect(items()).toHaveLength(20);
    expect(screen.getByText('Página 1 de 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima' }));
    await item('Avaliação 25');
    expect(lists().at(-1)!.query.get('pagina')).toBe('2');
    expect(screen.getByText('Página 2 de 3')).toBeTruthy();
  });

  it("shows the API's refusal to list in Portuguese, with a retry", async () => {
    api.on('GET /api/admin/avaliacoes/', {
      status: 500,
      body: { error: 'Erro interno. Tente novamente em instantes.' },
    });
    show();
    expect(await screen.findByText('Erro interno. Tente novamente em instantes.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeTruthy();
  });
});

describe('the moderation', () => {
  it("approves: the review leaves 'Pendentes', the count drops, a toast says so", async () => {
    serve(api, [review(), review({ id: 5, titulo: 'Outra' })]);
    show();
    const card = await item('Linda demais');
    fireEvent.click(within(card).getByRole('button', { name: 'Aprovar' }));
    expect(
      await screen.findByText('Avaliação aprovada. Ela já aparece na página da peça.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/aprovar/')).toHaveLength(1);
    await waitFor(() => expect(items()).toHaveLength(1));
    expect(items()[0]!.textContent).toContain('Outra');
    await waitFor(() => expect(screen.getByTestId('pendentes-contagem').textContent).toBe('1'));
  });

  it('hides with a reason: the dialog refuses none or a too long one, then hides', async () => {
    serve(api, [review()]);
    show();
    const card = await item('Linda demais');
    fireEvent.click(within(card).getByRole('button', { name: 'Ocultar' }));
    const dialog = await screen.findByTestId('dialogo-ocultar-avaliacao');

    // No reason (spaces are none): nothing sent.
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(await within(dialog).findByText(REVIEW_HIDE_REASON_REQUIRED)).toBeTruthy();
    // Too long: nothing sent either.
    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: 'x'.repeat(301) },
    });
    expect(within(dialog).getByText('301/300')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(await within(dialog).findByText(REVIEW_HIDE_REASON_TOO_LONG)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/ocultar/')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), {
      target: { value: '  Fala de outra loja ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(
      await screen.findByText('Avaliação ocultada. Ela não aparece mais na loja.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/ocultar/')[0]?.body).toEqual({
      motivo: 'Fala de outra loja',
    });
    await waitFor(() => expect(screen.queryByTestId('dialogo-ocultar-avaliacao')).toBeNull());
    expect(await screen.findByText('Nenhuma avaliação esperando. Tudo em dia!')).toBeTruthy();

    // In 'Ocultas', with its reason.
    fireEvent.click(screen.getByRole('button', { name: 'Ocultas' }));
    const hidden = await item('Linda demais');
    expect(within(hidden).getByTestId('avaliacao-motivo').textContent).toContain(
      'Fala de outra loja',
    );
  });

  it("shows the server's refusal of a reason in the dialog", async () => {
    serve(api, [review()]);
    api.on('POST /api/admin/avaliacoes/7/ocultar/', {
      status: 400,
      body: {
        error: REVIEW_HIDE_REASON_TOO_LONG,
        errors: { motivo: [REVIEW_HIDE_REASON_TOO_LONG] },
      },
    });
    show();
    fireEvent.click(within(await item('Linda demais')).getByRole('button', { name: 'Ocultar' }));
    const dialog = await screen.findByTestId('dialogo-ocultar-avaliacao');
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Motivo' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ocultar' }));
    expect(await within(dialog).findByText(REVIEW_HIDE_REASON_TOO_LONG)).toBeTruthy();
  });

  it('answers, shows the answer, and removes it', async () => {
    serve(api, [review({ status: 'aprovada', aprovada_em: '2026-11-21T10:00:00Z' })]);
    show('/admin/avaliacoes?status=aprovada');
    const card = await item('Linda demais');
    fireEvent.click(within(card).getByRole('button', { name: 'Responder' }));
    const field = within(card).getByLabelText('Resposta da loja (aparece abaixo da avaliação)');
    // Too long: refused here.
    fireEvent.change(field, { target: { value: 'a'.repeat(1001) } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar resposta' }));
    expect(await within(card).findByText(REVIEW_ANSWER_TOO_LONG)).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/responder/')).toEqual([]);

    fireEvent.change(field, { target: { value: 'Obrigada, Júlia!\nVolte sempre.' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar resposta' }));
    expect(await screen.findByText('Resposta publicada na página da peça.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/responder/')[0]?.body).toEqual({
      texto: 'Obrigada, Júlia!\nVolte sempre.',
    });
    const answer = await within(card).findByTestId('avaliacao-resposta');
    expect(answer.textContent).toContain('Resposta da loja');
    expect(answer.textContent).toContain('Obrigada, Júlia!\nVolte sempre.');
    expect(answer.textContent).toContain('Respondida em 21/11/2026, 08:00');

    // Edit it: the current answer in the field; 'Remover resposta' sends it empty.
    fireEvent.click(within(card).getByRole('button', { name: 'Editar resposta' }));
    expect(
      (
        within(card).getByLabelText(
          'Resposta da loja (aparece abaixo da avaliação)',
        ) as HTMLTextAreaElement
      ).value,
    ).toBe('Obrigada, Júlia!\nVolte sempre.');
    fireEvent.click(within(card).getByRole('button', { name: 'Remover resposta' }));
    expect(await screen.findByText('Resposta removida.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/responder/')[1]?.body).toEqual({ texto: '' });
    await waitFor(() => expect(within(card).queryByTestId('avaliacao-resposta')).toBeNull());
    expect(within(card).getByRole('button', { name: 'Responder' })).toBeTruthy();
  });

  it('saving an empty answer removes it; an answer to a pending review waits for approval', async () => {
    serve(api, [
      review({ resposta: { texto: 'Obrigada!', data: '2026-11-21T11:00:00Z' } }),
      review({ id: 5, titulo: 'Outra' }),
    ]);
    show();
    const card = await item('Linda demais');
    fireEvent.click(within(card).getByRole('button', { name: 'Editar resposta' }));
    fireEvent.change(
      within(card).getByLabelText('Resposta da loja (aparece abaixo da avaliação)'),
      { target: { value: '  ' } },
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Salvar resposta' }));
    expect(await screen.findByText('Resposta removida.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/7/responder/')[0]?.body).toEqual({ texto: '' });

    const other = await item('Outra');
    fireEvent.click(within(other).getByRole('button', { name: 'Responder' }));
    fireEvent.change(
      within(other).getByLabelText('Resposta da loja (aparece abaixo da avaliação)'),
      { target: { value: 'Que bom!' } },
    );
    fireEvent.click(within(other).getByRole('button', { name: 'Salvar resposta' }));
    expect(
      await screen.findByText(
        'Resposta salva. Ela aparece na loja quando a avaliação for aprovada.',
      ),
    ).toBeTruthy();
    // Still waiting: it stays in 'Pendentes'.
    expect((await item('Outra')).textContent).toContain('Que bom!');
  });

  it('hides one photo and shows it again', async () => {
    serve(api, [
      review({
        fotos: [
          { id: 31, url: '/media/avaliacoes/31-abc.webp?k=x', oculta: false },
          { id: 32, url: '/media/avaliacoes/32-def.webp?k=y', oculta: false },
        ],
      }),
    ]);
    show();
    const card = await item('Linda demais');
    const photos = () => within(card).getAllByTestId('avaliacao-foto');
    expect(photos()).toHaveLength(2);
    expect(
      within(photos()[0]!).getByRole('link', { name: 'Foto 1 de 2 (abrir em tamanho maior)' }),
    ).toBeTruthy();

    fireEvent.click(within(photos()[1]!).getByRole('button', { name: 'Ocultar foto' }));
    expect(await screen.findByText('Foto ocultada. Ela não aparece mais na loja.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/fotos/32/ocultar/')[0]?.body).toEqual({
      oculta: true,
    });
    await waitFor(() => expect(photos()[1]!.getAttribute('data-oculta')).toBe('true'));
    expect(photos()[1]!.textContent).toContain('Foto oculta');
    expect(photos()[0]!.getAttribute('data-oculta')).toBe('false');
    // The review itself stays waiting.
    expect(within(card).getByTestId('avaliacao-status').textContent).toBe('Pendente');

    fireEvent.click(within(photos()[1]!).getByRole('button', { name: 'Mostrar foto' }));
    expect(await screen.findByText('Foto mostrada de novo.')).toBeTruthy();
    expect(api.callsTo('POST /api/admin/avaliacoes/fotos/32/ocultar/')[1]?.body).toEqual({
      oculta: false,
    });
    await waitFor(() => expect(photos()[1]!.getAttribute('data-oculta')).toBe('false'));
  });

  it("shows the API's refusal in Portuguese and the list as it now stands", async () => {
    const reviews = serve(api, [review()]);
    show();
    const card = await item('Linda demais');
    // The other owner's hand was quicker: the review is gone.
    reviews.delete(7);
    api.on('POST /api/admin/avaliacoes/7/aprovar/', {
      status: 404,
      body: { error: REVIEW_NOT_FOUND },
    });
    fireEvent.click(within(card).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(REVIEW_NOT_FOUND)).toBeTruthy();
    expect(await screen.findByText('Nenhuma avaliação esperando. Tudo em dia!')).toBeTruthy();
  });

  it('says when the connection failed', async () => {
    serve(api, [review()]);
    api.on('POST /api/admin/avaliacoes/7/aprovar/', 'no-response');
    show();
    fireEvent.click(within(await item('Linda demais')).getByRole('button', { name: 'Aprovar' }));
    expect(await screen.findByText(/conexão/i)).toBeTruthy();
    // Still there, to try again.
    expect(items()).toHaveLength(1);
  });
});

describe("'Quando pedir a avaliação'", () => {
  it('shows the days in force, refuses days out of 0-60 before sending, and saves', async () => {
    serve(api, [review()]);
    api.on('PUT /api/admin/avaliacoes/configuracao/', (call) => ({
      body: { ...(call.body as object), da_loja: true },
    }));
    show();
    const afterDelivery = (await screen.findByLabelText(
      /Dias depois da entrega/,
    )) as HTMLInputElement;
    expect(afterDelivery.value).toBe('7');
    const afterShipping = screen.getByLabelText(/Dias depois do envio/) as HTMLInputElement;
    expect(afterShipping.value).toBe('20');
    fireEvent.change(afterDelivery, { target: { value: '61' } });
    fireEvent.change(afterShipping, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar prazo' }));
    expect(await screen.findByText(REVIEW_DELIVERED_DAYS_INVALID)).toBeTruthy();
    expect(screen.getByText(REVIEW_SHIPPED_DAYS_INVALID)).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/avaliacoes/configuracao/')).toHaveLength(0);
    fireEvent.change(afterDelivery, { target: { value: '3' } });
    fireEvent.change(afterShipping, { target: { value: '15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar prazo' }));
    expect(await screen.findByText('Prazo do pedido de avaliação salvo.')).toBeTruthy();
    expect(api.callsTo('PUT /api/admin/avaliacoes/configuracao/')[0]!.body).toEqual({
      dias_apos_entrega: 3,
      dias_apos_envio: 15,
    });
  });
});
