/**
 * The owners' Pedidos (issue 12), phone and desktop: a shopper's order paid at the sandbox is
 * found by the owner in /admin/pedidos (the 'Pedido Pago' filter kept in the address), marked
 * 'Enviado' with a Correios code — a mistyped check digit refused in the dialog first — and the
 * shopper then sees the code and 'Rastrear nos Correios' in 'Meus Pedidos', and has both in her
 * e-mail (the store's outbox). A paid order the owner cancels reads, on the shopper's side, as the
 * store's cancellation with her money going back, then gone back once the refund is noted.
 * The e2e store runs on the sandbox: the Painel says its payments are tests (issue 19), and an
 * order paid there carries the 'Teste' badge in the list and on its page.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ownerSession } from './fixtures/admin';
import { paidOrderOf, signInBrowser } from './fixtures/orders';
import { E2E_DATA_DIR } from './paths.mjs';

const CODE = 'AA473124829BR';
const TRACKING_LINK = `https://rastreamento.correios.com.br/app/index.php?objetos=${CODE}`;

interface OutboxFile {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** The store's e-mails to `email` whose subject matches. */
function mailTo(email: string, subject: RegExp): OutboxFile[] {
  const outbox = join(E2E_DATA_DIR, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(outbox, name), 'utf8')) as OutboxFile)
    .filter((m) => m.to.includes(email) && subject.test(m.subject));
}

test('the owner ships a paid order with a Correios code; the shopper sees it in Meus Pedidos and her e-mail', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const { shopper, session, order } = await paidOrderOf(
    page,
    request,
    'Rita',
    project === 'phone' ? 61 : 62,
  );

  // The owner, in the same browser after her. The sizes of the screenshots below.
  const owner = await ownerSession(request, project);
  await signInBrowser(page, owner.session);
  await page.setViewportSize(
    project === 'phone' ? { width: 390, height: 844 } : { width: 1280, height: 800 },
  );

  // The store runs on the sandbox: every back-office page says its payments are tests.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Painel', level: 1 })).toBeVisible();
  const notice = page.getByRole('complementary', { name: 'Pagamentos de teste' });
  await expect(notice).toContainText('nenhum pagamento é real');
  await expect(notice).toContainText('PAYMENT_PROVIDER=pagbank');
  await expect(page.locator('[role="status"]').filter({ hasText: /Carregando/ })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`${project}-painel-pagamentos-de-teste.png`) });

  // The list filtered by the address bar; her order, paid at the sandbox, is a test.
  await page.goto('/admin/pedidos?status=paid');
  await expect(page.getByRole('heading', { name: 'Pedidos', level: 1 })).toBeVisible();
  await expect(page.getByTestId('filtro-paid')).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel('Buscar por número, nome, e-mail ou CPF').fill(shopper.email);
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/status=paid/);
  const line = page.locator(`[data-reference="${order.reference}"]`).filter({ visible: true });
  await expect(line.getByTestId('pedido-teste')).toHaveText('Teste');
  await page.screenshot({ path: testInfo.outputPath(`${project}-pedidos-teste.png`) });
  const link = page.getByRole('link', { name: new RegExp(`#${order.reference}`) }).first();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/pedidos/${order.reference}$`));
  await expect(page.getByRole('heading', { name: `Pedido #${order.reference}` })).toBeVisible();
  await expect(page.getByTestId('pedido-situacao')).toContainText('Pedido Pago');
  await expect(page.getByTestId('pedido-teste')).toHaveText('Teste');
  await expect(page.getByTestId('pedido-teste-aviso')).toHaveText(
    'Pedido de teste (sandbox): nenhum dinheiro foi recebido. Não envie.',
  );
  await page.screenshot({ path: testInfo.outputPath(`${project}-pedido-teste.png`) });

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
  await signInBrowser(page, session);
  await page.goto('/usuario?tab=orders');
  const card = page.locator(`[data-testid="order-card"][data-reference="${order.reference}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('Enviado');
  await expect(card.getByTestId('order-tracking-code')).toHaveText(CODE);
  await expect(card.getByRole('link', { name: /Rastrear nos Correios/ })).toHaveAttribute(
    'href',
    TRACKING_LINK,
  );

  // Her e-mail has both.
  await expect
    .poll(() => mailTo(shopper.email, /foi enviado/).length, { message: 'the shipped e-mail' })
    .toBe(1);
  const [mail] = mailTo(shopper.email, /foi enviado/);
  expect(mail!.text).toContain(CODE);
  expect(mail!.links).toContain(TRACKING_LINK);
});

test('the owner cancels a paid order; the shopper is told the store cancelled it and her money goes back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const project = testInfo.project.name;
  const { session, order } = await paidOrderOf(
    page,
    request,
    'Olga',
    project === 'phone' ? 63 : 64,
  );

  const owner = await ownerSession(request, project);
  await signInBrowser(page, owner.session);
  await page.goto(`/admin/pedidos/${order.reference}`);
  await page.getByRole('button', { name: 'Cancelar pedido' }).click();
  const dialog = page.getByTestId('dialogo-cancelar');
  await dialog.getByLabel('Motivo do cancelamento').fill('Peça com defeito no estoque');
  await dialog.getByRole('button', { name: 'Cancelar pedido' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('pedido-estorno')).toBeVisible();

  // Her order page: the store cancelled it, not an unpaid order's expiry.
  await signInBrowser(page, session);
  await page.goto(`/pedido/${order.reference}`);
  await expect(page.getByTestId('order-status-title')).toHaveText('Pagamento a estornar');
  await expect(page.getByTestId('order-refund-note')).toHaveText(
    'A loja cancelou este pedido. O valor pago será estornado integralmente.',
  );

  // The owner notes the refund as made; her 'Meus Pedidos' says the money went back.
  await signInBrowser(page, owner.session);
  await page.goto(`/admin/pedidos/${order.reference}`);
  await page.getByRole('button', { name: 'Estorno feito' }).click();
  await expect(page.getByTestId('pedido-situacao')).toContainText('Cancelado');
  await signInBrowser(page, session);
  await page.goto('/usuario?tab=orders');
  const card = page.locator(`[data-testid="order-card"][data-reference="${order.reference}"]`);
  await expect(card.getByTestId('order-status')).toHaveText('Cancelado');
  await expect(card.getByTestId('order-cancelled-note')).toHaveText(
    'A loja cancelou este pedido e o valor pago foi estornado integralmente.',
  );
  await page.screenshot({ path: testInfo.outputPath(`${project}-store-cancelled.png`) });
});
