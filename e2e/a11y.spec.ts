import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, signIn, test } from './fixtures/a11y';
import { CHECKOUT_PASSWORD, cpfFrom, verificationToken } from './fixtures/checkout';

// WCAG 2.2 AA, checked by axe on every route of SPEC §2 at phone and desktop sizes (the two
// projects of playwright.config.ts), with each drawer and dialog opened on the way: any serious
// or critical finding fails the test, listed with its rule, element and what to fix.

// Contrast is measured on the finished picture, not halfway through a fade or a slide.
test.use({ reducedMotion: 'reduce' });

interface ApiProduct {
  id: number;
  name: string;
  promocao: boolean;
  estoque: number;
  tem_variacoes?: boolean;
  composicoes: { produto: { name: string; tem_variacoes?: boolean } }[];
}

/** A product on promotion (its PROMOÇÃO badge and promotional price) with stock to sell. */
async function promotedProduct(page: Page): Promise<ApiProduct> {
  const answer = await page.request.get('/api/listar_produtos/');
  expect(answer.ok()).toBe(true);
  // A piece sold without sizes: these journeys add it to the cart from its page at once.
  const found = ((await answer.json()) as ApiProduct[]).find(
    (p) => p.promocao && p.estoque >= 5 && !p.tem_variacoes,
  );
  if (!found) throw new Error('the seeded catalog has no product on promotion');
  return found;
}

async function heading(page: Page, name?: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name }).first()).toBeVisible();
}

function cartDrawer(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Seu carrinho' });
}

async function closeWithEscape(page: Page, dialog: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** In the open cart drawer: the CEP quoted, then 'Finalizar Compra' to /checkout. */
async function checkoutFromDrawer(page: Page): Promise<void> {
  const drawer = cartDrawer(page);
  await drawer.getByTestId('cart-cep').pressSequentially('01310100');
  await expect(drawer.getByTestId('cart-cep-lookup')).toContainText('Avenida Paulista');
  await drawer.getByTestId('cart-calculate').click();
  await expect(drawer.getByTestId('cart-quote-value')).toBeVisible();
  await expectNoA11yViolations(page, 'cart drawer with a shipping quote');
  await drawer.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout$/);
  await heading(page, 'Finalizar Compra');
}

/** Each page by its address, checked once its main heading shows. */
async function checkPages(page: Page, pages: [path: string, name?: string | RegExp][]) {
  for (const [path, name] of pages) {
    await page.goto(path);
    await heading(page, name);
    await expectNoA11yViolations(page, path);
  }
}

test('the home (and /carrinho, /popup that show it), about, not found', async ({ page }) => {
  await checkPages(page, [['/'], ['/carrinho'], ['/popup'], ['/sobre-nos'], ['/nao-existe']]);
});

test('the four categories, a second page, a product on promotion and its toast', async ({
  page,
}) => {
  const promoted = await promotedProduct(page);
  await checkPages(page, [
    ['/aneis', 'Anéis'],
    ['/aneis?pagina=2', 'Anéis'],
    ['/brincos', 'Brincos'],
    ['/pulseiras', 'Pulseiras'],
    ['/colares', 'Colares'],
    // Without a product in the address or in the navigation state.
    ['/produto', 'Página não encontrada'],
    [`/produto/${promoted.id}`, promoted.name],
  ]);
  await expect(page.getByText('PROMOÇÃO').first()).toBeVisible();

  // 'Complete o Look' adds with the toast variant.
  // A piece sold without sizes: one sold by size opens its page to choose one instead.
  const look = page.locator('section[aria-labelledby="complete-o-look"]');
  const piece = promoted.composicoes.find((c) => !c.produto.tem_variacoes)!.produto.name;
  await look.getByRole('button', { name: `Adicionar ${piece} ao carrinho`, exact: true }).click();
  await expect(page.getByText(`${piece} adicionado ao carrinho!`, { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'the added-to-cart toast');
});

test('the header: search results and their empty state, the phone menu, the login drawer', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await heading(page);

  const search = page.getByTestId('search-input');
  await search.fill('anel');
  await expect(page.getByTestId('search-results').locator('a[data-result]').first()).toBeVisible();
  await expectNoA11yViolations(page, 'search results');
  await search.fill('xyzxyz');
  await expect(page.getByTestId('search-results')).toContainText('Nenhuma joia encontrada');
  await expectNoA11yViolations(page, 'search with no results');
  await search.press('Escape');
  await expect(page.getByTestId('search-results')).toBeHidden();

  if (testInfo.project.name === 'phone') {
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: /Anéis/ })).toBeVisible();
    await expectNoA11yViolations(page, 'phone menu');
    await closeWithEscape(page, menu);
  }

  await page.getByTestId('user-entry').click();
  const login = page.getByRole('dialog', { name: 'Entrar' });
  await expect(login.getByLabel('E-mail')).toBeVisible();
  await expectNoA11yViolations(page, 'login drawer');
  // A failed login shows its error in the drawer.
  await login.getByLabel('E-mail').fill('ninguem@exemplo.com.br');
  await login.getByLabel('Senha', { exact: true }).fill('SenhaErrada1');
  await login.getByLabel('Senha', { exact: true }).press('Enter');
  await expect(login.getByRole('alert').first()).toBeVisible();
  await expectNoA11yViolations(page, 'login drawer with an error');
  await closeWithEscape(page, login);
});

