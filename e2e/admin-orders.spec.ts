/**
 * The owners' Pedidos: a shopper's order paid at the sandbox is found by the owner in
 * /admin/pedidos (the 'Pedido Pago' filter kept in the address), marked 'Enviado' with a Correios
 * code — a mistyped check digit refused in the dialog first — and the shopper then sees the code
 * and 'Rastrear nos Correios' in 'Meus Pedidos', and has both in her e-mail (the store's outbox).
 * A paid order the owner cancels reads, on the shopper's side, as the store's cancellation with
 * her money going back, then gone back once the refund is noted. The e2e store runs on the
 * sandbox: the Painel says its payments are tests, and an order paid there carries the 'Teste'
 * badge in the list and on its page. The reminder to pay, on the owners' side: when it was sent,
 * on the order's page, and what the reminders brought, on the Painel.
 * An unpaid order holds its units: the list says so ('Segura N un.'), and the owner releases them
 * from its page ('Liberar estoque', a reason asked first): the order cancelled with her reason,
 * the units back on the shelf (the stock ledger names the order).
 * The list's rows open the order wherever the owner clicks, the order's number staying a link.
 * The shopper and the owner each in her own browser.
 */
import type { Route } from '@playwright/test';
import { mailsTo, mailTo, shot } from './fixtures/helpers';
import {
  catalogProducts,
  logIn,
  newOrdersShopper,
  paidOrderOf,
  placeOrder,
} from './fixtures/orders';
import { expect, test } from './fixtures/test';

const CODE = 'AA473124829BR';
const TRACKING_LINK = `https://rastreamento.correios.com.br/app/index.php?objetos=${CODE}`;

test('the owner ships a paid order with a Correios code; the shopper sees it in Meus Pedidos and her e-mail', async ({
  page: shopperPage,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(180_000);
  const { shopper, order } = await paidOrderOf(shopperPage, request, 'Rita');

  // The store runs on the sandbox: every back-office page says its payments are tests.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  const notice = page.getByRole('complementary', { name: 'Pagamentos de teste' });
  await expect(notice).toContainText('nenhum pagamento é real');
  await expect(notice).toContainText('PAYMENT_PROVIDER=pagbank');
  await expect(page.locator('[role="status"]').filter({ hasText: /Carregando/ })).toHaveCount(0);
  await shot(page, 'painel-pagamentos-de-teste');

  // The list filtered by the address bar; her order, paid at the sandbox, is a test.
  await page.goto('/admin/pedidos?status=paid');
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('filtro-paid')).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Buscar por número, nome, e-mail ou CPF').fill(shopper.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/status=paid/);
  const line = page.locator(`[data-reference="${order.reference}"]`).filter({ visible: true });
  await expect(line.getByTestId('pedido-teste')).toHaveText('Teste');
  await shot(page, 'pedidos-teste');
  // The whole row opens the order; its '#…' stays a real link (keyboard, a new tab).
  const row = page.getByTestId('pedidos-tabela').locator(`tr[data-reference="${order.reference}"]`);
  const link = row.getByRole('link', { name: `#${order.reference}` });
  await expect(link).toHaveAttribute('href', `/admin/pedidos/${order.reference}`);
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    row
      .locator('td')
      .nth(2)
      .click({ modifiers: ['ControlOrMeta'] }),
  ]);
  await expect(tab).toHaveURL(new RegExp(`/admin/pedidos/${order.reference}$`));
  await tab.close();
  await expect(page).toHaveURL(/\/admin\/pedidos\?/);
  // A click on the total, far from the link, opens the order in place.
  await row.locator('td').last().click();
  await expect(page).toHaveURL(new RegExp(`/admin/pedidos/${order.reference}$`));
  await expect(page.getByRole('heading', { name: `Pedido #${order.reference}` })).toBeVisible();
  await expect(page.getByTestId('pedido-situacao')).toContainText('Pedido Pago');
  await expect(page.getByTestId('pedido-teste')).toHaveText('Teste');
  await expect(page.getByTestId('pedido-teste-aviso')).toHaveText(
    'Pedido de teste (sandbox): nenhum dinheiro foi recebido. Não envie.',
  );
  await shot(page, 'pedido-teste');

  // The dialog checks the code with its check digit before sending it.
  await page.getByRole('button', { name: 'Marcar como Enviado' }).click();
  const dialog = page.getByTestId('dialogo-enviado');
  const codeField = dialog.getByLabel('Código de rastreamento');
  await codeField.fill('AA473124828BR');
  await dialog.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(dialog.getByText(/dígito verificador não confere/)).toBeVisible();
  await codeField.fill(CODE.toLowerCase());
  await dialog.getByRole('button', { name: 'Confirmar envio' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pedido-situacao')).toContainText('Enviado');
  await expect(page.getByTestId('pedido-rastreio')).toHaveText(CODE);
  await expect(page.getByRole('button', { name: 'Marcar como Entregue' })).toBeVisible();

  // Her side: 'Meus Pedidos' shows the code and the Correios link.
  await shopperPage.goto('/usuario?tab=orders');
  const card = shopperPage.locator(
    `[data-testid="order-card"][data-reference="${order.reference}"]`,
  );
  await expect(card.getByTestId('order-status')).toHaveText('Enviado');
  await expect(card.getByTestId('order-tracking-code')).toHaveText(CODE);
  await expect(card.getByRole('link', { name: /Rastrear nos Correios/ })).toHaveAttribute(
    'href',
    TRACKING_LINK,
  );

  // Her e-mail has both, in one e-mail.
  const mail = await mailTo(shopper.email, /foi enviado/);
  expect(mailsTo(shopper.email, /foi enviado/)).toHaveLength(1);
  expect(mail.text).toContain(CODE);
  expect(mail.links).toContain(TRACKING_LINK);
});

