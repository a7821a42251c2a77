/**
 * An owner's first entry to /admin asks her to protect her account; she sets up her
 * authenticator (the secret read from the page, a code computed from it as her phone would),
 * keeps her recovery codes (the .txt download holds the ten shown), logs out and in again from
 * the same browser and passes the prompt with a code, then backs the store up (the download is a
 * .tar.gz) and reads the store's health. Her own page in Clientes shows the codes left and makes
 * new ones. When she loses her phone, another owner resets her second factor from that page, on
 * her own computer, and her next entry asks her to set it up again.
 *
 * She is an owner of her own (ADMIN_EMAILS in start-store.mjs), not the fixture's: her second
 * factor is set up here, in the browser, and the other specs' logins must not spend her codes.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import {
  SECOND_FACTOR_INVALID_CODE,
  SECOND_FACTOR_RESET_DONE,
} from '../packages/domain/src/second-factor';
import { HEALTH_STATE_LABEL } from '../packages/domain/src/store-health';
import { expectNoA11yViolations } from './fixtures/a11y';
import { currentStep, SETUP_LINK_SUBJECT, totpCode } from './fixtures/admin';
import { cpfFrom, logInFromDrawer, mailsTo, mailTo, signUpVerified } from './fixtures/helpers';
import { ORDERS_PASSWORD } from './fixtures/orders';
import { expect, test } from './fixtures/test';

/** The store's e-mails to `email` whose subject says a browser it had not seen logged in. */
function newAccessMails(email: string): number {
  return mailsTo(email, /Novo acesso/i).length;
}