test('sign-up, e-mail verification (with and without a token), resend and password pages', async ({
  page,
}, testInfo) => {
  await page.goto('/cadastro');
  await heading(page, 'Crie sua conta');
  // The live checklist of the password's requirements, half met.
  await page.getByLabel('Senha', { exact: true }).fill('abc');
  await expectNoA11yViolations(page, '/cadastro');

  for (const path of ['/esqueci-senha', '/reenviar-verificacao', '/redefinir-senha']) {
    await page.goto(path);
    await heading(page);
    await expectNoA11yViolations(page, path);
  }
  await page.goto('/redefinir-senha/um-token-qualquer');
  await heading(page, 'Crie uma nova senha');
  // The strength bar, the requirement chips and the match indicator.
  await page.getByLabel('Nova senha', { exact: true }).fill('Semijoia');
  await page.getByLabel(/Confirm/).fill('Semijoi');
  await expectNoA11yViolations(page, '/redefinir-senha/<token>');

  await page.goto('/verificar-email');
  await heading(page, 'Não foi possível verificar');
  await expectNoA11yViolations(page, '/verificar-email without a token');
  await page.goto('/verificar-email?token=nao-existe');
  await heading(page, 'Não foi possível verificar');
  await expectNoA11yViolations(page, '/verificar-email with an unknown token');

  // A real sign-up's link: the welcome.
  const stamp = Date.now() + (testInfo.project.name === 'phone' ? 0 : 7919);
  const email = `bruna.a11y.${stamp}@exemplo.com.br`;
  const created = await page.request.post('/api/users/', {
    data: {
      firstName: 'Bruna',
      lastName: 'Acessível',
      email,
      phone: `1197${String(stamp).slice(-7)}`,
      cpf: cpfFrom(stamp),
      birthdate: '1990-01-01',
      password: CHECKOUT_PASSWORD,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto(`/verificar-email?token=${await verificationToken(email)}`);
  await heading(page, 'Boas-vindas, Bruna!');
  await expectNoA11yViolations(page, '/verificar-email with its token');
});

test('a guest buys: the add-to-cart popup, the cart drawer and its removal question, checkout', async ({
  page,
}) => {
  const promoted = await promotedProduct(page);
  await page.goto('/checkout');
  await heading(page, 'Dados do carrinho não encontrados');
  await expectNoA11yViolations(page, '/checkout without a cart');

  await page.goto(`/produto/${promoted.id}`);
  await heading(page, promoted.name);
  await page.getByTestId('add-to-cart').click();
  const popup = page.getByTestId('added-to-cart-popup');
  await expect(popup).toBeVisible();
  await expectNoA11yViolations(page, 'add-to-cart popup');
  await popup.getByRole('button', { name: 'Finalizar Compra' }).click();

  const drawer = cartDrawer(page);
  await expect(drawer.getByTestId('cart-line')).toHaveCount(1);
  await expectNoA11yViolations(page, 'cart drawer');
  await drawer.getByTestId('cart-line-minus').click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Deseja realmente remover esse item do carrinho?');
  await expectNoA11yViolations(page, 'cart removal question');
  await question.getByRole('button', { name: 'Manter' }).click();
  await expect(question).toBeHidden();
  await checkoutFromDrawer(page);

  const form = page.getByTestId('checkout-address-form');
  await expectNoA11yViolations(page, '/checkout as a guest');
  await form.getByLabel('CEP').pressSequentially('01310100');
  await expect(form.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expectNoA11yViolations(page, '/checkout as a guest, address found');
});

test('a customer: account tabs, address dialogs, her order, the logged-in drawer', async ({
  page,
  customer,
}) => {
  await signIn(page, customer);
  await page.goto('/usuario');
  await expect(page.getByText(customer.shopper.email).first()).toBeVisible();
  await expectNoA11yViolations(page, '/usuario (info)');
  await page.getByRole('button', { name: 'Editar' }).first().click();
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeVisible();
  await expectNoA11yViolations(page, '/usuario (info, editing)');

  await page.goto('/usuario?tab=orders');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  await expectNoA11yViolations(page, '/usuario?tab=orders');

  await page.goto('/usuario?tab=enderecos');
  const tab = page.getByTestId('addresses-tab');
  await expect(tab.getByText('Casa').first()).toBeVisible();
  await expectNoA11yViolations(page, '/usuario?tab=enderecos');
  await tab.getByRole('button', { name: 'Novo Endereço' }).click();
  const dialog = page.getByTestId('address-dialog');
  await expect(dialog.getByRole('heading', { name: 'Novo Endereço' })).toBeVisible();
  await expectNoA11yViolations(page, 'new address dialog');
  await closeWithEscape(page, dialog);
  await tab
    .getByRole('button', { name: /Excluir/ })
    .first()
    .click();
  const question = page.getByTestId('address-delete-confirm');
  await expect(question).toBeVisible();
  await expectNoA11yViolations(page, 'address delete question');
  await question.getByRole('button', { name: 'Cancelar' }).click();
  await expect(question).toBeHidden();

  await page.getByTestId('user-entry').click();
  const account = page.getByRole('dialog', { name: 'Minha conta' });
  await expect(account.getByRole('link', { name: 'Ir para Perfil' })).toBeVisible();
  await expectNoA11yViolations(page, 'login drawer, logged in');
  await closeWithEscape(page, account);

  await page.goto(`/pedido/${customer.order.reference}`);
  await expect(page.getByTestId('order-status-title')).toBeVisible();
  await expectNoA11yViolations(page, '/pedido/<reference>');
});

test('a customer checks out: saved address, coupon popup, new address form', async ({
  page,
  customer,
}) => {
  const promoted = await promotedProduct(page);
  const headers = { Authorization: `Bearer ${customer.session.access}` };
  expect((await page.request.delete('/api/cart/clear/', { headers })).ok()).toBe(true);
  const added = await page.request.post('/api/cart/add/', {
    headers,
    data: { product_id: promoted.id },
  });
  expect(added.ok(), await added.text()).toBe(true);

  await signIn(page, customer);
  await page.goto('/?openCart=true');
  await expect(cartDrawer(page).getByTestId('cart-line')).toHaveCount(1);
  await expectNoA11yViolations(page, 'cart drawer, logged in');
  await checkoutFromDrawer(page);

  await expect(page.getByTestId('address-selector')).toBeVisible();
  await expectNoA11yViolations(page, '/checkout with a saved address');
  await page.getByLabel('Cupom de desconto').fill('NAOEXISTE');
  await page.getByTestId('checkout-submit').click();
  const popup = page.getByTestId('coupon-popup');
  await expect(popup.getByRole('heading', { name: 'Cupom Inválido' })).toBeVisible();
  await expectNoA11yViolations(page, 'coupon popup');
  await popup.getByRole('button', { name: 'Entendi' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByTestId('coupon-invalid')).toBeVisible();

  await page.getByRole('button', { name: 'Usar Novo Endereço' }).click();
  await expect(page.getByTestId('checkout-address-form')).toBeVisible();
  await expectNoA11yViolations(page, '/checkout, new address form');
});
