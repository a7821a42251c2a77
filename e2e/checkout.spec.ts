import type { Locator, Page } from '@playwright/test';
import { CHECKOUT_PASSWORD, GUEST_CPF, newCheckoutShopper } from './fixtures/checkout';
import { brl, cents, logInFromDrawer, productDetails, shot, toCheckout } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// A purchase from the cart to a paid order, as a guest and as a customer: the checkout page
// (SPEC §2/§5), the store's sandbox payment page (card and PIX, a declined card and its retry),
// the return page /pedido/{reference} and 'Meus Pedidos'. Postal codes come from the local fake
// ViaCEP: 01310-100 (Avenida Paulista, Sudeste R$ 12,90) and 20040-020 (Praça Pio X, R$ 18,90).

/** BOASVINDAS: 10 % of the products, half up to the centavo. */
const tenPercent = (value: number) => Math.floor((value * 1000 + 5000) / 10000);
/** The seeded PIX discount: 5 % of the products after the coupon, the price floored. */
const pixDiscount = (value: number) => value - Math.floor((value * 950) / 1000);

const SANDBOX_URL = /\/sandbox\/checkout\//;
const RETURN_URL = /\/pedido\/([^/?#]+)/;

function summary(page: Page): Locator {
  return page.getByTestId('checkout-summary');
}

function errorBox(page: Page): Locator {
  return page.getByTestId('checkout-error');
}

async function expectError(page: Page, message: string) {
  await expect(errorBox(page)).toContainText('Ops! Algo deu errado');
  await expect(page.getByTestId('checkout-error-message')).toHaveText(message);
}

async function fillContact(
  page: Page,
  data: { fullName: string; email: string; number: string; phone: string; cpf: string },
) {
  const form = page.getByTestId('checkout-address-form');
  await form.getByLabel('Nome completo').fill(data.fullName);
  await form.getByLabel('E-mail').fill(data.email);
  await form.getByLabel('Número').fill(data.number);
  await form.getByLabel('Telefone').pressSequentially(data.phone);
  await form.getByLabel('CPF').pressSequentially(data.cpf);
}

/** 'Como você quer pagar?': PIX comes chosen (the owners give 5 % for it); she may change it. */
async function choosePayment(page: Page, method: 'pix' | 'cartao') {
  await page.getByTestId(`payment-option-${method}`).click();
  await expect(page.getByTestId(`payment-option-${method}`)).toHaveAttribute(
    'data-selected',
    'true',
  );
}

/** On the sandbox page: the amount is the checkout's total; pays with the card given. */
async function payByCard(page: Page, total: number, card?: string) {
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  // The card number field is the one the page prefills with the approved card.
  if (card) await page.locator('input[value^="4111"]').first().fill(card);
  const pay = page.getByRole('button', { name: /^Pagar/ });
  await expect(pay).toContainText(brl(total));
  await pay.click();
}

async function payByPix(page: Page, total: number) {
  await expect(page).toHaveURL(SANDBOX_URL, { timeout: 15_000 });
  await expect(page.getByText(brl(total)).first()).toBeVisible();
  const pixTab = page.getByRole('tab', { name: /pix/i });
  if (await pixTab.count()) await pixTab.click();
  await page.getByRole('button', { name: 'Simular pagamento PIX' }).click();
}

/** The return page of the order: its reference from the URL, once it shows the status. */
async function expectReturnPage(page: Page, status: 'Pedido Pago' | 'Erro no Pagamento') {
  await expect(page).toHaveURL(RETURN_URL, { timeout: 15_000 });
  const reference = RETURN_URL.exec(new URL(page.url()).pathname)![1]!;
  await expect(page.getByTestId('order-status-title')).toHaveText(status, { timeout: 15_000 });
  return reference;
}

test('a guest checks out with a new CEP, sees the freight re-quoted and pays by card', async ({
  page,
}) => {
  // Real waits end to end (quotes, the order, the provider's page, its notification): room for a
  // busy machine.
  test.setTimeout(90_000);
  const ring = await productDetails(page.request, 2);
  await toCheckout(page, ring, '01310100');
  const price = cents(ring.price);

  // The cart's summary: the item, Sudeste shipping for the cart's CEP, the total.
  await expect(summary(page).getByTestId('checkout-item')).toContainText(`${ring.name} × 1`);
  await expect(summary(page).getByTestId('checkout-cep')).toHaveText('01310-100');
  await expect(summary(page).getByTestId('checkout-shipping')).toHaveText('R$ 12,90');
  // PIX comes chosen (the owners give a PIX discount): one total, the one she pays by PIX, named
  // so, and the card's as a hint.
  await expect(page.getByTestId('payment-option-pix')).toHaveAttribute('data-selected', 'true');
  await expect(summary(page).getByTestId('checkout-total-label')).toHaveText('Total no PIX');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(
    brl(price - pixDiscount(price) + 1290),
  );
  await expect(summary(page).getByTestId('checkout-other-total')).toHaveText(
    `No cartão: ${brl(price + 1290)}`,
  );

  // A guest has neither profile name nor coupon; the CEP comes from the cart and fills the
  // address, read-only.
  const form = page.getByTestId('checkout-address-form');
  await expect(form.getByLabel('Nome do perfil')).toHaveCount(0);
  await expect(page.getByTestId('coupon-field')).toHaveCount(0);
  await expect(form.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveAttribute('readonly', '');
  await expect(form.getByLabel('Cidade')).toHaveValue('São Paulo');

  // Paying with the form half empty: SPEC §5's message in the dismissible box.
  const submit = page.getByTestId('checkout-submit');
  await expect(submit).toHaveText('Ir para o pagamento');
  await submit.click();
  await expectError(page, 'Por favor, complete todos os dados de entrega obrigatórios.');
  await expect(form.getByText('Nome completo é obrigatório')).toBeVisible();
  await errorBox(page).getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(errorBox(page)).toBeHidden();

  // An unknown CEP stops the form; another CEP re-quotes the freight (Rio: R$ 18,90).
  await form.getByLabel('CEP').fill('00000001');
  await expect(form.getByText('CEP não encontrado')).toBeVisible();
  await expect(form.getByLabel('Nome completo')).toHaveCount(0);
  await form.getByLabel('CEP').fill('20040020');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Praça Pio X');
  await expect(form.getByLabel('Estado')).toHaveValue('RJ');
  await expect(summary(page).getByTestId('checkout-cep')).toHaveText('20040-020');
  await expect(summary(page).getByTestId('checkout-shipping')).toHaveText('R$ 18,90');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(
    brl(price - pixDiscount(price) + 1890),
  );

  await fillContact(page, {
    fullName: 'Helena Guimarães',
    email: 'helena.convidada@exemplo.com.br',
    number: '7',
    phone: '21987654321',
    cpf: GUEST_CPF,
  });
  await expect(form.getByLabel('Telefone')).toHaveValue('(21) 98765-4321');
  await expect(form.getByLabel('CPF')).toHaveValue(GUEST_CPF);

  await choosePayment(page, 'cartao');
  const pay = page.waitForRequest((r) => r.url().includes('/api/pay/') && r.method() === 'POST');
  await submit.click();
  const payRequest = await pay;
  expect(payRequest.headers()['idempotency-key']).toMatch(/^[\w-]{8,}$/);

  // The store's payment page charges exactly the checkout's total; the card is approved.
  await payByCard(page, price + 1890);
  const reference = await expectReturnPage(page, 'Pedido Pago');
  // How she paid, as the provider told it: the sandbox's card form, in one installment.
  await expect(page.getByTestId('order-paid-with')).toHaveText('Cartão de crédito à vista');

  // The cart is empty and the order's secret stays on this device for the return page.
  expect(await page.evaluate(() => localStorage.getItem('cart'))).toBeNull();
  expect(await page.evaluate((r) => localStorage.getItem(`pedido-chave:${r}`), reference)).toMatch(
    /\S{8,}/,
  );
  await expect(page.getByTestId('order-address')).toContainText('Praça Pio X');
});

test('a customer saves her first address, tries a wrong coupon, uses BOASVINDAS and pays by PIX; then buys again with the saved address, is declined and pays on retry', async ({
  page,
}, testInfo) => {
  test.setTimeout(150_000);
  const shopper = await newCheckoutShopper(page.request, testInfo.project.name);
  await logInFromDrawer(page, shopper.email, CHECKOUT_PASSWORD);
  const access = await page.evaluate(() => localStorage.getItem('access'));
  const auth = { authorization: `Bearer ${access}` };

  // ------------------------------------------------------------ First purchase
  const ring = await productDetails(page.request, 3);
  const price = cents(ring.price);
  await toCheckout(page, ring, '01310100');

  // No saved address yet: the manual form opens by itself, saying it will be saved.
  const form = page.getByTestId('checkout-address-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('checkout-autosave-note')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Usar Novo Endereço' })).toHaveCount(0);
  const submit = page.getByTestId('checkout-submit');
  await expect(submit).toHaveText('Salvar e Ir para o Pagamento');
  await submit.click();
  await expectError(
    page,
    'Por favor, digite um nome para o perfil de endereço (ex: Casa, Trabalho).',
  );

  // Her account's name, e-mail, phone and CPF are already there; the rest is hers to type.
  await expect(form.getByLabel('Nome completo')).toHaveValue(
    `${shopper.firstName} ${shopper.lastName}`,
  );
  await expect(form.getByLabel('E-mail')).toHaveValue(shopper.email);
  await expect(form.getByLabel('CPF')).toHaveValue(
    shopper.cpf.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4'),
  );
  await expect(form.getByLabel('Telefone')).not.toBeEmpty();
  await form.getByLabel('Nome do perfil').fill('Casa');
  await form.getByLabel('Número').fill('1000');
  await form.getByLabel('Complemento (opcional)').fill('ap 12');

  // A coupon that does not exist: 'Aplicar' asks the server, its refusal is said under the
  // field (no dialog), the main button stays what it is, and it blocks the payment until it is
  // removed or replaced.
  const coupon = page.getByLabel('Cupom de desconto');
  const apply = page.getByTestId('coupon-apply');
  await coupon.fill('NAOEXISTE');
  await expect(submit).toHaveText('Salvar e Ir para o Pagamento');
  await apply.click();
  await expect(page.getByTestId('coupon-invalid')).toBeVisible();
  await expect(page.getByTestId('coupon-message')).toHaveText('Cupom inválido.');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(submit).toHaveText('Salvar e Ir para o Pagamento');
  await expect(summary(page).getByTestId('checkout-discount')).toHaveCount(0);
  await submit.click();
  await expectError(page, 'Aguarde a validação do cupom ou remova-o para continuar.');

  // BOASVINDAS: 10 % of the products, applied in place: the discount line appears at once.
  await coupon.fill('BOASVINDAS');
  await expect(page.getByTestId('coupon-invalid')).toHaveCount(0);
  await expect(errorBox(page)).toBeHidden();
  await coupon.press('Enter');
  await expect(page.getByTestId('coupon-valid')).toBeVisible();
  const discount = tenPercent(price);
  await expect(page.getByTestId('coupon-message')).toHaveText(
    `Cupom Aplicado! Desconto de ${brl(discount)}.`,
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(summary(page).getByTestId('checkout-discount')).toHaveText(`− ${brl(discount)}`);
  // 'Remover' takes it off, 'Aplicar' puts it back.
  await page.getByTestId('coupon-remove').click();
  await expect(coupon).toHaveValue('');
  await expect(summary(page).getByTestId('checkout-discount')).toHaveCount(0);
  await coupon.fill('BOASVINDAS');
  await apply.click();
  await expect(summary(page).getByTestId('checkout-discount')).toHaveText(`− ${brl(discount)}`);
  // PIX still chosen: one total, the coupon's and PIX's discounts taken off.
  await expect(summary(page).getByTestId('checkout-total-label')).toHaveText('Total no PIX');
  await shot(page, 'checkout-coupon-pix', { fullPage: true });
  // By card: the products after the coupon, plus the freight.
  await choosePayment(page, 'cartao');
  await expect(summary(page).getByTestId('checkout-total-label')).toHaveText('Total no cartão');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(
    brl(price - discount + 1290),
  );
  // By PIX: its discount on the products after the coupon; the freight keeps its price.
  await choosePayment(page, 'pix');
  const firstPix = pixDiscount(price - discount);
  await expect(summary(page).getByTestId('checkout-pix-discount')).toHaveText(`− ${brl(firstPix)}`);
  const firstTotal = price - discount - firstPix + 1290;
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(brl(firstTotal));

  await expect(submit).toHaveText('Salvar e Ir para o Pagamento');
  const saving = page.waitForRequest(
    (r) => r.url().includes('/api/perfis-endereco/') && r.method() === 'POST',
  );
  await submit.click();
  // SPEC §4: saved 'not as default' (the server still makes her only profile the default).
  expect((await saving).postDataJSON()).toMatchObject({ nome_perfil: 'Casa', is_default: false });
  await payByPix(page, firstTotal);
  const firstReference = await expectReturnPage(page, 'Pedido Pago');

  // The address became her profile; the server cart is empty.
  const profiles = (await (
    await page.request.get('/api/perfis-endereco/', { headers: auth })
  ).json()) as { perfis: { nome_perfil: string; is_default: boolean; cep: string }[] };
  expect(profiles.perfis).toHaveLength(1);
  expect(profiles.perfis[0]).toMatchObject({ nome_perfil: 'Casa', cep: '01310-100' });
  const cart = (await (await page.request.get('/api/cart/', { headers: auth })).json()) as [];
  expect(cart).toEqual([]);

  // ------------------------------------------------------------ Second purchase
  const earring = await productDetails(page.request, 22);
  const earringPrice = cents(earring.price);
  await toCheckout(page, earring, '01310100');

  // The saved address is offered and chosen; a new address is one click away and back.
  const selector = page.getByTestId('address-selector');
  await expect(selector).toBeVisible();
  await expect(selector.getByRole('radio', { name: /Casa/ })).toBeChecked();
  await page.getByRole('button', { name: 'Usar Novo Endereço' }).click();
  await expect(page.getByTestId('checkout-address-form')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar aos Endereços Salvos' }).click();
  await expect(selector.getByRole('radio', { name: /Casa/ })).toBeChecked();
  await expect(submit).toHaveText('Ir para o Pagamento');
  await expect(summary(page).getByTestId('checkout-total')).toHaveText(
    brl(earringPrice - pixDiscount(earringPrice) + 1290),
  );

  // BOASVINDAS was her first purchase's: it is refused now, under the field.
  await page.getByLabel('Cupom de desconto').fill('BOASVINDAS');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('coupon-invalid')).toBeVisible();
  await expect(submit).toHaveText('Ir para o Pagamento');
  await page.getByLabel('Cupom de desconto').fill('');
  await expect(submit).toHaveText('Ir para o Pagamento');

  await choosePayment(page, 'cartao');
  await submit.click();
  await payByCard(page, earringPrice + 1290, '4000 0000 0000 0002');
  const secondReference = await expectReturnPage(page, 'Erro no Pagamento');
  expect(secondReference).not.toBe(firstReference);

  // Retry: the order's payment link, then the approved card.
  const context = page.context();
  await page.getByTestId('order-pay-now').click();
  let payPage: Page | undefined;
  await expect
    .poll(() => (payPage = context.pages().find((p) => SANDBOX_URL.test(p.url()))) !== undefined, {
      timeout: 15_000,
    })
    .toBe(true);
  await payByCard(payPage!, earringPrice + 1290, '4111 1111 1111 1111');
  expect(await expectReturnPage(payPage!, 'Pedido Pago')).toBe(secondReference);

  // 'Meus Pedidos' lists both orders, paid.
  const account = payPage!;
  await account.goto('/usuario?tab=orders');
  for (const reference of [firstReference, secondReference]) {
    const card = account.locator(`[data-testid="order-card"][data-reference="${reference}"]`);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('order-status')).toHaveText('Pago');
  }
});
