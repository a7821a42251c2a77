import {
  brl,
  cartDrawer,
  cents,
  cpfFrom,
  expectHydrated,
  logInFromDrawer,
  productDetails,
  signUpVerified,
} from './fixtures/helpers';
import { ORDERS_PASSWORD } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// A cart and checkout that remember: the CEP quoted in the drawer stays with the cart through a
// reload, 'Finalizar Compra' goes on without asking for it again, and /checkout reloaded or
// opened in a new tab rebuilds itself from her cart and that CEP's quote. The CEP is the local
// fake ViaCEP's Avenida Paulista (01310-100).

test('a guest quotes a CEP, reloads, finishes from the cart, and /checkout survives a reload and a new tab', async ({
  page,
  context,
}) => {
  const earring = await productDetails(page.request, 20);
  expect(earring.estoque).toBeGreaterThan(1);

  await page.goto(`/produto/${earring.id}`);
  await expect(page.getByRole('heading', { level: 1, name: earring.name })).toBeVisible();
  await expectHydrated(page.getByTestId('add-to-cart'));
  await page.getByTestId('add-to-cart').click();
  await page
    .getByTestId('added-to-cart-popup')
    .getByRole('button', { name: 'Finalizar Compra' })
    .click();
  let drawer = cartDrawer(page);
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await drawer.getByTestId('cart-cep').fill('01310100');
  await expect(drawer.getByTestId('cart-cep-lookup')).toContainText('Avenida Paulista');
  await drawer.getByTestId('cart-calculate').click();
  const freight = (await drawer.getByTestId('cart-quote-value').innerText()).trim();
  expect(freight).toMatch(/^R\$ \d+,\d{2}$/);
  const subtotal = cents(earring.price);
  const freightCents = Number(freight.replace(/\D/g, ''));
  await expect(drawer.getByTestId('cart-total')).toHaveText(brl(subtotal + freightCents));

  // A reload: the cart still knows her CEP and its quote.
  await page.reload();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await page.locator('[data-opens="cart"]').first().click();
  drawer = cartDrawer(page);
  await expect(drawer.getByTestId('cart-cep')).toHaveValue('01310-100');
  await expect(drawer.getByTestId('cart-quote-value')).toHaveText(freight);
  await expect(drawer.getByTestId('cart-total')).toHaveText(brl(subtotal + freightCents));

  // 'Finalizar Compra' goes on: no 'calcule o frete' refusal.
  await drawer.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(drawer.getByTestId('cart-payment-error')).toHaveCount(0);
  const expectCheckout = async (p: typeof page) => {
    await expect(p.getByRole('heading', { level: 1, name: 'Finalizar Compra' })).toBeVisible();
    const summary = p.getByTestId('checkout-summary');
    await expect(summary.getByTestId('checkout-item')).toHaveCount(1);
    await expect(summary.getByTestId('checkout-item')).toContainText(`${earring.name} × 1`);
    await expect(summary.getByTestId('checkout-cep')).toHaveText('01310-100');
    await expect(summary.getByTestId('checkout-shipping')).toHaveText(freight);
    await expect(p.getByText('Dados do carrinho não encontrados')).toHaveCount(0);
  };
  await expectCheckout(page);

  // Reloaded, and opened in a new tab (no navigation state at all): still her items and freight.
  await page.reload();
  await expectCheckout(page);
  const tab = await context.newPage();
  await tab.goto('/checkout');
  await expectCheckout(tab);

  // One more piece in the new tab's cart: the remembered CEP is quoted again by itself.
  await tab.locator('[data-opens="cart"]').first().click();
  const tabDrawer = cartDrawer(tab);
  await tabDrawer.getByTestId('cart-line-plus').click();
  await expect(tabDrawer.getByTestId('cart-line-quantity')).toHaveText('2');
  await expect(tabDrawer.getByTestId('cart-quote')).toHaveAttribute('data-stale', 'false');
  await expect(tabDrawer.getByTestId('cart-cep')).toHaveValue('01310-100');
  await tabDrawer.getByTestId('cart-checkout').click();
  await expect(tab.getByTestId('checkout-summary').getByTestId('checkout-item')).toContainText(
    `${earring.name} × 2`,
  );
  await expect(tab.getByTestId('checkout-summary').getByTestId('checkout-cep')).toHaveText(
    '01310-100',
  );
});

test('logged in, her CEP follows her cart to another device: shown and quoted without typing', async ({
  page,
  browser,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name}.${Date.now()}`;
  const email = `cep.${tag}@exemplo.com.br`;
  await signUpVerified(
    request,
    {
      firstName: 'Bia',
      lastName: 'Lima',
      email,
      cpf: cpfFrom(670000 + (Date.now() % 100_000)),
      phone: '11987654321',
      birthdate: '1991-03-09',
    },
    ORDERS_PASSWORD,
  );
  const earring = await productDetails(page.request, 20);

  // On her phone: logged in, a piece in her cart, her CEP quoted in the drawer.
  await logInFromDrawer(page, email, ORDERS_PASSWORD);
  await page.goto(`/produto/${earring.id}`);
  await expectHydrated(page.getByTestId('add-to-cart'));
  await page.getByTestId('add-to-cart').click();
  await page
    .getByTestId('added-to-cart-popup')
    .getByRole('button', { name: 'Finalizar Compra' })
    .click();
  const drawer = cartDrawer(page);
  await drawer.getByTestId('cart-cep').fill('01310100');
  await expect(drawer.getByTestId('cart-cep-lookup')).toContainText('Avenida Paulista');
  await drawer.getByTestId('cart-calculate').click();
  const freight = (await drawer.getByTestId('cart-quote-value').innerText()).trim();

  // Another device (a fresh browser, nothing stored): she logs in and sees her CEP and its
  // freight without typing, and 'Finalizar Compra' goes on.
  const other = await (await browser.newContext()).newPage();
  await logInFromDrawer(other, email, ORDERS_PASSWORD);
  await expect(other.getByTestId('cart-badge')).toHaveText('1');
  await other.locator('[data-opens="cart"]').first().click();
  const otherDrawer = cartDrawer(other);
  await expect(otherDrawer.getByTestId('cart-cep')).toHaveValue('01310-100');
  await expect(otherDrawer.getByTestId('cart-quote-value')).toHaveText(freight);
  await expect(otherDrawer.getByTestId('cart-total')).toHaveText(
    brl(cents(earring.price) + Number(freight.replace(/\D/g, ''))),
  );
  await otherDrawer.getByTestId('cart-checkout').click();
  await expect(other).toHaveURL(/\/checkout$/);
  await expect(other.getByTestId('checkout-summary').getByTestId('checkout-cep')).toHaveText(
    '01310-100',
  );
  await expect(other.getByTestId('checkout-summary').getByTestId('checkout-shipping')).toHaveText(
    freight,
  );
  await other.context().close();
});
