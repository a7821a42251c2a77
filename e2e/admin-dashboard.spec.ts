/**
 * The owners' Painel and Auditoria: after a shopper's order is paid at the sandbox, the Painel
 * counts it in 'Hoje' and draws today's bar, and 'A enviar' opens the Pedidos list filtered by
 * paid; an owner's stock adjustment shows in Auditoria with its summary, kept by the 'Estoque'
 * filter and hidden by 'Pedidos'.
 */
import { paidOrderOf } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// A piece per project that no other spec counts on (admin-stock.spec.ts uses 25 and 26).
const ADJUSTED_ID = { phone: 21, desktop: 22 } as const;

test('the Painel counts a paid order today and Auditoria lists an owner’s change', async ({
  page: shopperPage,
  ownerPage: page,
  owner,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const project = testInfo.project.name;
  await paidOrderOf(shopperPage, request, 'Lia');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Painel' })).toBeVisible();

  // 'Hoje': at least this order, and a total above zero.
  const today = page.getByTestId('vendas-hoje');
  const todayOrders = today.getByText(/^\d+ pedidos?$/);
  await expect(todayOrders).toHaveText(/^[1-9]\d* pedidos?$/);
  await expect(today).not.toContainText('R$ 0,00');
  const todayCount = parseInt((await todayOrders.textContent())!, 10);
  expect(todayCount).toBeGreaterThanOrEqual(1);

  // The chart draws today's bar, and its <title> says so.
  const bar = page.getByTestId('bar-today');
  await expect(bar).toBeAttached();
  expect(Number(await bar.getAttribute('height'))).toBeGreaterThan(0);
  await expect(page.locator('[data-testid="sales-chart"] g[data-hoje] title')).toContainText(
    /^Hoje, .+: R\$ [\d.,]+ · \d+ pedidos?$/,
  );
  // The same numbers as a table, for a screen reader.
  await page.getByText('Ver tabela').click();
  await expect(page.getByTestId('sales-table').getByRole('row', { name: /^Hoje/ })).toContainText(
    `${todayCount}`,
  );

  // 'A enviar' opens the orders waiting to ship.
  await expect(page.getByTestId('a-enviar')).toContainText(/[1-9]/);
  await page.getByTestId('a-enviar').click();
  await expect(page).toHaveURL(/\/admin\/pedidos\?status=paid$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pedidos' })).toBeVisible();
  await expect(page.getByTestId('filtro-paid')).toHaveAttribute('aria-pressed', 'true');

  // An owner's change, made through the API, then found in Auditoria.
  const note = `Conferência do painel ${project} ${Date.now()}`;
  const adjusted = await request.post('/api/admin/estoque/ajustes/', {
    headers: { authorization: `Bearer ${owner.session.access}` },
    data: {
      produto_id: ADJUSTED_ID[project === 'phone' ? 'phone' : 'desktop'],
      quantidade: 1,
      nota: note,
    },
  });
  expect(adjusted.status(), await adjusted.text()).toBe(201);
  const { produto } = (await adjusted.json()) as { produto: { id: number; nome: string } };

  await page.getByRole('link', { name: 'Auditoria' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Auditoria' })).toBeVisible();
  const entry = page.getByTestId('audit-list').getByRole('listitem').filter({ hasText: note });
  await expect(entry).toContainText(`Estoque de ${produto.nome}`);
  await expect(entry).toContainText(owner.email);
  await expect(entry.getByRole('link', { name: `Produto #${produto.id}` })).toHaveAttribute(
    'href',
    `/admin/produtos/${produto.id}`,
  );
  await entry.getByText('Ver as 2 alterações').click();
  await expect(entry.getByText(note, { exact: true })).toBeVisible();

  // The type filter, kept in the address: 'Estoque' keeps it, 'Pedidos' hides it.
  const filters = page.getByRole('group', { name: 'Tipo' });
  await filters.getByRole('button', { name: 'Estoque' }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria\?tipo=estoque$/);
  await expect(filters.getByRole('button', { name: 'Estoque' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(entry).toBeVisible();
  await filters.getByRole('button', { name: 'Pedidos' }).click();
  await expect(page).toHaveURL(/\/admin\/auditoria\?tipo=pedidos$/);
  await expect(entry).toHaveCount(0);
  await page.reload();
  await expect(filters.getByRole('button', { name: 'Pedidos' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // Loaded (a list of orders' changes, or none yet), and still without the stock adjustment.
  await expect(
    page.getByTestId('audit-list').or(page.getByText('Nenhuma alteração de pedidos registrada.')),
  ).toBeVisible();
  await expect(entry).toHaveCount(0);
});
