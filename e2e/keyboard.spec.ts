import type { Locator, Page } from '@playwright/test';
import { cartDrawer } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// Keyboard only (WCAG 2.1.1, 2.4.3, 2.4.7): from a category to the cart without a pointer, every
// dialog and drawer giving focus back to what opened it, and a focus that can be seen.

/** Presses Tab (or Shift+Tab) until the focused element is inside `selector`. */
async function tabTo(
  page: Page,
  selector: string,
  { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const there = await page.evaluate((s) => document.activeElement?.closest(s) != null, selector);
    if (there) return;
  }
  throw new Error(`${max} presses of Tab never reached ${selector}`);
}

/**
 * How the focused element shows its focus: an outline, a ring (box-shadow) on it or on its
 * ::after (the product card's link covers the card with it). Empty when nothing shows.
 */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    const shown: string[] = [];
    for (const pseudo of [null, '::after']) {
      const style = getComputedStyle(el, pseudo);
      if (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
        shown.push(`outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`);
      }
      if (style.boxShadow !== 'none') shown.push(`box-shadow ${style.boxShadow}`);
    }
    return shown.join('; ');
  });
}

async function expectVisibleFocus(page: Page): Promise<void> {
  await expect.poll(() => focusIndicator(page), { message: 'a visible focus style' }).not.toBe('');
}

async function expectFocusWithin(dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
}

/**
 * Escape closes the dialog and focus lands on `opener`. Pressed once the dialog has finished
 * opening, as a person would: a key in the first frames can go unheard (see ui/focus-return.ts).
 */
async function escapeBackTo(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await dialog.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('from a category to the cart by keyboard; the popup and the cart give focus back to "Adicionar ao Carrinho"', async ({
  page,
}) => {
  await page.goto('/aneis');
  await expect(page.getByRole('heading', { level: 1, name: 'Anéis' })).toBeVisible();
  await tabTo(page, '[data-testid="product-card"]');
  await expectVisibleFocus(page);
  const name = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  const add = page.getByTestId('add-to-cart');
  await tabTo(page, '[data-testid="add-to-cart"]');
  await expectVisibleFocus(page);
  const popup = page.getByTestId('added-to-cart-popup');

  const keep = popup.getByRole('button', { name: 'Continuar Comprando' });
  const toCart = popup.getByRole('button', { name: 'Finalizar Compra' });

  // Escape.
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await escapeBackTo(page, popup, add);

  // 'Continuar Comprando'.
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(popup).toBeHidden();
  await expect(add).toBeFocused();

  // 'Finalizar Compra' opens the cart from the popup; closing the cart comes back here too.
  await page.keyboard.press('Enter');
  await expect(keep).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(toCart).toBeFocused();
  await page.keyboard.press('Enter');
  const cart = cartDrawer(page);
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expectFocusWithin(cart);
  await escapeBackTo(page, cart, add);

  // The removal question inside the cart: Escape gives focus back to the minus button; after
  // 'Excluir' the line is gone and focus stays in the cart.
  const cartButton = page.getByRole('button', { name: 'Carrinho com 1 produto' });
  await tabTo(page, '[data-opens="cart"]', { backwards: true });
  await expect(cartButton).toBeFocused();
  await page.keyboard.press('Enter');
  const minus = cart.getByTestId('cart-line-minus');
  await expect(minus).toBeVisible();
  await tabTo(page, '[data-testid="cart-line-minus"]');
  // Three added above: down to one, then the question.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(cart.getByTestId('cart-line-quantity')).toHaveText('1');
  await expect(minus).toBeFocused();
  await page.keyboard.press('Enter');
  const question = page.getByRole('alertdialog');
  await expect(question.getByRole('button', { name: 'Manter' })).toBeFocused();
  await escapeBackTo(page, question, minus);
  await page.keyboard.press('Enter');
  await expect(question.getByRole('button', { name: 'Manter' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Excluir' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(cart.getByTestId('cart-empty')).toBeVisible();
  await expectFocusWithin(cart);
});

test('the header: cart and login drawers (and the phone menu) give focus back to their button', async ({
  page,
}, testInfo) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

  const cartButton = page.getByRole('button', { name: /^Carrinho/ });
  await tabTo(page, '[data-opens="cart"]');
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const cart = cartDrawer(page);
  await expect(cart.getByTestId('cart-empty')).toBeVisible();
  await escapeBackTo(page, cart, cartButton);
  // The close button, this time.
  await page.keyboard.press('Enter');
  await cart.getByRole('button', { name: 'Fechar' }).focus();
  await page.keyboard.press('Enter');
  await expect(cart).toBeHidden();
  await expect(cartButton).toBeFocused();

  const userEntry = page.getByTestId('user-entry');
  await userEntry.focus();
  await page.keyboard.press('Enter');
  const login = page.getByRole('dialog', { name: 'Entrar' });
  await expect(login.getByLabel('E-mail')).toBeVisible();
  await escapeBackTo(page, login, userEntry);

  // Opened by the address (as a protected page asks for it): back to the header's entry.
  await page.goto('/?login=true');
  await expect(login.getByLabel('E-mail')).toBeVisible();
  await escapeBackTo(page, login, userEntry);

  if (testInfo.project.name === 'phone') {
    const menuButton = page.getByRole('button', { name: 'Abrir menu' });
    await page.goto('/');
    await tabTo(page, 'button[aria-label="Abrir menu"]');
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: /Anéis/ })).toBeVisible();
    await escapeBackTo(page, menu, menuButton);
  }
});

test('search results are reached by keyboard, each with a visible focus ring', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const input = page.getByTestId('search-input');
  await tabTo(page, '[data-testid="search-input"]');
  await expectVisibleFocus(page);
  await page.keyboard.type('anel');
  const results = page.getByTestId('search-results').locator('a[data-result]');
  await expect(results.first()).toBeVisible();

  // Arrow keys from the box into the list and along it.
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(0)).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowDown');
  await expect(results.nth(1)).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(input).toBeFocused();

  // Tab reaches them too (typing opens the list again), and Enter opens the product.
  await page.keyboard.type(' ');
  await expect(results.first()).toBeVisible();
  await tabTo(page, '[data-testid="search-results"] a[data-result]', { max: 5 });
  await expectVisibleFocus(page);
  const href = await page.evaluate(() => document.activeElement?.getAttribute('href') ?? '');
  expect(href).toMatch(/^\/produto\/\d+$/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
