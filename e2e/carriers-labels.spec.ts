import { fillShippingSender } from './fixtures/admin';
import { expect, test } from './fixtures/carrier-store';
import { mailTo, shot } from './fixtures/helpers';
import { catalogProducts, payAtSandbox, placeGuestOrder } from './fixtures/orders';

// 'Comprar etiqueta' (docs/shipping-labels.md) in the carriers' store, whose Melhor Envio is its
// fake: the owner saves the sender on 'Frete', a shopper's order is paid at the sandbox, the owner
// buys its label in one click, prints it and reads the tracking code; the order is 'Enviado' and
// the shopper's shipping e-mail carries the code. Run on the desktop, then looked at on a phone.

test('an owner buys, prints and tracks the label of a paid order', async ({
  carrierStore,
  carrierOwnerPage: page,
  carrierPage,
  carrierRequest,
}) => {
  test.setTimeout(120_000);
  const { fake } = carrierStore;

  // The sender the labels carry, on 'Frete'.
  await page.goto('/admin/frete');
  await expect(page.getByRole('heading', { level: 1, name: 'Frete' })).toBeVisible();
  await fillShippingSender(page);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Configurações de frete salvas.', { exact: true })).toBeVisible();

  // A shopper's order, paid at the sandbox.
  const [product] = await catalogProducts(carrierRequest);
  if (!product) throw new Error('the seeded catalog is empty');
  const email = `etiqueta.${Date.now()}@exemplo.com.br`;
  const { order } = await placeGuestOrder(carrierRequest, product, {
    fullName: 'Carla Etiqueta',
    email,
  });
  // Paid by card on the sandbox's page, which sends her back to the store.
  await payAtSandbox(carrierPage, order.paymentUrl, 'approved');

  // The owner buys its label.
  await page.goto(`/admin/pedidos/${order.reference}`);
  await expect(page.getByTestId('pedido-situacao')).toContainText('Pago');
  const card = page.getByTestId('etiqueta');
  await expect(card.getByRole('radio', { name: 'Declaração de conteúdo' })).toBeChecked();
  await shot(page, 'etiqueta-antes', { fullPage: true });
  const paidBefore = [...fake.orders.values()].filter((o) => o.paidAt).length;
  await card.getByRole('button', { name: 'Comprar etiqueta' }).click();
  const code = card.getByTestId('etiqueta-rastreio');
  await expect(code).toHaveText(/^AA\d{9}BR$/, { timeout: 20_000 });
  const tracking = (await code.textContent())!;
  await expect(card.getByTestId('etiqueta-status')).toHaveText('Gerada');
  await expect(card.getByTestId('etiqueta-preco')).toHaveText(/R\$/);
  await expect(page.getByTestId('pedido-rastreio')).toHaveText(tracking);
  await expect(page.getByTestId('pedido-situacao')).toContainText('Enviado');
  expect([...fake.orders.values()].filter((o) => o.paidAt).length).toBe(paidBefore + 1);
  await shot(page, 'etiqueta-comprada', { fullPage: true });

  // Printing opens Melhor Envio's label (a PDF) in a new tab. What the tab does with a PDF is
  // the browser's (a viewer, or a download in a headless one): the proof is the tab asking for it.
  const labelAsked = page.context().waitForEvent('request', {
    predicate: (request) => request.url().startsWith(`${fake.url}/imprimir/`),
    timeout: 15_000,
  });
  const popup = page.waitForEvent('popup');
  await card.getByRole('button', { name: 'Imprimir etiqueta' }).click();
  const tab = await popup;
  const label = await (await labelAsked).response();
  expect(label?.status()).toBe(200);
  expect(await label?.headerValue('content-type')).toBe('application/pdf');
  await tab.close();
  expect(fake.requests.some((r) => r.path.endsWith('/shipment/print'))).toBe(true);

  // The shopper's shipping e-mail, once, with the code and its tracking link.
  const mail = await mailTo(email, /foi enviado/, { dataDir: carrierStore.dataDir });
  expect(mail.text).toContain(tracking);
  expect(mail.links.some((l) => l.includes(tracking))).toBe(true);

  // On a phone: the card under the order, nothing off the side.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card.getByTestId('etiqueta-rastreio')).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
  );
  expect(overflow).toBe(false);
  // The page may lay the card out again for the phone meanwhile: scroll to it once it is steady.
  await expect(async () => card.scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass();
  // The notice over the card is gone by itself (3 s) before the picture of the whole page.
  await expect(page.locator('li').filter({ hasText: 'A cliente recebeu o código' })).toHaveCount(0);
  await shot(page, 'etiqueta-comprada', { size: 'phone', fullPage: true });

  await page.setViewportSize({ width: 1366, height: 900 });

  // Several at once from the list: another paid order selected, 'Comprar etiquetas', one result.
  const other = await placeGuestOrder(carrierRequest, product, {
    fullName: 'Dora Lote',
    email: `lote.${Date.now()}@exemplo.com.br`,
  });
  await payAtSandbox(carrierPage, other.order.paymentUrl, 'approved');
  await page.goto('/admin/pedidos?status=paid');
  const row = page.locator(
    `[data-testid="pedido-linha-tabela"][data-reference="${other.order.reference}"]`,
  );
  await row.getByTestId('pedido-selecionar').check();
  const bulk = page.getByTestId('etiquetas-lote');
  await expect(bulk).toContainText('1 pedido selecionado');
  await shot(page, 'etiquetas-selecao');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByTestId('pedidos-cards').getByTestId('pedido-selecionar').first(),
  ).toBeChecked();
  await shot(page, 'etiquetas-selecao', { size: 'phone', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  await bulk.getByRole('button', { name: 'Comprar etiquetas' }).click();
  const results = page.getByTestId('etiquetas-resultados');
  await expect(results).toContainText(`#${other.order.reference}`, { timeout: 20_000 });
  await expect(results).toContainText(/Etiqueta comprada · AA\d{9}BR/);
  await shot(page, 'etiquetas-lote', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'etiquetas-lote', { size: 'phone', fullPage: true });
});
