import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';

// Scrolling like a site of separate pages: a new page starts at the top, the back button and a
// reload return to where the shopper was. Every document's first history entry shares React
// Router's key 'default', so a page opened fresh once jumped to where she had been on another
// page opened fresh (found by axe: the translucent header over the footer).

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  // Positions are kept on the next animation frame after a scroll.
  await expect.poll(() => scrollY(page)).toBe(y);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => done(null))));
}

test('a page opened fresh starts at the top; back and reload return to where she was', async ({
  page,
}) => {
  await page.goto('/aneis');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await scrollTo(page, 900);

  // A page opened by its address starts at the top, wherever the last one was left.
  await page.goto('/sobre-nos');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await scrollY(page)).toBe(0);

  // A reload keeps the place.
  await scrollTo(page, 400);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(400);

  // A link inside the store starts the next page at the top; back returns to the place.
  await page.goto('/aneis');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await scrollTo(page, 900);
  // A card in sight, clicked where it is (a locator's click would scroll it into place first).
  const spot = await page.evaluate(() => {
    for (const link of Array.from(document.querySelectorAll('[data-testid="product-card"] a'))) {
      const box = link.getBoundingClientRect();
      if (box.top > 120 && box.bottom < window.innerHeight - 20) {
        return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
      }
    }
    return null;
  });
  expect(spot).not.toBeNull();
  await page.mouse.click(spot!.x, spot!.y);
  await expect(page).toHaveURL(/\/produto\//);
  // The product's own heading: the address changes first, and the category stays on the
  // screen (its own heading with it) until the product page is ready.
  await expect(page.getByTestId('product-name')).toBeVisible();
  expect(await scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/aneis$/);
  await expect.poll(() => scrollY(page)).toBe(900);
});
