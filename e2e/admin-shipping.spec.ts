import AxeBuilder from '@axe-core/playwright';
import { fillShippingSender } from './fixtures/admin';
import { shot } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// 'Frete': an owner fills the sender the labels carry and the services offered, saves, and finds
// them kept after a reload; 'Testar conexão' without a token says to save one (nothing is asked
// of Melhor Envio: the store under test points it at a closed port). The settings are the store's,
// one for every spec: this spec runs once (on the desktop), and leaves Melhor Envio off.

test('an owner saves the sender and a service on Frete and finds them after a reload', async ({
  ownerPage: page,
}) => {
  test.setTimeout(90_000);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Frete' })
    .click();
  await expect(page).toHaveURL(/\/admin\/frete$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
  await expect(page.getByText('Desligado')).toBeVisible();

  await page.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(
    page.getByText('Salve um token do Melhor Envio antes de testar a conexão.'),
  ).toBeVisible();

  await fillShippingSender(page);
  await page.getByRole('checkbox', { name: /Mini Envios/ }).check();
  await page.getByLabel('Margem Mini Envios (R$)').fill('2,50');
  await page.getByLabel('Largura (cm) — Anéis').fill('8');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações de frete salvas.', { exact: true })).toBeVisible();
  await shot(page, 'frete', { fullPage: true });

  await page.reload();
  await expect(page.getByLabel('Nome ou razão social')).toHaveValue('Duas Irmãs Semijoias');
  await expect(page.getByLabel('CPF ou CNPJ')).toHaveValue('529.982.247-25');
  await expect(page.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await expect(page.getByLabel('CEP de origem')).toHaveValue('01310-100');
  await expect(page.getByLabel('UF')).toHaveValue('SP');
  await expect(page.getByRole('checkbox', { name: /Mini Envios/ })).toBeChecked();
  await expect(page.getByLabel('Margem Mini Envios (R$)')).toHaveValue('2,50');
  await expect(page.getByLabel('Largura (cm) — Anéis')).toHaveValue('8');
  expect(
    (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id),
  ).toEqual([]);

  // The same page on a phone: the sections stack, nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(
    (await new AxeBuilder({ page }).include('main').analyze()).violations.map((v) => v.id),
  ).toEqual([]);
  await shot(page, 'frete', { fullPage: true, size: 'phone' });
});
