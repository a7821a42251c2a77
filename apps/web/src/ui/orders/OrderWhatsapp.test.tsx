/**
 * Her order's chat (issue 37): 'Falar sobre o pedido no WhatsApp' with the order's reference in
 * the message, and the support contact following the store's WhatsApp (none when it has none).
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORE_SETTINGS, storeSettingsQueryKey } from '@/lib/store-settings';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { testQueryClient } from '@test/providers';
import { SupportContact } from './OrderNotes';
import { OrderWhatsappButton } from './OrderWhatsapp';

let api: FakeApi;

beforeEach(() => {
  api = installFakeApi({ 'GET /api/loja/': { body: {} } });
});

afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show(ui: ReactElement, whatsapp: string | null) {
  const client = testQueryClient();
  client.setQueryData(storeSettingsQueryKey, { ...DEFAULT_STORE_SETTINGS, whatsapp });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function chatText(link: HTMLElement): string | null {
  return new URL(link.getAttribute('href')!).searchParams.get('text');
}

describe("her order's WhatsApp", () => {
  it("'Falar sobre o pedido no WhatsApp' names the order's reference", () => {
    show(<OrderWhatsappButton reference="10234" />, '11974523180');
    const link = screen.getByRole('link', { name: /Falar sobre o pedido no WhatsApp/ });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/wa\.me\/5511974523180\?text=/);
    expect(chatText(link)).toBe(
      'Olá! Quero falar sobre o meu pedido #10234 na Duas Irmãs Semijoias.',
    );
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('is not there when the store has no WhatsApp', () => {
    show(<OrderWhatsappButton reference="10234" />, null);
    expect(screen.queryByRole('link')).toBeNull();
  });

  it("the support contact: with the order, its chat; without, the store's number", () => {
    const { unmount } = show(<SupportContact reference={10234} />, '11974523180');
    const about = screen.getByRole('link', { name: /Falar sobre o pedido no WhatsApp/ });
    expect(chatText(about)).toContain('#10234');
    unmount();

    show(<SupportContact />, '2130001234');
    const plain = screen.getByRole('link', { name: /WhatsApp \(21\) 3000-1234/ });
    expect(plain.getAttribute('href')).toBe('https://wa.me/552130001234');
  });

  it('the support contact without a WhatsApp: the e-mail alone', () => {
    show(<SupportContact reference={10234} />, null);
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      'mailto:contato@duasirmassemijoias.com.br',
    ]);
  });
});
