/**
 * The setup of the owners' second factor starts from a link e-mailed to her (issue 33): without
 * the link's token the gate offers to send it and says it was sent; with it, the gate opens the
 * setup once with that token and takes it out of the address bar.
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
