/**
 * The setup of the owners' second factor starts from a link e-mailed to her (issue 33): without
 * the link's token the gate offers to send it and says it was sent; with it, the gate opens the
 * setup once with that token and takes it out of the address bar. At login, the one field takes
 * the app's code or a recovery code, pasted whole before she asks for the recovery one.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { secondFactorLinkSent } from '@semijoias/domain/second-factor-link';
import { storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { ToastProvider } from '@/ui/toast';
import { SecondFactorGate } from './SecondFactorGate';

const STATUS = { configurado: false, obrigatorio: true, codigos_restantes: 0 };
let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(accessToken('dona@semijoias.test'), 'r');
  api = installFakeApi({ 'GET /api/segundo-fator/': { body: STATUS } });
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show(path: string) {
  const Providers = providers(undefined, path);
  render(
    <Providers>
      <ToastProvider>
        <SecondFactorGate onActivated={() => undefined} onPassed={() => Promise.resolve()} />
      </ToastProvider>
    </Providers>,
  );
}

describe('the setup of the second factor', () => {
  it('without a link: sends one to her e-mail and says so; no QR code', async () => {
    const message = secondFactorLinkSent('dona@semijoias.test');
    api.on('POST /api/segundo-fator/link/', { body: { message } });
    show('/admin');
    const send = await screen.findByRole('button', { name: 'Enviar link para o meu e-mail' });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    fireEvent.click(send);
    expect((await screen.findByTestId('second-factor-link-sent')).textContent).toContain(message);
    expect(api.callsTo('POST /api/segundo-fator/configurar/')).toHaveLength(0);
  });

  it('with the link: opens the setup once with its token', async () => {
    api.on('POST /api/segundo-fator/configurar/', {
      body: {
        segredo: 'ABCD EFGH IJKL MNOP QRST UVWX YZ23 4567',
        uri: 'otpauth://totp/Loja:dona%40semijoias.test?secret=ABCD',
        qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      },
    });
    show('/admin?segundo-fator=configurar&token=tok123');
    expect(await screen.findByTestId('second-factor-secret')).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/segundo-fator/configurar/')).toHaveLength(1));
    expect(api.callsTo('POST /api/segundo-fator/configurar/')[0]!.body).toEqual({
      token: 'tok123',
    });
  });
});

describe('the code asked at login', () => {
  const CONFIGURED = { configurado: true, obrigatorio: true, codigos_restantes: 7 };

  /** What a browser does with a paste: the field keeps at most its maxlength. */
  function paste(input: HTMLInputElement, text: string) {
    const limit = input.maxLength >= 0 ? input.maxLength : text.length;
    fireEvent.change(input, { target: { value: text.slice(0, limit) } });
  }

  it.each([
    ['as shown', 'abcd-efgh'],
    ['with the spaces and line end of a copy', ' abcd-efgh\n'],
    ['in capitals, without the dash', 'ABCDEFGH'],
  ])('takes a recovery code pasted in the app code field %s, whole', async (_how, pasted) => {
    api.on('GET /api/segundo-fator/', { body: CONFIGURED });
    api.on('POST /api/segundo-fator/verificar/', {
      body: { access: accessToken('dona@semijoias.test'), refresh: 'r2', codigos_restantes: 6 },
    });
    show('/admin');
    const input = await screen.findByLabelText<HTMLInputElement>(
      'Código do aplicativo ou de recuperação',
    );
    // She has not clicked 'Usar um código de recuperação'.
    expect(screen.getByRole('button', { name: 'Usar um código de recuperação' })).toBeTruthy();
    paste(input, pasted);
    // The page follows: a recovery code's words and keyboard.
    expect(await screen.findByText(/Digite um dos códigos de recuperação/)).toBeTruthy();
    expect(input.inputMode).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(api.callsTo('POST /api/segundo-fator/verificar/')).toHaveLength(1));
    expect(api.callsTo('POST /api/segundo-fator/verificar/')[0]!.body).toEqual({
      codigo: 'abcd-efgh',
    });
  });

  it("still takes the app's 6 digits, with the space some apps show", async () => {
    api.on('GET /api/segundo-fator/', { body: CONFIGURED });
    api.on('POST /api/segundo-fator/verificar/', {
      body: { access: accessToken('dona@semijoias.test'), refresh: 'r2', codigos_restantes: 7 },
    });
    show('/admin');
    const input = await screen.findByLabelText<HTMLInputElement>(
      'Código do aplicativo ou de recuperação',
    );
    paste(input, '123 456');
    expect(input.inputMode).toBe('numeric');
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(api.callsTo('POST /api/segundo-fator/verificar/')).toHaveLength(1));
    expect(api.callsTo('POST /api/segundo-fator/verificar/')[0]!.body).toEqual({
      codigo: '123456',
    });
  });
});
