import type { Locator, Page } from '@playwright/test';
import {
  installmentsLine,
  pixLine,
  validatePaymentSettingsForm,
  type PaymentSettings,
} from '../packages/domain/src/payment-terms';
import { cartDrawer, cents, expectHydrated, productDetails, shot } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// Under every price (a card, the product page, the cart's products) the two lines a shopper in
// Brazil expects, 'em até Nx de R$ Y sem juros' and 'R$ Z no PIX', from the owners' settings as
// GET /api/loja/ answers them (the seeded 6x of at least R$ 20,00 and 5 % by PIX; read rather
// than assumed: admin-payments.spec.ts changes them for a moment) and the domain's one rule. In
// the server's HTML already, fitting each size's grid: a phone's two-column card, a desktop's
// row of cards and search results. Nothing here changes the settings.

async function storeSettings(page: Page): Promise<PaymentSettings> {
  const res = await page.request.get('/api/loja/');
  expect(res.ok()).toBe(true);
  const checked = validatePaymentSettingsForm(
    ((await res.json()) as { pagamentos: Record<string, unknown> }).pagamentos,
  );
  if (!checked.ok) throw new Error('GET /api/loja/ answered settings the rule refuses');
  return checked.settings;
}

async function priceOf(page: Page, id: number): Promise<number> {
  return cents((await productDetails(page.request, id)).price);
}

/** The lines the rule writes for an amount (null: no line). */
function expected(amountCents: number, settings: PaymentSettings) {
  return {
    installments: installmentsLine(amountCents, settings),
    pix: pixLine(amountCents, settings.pixDiscountTenths),
  };
}

async function expectLines(
  block: Locator,
  testId: string,
  lines: { installments: string | null; pix: string | null },
) {
  const installments = block.getByTestId(`${testId}-parcelas`);
  const pix = block.getByTestId(`${testId}-pix`);
  if (lines.installments) await expect(installments).toHaveText(lines.installments);
  else await expect(installments).toHaveCount(0);
  if (lines.pix) await expect(pix).toHaveText(lines.pix);
  else await expect(pix).toHaveCount(0);
}

/** Every line inside its box: nothing cut, nothing spilling past the card or the drawer. */
async function expectInside(lines: Locator, box: Locator) {
  const outer = await box.boundingBox();
  expect(outer).not.toBeNull();
  for (const line of await lines.all()) {
    const inner = await line.boundingBox();
    expect(inner).not.toBeNull();
    expect(inner!.x).toBeGreaterThanOrEqual(outer!.x);
    expect(inner!.x + inner!.width).toBeLessThanOrEqual(outer!.x + outer!.width + 0.5);
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
}

test('a card, the product page and the cart show the installments and the PIX price', async ({
  page,
}) => {
  const settings = await storeSettings(page);

  // A category page: each card's lines under its own price, inside the card even on a phone.
  await page.goto('/aneis');
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  const count = Math.min(await cards.count(), 4);
  for (let i = 0; i < count; i += 1) {
    const card = cards.nth(i);
    const href = (await card.getByRole('link').getAttribute('href')) ?? '';
    const id = Number(/\/produto\/(\d+)$/.exec(href)?.[1]);
    await expectLines(card, 'payment-terms', expected(await priceOf(page, id), settings));
    await expectInside(card.getByTestId('payment-terms').locator('> span'), card);
  }
  await cards.first().scrollIntoViewIfNeeded();
  await shot(page, 'categoria');

  // The product page, in its server-rendered HTML too (hydration keeps the same lines).
  const price = await priceOf(page, 1);
  const productLines = expected(price, settings);
  const html = await (await page.request.get('/produto/1')).text();
  const text = html.replace(/<[^>]+>/g, '');
  if (productLines.installments) expect(text).toContain(productLines.installments);
  if (productLines.pix) expect(text).toContain(productLines.pix);
  await page.goto('/produto/1');
  const terms = page.getByTestId('product-payment-terms');
  await expectLines(terms, 'product-payment-terms', productLines);
  await terms.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(terms).toBeInViewport();
  await shot(page, 'produto');

  // The cart: the lines for her products (before freight), under the subtotal.
  await expectHydrated(page.getByTestId('add-to-cart'));
  await page.getByTestId('add-to-cart').click();
  const popup = page.getByTestId('added-to-cart-popup');
  await expect(popup).toBeVisible();
  await popup.getByRole('button', { name: 'Finalizar Compra' }).click();
  const drawer = cartDrawer(page);
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  const cartTerms = drawer.getByTestId('cart-payment-terms');
  await expectLines(cartTerms, 'cart-payment-terms', productLines);
  await drawer.getByTestId('cart-line').getByTestId('cart-line-plus').click();
  await expect(drawer.getByTestId('cart-line-quantity')).toHaveText('2');
  await expectLines(cartTerms, 'cart-payment-terms', expected(2 * price, settings));
  await expectInside(cartTerms.locator('> span'), drawer);
  await shot(page, 'carrinho');
});

test('the search results and the best seller show them too', async ({ page }) => {
  const settings = await storeSettings(page);
  await page.goto('/');

  // The best seller, on its dark band: the lines under its price.
  const best = page.locator('section[aria-labelledby="best-seller-title"]');
  const bestTerms = best.getByTestId('payment-terms');
  await bestTerms.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(bestTerms.getByTestId('payment-terms-parcelas')).toHaveText(
    /^em até \d+x de R\$ [\d.]+,\d{2} sem juros$/,
  );
  await expect(bestTerms.getByTestId('payment-terms-pix')).toHaveText(/^R\$ [\d.]+,\d{2} no PIX$/);
  await shot(page, 'mais-vendido');

  // A search result's row: the lines side by side while they fit, inside the row.
  const input = page.getByTestId('search-input');
  if (!(await input.isVisible())) await page.getByRole('button', { name: 'Buscar' }).click();
  await input.fill('anel');
  const results = page.getByTestId('search-results').locator('a[data-result]');
  await expect(results.first()).toBeVisible();
  for (let i = 0; i < Math.min(await results.count(), 3); i += 1) {
    const result = results.nth(i);
    const id = Number(/\/produto\/(\d+)$/.exec((await result.getAttribute('href')) ?? '')?.[1]);
    await expectLines(result, 'search-payment-terms', expected(await priceOf(page, id), settings));
    await expectInside(result.getByTestId('search-payment-terms').locator('> span'), result);
  }
  await shot(page, 'busca');
});
