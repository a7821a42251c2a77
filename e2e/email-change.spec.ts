/**
 * Issue 33: changing the e-mail in 'Meus dados' asks for the current password and changes it only
 * when the link sent to the new address is opened; the old address's 'Não fui eu' undoes it and
 * ends her sessions (docs/account-security.md).
 */
import { cpfFrom, logInFromDrawer, mailTo, signUpVerified } from './fixtures/helpers';
import { ORDERS_PASSWORD } from './fixtures/orders';
import { expect, test } from './fixtures/test';

test('a new e-mail waits for its link; the old address can undo it', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name}.${Date.now()}`;
  const email = `troca.${tag}@exemplo.com.br`;
  const target = `nova.${tag}@exemplo.com.br`;
  await signUpVerified(
    request,
    {
      firstName: 'Ana',
      lastName: 'Souza',
      email,
      cpf: cpfFrom(660000 + (Date.now() % 100_000)),
      phone: '11987654321',
      birthdate: '1990-05-17',
    },
    ORDERS_PASSWORD,
  );
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
  await page.goto('/usuario');
  await page.getByRole('button', { name: 'Editar' }).click();
  const contact = page.getByRole('form', { name: 'Editar contato' });
  await contact.getByLabel('E-mail').fill(target);
  // The password is asked for a new e-mail, and checked by the server.
  await contact.getByLabel('Senha atual').fill('Errada2024x');
  await contact.getByRole('button', { name: 'Salvar' }).click();
  await expect(contact.getByText('Senha atual incorreta.')).toBeVisible();
  await contact.getByLabel('Senha atual').fill(ORDERS_PASSWORD);
  await contact.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('email-change-sent')).toContainText(
    `Enviamos um link de confirmação para ${target}`,
  );
  await expect(page.getByTestId('info-email')).toHaveText(email);

  // The new address's link, opened in another browser, moves the account.
  const confirm = await mailTo(target, /Confirme seu novo e-mail/);
  const notice = await mailTo(email, /Pedido de troca do seu e-mail/);
  const elsewhere = await (await browser.newContext()).newPage();
  await elsewhere.goto(confirm.links[0]!);
  await expect(elsewhere.getByTestId('email-change-confirmed')).toContainText(target);
  await page.reload();
  await expect(page.getByTestId('info-email')).toHaveText(target);

  // 'Não fui eu' from the old address: the change undone, her sessions ended.
  await elsewhere.goto(notice.links[0]!);
  await elsewhere.getByRole('button', { name: 'Não fui eu: cancelar a troca' }).click();
  await expect(elsewhere.getByTestId('not-me-done')).toContainText('A troca foi desfeita');
  await page.reload();
  await expect(page.getByText('Entre ou Cadastre-se!')).toBeVisible();
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
});
