/**
 * LGPD: the sign-up's 'Quero receber novidades e ofertas por e-mail' checkbox is
 * unticked to begin with, and the account is created with her answer (`aceita_marketing`).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_LABEL } from '@semijoias/domain/marketing';
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

function show() {
  const Providers = providers(undefined, '/cadastro');
  return render(
    <Providers>
      <RegisterPage />
    </Providers>,
  );
}

function fill() {
  const type = (label: string, value: string) =>
    fireEvent.input(screen.getByLabelText(label, { exact: true }), { target: { value } });
  type('Nome', 'Ana');
  type('Sobrenome', 'Souza');
  type('E-mail', 'ana@exemplo.com.br');
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
