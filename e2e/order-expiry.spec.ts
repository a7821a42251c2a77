import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures/a11y';
import {
  logInFromDrawer,
  productDetails,
  shot,
  toCheckout,
  type ApiProduct,
} from './fixtures/helpers';
import { cartShopperFor, SHOPPER_PASSWORD } from './fixtures/shoppers';
import type { SizeName } from './fixtures/sizes';
import { expect, test, TIMED } from './fixtures/test';

// An unpaid order runs out: its deadline and the store's note (SPEC §1) on the checkout, the
// return page and 'Meus Pedidos', then 'Cancelado' on the same pages, without a reload, once the
// sweeper has cancelled it. On the timed store (fixtures/test.ts: orders live two minutes, a sweep
// every 2 seconds), a phone and a desktop side by side, each shopper with her own order: one wait
// for both sizes.

const CANCELLED_TEXT =
  'Este pedido foi cancelado porque o pagamento não foi confirmado até o prazo. Nenhum valor foi cobrado.';
const DEADLINE = /^Pague até \d{2}\/\d{2} às \d{2}:\d{2}\.$/;

interface Unpaid {
  reference: string;
  /** 'Meus Pedidos', in another tab she leaves open. */
  account: Page;
}

/** Her order placed at the checkout; she leaves the provider's page without paying. */
async function placeAndLeave(page: Page, size: SizeName, product: ApiProduct): Promise<Unpaid> {
  const shopper = cartShopperFor(size);
  await logInFromDrawer(page, shopper.email, SHOPPER_PASSWORD);

  // The checkout states the store's deadline (GET /api/loja/), not the SPEC's default 24 hours.
  await toCheckout(page, product);
  const checkoutNote = page.getByTestId('checkout-unpaid-note');
  await expect(checkoutNote).toContainText(TIMED.unpaidNote);
  await shot(checkoutNote, 'checkout-note', { size });

  const form = page.getByTestId('checkout-address-form');
  await form.getByLabel('Nome do perfil').fill('Casa');
  await form.getByLabel('Número').fill('1000');
  // The order's answer is read on its way to the page: the page moves on to the provider at
  // once, and a response's body is gone from the browser once it has navigated away.
  let placed: (answer: { status: number; body: string }) => void = () => {};
  const answer = new Promise<{ status: number; body: string }>((done) => (placed = done));
  await page.route('**/api/pay/', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    placed({ status: response.status(), body: await response.text() });
    await route.fulfill({ response });
  });
  await page.getByTestId('payment-option-cartao').click();
  await page.getByTestId('checkout-submit').click();
  const pay = await answer;
  expect(pay.status, pay.body).toBe(201);
  const { reference } = JSON.parse(pay.body) as { reference: string };

  // She reaches the provider's page and leaves without paying.
  await expect(page).toHaveURL(/\/sandbox\/checkout\//, { timeout: 15_000 });
  await page.goto(`/pedido/${reference}`);
  await expect(page.getByTestId('order-status-title')).toHaveText('Aguardando Pagamento');
  await expect(page.getByTestId('order-deadline')).toHaveText(DEADLINE);
  await expect(page.getByTestId('order-unpaid-note')).toHaveText(TIMED.unpaidNote);
  await expect(page.getByTestId('order-pay-now')).toBeVisible();
  await shot(page, 'return-awaiting', { size });

  const account = await page.context().newPage();
  await account.goto('/usuario?tab=orders');
  const card = account.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('Aguardando Pagamento');
  await expect(card.getByTestId('order-deadline')).toHaveText(DEADLINE);
  await expect(card.getByTestId('order-unpaid-note')).toHaveText(TIMED.unpaidNote);
  await expect(card.getByTestId('order-pay-now')).toBeVisible();
  await expect(card.getByTestId('order-cancelled-note')).toHaveCount(0);
  return { reference, account };
}

/** Both pages follow the sweeper's cancellation without a reload. */
async function seeItCancelled(page: Page, size: SizeName, { reference, account }: Unpaid) {
  // From the order's two minutes: the sweep after them and the pages' next look.
  const wait = { timeout: TIMED.unpaidOrderTtlMinutes * 60_000 + 30_000 };
  await expect(page.getByTestId('order-status-title')).toHaveText('Cancelado', wait);
  await expect(page.getByTestId('order-status-panel')).toHaveAttribute(
    'data-status-colour',
    'grey',
  );
  await expect(page.getByTestId('order-cancelled-note')).toHaveText(CANCELLED_TEXT);
  await expect(page.getByTestId('order-pay-now')).toHaveCount(0);
  await expect(page.getByTestId('order-deadline')).toHaveCount(0);
  await expect(page.getByTestId('order-status-announcement')).toHaveText(
    'O status do pedido mudou para: Cancelado.',
  );
  await expectNoA11yViolations(page, `/pedido/<reference> cancelled (${size})`);
  // What she sees first (a full-page shot would paint the sticky header mid-page on a phone).
  await shot(page, 'return-cancelled', { size });

  const card = account.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('Cancelado', { timeout: 30_000 });
  await expect(card.getByTestId('order-status')).toHaveAttribute('data-status-colour', 'grey');
  await expect(card.getByTestId('order-cancelled-note')).toHaveText(CANCELLED_TEXT);
  await expect(card.getByTestId('order-pay-now')).toHaveCount(0);
  await expect(card.getByTestId('order-deadline')).toHaveCount(0);
  await expect(account.getByTestId('orders-count-awaiting')).toHaveText('0');
  await shot(card, 'my-orders-cancelled', { size });
}

test('an unpaid order shows its deadline, then Cancelado once the sweeper ran, on the return page and in Meus Pedidos', async ({
  bothSizes,
  timedRequest,
}) => {
  // Two checkouts side by side, the orders' two minutes, a sweep, the screens' next look.
  test.setTimeout(300_000);
  const product = await productDetails(timedRequest, 3);
  const unpaid = await Promise.all(
    bothSizes.map(({ size, page }) => placeAndLeave(page, size, product)),
  );
  await Promise.all(bothSizes.map(({ size, page }, i) => seeItCancelled(page, size, unpaid[i]!)));
});
