import { GUEST_CPF } from './fixtures/checkout';
import { expect, test } from './fixtures/carrier-store';
import { brl, cents, productDetails, quoteInCart, shot } from './fixtures/helpers';

// Carriers' quotes (issue 35, docs/carrier-quotes-contract.md) in the carriers' store, whose
// Melhor Envio is its fake: a guest on her phone quotes her CEP in the cart, chooses SEDEX among
// the services, finds it chosen at checkout, pays exactly its price on the sandbox's page and her
// order names it. With Melhor Envio failing, the cart shows the table's single line and the
// checkout still works.

// One worker, one carriers' store for both (a store's start is worth sharing).
test.describe.configure({ mode: 'default' });

const SANDBOX_URL = /\/sandbox\/checkout\//;
const RETURN_URL = /\/pedido\/([^/?#]+)/;

test('a guest chooses SEDEX in the cart, keeps it at checkout and pays exactly it', async ({
  carrierPage: page,
  carrierRequest,
}) => {
  test.setTimeout(90_000);
  const ring = await productDetails(carrierRequest, 2);
  const price = cents(ring.price);
  const drawer = await quoteInCart(page, ring, '20040020');

  // The services, cheapest first and chosen.
  const options = drawer.getByTestId('shipping-option');
  await expect(options.first()).toBeVisible();
  expect(await options.count()).toBeGreaterThanOrEqual(2);
  await expect(options.first().getByRole('radio')).toBeChecked();
  const sedex = drawer.getByRole('radio', { name: /SEDEX/ });
  const sedexText = (await options.filter({ hasText: 'SEDEX' }).textContent())!;
  const sedexPrice = cents(
    /R\$\s?([\d.,]+)/.exec(sedexText)![1]!.replace('.', '').replace(',', '.'),
  );
  await sedex.check();
  await expect(drawer.getByTestId('cart-quote-value')).toHaveText(brl(sedexPrice));
  await shot(page, 'frete-opcoes-carrinho');

  await drawer.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByRole('radio', { name: /SEDEX/ })).toBeChecked();
  await expect(summary.getByTestId('checkout-shipping')).toHaveText(brl(sedexPrice));
  await shot(page, 'frete-opcoes-checkout', { fullPage: true });

  const form = page.getByTestId('checkout-address-form');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Praça Pio X');
  await form.getByLabel('Nome completo').fill('Renata Sedex');
  await form.getByLabel('E-mail').fill(`sedex.${Date.now()}@exemplo.com.br`);
  await form.getByLabel('Número').fill('7');
  await form.getByLabel('Telefone').pressSequentially('21987654321');
  await form.getByLabel('CPF').pressSequentially(GUEST_CPF);
  await page.getByTestId('payment-option-cartao').click();
  const pay = page.waitForRequest((r) => r.url().includes('/api/pay/') && r.method() === 'POST');
  await page.getByTestId('checkout-submit').click();
  expect((await pay).postDataJSON()).toMatchObject({ frete_servico: 2 });

  // The provider's page charges the ring and SEDEX; her order names the service.
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  const payButton = page.getByRole('button', { name: /^Pagar/ });
  await expect(payButton).toContainText(brl(price + sedexPrice));
  await payButton.click();
  await expect(page).toHaveURL(RETURN_URL, { timeout: 15_000 });
  await expect(page.getByTestId('order-status-title')).toHaveText('Pedido Pago', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-carrier')).toHaveText('Correios · SEDEX');
  await expect(page.getByTestId('order-shipping')).toHaveText(brl(sedexPrice));
  await shot(
    page.getByTestId('order-carrier').locator('xpath=ancestor::dl[1]'),
    'pedido-transportadora',
  );
});

test('with Melhor Envio failing, the cart shows the table and the checkout goes on', async ({
  carrierStore,
  carrierPage: page,
  carrierRequest,
}) => {
  carrierStore.fake.mode = 'error';
  try {
    const ring = await productDetails(carrierRequest, 3);
    const drawer = await quoteInCart(page, ring, '01310100');
    // SPEC §9's table for Sudeste, and nothing to choose.
    await expect(drawer.getByTestId('cart-quote-value')).toHaveText('R$ 12,90');
    await expect(drawer.getByTestId('shipping-options')).toHaveCount(0);
    await drawer.getByTestId('cart-checkout').click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId('checkout-summary').getByTestId('checkout-shipping')).toHaveText(
      'R$ 12,90',
    );
    await expect(page.getByTestId('shipping-options')).toHaveCount(0);
  } finally {
    carrierStore.fake.mode = 'ok';
  }
});
