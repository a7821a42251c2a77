import { CHECKOUT_PASSWORD, newCheckoutShopper } from './fixtures/checkout';
import { brl, cents, logInFromDrawer, productDetails, toCheckout } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// 'Cupons': an owner creates a coupon in the back office; a shopper applies it at the checkout
// and sees its discount; the owner sees its use on the coupon's page and in the list. Postal code
// 01310-100 comes from the local fake ViaCEP (Sudeste, R$ 12,90).

test('an owner creates a coupon, a shopper uses it at checkout, the owner sees 1 use', async ({
  ownerPage: page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  const code = `E2E${project === 'phone' ? 'P' : 'D'}${Date.now().toString(36).toUpperCase()}`;

  // ------------------------------------------------------------ The owner creates it
  await page.goto('/admin/cupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Cupons' })).toBeVisible();
  await page.getByRole('link', { name: 'Novo cupom' }).click();
  await expect(page).toHaveURL(/\/admin\/cupons\/novo$/);

  // The form refuses what the rules refuse, field by field, before anything is sent.
  await page.getByRole('button', { name: 'Criar cupom' }).click();
  await expect(page.getByText('Informe o código do cupom.')).toBeVisible();
  await expect(page.getByText('Informe o percentual de desconto.')).toBeVisible();

  await page.getByLabel('Código').fill(code.toLowerCase());
  await expect(page.getByLabel('Código')).toHaveValue(code);
  await page.getByLabel('Descrição (só para vocês)').fill('Teste de ponta a ponta');
  await page.getByText('Valor fixo (R$)').click();
  await page.getByLabel('Valor do desconto (R$)').fill('15,00');
  await page.getByLabel('Limite de usos (opcional)').fill('5');
  await page.getByLabel('Uma vez por cliente').check();
  await page.getByRole('button', { name: 'Criar cupom' }).click();

  await expect(page).toHaveURL(/\/admin\/cupons\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: code })).toBeVisible();
  await expect(page.getByTestId('coupon-status').first()).toHaveText('Ativo');
  await expect(page.getByRole('heading', { name: 'Usos (0)' })).toBeVisible();
  const couponUrl = page.url();

  // ------------------------------------------------------------ A shopper uses it
  const shopperContext = await browser.newContext();
  const shop = await shopperContext.newPage();
  try {
    const shopper = await newCheckoutShopper(shop.request, project);
    await logInFromDrawer(shop, shopper.email, CHECKOUT_PASSWORD);
    const ring = await productDetails(shop.request, 4);
    const price = cents(ring.price);
    await toCheckout(shop, ring);

    const form = shop.getByTestId('checkout-address-form');
    await form.getByLabel('Nome do perfil').fill('Casa');
    await form.getByLabel('Número').fill('1000');
    const submit = shop.getByTestId('checkout-submit');
    await shop.getByLabel('Cupom de desconto').fill(code.toLowerCase());
    await shop.getByTestId('coupon-apply').click();
    await expect(shop.getByTestId('coupon-message')).toHaveText(
      'Cupom Aplicado! Desconto de R$ 15,00.',
    );
    const summary = shop.getByTestId('checkout-summary');
    await expect(summary.getByTestId('checkout-discount')).toHaveText('− R$ 15,00');

    // The order is placed (its coupon use counted) when she goes to the payment, by card.
    await shop.getByTestId('payment-option-cartao').click();
    await expect(summary.getByTestId('checkout-total')).toHaveText(brl(price - 1500 + 1290));
    await submit.click();
    await expect(shop).toHaveURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
    await expect(shop.getByText(brl(price - 1500 + 1290)).first()).toBeVisible();
  } finally {
    await shopperContext.close();
  }

  // ------------------------------------------------------------ The owner sees the use
  await page.goto(couponUrl);
  await expect(page.getByRole('heading', { name: 'Usos (1)' })).toBeVisible();
  const uses = page.getByTestId('coupon-use-list');
  await expect(uses.getByRole('listitem')).toHaveCount(1);
  await expect(uses).toContainText('R$ 15,00');
  await expect(uses).toContainText('Marina');
  await page.goto('/admin/cupons');
  const card = page.getByTestId('coupon-card').filter({ hasText: code });
  await expect(card.getByTestId('coupon-uses')).toHaveText('1 uso de 5');
});
