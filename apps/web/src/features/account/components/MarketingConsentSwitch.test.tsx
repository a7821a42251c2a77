/**
 * The info tab's 'Quero receber novidades e ofertas por e-mail' switch saves on its
 * own (PUT api/infos/ with aceita_marketing and her contact as read), and a failed save puts it
 * back and says so.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  MARKETING_CONSENT_LABEL,
  MARKETING_CONSENT_SAVE_ERROR,
  MARKETING_CONSENT_SAVED_OFF,
  MARKETING_CONSENT_SAVED_ON,
} from '@semijoias/domain/marketing';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import type { UserInfo } from '../api';
import { InfoTab } from './InfoTab';

const INFO: UserInfo = {
  username: 'ana@exemplo.com.br',
  first_name: 'Ana',
  last_name: 'Souza',
  email: 'ana@exemplo.com.br',
  phone: '11987654321',
  cpf: '52998224725',
  birthdate: '1990-05-17',
  administrador: false,
  aceita_marketing: false,
};

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken(), 'r');
  api = installFakeApi({ 'GET /api/infos/': { body: INFO } });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show() {
  const Providers = providers(undefined, '/usuario');
  return render(
    <Providers>
      <InfoTab />
    </Providers>,
  );
}

describe('the marketing consent switch', () => {
  it('starts as she left it and saves each press on its own', async () => {
    api.on('PUT /api/infos/', (call) => ({
      body: {
        ...INFO,
        aceita_marketing: (call.body as { aceita_marketing: boolean }).aceita_marketing,
      },
    }));
    show();
    const toggle = await screen.findByRole('switch', { name: MARKETING_CONSENT_LABEL });
    expect(toggle.getAttribute('aria-checked')).toBe('false');

    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect((await screen.findByTestId('marketing-status')).textContent).toContain(
      MARKETING_CONSENT_SAVED_ON,
    );
    const [first] = api.callsTo('PUT /api/infos/');
    expect(first!.body).toMatchObject({
      email: INFO.email,
      phone: INFO.phone,
      aceita_marketing: true,
    });

    fireEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByTestId('marketing-status').textContent).toContain(
        MARKETING_CONSENT_SAVED_OFF,
      ),
    );
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    expect(api.callsTo('PUT /api/infos/')[1]!.body).toMatchObject({ aceita_marketing: false });
  });

  it('a failed save puts it back and says so', async () => {
    api.on('PUT /api/infos/', 'no-response');
    show();
    const toggle = await screen.findByRole('switch', { name: MARKETING_CONSENT_LABEL });
    fireEvent.click(toggle);
    expect((await screen.findByTestId('marketing-status')).textContent).toContain(
      MARKETING_CONSENT_SAVE_ERROR,
    );
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });
});
