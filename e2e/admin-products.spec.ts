import sharp from 'sharp';
import { expect, test } from './fixtures/test';

// The owner creates a piece in the back office, uploads its main picture, publishes it and
// finds it, with that picture, on its category page of the storefront.

test('an owner creates a product with a picture, publishes it and finds it in its category', async ({
  ownerPage: page,
  request,
}, testInfo) => {
  const name = `Brinco Gota ${testInfo.project.name} ${Date.now().toString(36)}`;
  // A real picture, as a phone would send it: a JPEG larger than the storefront shows.
  const photo = await sharp({
    create: { width: 1400, height: 1000, channels: 3, background: '#b8893b' },
  })
    .jpeg()
    .toBuffer();

  await page.goto('/admin/produtos');
  await page.getByRole('link', { name: 'Novo produto' }).click();
  await expect(page.getByRole('heading', { name: 'Novo produto' })).toBeVisible();

  // The server's field errors show under the fields.
  await page.getByRole('button', { name: 'Criar produto' }).click();
  await expect(page.getByText('Informe o nome do produto.')).toBeVisible();
  await expect(
    page.getByText('Escolha a categoria: Anel, Brinco, Pulseira ou Colar.'),
  ).toBeVisible();

  await page.getByLabel('Nome').fill(name);
  await page.getByLabel('Categoria').selectOption('Brinco');
  await page.getByLabel('Preço (R$)').fill('89,90');
  await page.getByLabel('Descrição').fill('Brinco gota banhado a ouro 18k.');
  await page.getByLabel('Estoque (unidades)').fill('4');
  await page.getByRole('button', { name: 'Criar produto' }).click();

  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Oculto da loja', { exact: true })).toBeVisible();
  // Not in the store yet.
  expect((await request.get('/api/listar_brincos/')).ok()).toBe(true);
  expect(await (await request.get('/api/listar_brincos/')).text()).not.toContain(name);

  // Publishing before the main picture is refused, in Portuguese.
  await page.getByRole('button', { name: 'Publicar na loja' }).click();
  await expect(page.getByText('Envie a foto principal antes de publicar o produto.')).toBeVisible();

  // A text file is refused by its content.
  await page.getByLabel('Enviar Foto principal').setInputFiles({
    name: 'foto.png',
    mimeType: 'image/png',
    buffer: Buffer.from('isto não é uma imagem'),
  });
  await expect(page.getByText('O arquivo não é uma imagem JPEG, PNG, WebP ou AVIF.')).toBeVisible();

  await page.getByLabel('Enviar Foto principal').setInputFiles({
    name: 'gota.jpg',
    mimeType: 'image/jpeg',
    buffer: photo,
  });
  await expect(page.getByText('Foto enviada.')).toBeVisible();
  const preview = page.getByRole('img', { name: `Foto principal de ${name}` });
  await expect(preview).toHaveAttribute('src', /\/media\/produtos\/enviadas\/.+\.webp$/);
  const src = await preview.getAttribute('src');

  await page.getByRole('button', { name: 'Publicar na loja' }).click();
  await expect(page.getByText('Na loja', { exact: true })).toBeVisible();
  // The history names what she did.
  await expect(page.getByText(/publicado na loja/).first()).toBeVisible();

  // The storefront shows it at once, on its category page, with the uploaded picture.
  await page.goto('/brincos');
  const card = page.getByRole('link', { name }).first();
  await expect(card).toBeVisible();
  const picture = page.locator(`img[src="${src}"]`).first();
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(900);

  // And hidden again, it is gone.
  await page.goto('/admin/produtos');
  await page.getByRole('searchbox', { name: 'Buscar produto pelo nome' }).fill(name);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await page.getByRole('button', { name: 'Ocultar da loja' }).click();
  await expect(page.getByText('Oculto da loja', { exact: true })).toBeVisible();
  await page.goto('/brincos');
  await expect(page.getByRole('heading', { name: 'Brincos' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);
});
