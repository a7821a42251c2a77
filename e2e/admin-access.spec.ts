import { expectNoA11yViolations } from './fixtures/a11y';
import { logIn, newOrdersShopper, signInBrowser } from './fixtures/orders';
import { expect, test } from './fixtures/test';

// Who enters /admin, how an owner finds it, and that every section of the back office is usable
// and accessible (axe, WCAG 2.2 AA) on a phone and a desktop: the owners work on a computer, and
// this is where the back office is seen at the phone's size.

const SECTIONS = [
  { label: 'Painel', path: '/admin' },
  { label: 'Produtos', path: '/admin/produtos' },
  { label: 'Estoque', path: '/admin/estoque' },
  { label: 'Pedidos', path: '/admin/pedidos' },
  { label: 'Avaliações', path: '/admin/avaliacoes' },
  { label: 'Cupons', path: '/admin/cupons' },
  { label: 'Pagamentos', path: '/admin/pagamentos' },
  { label: 'Clientes', path: '/admin/clientes' },
  { label: 'Auditoria', path: '/admin/auditoria' },
  { label: 'Saúde da loja', path: '/admin/saude' },
  { label: 'Backups', path: '/admin/backups' },
  { label: 'Ajuda', path: '/admin/ajuda' },
];

test('a guest is asked to log in and a customer is told the back office is not hers', async ({
  page,
  request,
}) => {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administração' })).toBeVisible();
  await expect(
    page.getByText('Entre com a sua conta de administradora para continuar.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();

  const shopper = await newOrdersShopper(request, 'Clara');
  await signInBrowser(page, await logIn(request, shopper.email));
  await page.goto('/admin');
  await expect(page.getByText('Acesso restrito às administradoras da loja.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar à loja' })).toHaveAttribute('href', '/');
  // Her account page has no entry to it.
  await page.goto('/usuario');
  await expect(page.getByRole('heading', { name: `Olá, ${shopper.firstName}!` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Administração' })).toHaveCount(0);
});

test('an owner finds Administração in her account and walks through every section', async ({
  ownerPage: page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.goto('/usuario');
  await page.getByRole('link', { name: 'Administração' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const menu = page.getByRole('navigation', { name: 'Administração' });
  for (const section of SECTIONS) {
    await menu.getByRole('link', { name: section.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${section.path}$`));
    await expect(page.getByRole('heading', { level: 1, name: section.label })).toBeVisible();
    await expect(menu.getByRole('link', { name: section.label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Let the section's data arrive before judging the page.
    await expect(page.locator('[role="status"]').filter({ hasText: /Carregando/ })).toHaveCount(0);
    await expectNoA11yViolations(page, `${section.label} (${testInfo.project.name})`);
  }
  // 'Sair' ends the session and leaves the back office.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin');
  await expect(
    page.getByText('Entre com a sua conta de administradora para continuar.'),
  ).toBeVisible();
});

test("the owners' guides open from the page they explain, readable and accessible", async ({
  ownerPage: page,
}, testInfo) => {
  await page.goto('/admin/saude');
  await page.getByRole('link', { name: 'Guia: Saúde da loja' }).click();
  await expect(page).toHaveURL(/\/admin\/ajuda\/saude$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Saúde da loja' })).toBeVisible();
  const guide = page.getByTestId('guide');
  // The owners' part first; the developers' part folded away.
  await expect(
    guide.getByText('Detalhes técnicos (para quem cuida do código e do servidor)'),
  ).toBeVisible();
  await expect(guide.getByText('GET /api/admin/saude/')).toBeHidden();
  await expectNoA11yViolations(page, `guia (${testInfo.project.name})`);

  // A guide's link to another guide stays in the back office, at the section named.
  await page.goto('/admin/ajuda/backups');
  await page.getByTestId('guide').getByRole('link', { name: 'Como colocar a loja no ar' }).click();
  await expect(page).toHaveURL(/\/admin\/ajuda\/colocar-no-ar$/);
  await expect(page.getByRole('heading', { level: 2, name: /^9\. Backups/ })).toBeAttached();
  await page.goto('/admin/ajuda/colocar-no-ar#9-backups-copias-de-seguranca');
  await expect(page.getByRole('heading', { level: 2, name: /^9\. Backups/ })).toBeInViewport();
});
