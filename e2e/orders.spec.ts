import type { Locator, Page } from '@playwright/test';
import { brl, cents } from './fixtures/helpers';
import {
  catalogProducts,
  logIn,
  newOrdersShopper,
  payAtSandbox,
  placeOrder,
  signInBrowser,
} from './fixtures/orders';
import { expect, test } from './fixtures/test';

// 'Meus Pedidos' and the return page /pedido/{reference} with orders made through the real API
// (api/pay, api/pagamento) and paid or declined on the sandbox provider's hosted page.

function card(page: Page, reference: string): Locator {
  return page.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
}

test('Meus Pedidos: orders grouped by reference, newest first, with their status, totals and what each lets her do', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const shopper = await newOrdersShopper(request, 'Helena');
  const session = await logIn(request, shopper.email);
  const [first, second, third] = await catalogProducts(request);
  if (!first || !second || !third) throw new Error('the seeded catalog has fewer than 3 products');

  // Before any order: the empty state and its way to the shop.
  await signInBrowser(page, session);
  await page.goto('/usuario?tab=orders');
  await expect(page.getByRole('heading', { name: 'Você ainda não fez pedidos' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Começar a Comprar' })).toHaveAttribute('href', '/');

  // A paid order of two products (one of them twice), a declined one and one never paid.
  const paid = await placeOrder(request, session, shopper, [
    { product: first, quantidade: 2 },
    { product: second, quantidade: 1 },
  ]);
  await payAtSandbox(page, paid.paymentUrl, 'approved');
  await expect(page).toHaveURL(new RegExp(`/pedido/${paid.reference}`));
  await expect(page.getByTestId('order-status-title')).toHaveText('Pedido Pago');

  const declined = await placeOrder(request, session, shopper, [{ product: third, quantidade: 1 }]);
  await payAtSandbox(page, declined.paymentUrl, 'declined');
  await expect(page.getByTestId('order-status-title')).toHaveText('Erro no Pagamento');

  const waiting = await placeOrder(request, session, shopper, [{ product: second, quantidade: 1 }]);

  await page.goto('/usuario?tab=orders');
  const cards = page.getByTestId('order-card');
  await expect(cards).toHaveCount(3);
  // Newest first (all placed within moments: the higher reference first on a tie).
  expect(
    await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-reference'))),
  ).toEqual([waiting.reference, declined.reference, paid.reference]);
  await expect(page.getByTestId('orders-count-total')).toHaveText('3');
  await expect(page.getByTestId('orders-count-awaiting')).toHaveText('1');
  await expect(page.getByTestId('orders-count-paid')).toHaveText('1');

  // Paid: green 'Pago', both lines in one card, the total she paid, the confirmation, no button.
  const paidCard = card(page, paid.reference);
  await expect(paidCard.getByTestId('order-reference')).toContainText(`#${paid.reference}`);
  await expect(paidCard.getByTestId('order-date')).toHaveText(
    /^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/,
  );
  await expect(paidCard.getByTestId('order-status')).toHaveText('Pago');
  await expect(paidCard.getByTestId('order-status')).toHaveAttribute('data-status-colour', 'green');
  await expect(paidCard.getByTestId('order-item')).toHaveCount(2);
  await expect(paidCard.getByTestId('order-item-name')).toHaveText([first.name, second.name]);
  await expect(paidCard.getByTestId('order-item-quantity')).toHaveText(['Qtd: 2', 'Qtd: 1']);
  await expect(paidCard.getByTestId('order-total')).toHaveText(brl(cents(paid.total)));
  await expect(paidCard.getByTestId('order-paid-note')).toContainText('sendo preparado');
  await expect(paidCard.getByTestId('order-paid-note')).toContainText('rastreio');
  await expect(paidCard.getByTestId('order-pay-now')).toHaveCount(0);

  // Declined: red, a retry button and the support contact.
  const declinedCard = card(page, declined.reference);
  await expect(declinedCard.getByTestId('order-status')).toHaveText('Erro no Pagamento');
  await expect(declinedCard.getByTestId('order-status')).toHaveAttribute(
    'data-status-colour',
    'red',
  );
  await expect(declinedCard.getByTestId('order-pay-now')).toHaveText(/Tentar pagar novamente/);
  await expect(declinedCard.getByTestId('order-support')).toContainText('WhatsApp');
  await expect(declinedCard.getByTestId('order-paid-note')).toHaveCount(0);

  // Awaiting payment: orange, its deadline and SPEC §1's note, a pay button opening a new tab.
  const waitingCard = card(page, waiting.reference);
  await expect(waitingCard.getByTestId('order-status')).toHaveText('Aguardando Pagamento');
  await expect(waitingCard.getByTestId('order-status')).toHaveAttribute(
    'data-status-colour',
    'orange',
  );
  await expect(waitingCard.getByTestId('order-deadline')).toHaveText(
    /^Pague até \d{2}\/\d{2} às \d{2}:\d{2}\.$/,
  );
  await expect(waitingCard).toContainText(
    'Pedidos não pagos são cancelados automaticamente após 24 horas.',
  );
  await expect(waitingCard.getByTestId('order-total')).toHaveText(brl(cents(waiting.total)));
  await expect(waitingCard.getByTestId('order-support')).toContainText('@');
  const popupPromise = page.waitForEvent('popup');
  await waitingCard.getByTestId('order-pay-now').click();
  const popup = await popupPromise;
  await expect(popup).toHaveURL(/\/sandbox\/checkout\//);
  await expect(popup.getByRole('button', { name: /^Pagar R\$/ })).toBeVisible();
  await popup.close();
  await expect(waitingCard.getByTestId('order-pay-error')).toHaveCount(0);
});

test('the return page follows the payment live, retries a declined one in the same tab and shows nothing to anyone else', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const shopper = await newOrdersShopper(request, 'Isadora');
  const session = await logIn(request, shopper.email);
  const [product, other] = await catalogProducts(request);
  if (!product || !other) throw new Error('the seeded catalog has fewer than 2 products');
  const order = await placeOrder(request, session, shopper, [{ product, quantidade: 1 }]);

  // Waiting: the order, its address and the live status.
  await signInBrowser(page, session);
  await page.goto(`/pedido/${order.reference}`);
  await expect(page).toHaveTitle(new RegExp(`Pedido #${order.reference}`));
  await expect(page.getByTestId('order-status-title')).toHaveText('Aguardando Pagamento');
  await expect(page.getByTestId('order-status-title')).toBeFocused();
  await expect(page.getByTestId('order-polling')).toBeVisible();
  await expect(page.getByTestId('order-deadline')).toHaveText(/^Pague até /);
  await expect(page.getByTestId('order-item-name')).toHaveText([product.name]);
  await expect(page.getByTestId('order-total')).toHaveText(brl(cents(order.total)));
  await expect(page.getByTestId('order-address')).toContainText('Avenida Paulista, 1000');
  await expect(page.getByTestId('order-my-orders')).toHaveAttribute('href', '/usuario?tab=orders');

  // She pays in another tab: this one turns to 'Pedido Pago' by itself and says so.
  const payTab = await page.context().newPage();
  await payAtSandbox(payTab, order.paymentUrl, 'approved');
  await payTab.close();
  await expect(page.getByTestId('order-status-title')).toHaveText('Pedido Pago', {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-status-announcement')).toHaveText(
    'O status do pedido mudou para: Pedido Pago.',
  );
  await expect(page.getByTestId('order-paid-note')).toContainText('rastreio');
  await expect(page.getByTestId('order-pay-now')).toHaveCount(0);

  // Another shopper, logged in, and a guest without the link's secret see nothing of it.
  const intruder = await newOrdersShopper(request, 'Joana');
  const intruderSession = await logIn(request, intruder.email);
  const otherContext = await browser.newContext();
  const otherPage = await otherContext.newPage();
  await signInBrowser(otherPage, intruderSession);
  await otherPage.goto(`/pedido/${order.reference}`);
  await expect(otherPage.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
  await expect(otherPage).toHaveTitle(/Pedido não encontrado/);
  await expect(otherPage.getByText(product.name)).toHaveCount(0);
  await expect(otherPage.getByText(brl(cents(order.total)))).toHaveCount(0);
  await expect(otherPage.getByTestId('order-status-title')).toHaveCount(0);
  await otherContext.close();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/pedido/${order.reference}`);
  await expect(guest.getByRole('heading', { name: 'Pedido não encontrado' })).toBeVisible();
  await expect(guest.getByText(product.name)).toHaveCount(0);
  // With the secret of the provider's return link, the order shows (without 'Meus Pedidos').
  await guest.goto(`/pedido/${order.reference}?chave=${encodeURIComponent(order.chave)}`);
  await expect(guest.getByTestId('order-status-title')).toHaveText('Pedido Pago');
  await expect(guest.getByTestId('order-item-name')).toHaveText([product.name]);
  await expect(guest.getByTestId('order-my-orders')).toHaveCount(0);
  // The secret the checkout kept on this device opens it too, without it in the address.
  const kept = await guestContext.newPage();
  await kept.goto('/');
  await kept.evaluate(
    ([key, chave]) => localStorage.setItem(key!, chave!),
    [`pedido-chave:${order.reference}`, order.chave],
  );
  await kept.goto(`/pedido/${order.reference}`);
  await expect(kept.getByTestId('order-status-title')).toHaveText('Pedido Pago');
  await guestContext.close();

  // Declined: the retry button fetches a new payment link and goes there in this tab.
  const second = await placeOrder(request, session, shopper, [{ product: other, quantidade: 1 }]);
  await payAtSandbox(page, second.paymentUrl, 'declined');
  await expect(page.getByTestId('order-status-title')).toHaveText('Erro no Pagamento');
  await expect(page.getByTestId('order-support')).toContainText('WhatsApp');
  await page.getByTestId('order-pay-now').click();
  await expect(page).toHaveURL(/\/sandbox\/checkout\//);
});
