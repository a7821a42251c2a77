/**
 * LGPD: the sign-up's 'Quero receber novidades e ofertas por e-mail' checkbox is
 * unticked to begin with, and the account is created with her answer (`aceita_marketing`).
 * The success screen names the address the link went to; the page she came from (`destino`, a
 * store path only) goes with the sign-up.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '@semijoias/domain/marketing';
import { registrationSentTo, REGISTRATION_SUCCESS } from '@semijoias/domain/messages';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { RegisterPage } from './RegisterPage';

let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi({
    'POST /api/users/': {
      status: 201,
      body: { message: 'Cadastro realizado! Verifique seu e-mail.', email_sent: true },
    },
  });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show(path = '/cadastro') {
  const Providers = providers(undefined, path);
  return render(
    <Providers>
      <RegisterPage />
    </Providers>,
  );
}

function fill(email = 'ana@exemplo.com.br') {
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });
  type('Nome', 'Ana');
  type('Sobrenome', 'Souza');
  type('E-mail', email);
  type('Telefone', '(11) 98765-4321');
  type('CPF', '529.982.247-25');
  type('Data de nascimento', '17/05/1990');
  type('Senha', 'Semijoia2024');
  type('Confirmar senha', 'Semijoia2024');
}

describe('the marketing consent at sign-up', () => {
  it('is unticked to begin with: the account is made with no', async () => {
    show();
    const box = screen.getByRole('checkbox', { name: new RegExp(MARKETING_CONSENT_LABEL) });
    expect((box as HTMLInputElement).checked).toBe(false);
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await screen.findByTestId('register-success');
    expect(api.callsTo('POST /api/users/')[0]!.body).toMatchObject({ aceita_marketing: false });
  });

  it('ticked: the account is made with yes', async () => {
    show();
    fill();
    fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(MARKETING_CONSENT_LABEL) }));
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await screen.findByTestId('register-success');
    expect(api.callsTo('POST /api/users/')[0]!.body).toMatchObject({
      email: 'ana@exemplo.com.br',
      aceita_marketing: true,
    });
  });
});

describe('the sign-up success screen', () => {
  it('names the address the e-mail went to', async () => {
    api.on('POST /api/users/', {
      status: 201,
      body: { message: REGISTRATION_SUCCESS, email_sent: true },
    });
    show();
    fill(' bia.lima@exemplo.com.br ');
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    const sentTo = await screen.findByTestId('register-sent-to');
    expect(sentTo.querySelector('p')!.textContent).toBe(
      registrationSentTo('bia.lima@exemplo.com.br'),
    );
    expect(sentTo.querySelector('strong')!.textContent).toBe('bia.lima@exemplo.com.br');
    expect(screen.getByTestId('register-success').textContent).toContain(REGISTRATION_SUCCESS);
  });

  it('says nothing was sent when the server could not send it', async () => {
    api.on('POST /api/users/', {
      status: 201,
      body: { message: 'Conta criada com sucesso, mas não foi possível enviar o email.' },
    });
    show();
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await screen.findByTestId('register-success');
    expect(screen.queryByTestId('register-sent-to')).toBeNull();
  });
});

describe('where she was going', () => {
  it('sends the destino of the page with the sign-up', async () => {
    show('/cadastro?destino=%2Fcheckout');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await screen.findByTestId('register-success');
    expect(api.callsTo('POST /api/users/')[0]!.body).toMatchObject({ destino: '/checkout' });
  });

  it('drops a destino that is not a path of the store', async () => {
    show('/cadastro?destino=https%3A%2F%2Foutro.site%2Fcheckout');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Conta' }));
    await screen.findByTestId('register-success');
    expect(api.callsTo('POST /api/users/')[0]!.body).not.toHaveProperty('destino');
  });
});
