/**
 * The pages of a change of e-mail's two links (docs/account-security.md): the confirmation runs
 * on opening and says the new address; 'não fui eu' waits for her button, then says what was done.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EMAIL_CHANGE_CANCELLED,
  EMAIL_CHANGE_CONFIRMED,
  EMAIL_CHANGE_LINK_INVALID,
} from '@semijoias/domain/email-change';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { ConfirmEmailChangePage, NotMePage } from './EmailChangePages';

let api: FakeApi;
beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show(page: React.ReactNode, path: string) {
  const Providers = providers(undefined, path);
  render(<Providers>{page}</Providers>);
}

describe('the change of e-mail’s pages', () => {
  it('/confirmar-email confirms on opening and names the new address', async () => {
    api.on('POST /api/confirmar-email/', {
      body: { message: EMAIL_CHANGE_CONFIRMED, email: 'nova@exemplo.com.br' },
    });
    show(<ConfirmEmailChangePage />, '/confirmar-email?token=abc');
    const done = await screen.findByTestId('email-change-confirmed');
    expect(done.textContent).toContain(EMAIL_CHANGE_CONFIRMED);
    expect(done.textContent).toContain('nova@exemplo.com.br');
    expect(api.callsTo('POST /api/confirmar-email/')[0]!.body).toEqual({ token: 'abc' });
  });

  it('/confirmar-email says so when the link is spent', async () => {
    api.on('POST /api/confirmar-email/', {
      status: 400,
      body: { error: EMAIL_CHANGE_LINK_INVALID },
    });
    show(<ConfirmEmailChangePage />, '/confirmar-email?token=abc');
    expect((await screen.findByTestId('email-change-error')).textContent).toContain(
      EMAIL_CHANGE_LINK_INVALID,
    );
  });

  it('/nao-fui-eu acts only on her button', async () => {
    api.on('POST /api/nao-fui-eu/', { body: { message: EMAIL_CHANGE_CANCELLED } });
    show(<NotMePage />, '/nao-fui-eu?token=xyz');
    const button = await screen.findByRole('button', { name: 'Não fui eu: cancelar a troca' });
    expect(api.callsTo('POST /api/nao-fui-eu/')).toHaveLength(0);
    fireEvent.click(button);
    expect((await screen.findByTestId('not-me-done')).textContent).toContain(
      EMAIL_CHANGE_CANCELLED,
    );
    expect(api.callsTo('POST /api/nao-fui-eu/')[0]!.body).toEqual({ token: 'xyz' });
  });
});
