/**
 * 'Sair de todos os aparelhos' (docs/auth-contract.md): asks first, then POST api/logout/todos/
 * with her bearer; only once the server has ended her sessions does the page leave. A failure is
 * said in the dialog and this browser stays signed in (her other devices were not signed out).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getRefreshToken, storeTokens } from '@/lib/session';
import { accessToken, installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import {
  LOGOUT_EVERYWHERE,
  LOGOUT_EVERYWHERE_EXPLAINED,
  LOGOUT_EVERYWHERE_FAILED,
  LOGOUT_EVERYWHERE_QUESTION,
  LogoutEverywhere,
} from './LogoutEverywhere';

let api: FakeApi;
const access = accessToken();

beforeEach(() => {
  window.localStorage.clear();
  storeTokens(access, 'r');
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show() {
  const onDone = vi.fn();
  const Providers = providers(undefined, '/usuario');
  render(
    <Providers>
      <LogoutEverywhere onDone={onDone} />
    </Providers>,
  );
  fireEvent.click(screen.getByRole('button', { name: LOGOUT_EVERYWHERE }));
  return onDone;
}

describe('Sair de todos os aparelhos', () => {
  it('asks, then ends every session on the server and leaves', async () => {
    api.on('POST /api/logout/todos/', {
      body: { message: 'Você saiu da sua conta em todos os aparelhos.' },
    });
    const onDone = show();
    const dialog = await screen.findByRole('alertdialog', { name: LOGOUT_EVERYWHERE_QUESTION });
    expect(dialog.textContent).toContain(LOGOUT_EVERYWHERE_EXPLAINED);
    expect(api.calls).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Sair de todos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [call] = api.callsTo('POST /api/logout/todos/');
    expect(call?.headers.Authorization).toBe(`Bearer ${access}`);
  });

  it('Cancelar asks nothing of the server', async () => {
    const onDone = show();
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a failure is said, and this browser stays signed in', async () => {
    api.on('POST /api/logout/todos/', 'no-response');
    const onDone = show();
    fireEvent.click(await screen.findByRole('button', { name: 'Sair de todos' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOGOUT_EVERYWHERE_FAILED);
    expect(onDone).not.toHaveBeenCalled();
    expect(getRefreshToken()).toBe('r');
    // A second try that works.
    api.on('POST /api/logout/todos/', { body: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Sair de todos' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
  });
});
