/**
 * 'Fale conosco no WhatsApp' (issue 37): on a storefront page only when the store has a
 * WhatsApp, a plain link to the chat with the greeting, never on /checkout.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_SETTINGS, storeSettingsQueryKey } from '@/lib/store-settings';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { WhatsappFloat } from './WhatsappFloat';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({ 'GET /api/loja/': { body: {} } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

/** The button on `path` with the store's settings already known (a server-rendered page). */
function show(path: string, whatsapp: string | null) {
  const client = testQueryClient();
  client.setQueryData(storeSettingsQueryKey, { ...DEFAULT_STORE_SETTINGS, whatsapp });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <WhatsappFloat />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("'Fale conosco no WhatsApp'", () => {
  it('opens the chat with the greeting naming the store, in a new tab', () => {
    show('/aneis', '11974523180');
    const link = screen.getByRole('link', { name: 'Fale conosco no WhatsApp' });
    const url = new URL(link.getAttribute('href')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://wa.me/5511974523180');
    expect(url.searchParams.get('text')).toBe(
      'Olá, Duas Irmãs Semijoias! Vim pelo site e gostaria de atendimento.',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    // A plain link: nothing of WhatsApp's (no picture, no frame) is on the page.
    expect(link.querySelector('img, iframe, script')).toBeNull();
  });

  it('follows the number the store answers', () => {
    show('/', '2130001234');
    const link = screen.getByRole('link', { name: 'Fale conosco no WhatsApp' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/552130001234\?text=/);
  });

  it('is not there when the store has no WhatsApp', () => {
    show('/aneis', null);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('is not on the checkout, where she is paying', () => {
    show('/checkout', '11974523180');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("is not on her order's page, which has the chat about that order", () => {
    show('/pedido/100042', '11974523180');
    expect(screen.queryByRole('link')).toBeNull();
    show('/usuario', '11974523180'); // her account (her orders' list) still has it
    expect(screen.getAllByRole('link').length).toBeGreaterThan(0);
  });
});
