import type { Page } from '@playwright/test';
import {
  cpfFrom,
  logInInDrawer,
  mailTo,
  pathOf,
  productDetails,
  toCheckout,
  uniqueSeed,
} from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// Sign-up to password reset as a shopper does it, with the e-mails read from the store's outbox
// (the default when no SMTP_URL is set).

/** In the open login drawer; logged in, the header says so. */
async function loginFromDrawer(page: Page, email: string, password: string) {
  await expect(page.getByRole('dialog')).toBeVisible();
  await logInInDrawer(page, email, password);
  await expect(page.getByText('Veja seus pedidos!')).toBeVisible();
}

test('signs up, verifies the e-mail (which logs her in), edits the phone, stays logged in and logs out', async ({
  page,
}, testInfo) => {
  const stamp = uniqueSeed();
  const email = `ana.${testInfo.project.name}.${stamp}@example.com`;
  const password = 'Joias2026';

  await page.goto('/cadastro');
  const form = page.getByRole('form', { name: 'Cadastro' });
  await form.getByLabel('Nome', { exact: true }).fill('Ana');
  await form.getByLabel('Sobrenome').fill('Souza');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  // Masks apply as a person types, digit by digit.
  await form.getByLabel('Telefone').pressSequentially('11987654321');
  await expect(form.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  const cpf = cpfFrom(stamp);
  await form.getByLabel('CPF').pressSequentially(cpf);
  await expect(form.getByLabel('CPF')).toHaveValue(
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
  );
  await form.getByLabel('Data de nascimento').pressSequentially('15031990');
  await expect(form.getByLabel('Data de nascimento')).toHaveValue('15/03/1990');

  // A client check first: the confirmation differs.
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByLabel('Confirmar senha').fill('Joias2025');
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByText('As senhas não coincidem.')).toBeVisible();

  await form.getByLabel('Confirmar senha').fill(password);
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(
    page.getByText('Cadastro realizado com sucesso, verifique seu email para logar.'),
  ).toBeVisible();
  // The success screen names the address the link went to.
  await expect(page.getByTestId('register-sent-to')).toContainText(
    `Enviamos o link de ativação para ${email}.`,
  );

  // An unverified account cannot log in yet.
  const early = await page.request.post('/api/token/', { data: { username: email, password } });
  expect(early.status()).toBe(403);

  const verification = await mailTo(email, /verifi|confirm/i);
  // The e-mail names the welcome coupon the page after it offers.
  expect(verification.text).toContain('Use o cupom BOASVINDAS');
  const verifyLink = verification.links.find((l) => l.includes('/verificar-email'));
  expect(verifyLink, 'the verification link').toBeDefined();
  await page.goto(pathOf(verifyLink!));
  await expect(
    page.getByText('Email verificado com sucesso! Sua conta foi ativada.'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Boas-vindas, Ana!' })).toBeVisible();
  await expect(page.getByTestId('verify-success')).toContainText('BOASVINDAS');

  // The link logged her in: no password typed.
  await expect(page.getByTestId('verify-logged-in')).toHaveText('Você já entrou na sua conta.');
  await page.getByRole('button', { name: 'Começar a comprar' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Veja seus pedidos!')).toBeVisible();

  // The link is spent: opened again, it neither verifies nor logs in.
  const again = await page.request.post('/api/verify_email/', {
    data: { token: new URL(verifyLink!).searchParams.get('token') },
  });
  expect(again.status()).toBe(400);

  await page.goto('/usuario');
  await expect(page.getByTestId('info-name')).toHaveText('Ana Souza');
  await expect(page.getByTestId('info-email')).toHaveText(email);
  await page.getByRole('button', { name: 'Editar' }).click();
  const contact = page.getByRole('form', { name: 'Editar contato' });
  await contact.getByLabel('Telefone').fill('');
  await contact.getByLabel('Telefone').pressSequentially('2133334444');
  await expect(contact.getByLabel('Telefone')).toHaveValue('(21) 3333-4444');
  await contact.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByTestId('info-phone')).toHaveText('(21) 3333-4444');

  // The session survives a reload, and the server kept the new phone.
  await page.reload();
  await expect(page.getByTestId('info-phone')).toHaveText('(21) 3333-4444');
  await expect(page.getByText('Veja seus pedidos!')).toBeVisible();

  await page
    .getByRole('button', { name: 'Sair da Conta' })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Entre ou Cadastre-se!')).toBeVisible();
  expect(
    await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('refresh')]),
  ).toEqual([null, null]);
});

test('signs up from the checkout: the e-mail link logs her in and brings her back to the checkout', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = uniqueSeed();
  const email = `clara.${testInfo.project.name}.${stamp}@example.com`;
  const password = 'Anel2026';
  const piece = await productDetails(page.request, 16);

  // A guest at the checkout opens the account drawer and signs up from there.
  await toCheckout(page, piece);
  await page.getByTestId('user-entry').click();
  await page.getByRole('dialog').getByRole('link', { name: 'Criar minha conta' }).click();
  await expect(page).toHaveURL(/\/cadastro\?destino=%2Fcheckout$/);

  const form = page.getByRole('form', { name: 'Cadastro' });
  await form.getByLabel('Nome', { exact: true }).fill('Clara');
  await form.getByLabel('Sobrenome').fill('Dias');
  await form.getByLabel('E-mail', { exact: true }).fill(email);
  await form.getByLabel('Telefone').pressSequentially('11987654321');
  await form.getByLabel('CPF').pressSequentially(cpfFrom(stamp));
  await form.getByLabel('Data de nascimento').pressSequentially('02021992');
  await form.getByLabel('Senha', { exact: true }).fill(password);
  await form.getByLabel('Confirmar senha').fill(password);
  await form.getByRole('button', { name: 'Criar Conta' }).click();
  await expect(page.getByTestId('register-sent-to')).toContainText(email);

  const verification = await mailTo(email, /verifi|confirm/i);
  const link = new URL(verification.links.find((l) => l.includes('/verificar-email'))!);
  expect(link.searchParams.get('destino')).toBe('/checkout');
  await page.goto(pathOf(link.href));
  await expect(page.getByTestId('verify-logged-in')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar a compra' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText('Veja seus pedidos!')).toBeVisible();
  // Her checkout, rebuilt from the cart that followed her into her account.
  await expect(page.getByRole('heading', { level: 1, name: 'Finalizar Compra' })).toBeVisible();
  await expect(page.getByText(piece.name).first()).toBeVisible();
});

test('a verification link edited to another site still lands in the store', async ({
  page,
}, testInfo) => {
  const stamp = uniqueSeed();
  const email = `duda.${testInfo.project.name}.${stamp}@example.com`;
  const created = await page.request.post('/api/users/', {
    data: {
      firstName: 'Duda',
      lastName: 'Reis',
      email,
      phone: '11912345678',
      cpf: cpfFrom(stamp),
      birthdate: '1994-04-04',
      password: 'Pulseira2026',
      destino: 'https://outro.site/checkout',
    },
  });
  expect(created.status()).toBe(201);
  const verification = await mailTo(email, /verifi|confirm/i);
  const link = new URL(verification.links.find((l) => l.includes('/verificar-email'))!);
  expect(link.searchParams.has('destino')).toBe(false);
  // Edited by hand: the page checks it again and keeps her in the store.
  link.searchParams.set('destino', '//outro.site/checkout');
  await page.goto(pathOf(link.href));
  await page.getByRole('button', { name: 'Começar a comprar' }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

test('forgets the password, resets it from the e-mail and logs in with the new one', async ({
  page,
}, testInfo) => {
  const stamp = uniqueSeed();
  const email = `bia.${testInfo.project.name}.${stamp}@example.com`;
  const oldPassword = 'Colar2026';
  const newPassword = 'Brinco2027';

  // A verified shopper, made through the API the way the sign-up page makes one.
  const created = await page.request.post('/api/users/', {
    data: {
      firstName: 'Bia',
      lastName: 'Lima',
      email,
      phone: '11912345678',
      cpf: cpfFrom(stamp),
      birthdate: '1995-08-20',
      password: oldPassword,
    },
  });
  expect(created.status()).toBe(201);
  const verification = await mailTo(email, /verifi|confirm/i);
  const token = new URL(
    verification.links.find((l) => l.includes('/verificar-email'))!,
  ).searchParams.get('token');
  expect((await page.request.post('/api/verify_email/', { data: { token } })).status()).toBe(200);

  await page.goto('/esqueci-senha');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Enviar Instruções' }).click();
  await expect(
    page.getByText('Email enviado com sucesso! Verifique sua caixa de entrada.'),
  ).toBeVisible();

  const reset = await mailTo(email, /senha/i);
  const resetLink = reset.links.find((l) => l.includes('/redefinir-senha/'));
  expect(resetLink, 'the reset link').toBeDefined();
  await page.goto(pathOf(resetLink!));
  await page.getByLabel('Nova senha', { exact: true }).fill(newPassword);
  await expect(page.getByTestId('password-strength')).toHaveAttribute(
    'data-level',
    /strong|forte/i,
  );
  await page.getByLabel('Confirmar nova senha').fill(newPassword);
  await page.getByRole('button', { name: 'Redefinir Senha' }).click();
  await expect(
    page.getByText('Senha redefinida com sucesso! Redirecionando para a página inicial...'),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/$/, { timeout: 6_000 });

  // The old password no longer works; the new one does, from the header's entry.
  const old = await page.request.post('/api/token/', {
    data: { username: email, password: oldPassword },
  });
  expect(old.status()).toBe(401);
  await page.getByText('Entre ou Cadastre-se!').click();
  await loginFromDrawer(page, email, newPassword);
});
