/**
 * The info tab's contact form (docs/account-security.md): the phone saves as before; a new e-mail
 * asks for her current password, is sent with it, and the tab says a confirmation link went to
 * the new address while the e-mail shown stays the current one; the server's word on a wrong
 * password is shown under the field.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_PASSWORD_WRONG,
  emailChangeSentMessage,
} from '@semijoias/domain/email-change';
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
const NEW = 'ana.nova@exemplo.com.br';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken(), 'r');
  api = installFakeApi({ 'GET /api/infos/': { body: INFO } });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

async function openForm() {
  const Providers = providers(undefined, '/usuario');
  render(
    <Providers>
      <InfoTab />
    </Providers>,
  );
  fireEvent.click(await screen.findByRole('button', { name: 'Editar' }));
}

const emailInput = () => screen.getByLabelText(/e-?mail/i, { selector: 'input[type="email"]' });
const save = () => screen.getByRole('button', { name: 'Salvar' });

describe('the info tab’s contact form', () => {
  it('saves a new phone without asking for the password', async () => {
    api.on('PUT /api/infos/', { body: { ...INFO, phone: '2133334444' } });
    await openForm();
    fireEvent.change(screen.getByLabelText('Telefone'), { target: { value: '2133334444' } });
    expect(screen.queryByTestId('email-change-password')).toBeNull();
    fireEvent.click(save());
    await waitFor(() => expect(api.callsTo('PUT /api/infos/')).toHaveLength(1));
    expect(api.callsTo('PUT /api/infos/')[0]!.body).not.toHaveProperty('senha_atual');
  });

  it('asks for the current password for a new e-mail and says a link was sent', async () => {
    api.on('PUT /api/infos/', {
      body: { ...INFO, email_pendente: NEW, message: emailChangeSentMessage(NEW) },
    });
    await openForm();
    fireEvent.change(emailInput(), { target: { value: NEW } });
    const password = await screen.findByLabelText('Senha atual');
    expect((save() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(password, { target: { value: 'Semijoia2024' } });
    await waitFor(() => expect((save() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(save());
    expect((await screen.findByTestId('email-change-sent')).textContent).toContain(
      emailChangeSentMessage(NEW),
    );
    expect(api.callsTo('PUT /api/infos/')[0]!.body).toMatchObject({
      email: NEW,
      senha_atual: 'Semijoia2024',
    });
    // Until the link is opened, her e-mail is the current one.
    expect(screen.getByTestId('info-email').textContent).toBe(INFO.email);
  });

  it('shows the server’s word on a wrong password under the field', async () => {
    api.on('PUT /api/infos/', {
      status: 400,
      body: {
        error: EMAIL_CHANGE_PASSWORD_WRONG,
        errors: { senha_atual: [EMAIL_CHANGE_PASSWORD_WRONG] },
      },
    });
    await openForm();
    fireEvent.change(emailInput(), { target: { value: NEW } });
    fireEvent.change(await screen.findByLabelText('Senha atual'), {
      target: { value: 'Errada2024' },
    });
    fireEvent.click(save());
    expect(await screen.findByText(EMAIL_CHANGE_PASSWORD_WRONG)).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Editar contato' })).toBeTruthy();
  });
});
