import type { Locator, Page } from '@playwright/test';
import {
  brl,
  cartDrawer,
  cents,
  expectHydrated,
  logInInDrawer,
  productDetails,
  type ApiProduct,
} from './fixtures/helpers';
import { cartShopperFor, mergeShopperFor, SHOPPER_PASSWORD } from './fixtures/shoppers';
import { expect, test } from './fixtures/test';

// The cart as a shopper uses it: as a guest (local cart), the drawer's quantity controls and
// removal question, the CEP calculator against the local fake ViaCEP, the quote that follows the
// cart, the way to /checkout, and the guest cart carried into the account at login.

/**
 * A retried run meets the same database: the seeded shopper's server cart, emptied first.
 * Answers her access token.
 */
async function emptyCartOf(page: Page, shopper: { email: string }): Promise<string> {
  const tokens = await page.request.post('/api/token/', {
    data: { username: shopper.email, password: SHOPPER_PASSWORD },
  });
  expect(tokens.ok()).toBe(true);
  const { access } = (await tokens.json()) as { access: string };
  await page.request.delete('/api/cart/clear/', {
    headers: { authorization: `Bearer ${access}` },
  });
  return access;
}

function line(page: Page, name: string): Locator {
  return cartDrawer(page).getByTestId('cart-line').filter({ hasText: name });
}

async function addFromProductPage(page: Page, p: ApiProduct) {
  await page.goto(`/produto/${p.id}`);
  await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  // A tap before the page is live does nothing (no shopper taps that fast): wait for React.
  const add = page.getByTestId('add-to-cart');
  await expectHydrated(add);
  await add.click();
  const popup = page.getByTestId('added-to-cart-popup');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Produto adicionado ao carrinho com sucesso!');
  return popup;
}

async function quote(page: Page, cep: string) {
  const drawer = cartDrawer(page);
  await drawer.getByTestId('cart-cep').fill('');
  await drawer.getByTestId('cart-cep').pressSequentially(cep);
}

