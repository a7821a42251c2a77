import type { Locator, Page } from '@playwright/test';
import { GUEST_CPF } from './fixtures/checkout';
import { brl, cents, productDetails, shot, toCheckout, type ApiProduct } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// 'Como você quer pagar?': before leaving for the payment provider a guest picks PIX
// (the discounted total) or the card (its installments). By PIX the order is made for PIX, the
// provider's page offers only PIX at the discounted amount, and the return page shows the order
// paid with its 'Desconto PIX' line; by card the provider's page offers the installments and she
// pays in 3. The figures follow the owners' settings as GET /api/loja/ answers them.

interface Settings {
  parcelas_sem_juros: number;
  parcela_minima: string;
  desconto_pix_percentual: string;
}

/** Sudeste's freight for one piece to 01310-100 (the fake ViaCEP's Avenida Paulista). */
const FREIGHT = 1290;

const SANDBOX_URL = /\/sandbox\/checkout\//;
const RETURN_URL = /\/pedido\/([^/?#]+)/;

async function product(page: Page, id: number): Promise<ApiProduct> {
  const p = await productDetails(page.request, id);
  expect(p.estoque).toBeGreaterThan(0);
  return p;
}

async function settings(page: Page): Promise<Settings> {
  const res = await page.request.get('/api/loja/');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { pagamentos: Settings }).pagamentos;
}

/** The domain's rule (payment-terms.ts): PIX's price floors, the installments round half up. */
function pixTotal(productsCents: number, s: Settings) {
  const tenths = Math.round(Number(s.desconto_pix_percentual) * 10);
  const discount = productsCents - Math.floor((productsCents * (1000 - tenths)) / 1000);
  return { discount, total: productsCents - discount + FREIGHT };
}

function installments(totalCents: number, s: Settings) {
  const count = Math.min(
    s.parcelas_sem_juros,
    Math.floor(totalCents / Math.max(1, cents(s.parcela_minima))),
  );
  return { count, each: Math.floor((2 * totalCents + count) / (2 * count)) };
}

/** A guest's contact data; the address comes from the cart's CEP. */
async function fillGuest(page: Page, email: string) {
  const form = page.getByTestId('checkout-address-form');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
  await form.getByLabel('Nome completo').fill('Luísa Prado');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Número').fill('1000');
  await form.getByLabel('Telefone').pressSequentially('11987654321');
  await form.getByLabel('CPF').pressSequentially(GUEST_CPF);
}

function choice(page: Page): Locator {
  return page.getByRole('radiogroup', { name: 'Como você quer pagar?' });
}

function summary(page: Page): Locator {
  return page.getByTestId('checkout-summary');
}

/** The return page of the order, once it shows it paid; its reference from the URL. */
async function expectPaid(page: Page): Promise<string> {
  await expect(page).toHaveURL(RETURN_URL, { timeout: 15_000 });
  await expect(page.getByTestId('order-status-title')).toHaveText('Pedido Pago', {
    timeout: 15_000,
  });
  return RETURN_URL.exec(new URL(page.url()).pathname)![1]!;
}

test('a guest pays by PIX: the discounted total at checkout, on the provider page and on the paid order', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const ring = await product(page, 16);
  const price = cents(ring.price);
  const terms = await settings(page);
  const pix = pixTotal(price, terms);
  const card = installments(price + FREIGHT, terms);
  const percent = terms.desconto_pix_percentual.replace(/\.0$/, '').replace('.', ',');

  await toCheckout(page, ring);
  await fillGuest(page, `luisa.pix.${testInfo.project.name}@exemplo.com.br`);

  // The question, PIX chosen for her (the owners give a discount for it): PIX with the one total
  // she pays by it, freight included, and its discount; the card with its installments of the
  // whole total.
  const group = choice(page);
  await expect(group).toBeVisible();
  const pixRadio = group.getByRole('radio', { name: 'PIX', exact: true });
  const cardRadio = group.getByRole('radio', { name: 'Cartão de crédito' });
  await expect(pixRadio).toBeChecked();
  await expect(cardRadio).not.toBeChecked();
  await expect(page.getByTestId('payment-option-pix-line')).toHaveText(`${brl(pix.total)} no PIX`);
  await expect(page.getByTestId('payment-option-pix')).not.toContainText('Total de');
  await expect(page.getByTestId('payment-option-pix')).toContainText(`${percent} % de desconto`);
  await expect(page.getByTestId('payment-option-cartao')).toContainText(
    `em até ${card.count}x de ${brl(card.each)} sem juros`,
  );

  // One total in the summary: the one she pays by PIX, named so; the card's only as a hint.
  await expect(summary(page).getByTestId('checkout-pix-discount')).toHaveText(
    `− ${brl(pix.discount)}`,
  );
  await expect(summary(page).getByText('Desconto PIX')).toBeVisible();
  await expect(summary(page).getByTestId('checkout-total-label')).toHaveText('Total no PIX');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(brl(pix.total));
  await expect(summary(page).getByTestId('checkout-other-total')).toHaveText(
    `No cartão: ${brl(price + FREIGHT)}`,
  );
  await group.scrollIntoViewIfNeeded();
  await shot(page, 'checkout-choice');
  await shot(page, 'checkout-pix', { fullPage: true });

  const submit = page.getByTestId('checkout-submit');
  const pay = page.waitForRequest((r) => r.url().includes('/api/pay/') && r.method() === 'POST');
  await submit.click();
  expect((await pay).postDataJSON()).toMatchObject({ forma_pagamento: 'pix' });

  // The provider's page: only PIX, at the discounted amount.
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(brl(pix.total));
  await expect(page.getByRole('heading', { name: 'Cartão de crédito' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Pagar/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Simular pagamento PIX' }).click();

  // Paid, with its PIX discount and the total she paid.
  await expectPaid(page);
  await expect(page.getByTestId('order-pix-discount')).toHaveText(`− ${brl(pix.discount)}`);
  await expect(page.getByText('Desconto PIX')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(brl(pix.total));
  await page.getByTestId('order-total').scrollIntoViewIfNeeded();
  await shot(page, 'return-pix');
});

test('a guest pays by card: the installments at checkout, 3x on the provider page', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const earring = await product(page, 17);
  const total = cents(earring.price) + FREIGHT;
  const terms = await settings(page);
  const card = installments(total, terms);

  await toCheckout(page, earring);
  await fillGuest(page, `luisa.cartao.${testInfo.project.name}@exemplo.com.br`);

  // By keyboard: PIX comes chosen; the arrow key moves to the card.
  const group = choice(page);
  const pixRadio = group.getByRole('radio', { name: 'PIX', exact: true });
  const cardRadio = group.getByRole('radio', { name: 'Cartão de crédito' });
  await expect(pixRadio).toBeChecked();
  await pixRadio.focus();
  await page.keyboard.press('ArrowRight');
  await expect(cardRadio).toBeChecked();
  await expect(cardRadio).toBeFocused();
  await expect(pixRadio).not.toBeChecked();

  // No PIX line; the whole total and its installments.
  await expect(summary(page).getByTestId('checkout-pix-discount')).toHaveCount(0);
  await expect(summary(page).getByTestId('checkout-total-label')).toHaveText('Total no cartão');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(brl(total));
  await expect(summary(page).getByTestId('checkout-installments')).toHaveText(
    `em até ${card.count}x de ${brl(card.each)} sem juros`,
  );
  await group.scrollIntoViewIfNeeded();
  await shot(page, 'checkout-card');

  const pay = page.waitForRequest((r) => r.url().includes('/api/pay/') && r.method() === 'POST');
  await page.getByTestId('checkout-submit').click();
  expect((await pay).postDataJSON()).toMatchObject({ forma_pagamento: 'cartao' });

  // The provider's page: the card with the installments the order allows; 3x, the approved card.
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(brl(total));
  const threeTimes = `em 3x de ${brl(Math.floor((2 * total + 3) / 6))}`;
  const parcelas = page.getByLabel('Parcelas');
  await expect(parcelas.locator('option', { hasText: threeTimes })).toHaveCount(1);
  await parcelas.selectOption({ value: '3' });
  await expect(parcelas.locator('option:checked')).toContainText(threeTimes);
  await expect(page.locator('input[name="card_number"]')).toHaveValue('4111 1111 1111 1111');
  const payButton = page.getByRole('button', { name: /^Pagar/ });
  await expect(payButton).toHaveText(`Pagar ${brl(total)}`);
  await payButton.click();

  await expectPaid(page);
  await expect(page.getByTestId('order-pix-discount')).toHaveCount(0);
  await expect(page.getByText('Desconto PIX')).toHaveCount(0);
  await expect(page.getByTestId('order-total')).toHaveText(brl(total));
});

test('her card is refused: she pays the same order by PIX instead, at its discounted total', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const ring = await product(page, 18);
  const price = cents(ring.price);
  const terms = await settings(page);
  const pix = pixTotal(price, terms);

  await toCheckout(page, ring);
  await fillGuest(page, `luisa.troca.${testInfo.project.name}@exemplo.com.br`);
  await page.getByTestId('payment-option-cartao').click();
  await expect(choice(page).getByRole('radio', { name: 'Cartão de crédito' })).toBeChecked();
  await page.getByTestId('checkout-submit').click();

  // The provider refuses the card.
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(brl(price + FREIGHT));
  await page.locator('input[name="card_number"]').fill('4000 0000 0000 0002');
  await page.getByRole('button', { name: /^Pagar/ }).click();
  await expect(page).toHaveURL(RETURN_URL, { timeout: 15_000 });
  await expect(page.getByTestId('order-status-title')).toHaveText('Erro no Pagamento', {
    timeout: 15_000,
  });

  // 'Pagar com PIX': the order is switched, the provider's page offers PIX alone, for less.
  await expect(page.getByTestId('order-pay-other-method')).toHaveText('Pagar com PIX');
  await shot(page, 'retorno-trocar-forma', { fullPage: true });
  await page.getByTestId('order-pay-other-method').click();
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  await expect(page.getByTestId('sandbox-amount')).toHaveText(brl(pix.total));
  await expect(page.getByRole('heading', { name: 'Cartão de crédito' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Simular pagamento PIX' }).click();

  await expectPaid(page);
  await expect(page.getByText('Desconto PIX')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText(brl(pix.total));
});
