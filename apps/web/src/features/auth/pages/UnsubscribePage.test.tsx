/**
 * The unsubscribe page. Opening it changes nothing (a mail scanner follows links); her
 * press on the button makes the call with the link's token, without a login, and the page says
 * it is done. A bad link says so.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  UNSUBSCRIBE_BUTTON,
  UNSUBSCRIBE_DONE,
  UNSUBSCRIBE_FAILED,
  UNSUBSCRIBE_LINK_INVALID,
} from '@semijoias/domain/marketing';
import { installFakeApi, type FakeApi } from '@test/fake-api';
import { providers } from '@test/providers';
import { UnsubscribePage } from './UnsubscribePage';

const TOKEN = `12.${'a'.repeat(43)}`;
let api: FakeApi;

beforeEach(() => {
  window.localStorage.clear();
  api = installFakeApi();
});
afterEach(() => {
  expect(api.unhandled).toEqual([]);
});

function show(path: string) {
  const Providers = providers(undefined, path);
  return render(
    <Providers>
      <UnsubscribePage />
    </Providers>,
  );
}

describe('UnsubscribePage', () => {
  it('asks before it does anything, then withdraws with the token and says it is done', async () => {
    api.on('POST /api/descadastrar/', { body: { success: true, message: UNSUBSCRIBE_DONE } });
    show(`/descadastrar?t=${encodeURIComponent(TOKEN)}`);
    const button = await screen.findByRole('button', { name: UNSUBSCRIBE_BUTTON });
    expect(api.calls).toHaveLength(0);

    fireEvent.click(button);
    expect((await screen.findByTestId('unsubscribe-done')).textContent).toContain(UNSUBSCRIBE_DONE);
    const [call] = api.callsTo('POST /api/descadastrar/');
    expect(call!.query.get('t')).toBe(TOKEN);
    expect(call!.headers.Authorization).toBeUndefined();
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_BUTTON })).toBeNull();
  });

  it('a link the server does not know: its message, the button stays for a retry', async () => {
    api.on('POST /api/descadastrar/', { status: 400, body: { error: UNSUBSCRIBE_LINK_INVALID } });
    show(`/descadastrar?t=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: UNSUBSCRIBE_BUTTON }));
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toContain(
      UNSUBSCRIBE_LINK_INVALID,
    );
  });

  it('no answer: says to try again', async () => {
    api.on('POST /api/descadastrar/', 'no-response');
    show(`/descadastrar?t=${TOKEN}`);
    fireEvent.click(await screen.findByRole('button', { name: UNSUBSCRIBE_BUTTON }));
    await waitFor(() =>
      expect(screen.getByTestId('unsubscribe-error').textContent).toContain(UNSUBSCRIBE_FAILED),
    );
    expect(
      (screen.getByRole('button', { name: UNSUBSCRIBE_BUTTON }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('no token in the link: says the link is incomplete, no button, no call', async () => {
    show('/descadastrar');
    expect((await screen.findByTestId('unsubscribe-error')).textContent).toContain(
      UNSUBSCRIBE_LINK_INVALID,
    );
    expect(screen.queryByRole('button', { name: UNSUBSCRIBE_BUTTON })).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
