import { expectNoA11yViolations } from './fixtures/a11y';
import { shot } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// 'Canais de venda' (issue 37): an owner finds the feeds' addresses, the steps of each platform
// and how many pieces the feeds list; she names the brand and saves the store's WhatsApp as her
// own number (the same as the server's, so the storefront's buttons of other specs never change),
// finds both after a reload and in the feeds, then puts the defaults back. Desktop and phone, axe.

test('an owner sets the brand and the WhatsApp on Canais de venda and the feeds follow', async ({
  ownerPage: page,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.goto('/admin');
  await page
    .getByRole('navigation', { name: 'Administração' })
    .getByRole('link', { name: 'Canais de venda' })
    .click();
  await expect(page).toHaveURL(/\/admin\/canais$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Canais de venda' })).toBeVisible();

  const google = page.getByLabel('Google Merchant Center', { exact: true });
  await expect(google).toHaveValue(/^https?:\/\/[^/]+\/feeds\/google\.xml$/);
  await expect(page.getByLabel('Meta (Facebook e Instagram)', { exact: true })).toHaveValue(
    /\/feeds\/meta\.csv$/,
  );
  await expect(page.getByTestId('catalogos-contagem')).toContainText(/\d+ peças nos catálogos/);
  await expect(page.getByText('Adicionar produtos de um arquivo')).toBeVisible();
  await expect(page.getByTestId('whatsapp-em-uso')).toHaveText(
    'Em uso na loja: (11) 97452-3180, o padrão do servidor (WHATSAPP_NUMBER).',
  );
  await expectNoA11yViolations(page, `Canais de venda (${testInfo.project.name})`);

  await page.getByRole('textbox', { name: 'Marca' }).fill('Ateliê Duas Irmãs');
  await page.getByRole('radio', { name: 'Usar este número:' }).check();
  await page.getByLabel('Número com DDD').fill('11974523180');
  await expect(page.getByLabel('Número com DDD')).toHaveValue('(11) 97452-3180');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Canais de venda salvos.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('whatsapp-em-uso')).toHaveText(
    'Em uso na loja: (11) 97452-3180, o número salvo aqui.',
  );
  await shot(page, 'canais', { fullPage: true });

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Marca' })).toHaveValue('Ateliê Duas Irmãs');
  await expect(page.getByRole('radio', { name: 'Usar este número:' })).toBeChecked();
  await expect(page.getByLabel('Número com DDD')).toHaveValue('(11) 97452-3180');

  // The feeds name the brand at their next read.
  const feed = await page.request.get('/feeds/google.xml');
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('<g:brand>Ateliê Duas Irmãs</g:brand>');
  const csv = await page.request.get('/feeds/meta.csv');
  expect((await csv.text()).split('\r\n')[0]).toMatch(/^id,title,description,availability,/);

  // The same page on a phone: nothing runs off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Canais de venda' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoA11yViolations(page, 'Canais de venda (phone size)');
  await shot(page, 'canais', { fullPage: true, size: 'phone' });

  // The defaults back: the store's name and the server's number.
  await page.getByRole('textbox', { name: 'Marca' }).fill('');
  await page.getByRole('radio', { name: /Usar o número padrão do servidor/ }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Canais de venda salvos.', { exact: true })).toBeVisible();
  await expect(page.getByTestId('whatsapp-em-uso')).toHaveText(
    'Em uso na loja: (11) 97452-3180, o padrão do servidor (WHATSAPP_NUMBER).',
  );
});

test("a piece's form has its catalog fields, the plating's colour named as the default", async ({
  ownerPage: page,
}) => {
  await page.goto('/admin/produtos');
  await page
    .getByRole('link', { name: /Anel Halo Rubi Ródio/ })
    .first()
    .click();
  const fields = page.getByTestId('catalogos');
  await expect(fields.getByRole('textbox', { name: 'Cor (catálogos)' })).toHaveAttribute(
    'placeholder',
    'Prateado',
  );
  await expect(fields.getByRole('combobox', { name: 'Gênero (catálogos)' })).toHaveValue('');
  await expect(
    fields.getByRole('checkbox', { name: 'Não enviar aos catálogos do Google e Instagram' }),
  ).not.toBeChecked();
  await fields.scrollIntoViewIfNeeded();
  await shot(fields, 'produto-catalogos');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(fields, 'produto-catalogos', { size: 'phone' });
});
