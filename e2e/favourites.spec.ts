import type { APIRequestContext, Page } from '@playwright/test';
import { expectHydrated, logInInDrawer, shot } from './fixtures/helpers';
import { logIn, newOrdersShopper, ORDERS_PASSWORD, signInBrowser } from './fixtures/orders';
import { expect, test } from './fixtures/test';

interface ListedProduct {
  id: number;
  name: string;
  category: string;
  estoque: number;
  tem_variacoes: boolean;
}

/** The catalog's whole list, by id (the category pages' order). */
async function catalogProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const res = await request.get('/api/listar_produtos/');
  expect(res.ok()).toBe(true);
  return (await res.json()) as ListedProduct[];
}

// Favourites: the heart on a card and on the product page, the header's count, a guest's device
// list following her into her account at login, and the Favoritos tab of /usuario (price,
// availability, add-to-cart, remove, the empty state).

const badge = (page: Page) => page.getByTestId('favourites-badge');
const headerHeart = (page: Page) => page.getByTestId('header-favourites');

async function deviceList(page: Page): Promise<number[] | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('favoritos');
    return raw === null ? null : (JSON.parse(raw) as number[]);
  });
}

async function accountList(page: Page, access: string): Promise<number[]> {
  const res = await page.request.get('/api/favoritos/', {
    headers: { authorization: `Bearer ${access}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number }[]).map((p) => p.id);
}

test("a guest's hearts stay on her device and follow her into her account at login", async ({
  page,
  request,
}) => {
  const products = await catalogProducts(request);
  const ring = products.find((p) => p.category === 'Anel')!;
  const necklace = products.find((p) => p.category === 'Colar')!;

  // The page is shared by every visitor: the server draws every heart empty and no count.
  const html = await (await request.get('/aneis')).text();
  expect(html).toContain('Adicionar aos favoritos');
  expect(html).not.toContain('aria-pressed="true"');
  expect(html).not.toContain('data-testid="favourites-badge"');

  await page.goto('/aneis');
  await expect(headerHeart(page)).toHaveAccessibleName('Favoritos: nenhuma peça');
  await expect(badge(page)).toHaveCount(0);
  const cardHeart = page
    .getByTestId('product-card')
    .filter({ hasText: ring.name })
    .getByRole('button', { name: `Adicionar aos favoritos: ${ring.name}`, exact: true });
  const before = await headerHeart(page).boundingBox();
  await cardHeart.click();
  await expect(
    page.getByRole('button', { name: `Remover dos favoritos: ${ring.name}`, exact: true }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(badge(page)).toHaveText('1');
  // The count sits over the heart: nothing in the header moved.
  expect(await headerHeart(page).boundingBox()).toEqual(before);
  await shot(page, 'favourites-card');
  await shot(headerHeart(page), 'favourites-header');
  await shot(page.locator('header').first(), 'favourites-header-bar');

  // The product page's heart, beside the name.
  await page.goto(`/produto/${necklace.id}`);
  const pageHeart = page.getByRole('button', { name: 'Adicionar aos favoritos', exact: true });
  await expect(pageHeart).toHaveAttribute('aria-pressed', 'false');
  // A tap before React has the button does nothing (the server's HTML has no handler yet).
  await expectHydrated(pageHeart);
  await pageHeart.click();
  const pressed = page.getByRole('button', { name: 'Remover dos favoritos', exact: true });
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(badge(page)).toHaveText('2');
  await shot(page, 'favourites-product');
  expect(await deviceList(page)).toEqual([necklace.id, ring.id]);

  // A reload keeps them (the device), and the heart fills in after hydration.
  await page.reload();
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(badge(page)).toHaveText('2');

  // The header's heart leads a guest to her device list, newest first.
  await headerHeart(page).click();
  await expect(page).toHaveURL(/\/favoritos$/);
  const items = page.getByTestId('favourite-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(necklace.name);
  await expect(items.nth(1)).toContainText(ring.name);
  await shot(page, 'favourites-guest-page', { fullPage: true });

  // She logs in from there: her hearts go to her account and leave the device.
  const shopper = await newOrdersShopper(request, 'Favorita');
  await page.getByTestId('favourites-login').click();
  await logInInDrawer(page, shopper.email, ORDERS_PASSWORD);
  await expect(page).toHaveURL(/\/usuario\?tab=favoritos$/);
  await expect(page.getByRole('tab', { name: 'Favoritos' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(necklace.name);
  await expect.poll(() => deviceList(page)).toBeNull();
  const session = await logIn(request, shopper.email);
  expect(await accountList(page, session.access)).toEqual([necklace.id, ring.id]);
  await expect(badge(page)).toHaveText('2');
});

test('the Favoritos tab: price, availability, add-to-cart, a size to choose, remove, empty', async ({
  page,
  request,
}) => {
  const shopper = await newOrdersShopper(request, 'Tabfav');
  const session = await logIn(request, shopper.email);
  await signInBrowser(page, session);

  await page.goto('/usuario?tab=favoritos');
  await expect(page.getByTestId('favourites-empty')).toContainText('Nenhum favorito ainda');
  await shot(page, 'favourites-tab-empty', { fullPage: true });

  const products = await catalogProducts(request);
  const plain = products.find((p) => !p.tem_variacoes && p.estoque > 3) as ListedProduct;
  const sized = products.find((p) => p.tem_variacoes && p.estoque > 0) as ListedProduct;
  // Hearted on their pages, as a logged-in customer: straight into her account.
  for (const product of [sized, plain]) {
    await page.goto(`/produto/${product.id}`);
    await page.getByRole('button', { name: 'Adicionar aos favoritos', exact: true }).click();
    await expect(
      page.getByRole('button', { name: 'Remover dos favoritos', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(badge(page)).toHaveText('2');
  expect(await accountList(page, session.access)).toEqual([plain.id, sized.id]);
  expect(await deviceList(page)).toBeNull();

  await headerHeart(page).click();
  await expect(page).toHaveURL(/\/usuario\?tab=favoritos$/);
  const items = page.getByTestId('favourite-item');
  await expect(items).toHaveCount(2);
  const first = items.nth(0);
  await expect(first).toContainText(plain.name);
  await expect(first.getByTestId('favourite-availability')).toHaveText(
    /Em estoque|Últimas unidades/,
  );
  await expect(first).toContainText(`R$`);
  await shot(page, 'favourites-tab', { fullPage: true });

  // Add-to-cart from the list: the cart's badge counts it.
  await first.getByRole('button', { name: `Adicionar ao carrinho: ${plain.name}` }).click();
  await expect(page.getByTestId('cart-badge')).toHaveText('1');

  // A piece sold by size opens its page to choose one.
  await expect(
    items.nth(1).getByRole('link', { name: `Escolher tamanho de ${sized.name}` }),
  ).toHaveAttribute('href', `/produto/${sized.id}`);

  // Remove both: the list empties, the count goes.
  await first.getByRole('button', { name: `Remover ${plain.name} dos favoritos` }).click();
  await expect(items).toHaveCount(1);
  await items
    .nth(0)
    .getByRole('button', { name: `Remover ${sized.name} dos favoritos` })
    .click();
  await expect(page.getByTestId('favourites-empty')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  expect(await accountList(page, session.access)).toEqual([]);
});