test('a guest fills the cart, quotes shipping, the quote follows her changes, checks out and keeps her items after logging in', async ({
  page,
}, testInfo) => {
  const shopper = cartShopperFor(testInfo.project.name);
  await emptyCartOf(page, shopper);

  const ring = await productDetails(page.request, 1);
  const earring = await productDetails(page.request, 20);
  expect(ring.estoque).toBeGreaterThan(5);

  // Two products, each confirmed by the popup; 'Finalizar Compra' opens the cart.
  let popup = await addFromProductPage(page, ring);
  await popup.getByRole('button', { name: 'Continuar Comprando' }).click();
  await expect(popup).toBeHidden();
  popup = await addFromProductPage(page, earring);
  await popup.getByRole('button', { name: 'Finalizar Compra' }).click();
  const drawer = cartDrawer(page);
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-badge')).toHaveText('2');

  // Paying needs a quote first.
  await drawer.getByTestId('cart-checkout').click();
  await expect(drawer.getByTestId('cart-payment-error')).toHaveText(
    'Por favor, calcule o frete antes de prosseguir com o pagamento.',
  );

  // Quantities: plus twice on the ring.
  await line(page, ring.name).getByTestId('cart-line-plus').click();
  await line(page, ring.name).getByTestId('cart-line-plus').click();
  await expect(line(page, ring.name).getByTestId('cart-line-quantity')).toHaveText('3');
  await expect(line(page, ring.name).getByTestId('cart-line-subtotal')).toHaveText(
    brl(3 * cents(ring.price)),
  );

  // Minus at 1 asks first: 'Manter' keeps the line, 'Excluir' removes it.
  await line(page, earring.name).getByTestId('cart-line-minus').click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Deseja realmente remover esse item do carrinho?');
  await question.getByRole('button', { name: 'Manter' }).click();
  await expect(line(page, earring.name)).toHaveCount(1);
  await line(page, earring.name).getByTestId('cart-line-minus').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  const subtotal = 3 * cents(ring.price);
  await expect(drawer.getByTestId('cart-subtotal')).toHaveText(brl(subtotal));

  // A CEP ViaCEP does not know is refused; the button waits for all 9 characters.
  await quote(page, '0000000');
  await expect(drawer.getByTestId('cart-cep')).toHaveValue('00000-00');
  await expect(drawer.getByTestId('cart-calculate')).toBeDisabled();
  await drawer.getByTestId('cart-cep').pressSequentially('1');
  await expect(drawer.getByTestId('cart-cep-lookup')).toHaveText('CEP não encontrado');
  await drawer.getByTestId('cart-calculate').click();
  await expect(drawer.getByTestId('cart-cep-error')).toHaveText(
    'CEP inválido. Verifique se o CEP existe.',
  );

  // A real one: the address shows, then the Sudeste quote (SPEC §9: R$ 12,90, 3-5 days).
  await quote(page, '01310100');
  await expect(drawer.getByTestId('cart-cep')).toHaveValue('01310-100');
  await expect(drawer.getByTestId('cart-cep-lookup')).toContainText('Avenida Paulista');
  await drawer.getByTestId('cart-calculate').click();
  await expect(drawer.getByTestId('cart-quote-value')).toHaveText('R$ 12,90');
  await expect(drawer.getByTestId('cart-quote-days')).toContainText('3-5');
  await expect(drawer.getByTestId('cart-total')).toHaveText(brl(subtotal + 1290));

  // Any change of the cart asks the same CEP again by itself: no stale figure, no refusal.
  await line(page, ring.name).getByTestId('cart-line-plus').click();
  const finalSubtotal = 4 * cents(ring.price);
  await expect(drawer.getByTestId('cart-total')).toHaveText(brl(finalSubtotal + 1290));
  await expect(drawer.getByTestId('cart-quote')).toHaveAttribute('data-stale', 'false');
  await expect(drawer.getByTestId('cart-quote-stale')).toBeHidden();

  // On to /checkout with the cart's data.
  await drawer.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  const summary = page.getByTestId('checkout-summary');
  await expect(summary.getByTestId('checkout-item')).toHaveCount(1);
  await expect(summary.getByTestId('checkout-item')).toContainText(`${ring.name} × 4`);
  await expect(summary.getByTestId('checkout-cep')).toHaveText('01310-100');
  await expect(summary.getByTestId('checkout-shipping')).toHaveText('R$ 12,90');
  // PIX comes chosen (its discount on the total); by card she pays the drawer's total.
  await expect(summary.getByTestId('checkout-other-total')).toHaveText(
    `No cartão: ${brl(finalSubtotal + 1290)}`,
  );

  // Logging in carries the guest's items into her server cart, once.
  await page.goto('/');
  await page.getByTestId('user-entry').click();
  await logInInDrawer(page, shopper.email, SHOPPER_PASSWORD);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();

  const access = await page.evaluate(() => localStorage.getItem('access'));
  const serverCart = await page.request.get('/api/cart/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(serverCart.ok()).toBe(true);
  const items = (await serverCart.json()) as { produto: { id: number }; quantidade: number }[];
  expect(items.map((i) => [i.produto.id, i.quantidade])).toEqual([[ring.id, 4]]);

  // The drawer now shows the server cart; a reload keeps it.
  await page.reload();
  await page.goto('/?openCart=true');
  await expect(line(page, ring.name).getByTestId('cart-line-quantity')).toHaveText('4');
  await expect(page).toHaveURL(/\/$/);

  // A logged-in change goes out as one debounced delta.
  const updates: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/cart/update/')) updates.push(r.postData() ?? '');
  });
  // Two taps well inside the 300 ms window (Playwright's own clicks on a phone can be slower).
  await line(page, ring.name)
    .getByTestId('cart-line-plus')
    .evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
  await expect(line(page, ring.name).getByTestId('cart-line-quantity')).toHaveText('6');
  await expect.poll(() => updates.length).toBe(1);
  expect(JSON.parse(updates[0]!)).toEqual({ productId: ring.id, quantity: 2 });
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/cart/', {
        headers: { authorization: `Bearer ${access}` },
      });
      const cart = (await res.json()) as { quantidade: number }[];
      return cart[0]?.quantidade;
    })
    .toBe(6);
});