test('an owner protects her account, enters again with a code, backs the store up and reads its health', async ({
  page,
  ownerPage,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  // A new owner for a retry too: the first attempt may have set her factor up already.
  const email = `dona.seguranca.${project}.${testInfo.retry}@semijoias.test`;
  const seed = (project === 'phone' ? 770033 : 770044) + testInfo.retry * 100;
  await signUpVerified(
    request,
    {
      firstName: 'Clara',
      lastName: 'Dona',
      email,
      cpf: cpfFrom(seed),
      phone: `119876${String(seed).slice(-5)}`,
      birthdate: '1982-07-04',
    },
    ORDERS_PASSWORD,
  );

  // ------------------------------------------------------------ Her first entry: the setup
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
  const device = await page.evaluate(() => localStorage.getItem('semijoias.dispositivo'));
  expect(device).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  // A browser the store had not seen: she is told by e-mail.
  await expect.poll(() => newAccessMails(email), { message: 'the new-access e-mail' }).toBe(1);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Proteja sua conta' })).toBeVisible();
  // Her password alone sets nothing up: a one-time link goes to her e-mail.
  await expect(
    page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Enviar link para o meu e-mail' }).click();
  await expect(page.getByTestId('second-factor-link-sent')).toContainText(
    'Enviamos um link para o seu e-mail',
  );
  const setupMail = await mailTo(email, SETUP_LINK_SUBJECT);
  await page.goto(setupMail.links[0]!);
  await expect(
    page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }),
  ).toBeVisible();
  // The link is spent: it leaves the address bar.
  expect(new URL(page.url()).searchParams.get('token')).toBeNull();
  // No back-office page behind it: the menu is not there.
  await expect(page.getByRole('navigation', { name: 'Administração' })).toHaveCount(0);
  const secret = (await page.getByTestId('second-factor-secret').textContent())!.trim();
  expect(secret.replace(/\s/g, '')).toMatch(/^[A-Z2-7]{32}$/);
  await expectNoA11yViolations(page, `setup (${project})`);

  const field = page.getByRole('textbox', { name: 'Código de 6 dígitos' });
  // A wrong code first: refused, in words, on the field.
  const step = currentStep();
  const valid = [step - 1, step, step + 1, step + 2].map((s) => totpCode(secret, s));
  let wrong = 123456;
  while (valid.includes(String(wrong))) wrong++;
  await field.fill(String(wrong));
  await page.getByRole('button', { name: 'Ativar' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: SECOND_FACTOR_INVALID_CODE }),
  ).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  const activatedStep = currentStep();
  await field.fill(totpCode(secret, activatedStep));
  await page.getByRole('button', { name: 'Ativar' }).click();

  // ------------------------------------------------------------ Her recovery codes, once
  await expect(
    page.getByRole('heading', { level: 1, name: 'Guarde seus códigos de recuperação' }),
  ).toBeVisible();
  await expect(page.getByText('Estes códigos aparecem só agora.')).toBeVisible();
  const shown = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
  await expect(shown).toHaveCount(10);
  const codes = await shown.allTextContents();
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-[a-z0-9]{4}$/);
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar' }).click();
  const codesFile = await saving;
  expect(codesFile.suggestedFilename()).toMatch(/\.txt$/);
  const saved = readFileSync(await codesFile.path(), 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await expectNoA11yViolations(page, `recovery codes (${project})`);
  await page.getByRole('button', { name: 'Guardei meus códigos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();

  // ------------------------------------------------------------ Out, and in again with a code
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
  expect(await page.evaluate(() => localStorage.getItem('semijoias.dispositivo'))).toBe(device);
  await page.goto('/admin');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Verificação em duas etapas' }),
  ).toBeVisible();
  const prompt = page.getByRole('textbox', { name: 'Código do aplicativo ou de recuperação' });
  await expect(prompt).toBeFocused();
  await expectNoA11yViolations(page, `prompt (${project})`);
  // The code of the activation's step was spent: the next one (the store takes one step ahead).
  await prompt.fill(totpCode(secret, Math.max(currentStep(), activatedStep + 1)));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();
  // Same browser: no second e-mail about a new access.
  expect(newAccessMails(email)).toBe(1);

  // ------------------------------------------------------------ Her codes left, and new ones
  const menu = page.getByRole('navigation', { name: 'Administração' });
  await menu.getByRole('link', { name: 'Clientes', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Buscar por nome, e-mail ou CPF' }).fill(email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByTestId('customer-row').filter({ hasText: email }).click();
  const security = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { level: 2, name: 'Segurança' }) });
  await expect(security.getByTestId('recovery-codes-left')).toHaveText('10');
  await security.getByRole('button', { name: 'Gerar novos códigos' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Gerar novos códigos de recuperação?' });
  await confirm.getByRole('button', { name: 'Gerar novos códigos' }).click();
  const renewedList = security
    .getByRole('list', { name: 'Códigos de recuperação' })
    .getByRole('listitem');
  await expect(renewedList).toHaveCount(10);
  const renewed = await renewedList.allTextContents();
  expect(renewed.filter((code) => codes.includes(code))).toEqual([]);
  await security.getByRole('button', { name: 'Guardei meus códigos' }).click();
  await expect(security.getByTestId('recovery-codes-left')).toHaveText('10');

  // ------------------------------------------------------------ A backup, downloaded
  await menu.getByRole('link', { name: 'Backups', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/backups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await page.getByRole('button', { name: 'Fazer backup agora' }).click();
  await expect(page.getByText(/^Backup feito:/)).toBeVisible({ timeout: 30_000 });
  const newest = page
    .getByRole('region', { name: 'Backups guardados' })
    .getByRole('listitem')
    .first();
  await expect(newest.getByText('Mais recente')).toBeVisible();
  const downloading = page.waitForEvent('download');
  await newest.getByRole('button', { name: /^Baixar o backup de / }).click();
  const backup = await downloading;
  expect(backup.suggestedFilename()).toMatch(/\.tar\.gz$/);
  // gzip's magic number: the file is the archive, not an error page.
  const head = readFileSync(await backup.path()).subarray(0, 2);
  expect([...head]).toEqual([0x1f, 0x8b]);
  // Any tool opens it, the manifest first, then the tables.
  const members = execFileSync('tar', ['-tzf', await backup.path()], { encoding: 'utf8' }).split(
    '\n',
  );
  expect(members[0]).toBe('manifest.json');
  expect(members).toContain('banco/orders.jsonl');
  await expectNoA11yViolations(page, `backups (${project})`);

  // ------------------------------------------------------------ The store's health
  await menu.getByRole('link', { name: 'Saúde da loja', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/saude$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saúde da loja' })).toBeVisible();
  const items = page.getByRole('list', { name: 'Itens verificados' }).getByRole('listitem');
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  // Backup, e-mails, notifications, orders to ship, provider, mail server, database, disk.
  expect(count).toBeGreaterThanOrEqual(7);
  const stateWord = new RegExp(`^(${Object.values(HEALTH_STATE_LABEL).join('|')})$`);
  for (let i = 0; i < count; i++)
    await expect(items.nth(i).getByText(stateWord).first()).toBeVisible();
  await expect(page.getByText(/^Versão da loja em funcionamento:/)).toBeVisible();
  await expectNoA11yViolations(page, `health (${project})`);

  // ------------------------------------------------------------ She lost her phone: reset
  // Another owner, on her page in Clientes, removes her second factor.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await ownerPage.goto(`/admin/clientes?busca=${encodeURIComponent(email)}`);
  await ownerPage.getByTestId('customer-row').filter({ hasText: email }).click();
  const hers = ownerPage
    .locator('section')
    .filter({ has: ownerPage.getByRole('heading', { level: 2, name: 'Segurança' }) });
  await expect(hers.getByTestId('owner-second-factor')).toHaveText(
    'Verificação em duas etapas ativada.',
  );
  await hers.getByRole('button', { name: 'Redefinir segundo fator' }).click();
  const reset = ownerPage.getByRole('alertdialog', { name: /Redefinir o segundo fator de Clara/ });
  await reset.getByRole('button', { name: 'Redefinir' }).click();
  await expect(ownerPage.getByText(SECOND_FACTOR_RESET_DONE, { exact: true })).toBeVisible();
  await expect(hers.getByRole('button', { name: 'Redefinir segundo fator' })).toHaveCount(0);
  // Her next entry asks her to set an authenticator up again.
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Proteja sua conta' })).toBeVisible();
});
