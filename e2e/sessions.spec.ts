import type { APIRequestContext, Page } from '@playwright/test';
import { cpfFrom, logInFromDrawer, shot, signUpVerified, uniqueSeed } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// Sessions that end (docs/auth-contract.md): 'Sair da Conta' ends the session on the server too,
// and 'Sair de todos os aparelhos' in Minha Conta ends her other devices' sessions.

const PASSWORD = 'Sessao2026';

async function newShopper(request: APIRequestContext, name: string): Promise<string> {
  const stamp = uniqueSeed();
  const email = `${name}.${test.info().project.name}.${stamp}@example.com`;
  await signUpVerified(
    request,
    {
      firstName: 'Lia',
      lastName: 'Reis',
      email,
      cpf: cpfFrom(stamp),
      phone: '11987654321',
      birthdate: '1992-04-10',
    },
    PASSWORD,
  );
  return email;
}

const storedRefresh = (page: Page) => page.evaluate(() => localStorage.getItem('refresh'));

async function refreshStatus(request: APIRequestContext, refresh: string): Promise<number> {
  return (await request.post('/api/token/refresh/', { data: { refresh } })).status();
}

test("'Sair da Conta' ends the session on the server, not only in the browser", async ({
  page,
  request,
}) => {
  const email = await newShopper(request, 'sair');
  await logInFromDrawer(page, email, PASSWORD);
  await page.goto('/usuario');
  await expect(page.getByText('Olá, Lia!')).toBeVisible();
  const refresh = await storedRefresh(page);
  expect(refresh).toBeTruthy();

  const logout = page.waitForResponse((r) => r.url().endsWith('/api/logout/'));
  await page
    .getByRole('button', { name: 'Sair da Conta' })
    .filter({ visible: true })
    .first()
    .click();
  expect((await logout).status()).toBe(200);
  await expect(page).toHaveURL(/\/$/);
  expect(await storedRefresh(page)).toBeNull();
  // A copy of the refresh token (a thief's) no longer opens anything.
  expect(await refreshStatus(request, refresh!)).toBe(401);
});

test("'Sair de todos os aparelhos' ends her sessions on every device", async ({
  page,
  request,
}) => {
  const email = await newShopper(request, 'todos');
  // Her other device: a session made elsewhere.
  const other = await request.post('/api/token/', {
    data: { username: email, password: PASSWORD },
  });
  const otherSession = (await other.json()) as { access: string; refresh: string };

  await logInFromDrawer(page, email, PASSWORD);
  await page.goto('/usuario');
  await expect(page.getByText('Olá, Lia!')).toBeVisible();
  await shot(page, 'account');
  const button = page
    .getByRole('button', { name: 'Sair de todos os aparelhos' })
    .filter({ visible: true })
    .first();
  await button.click();
  const dialog = page.getByRole('alertdialog', { name: 'Sair de todos os aparelhos?' });
  await expect(dialog).toBeVisible();
  await shot(page, 'confirm');
  // Cancelar keeps everything.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  const infosOf = (access: string) =>
    request.get('/api/infos/', { headers: { authorization: `Bearer ${access}` } });
  expect((await infosOf(otherSession.access)).status()).toBe(200);

  await button.click();
  await dialog.getByRole('button', { name: 'Sair de todos' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('user-entry')).toBeVisible();
  expect(await storedRefresh(page)).toBeNull();
  // The other device is out too: its refresh token and its access token.
  expect(await refreshStatus(request, otherSession.refresh)).toBe(401);
  expect((await infosOf(otherSession.access)).status()).toBe(401);
});
