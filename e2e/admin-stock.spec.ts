import { soldOut } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// An owner restocks a sold-out piece from 'Estoque': the ledger shows her adjustment with its
// note, and the store's product page sells the piece again.

// One piece per project, from the end of the catalog, so the runs never share a stock.
const PRODUCT_ID = { phone: 25, desktop: 26 } as const;

test('an owner restocks a sold-out piece and the store sells it again', async ({
  page: shopperPage,
  ownerPage: page,
  owner,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const id = testInfo.project.name === 'phone' ? PRODUCT_ID.phone : PRODUCT_ID.desktop;
  await soldOut(request, owner.session.access, id);

  await shopperPage.goto(`/produto/${id}`);
  const name = (await shopperPage.getByRole('heading', { level: 1 }).textContent())!.trim();
  await expect(shopperPage.getByTestId('add-to-cart')).toHaveText(/Esgotado/);

  await page.goto('/admin/estoque');
  await expect(page.getByRole('heading', { level: 1, name: 'Estoque' })).toBeVisible();
  await page.getByRole('button', { name: 'Ajustar estoque' }).click();
  const dialog = page.getByTestId('adjust-stock-dialog');
  await expect(dialog.getByRole('heading', { name: 'Ajustar estoque' })).toBeVisible();
  await dialog.getByRole('searchbox', { name: 'Produto' }).fill(name);
  await dialog
    .getByRole('button', { name: new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  await expect(dialog.getByTestId('adjust-product')).toHaveText(name);
  await expect(dialog.getByText('Hoje: 0 un.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Repor (entrada)' }).click();
  await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await dialog.getByRole('button', { name: 'Aumentar quantidade' }).click();
  await expect(dialog.getByRole('spinbutton', { name: 'Quantidade' })).toHaveValue('3');
  // Without a note the dialog says why it does not save.
  await dialog.getByRole('button', { name: 'Salvar ajuste' }).click();
  await expect(dialog.getByText('Escreva o motivo do ajuste.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Chegou reposição da fornecedora');
  await dialog.getByRole('button', { name: 'Salvar ajuste' }).click();
  await expect(dialog).toBeHidden();

  // Her entry for this piece: the ledger lists every piece's, newest first, and the other
  // journeys of the same owner write theirs at the same time.
  const entry = page
    .getByTestId('stock-ledger')
    .getByRole('listitem')
    .filter({ hasText: 'Chegou reposição da fornecedora' })
    .first();
  await expect(entry).toContainText(name);
  await expect(entry).toContainText('+3');
  await expect(entry).toContainText('Ajuste manual');
  await expect(entry).toContainText('Chegou reposição da fornecedora');
  await expect(entry).toContainText(owner.email);

  // A stock change reaches the kept pages within a second (docs/catalog-cache.md): she reloads
  // as a shopper would until it shows.
  await expect
    .poll(
      async () => {
        await shopperPage.reload();
        return shopperPage.getByTestId('add-to-cart').textContent();
      },
      { timeout: 10_000, intervals: [500, 1000] },
    )
    .toMatch(/Adicionar/);
  await expect(shopperPage.getByTestId('add-to-cart')).toBeEnabled();
});