test('free shipping from R$ 600, the empty cart, and a Norte CEP', async ({ page }) => {
  await page.goto('/?openCart=true');
  await expect(cartDrawer(page).getByTestId('cart-empty')).toHaveText('O carrinho está vazio.');
  await page.keyboard.press('Escape');

  const bracelet = await productDetails(page.request, 30);
  const popup = await addFromProductPage(page, bracelet);
  await popup.getByRole('button', { name: 'Finalizar Compra' }).click();
  const drawer = cartDrawer(page);
  const each = cents(bracelet.price);
  const needed = Math.ceil(60000 / each);
  expect(needed).toBeLessThanOrEqual(bracelet.estoque);

  // Below the threshold: the Norte table price.
  await quote(page, '69005010');
  await drawer.getByTestId('cart-calculate').click();
  await expect(drawer.getByTestId('cart-quote-value')).toHaveText('R$ 28,90');
  await expect(drawer.getByTestId('cart-quote-days')).toContainText('8-12');
  await expect(drawer.getByTestId('free-shipping')).toContainText(
    `Faltam ${brl(60000 - each)} para o frete grátis`,
  );

  for (let q = 1; q < needed; q++)
    await line(page, bracelet.name).getByTestId('cart-line-plus').click();
  await expect(line(page, bracelet.name).getByTestId('cart-line-quantity')).toHaveText(
    String(needed),
  );
  await expect(drawer.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  // The remembered CEP is quoted again by itself for the new cart.
  await expect(drawer.getByTestId('cart-quote-value')).toHaveText('Grátis');
  await expect(drawer.getByTestId('cart-quote-reason')).toHaveText('Compra acima de R$ 600,00');
  await expect(drawer.getByTestId('cart-quote-days')).toContainText('3-5');
  await expect(drawer.getByTestId('cart-total')).toHaveText(brl(needed * each));
});

test('a piece of "Complete o Look" is added with the toast instead of the popup', async ({
  page,
}) => {
  await page.goto('/produto/1');
  const look = page.locator('section[aria-labelledby="complete-o-look"]');
  const firstCard = look.getByTestId('product-card').first();
  const name = (await firstCard.getByRole('heading').innerText()).trim();
  const button = look.getByTestId('quick-add-to-cart').first();
  await expectHydrated(button);
  await button.click();
  await expect(page.getByText(`${name} adicionado ao carrinho!`, { exact: true })).toBeVisible();
  await expect(page.getByTestId('added-to-cart-popup')).toHaveCount(0);
  await expect(page.getByTestId('cart-badge')).toHaveText('1');
  await expect(button).toBeEnabled();
});

test('a merge cut off after the server took a line, run again at login, adds each line once', async ({
  page,
}, testInfo) => {
  const shopper = mergeShopperFor(testInfo.project.name);
  const access = await emptyCartOf(page, shopper);
  const auth = { authorization: `Bearer ${access}` };

  // An earlier visit began the merge: the ring's line reached the server, then the tab closed
  // before the answer, so the guest cart and its merge id are still in the browser.
  const ring = await productDetails(page.request, 1);
  const earring = await productDetails(page.request, 20);
  const mergeId = `e2e-${testInfo.project.name}-${Date.now()}`;
  const sent = await page.request.post('/api/cart/', {
    headers: { ...auth, 'Idempotency-Key': `${mergeId}:${ring.id}` },
    data: { produto: ring.id, quantidade: 2 },
  });
  expect(sent.ok()).toBe(true);
  await page.goto('/');
  await page.evaluate(
    ({ ring, earring, mergeId }) => {
      localStorage.setItem(
        'cart',
        JSON.stringify([
          { id: ring.id, name: ring.name, price: ring.price, image: null, quantidade: 2 },
          { id: earring.id, name: earring.name, price: earring.price, image: null, quantidade: 1 },
        ]),
      );
      localStorage.setItem('cart-merge-id', mergeId);
    },
    { ring, earring, mergeId },
  );

  await page.getByTestId('user-entry').click();
  await logInInDrawer(page, shopper.email, SHOPPER_PASSWORD);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  expect(await page.evaluate(() => localStorage.getItem('cart-merge-id'))).toBeNull();

  const res = await page.request.get('/api/cart/', { headers: auth });
  const items = (await res.json()) as { produto: { id: number }; quantidade: number }[];
  expect(items.map((i) => [i.produto.id, i.quantidade]).sort((a, b) => a[0]! - b[0]!)).toEqual([
    [ring.id, 2],
    [earring.id, 1],
  ]);
});