test('the owner cancels a paid order; the shopper is told the store cancelled it and her money goes back', async ({
  page: shopperPage,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(180_000);
  const { order } = await paidOrderOf(shopperPage, request, 'Olga');

  await page.goto(`/admin/pedidos/${order.reference}`);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = page.getByTestId('dialogo-cancelar');
  await dialog.getByLabel('Motivo do cancelamento').fill('Peça com defeito no estoque');
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pedido-estorno')).toBeVisible();

  // Her order page: the store cancelled it, not an unpaid order's expiry.
  await shopperPage.goto(`/pedido/${order.reference}`);
  await expect(shopperPage.getByTestId('order-status-title')).toHaveText('Pagamento a estornar');
  await expect(shopperPage.getByTestId('order-refund-note')).toHaveText(
    'A loja cancelou este pedido. O valor pago será estornado integralmente.',
  );

  // The owner notes the refund as made; her 'Meus Pedidos' says the money went back.
  await page.getByRole('button', { name: 'Estorno feito' }).click();
  await expect(page.getByTestId('pedido-situacao')).toContainText('Cancelado');
  await shopperPage.goto('/usuario?tab=orders');
  const card = shopperPage.locator(
    `[data-testid="order-card"][data-reference="${order.reference}"]`,
  );
  await expect(card.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(card.getByTestId('order-cancelled-note')).toHaveText(
    'A loja cancelou este pedido e o valor pago foi estornado integralmente.',
  );
  await shot(shopperPage, 'store-cancelled');
});

test('the owners see when the reminder was sent, and what the reminders brought on the Painel', async ({
  page: shopperPage,
  ownerPage: page,
  request,
}) => {
  test.setTimeout(150_000);
  const { order } = await paidOrderOf(shopperPage, request, 'Lena');

  // 'Reminded' a second after it was placed: the store's answer, with the field set (the shared
  // store's orders live 24 hours; order-reminder.spec.ts sees real reminders on the timed store,
  // and the API's figures are tested in apps/api: reminder.test.ts, earnings.test.ts).
  let sent = new Date();
  await page.route(`**/api/admin/pedidos/${order.reference}/`, async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { pedido: Record<string, unknown> };
    expect(body.pedido).toHaveProperty('lembrete_enviado_em', null);
    sent = new Date(new Date(body.pedido.criado_em as string).getTime() + 1_000);
    body.pedido.lembrete_enviado_em = sent.toISOString();
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/admin/pedidos/${order.reference}`);
  await expect(page.getByTestId('pedido-lembrete')).toBeVisible();
  const local = new Date(sent.getTime() - 3 * 60 * 60_000);
  const p2 = (x: number) => String(x).padStart(2, '0');
  const when = `${p2(local.getUTCDate())}/${p2(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} às ${p2(local.getUTCHours())}:${p2(local.getUTCMinutes())}`;
  await expect(page.getByTestId('pedido-lembrete')).toHaveText(
    `Lembrete de pagamento enviado em ${when}`,
  );
  await expect(page.getByText('Lembrete', { exact: true })).toBeVisible();
  await shot(page, 'admin-order-reminder');
  await shot(page.getByText('Lembrete', { exact: true }), 'admin-order-dates');

  await page.route('**/api/admin/painel/', async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toHaveProperty('retorno_30_dias');
    body.retorno_30_dias = {
      pagos_apos_lembrete: { pedidos: 3, total_cents: 48_970 },
      vendidos_avise_me: { unidades: 1, total_cents: 12_990 },
      carrinhos_recuperados: { pedidos: 2, total_cents: 31_480 },
    };
    await route.fulfill({ response, json: body });
  });
  await page.goto('/admin');
  const card = page.getByTestId('retorno-30-dias');
  await expect(card.getByTestId('retorno-lembrete')).toContainText('Pagos após o lembrete');
  await expect(card.getByTestId('retorno-lembrete')).toContainText('R$ 489,70');
  await expect(card.getByTestId('retorno-lembrete')).toContainText('3 pedidos');
  await expect(card.getByTestId('retorno-avise-me')).toContainText(
    'Vendidos a quem pediu Avise-me',
  );
  await expect(card.getByTestId('retorno-avise-me')).toContainText('1 peça');
  await expect(card.getByTestId('retorno-carrinhos')).toContainText('Carrinhos recuperados');
  await expect(card.getByTestId('retorno-carrinhos')).toContainText('R$ 314,80');
  await shot(card, 'admin-painel-retorno');
  await shot(page, 'admin-painel-full', { fullPage: true });
});

test("the owner releases an unpaid order's stock: the order is cancelled with her reason and its units are back", async ({
  ownerPage: page,
  owner,
  request,
}) => {
  test.setTimeout(120_000);
  const shopper = await newOrdersShopper(request, 'Ivone');
  const session = await logIn(request, shopper.email);
  const [product] = await catalogProducts(request);
  if (!product) throw new Error('the seeded catalog is empty');
  const order = await placeOrder(request, session, shopper, [{ product, quantidade: 2 }]);

  // The list: her unpaid order holds 2 units.
  await page.goto('/admin/pedidos?status=awaiting_payment');
  await page.getByLabel('Buscar por número, nome, e-mail ou CPF').fill(shopper.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const line = page.locator(`[data-reference="${order.reference}"]`).filter({ visible: true });
  await expect(line.getByTestId('admin-order-status')).toHaveText('Aguardando Pagamento');
  await expect(line.getByTestId('pedido-segura-estoque')).toHaveText(
    'Ainda não pago: Segura 2 un.',
  );
  await shot(page, 'pedidos-segura-estoque');

  // Its page: 'Liberar estoque' asks for a reason before anything happens.
  await page.goto(`/admin/pedidos/${order.reference}`);
  const situation = page.getByTestId('pedido-situacao');
  await expect(situation).toContainText('Aguardando Pagamento');
  await expect(situation.getByRole('button', { name: 'Cancelar pedido' })).toHaveCount(0);
  await situation.getByRole('button', { name: 'Liberar estoque' }).click();
  const dialog = page.getByTestId('dialogo-liberar-estoque');
  await expect(dialog).toContainText('segura 2 unidades');
  await dialog.getByRole('button', { name: 'Liberar estoque' }).click();
  await expect(dialog.getByText('Informe o motivo para liberar o estoque.')).toBeVisible();
  await dialog.getByLabel('Motivo').fill('Pedidos repetidos sem pagamento');
  await shot(page, 'liberar-estoque-dialogo');
  await dialog.getByRole('button', { name: 'Liberar estoque' }).click();
  await expect(dialog).toBeHidden();

  // Cancelled, with who did it and why; nothing more to do with it.
  await expect(situation.getByTestId('admin-order-status')).toHaveText('Cancelado');
  await expect(page.getByTestId('pedido-motivo-cancelamento')).toHaveText(
    'Estoque liberado pelas donas. Motivo: Pedidos repetidos sem pagamento',
  );
  await expect(situation.getByTestId('pedido-segura-estoque')).toHaveCount(0);
  await expect(situation.getByRole('button', { name: 'Liberar estoque' })).toHaveCount(0);
  await shot(page, 'liberado');

  // Its 2 units are back on the shelf: the stock ledger names the order.
  const ledger = await request.get(`/api/admin/estoque/?produto=${product.id}`, {
    headers: { Authorization: `Bearer ${owner.session.access}` },
  });
  expect(ledger.status(), await ledger.text()).toBe(200);
  const { itens } = (await ledger.json()) as {
    itens: { pedido_referencia: string | null; delta: number }[];
  };
  expect(itens.filter((m) => m.pedido_referencia === order.reference).map((m) => m.delta)).toEqual([
    2, -2,
  ]);
});
