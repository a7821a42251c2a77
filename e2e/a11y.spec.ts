import type { Locator, Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures/a11y';
import { CHECKOUT_PASSWORD } from './fixtures/checkout';
import {
  cartDrawer,
  cpfFrom,
  expectHydrated,
  uniqueSeed,
  verificationToken,
} from './fixtures/helpers';
import {
  catalogProducts,
  logIn,
  newOrdersShopper,
  payAtSandbox,
  placeOrder,
  signInBrowser,
} from './fixtures/orders';
import { expect, test } from './fixtures/test';

// WCAG 2.2 AA, checked by axe on every shopper screen at phone and desktop sizes (this spec runs
// in both projects of playwright.config.ts), with each drawer, dialog and state a journey meets
// opened on the way: any serious or critical finding fails the test, listed with its rule,
// element and what to fix. Most journeys run at the phone's size only: this is where every
// screen they pass through is seen at the desktop's too.

// Contrast is measured on the finished picture, not halfway through a fade or a slide.
test.use({ reducedMotion: 'reduce' });

/** A ring of the seed sold by size, some of its sizes sold out (stock-alerts.spec.ts's too). */
const RING_WITH_SOLD_OUT_SIZES = 14;

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
}) => {
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
  const stamp = uniqueSeed();
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
  await expectHydrated(page.getByTestId('add-to-cart'));
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
  // Paying with the form half empty: the error box, the fields' messages, the payment asked for.
  await page.getByTestId('checkout-submit').click();
  await expect(page.getByTestId('checkout-error')).toBeVisible();
  await expectNoA11yViolations(page, '/checkout as a guest, with its errors');
});

test('a customer: account tabs, address dialogs, her order, the logged-in drawer', async ({
  page,
  customer,
}) => {
  await signInBrowser(page, customer.session);
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

test('a customer checks out: saved address, coupon refused in place, new address form', async ({
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

  await signInBrowser(page, customer.session);
  await page.goto('/?openCart=true');
  await expect(cartDrawer(page).getByTestId('cart-line')).toHaveCount(1);
  await expectNoA11yViolations(page, 'cart drawer, logged in');
  await checkoutFromDrawer(page);

  await expect(page.getByTestId('address-selector')).toBeVisible();
  await expectNoA11yViolations(page, '/checkout with a saved address');
  await page.getByLabel('Cupom de desconto').fill('NAOEXISTE');
  await page.getByTestId('coupon-apply').click();
  await expect(page.getByTestId('coupon-invalid')).toBeVisible();
  await expectNoA11yViolations(page, 'coupon refused under its field');

  await page.getByRole('button', { name: 'Usar Novo Endereço' }).click();
  await expect(page.getByTestId('checkout-address-form')).toBeVisible();
  await expectNoA11yViolations(page, '/checkout, new address form');
});

test('a ring sold by size: its sizes, the size guide, "Seu aro esgotou?" and its error', async ({
  page,
}) => {
  await page.goto(`/produto/${RING_WITH_SOLD_OUT_SIZES}`);
  await heading(page);
  const sizes = page.getByRole('radiogroup', { name: 'Aro' });
  await expect(sizes.getByRole('radio', { name: /, esgotado$/ }).first()).toBeDisabled();
  await expectNoA11yViolations(page, 'a ring sold by size');

  await page.getByRole('button', { name: 'Guia de medidas' }).click();
  const guide = page.getByRole('dialog', { name: 'Guia de medidas' });
  await expect(guide.getByTestId('ring-size-table')).toBeVisible();
  await expectNoA11yViolations(page, 'the size guide');
  await guide.getByRole('button', { name: 'Fechar o guia de medidas' }).click();
  await expect(guide).toBeHidden();

  await page.getByRole('button', { name: 'Seu aro esgotou? Avise-me quando chegar' }).click();
  const form = page.getByRole('region', { name: 'Avise-me quando chegar' });
  await form.getByLabel('Seu e-mail').fill('ana@');
  await form.getByRole('button', { name: 'Avise-me' }).click();
  await expect(form.getByText('Por favor, digite um email válido.')).toBeVisible();
  await expectNoA11yViolations(page, '"Avise-me" for a sold-out size, with its error');
});

test('favourites: a hearted piece, the device’s list and her Favoritos tab', async ({
  page,
  customer,
}) => {
  await page.goto('/aneis');
  const card = page.getByTestId('product-card').first();
  await card.getByRole('button', { name: /^Adicionar aos favoritos: / }).click();
  await expect(card.getByRole('button', { name: /^Remover dos favoritos: / })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByTestId('favourites-badge')).toHaveText('1');
  await expectNoA11yViolations(page, 'a category with a hearted piece');
  await page.getByTestId('header-favourites').click();
  await expect(page.getByTestId('favourite-item')).toHaveCount(1);
  await expectNoA11yViolations(page, '/favoritos (a guest’s, on her device)');

  // Her account's list (the device's hearts left on the device).
  await page.evaluate(() => localStorage.removeItem('favoritos'));
  await signInBrowser(page, customer.session);
  const added = await page.request.post('/api/favoritos/', {
    headers: { Authorization: `Bearer ${customer.session.access}` },
    data: { produto_id: 1 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  await page.goto('/usuario?tab=favoritos');
  await expect(page.getByTestId('favourite-item').first()).toBeVisible();
  await expectNoA11yViolations(page, '/usuario?tab=favoritos');
});

test('an order declined, one not found, and the unsubscribe page', async ({ page, request }) => {
  // Declined: 'Erro no Pagamento', its retry and the support contact.
  const shopper = await newOrdersShopper(request, 'Recusada');
  const session = await logIn(request, shopper.email);
  const [product] = await catalogProducts(request);
  const order = await placeOrder(request, session, shopper, [{ product: product!, quantidade: 1 }]);
  await signInBrowser(page, session);
  await payAtSandbox(page, order.paymentUrl, 'declined');
  await expect(page.getByTestId('order-status-title')).toHaveText('Erro no Pagamento');
  await expectNoA11yViolations(page, '/pedido/<reference> declined');

  await page.goto('/pedido/000000');
  await heading(page, 'Pedido não encontrado');
  await expectNoA11yViolations(page, '/pedido/<reference> not found');

  // The unsubscribe page of the e-mails (any token: opening it changes nothing), and its answer
  // to a bad one.
  await page.goto('/descadastrar?t=1.nada');
  await expect(page.getByRole('button', { name: 'Confirmar descadastro' })).toBeVisible();
  await expectNoA11yViolations(page, '/descadastrar');
  await page.getByRole('button', { name: 'Confirmar descadastro' }).click();
  await expect(page.getByTestId('unsubscribe-error')).toContainText('inválido');
  await expectNoA11yViolations(page, '/descadastrar with a bad link');
});
