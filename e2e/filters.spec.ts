import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from './fixtures/a11y';
import { expectHydrated } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// A listing's sort and filters as a shopper uses them, on her phone (the filters in a sheet) and
// on a computer (beside the grid): the address follows every choice, back undoes it, 'Limpar
// filtros' clears them, and the same address opened again arrives rendered by the server. Counts
// and orders come from the API of the same server.

interface PageJson {
  results: { id: number; name: string }[];
  total: number;
}

async function api(page: Page, url: string): Promise<PageJson> {
  const res = await page.request.get(url);
  expect(res.ok(), url).toBe(true);
  return (await res.json()) as PageJson;
}

const counter = (of: number, total: number) =>
  `Mostrando ${total === 0 ? 0 : 1} - ${Math.min(of, total)} de ${total} produtos`;

/** Opens the filters where this size shows them: the phone's sheet, the desktop's sidebar. */
async function filters(page: Page, phone: boolean) {
  if (!phone) return page.getByTestId('filter-sidebar');
  await page.getByTestId('filter-open').click();
  const sheet = page.getByTestId('filter-sheet');
  await expect(sheet).toBeVisible();
  return sheet;
}

test('a category sorted and filtered: the address, back, Limpar filtros, the server’s page', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const all = await api(page, '/api/produtos/aneis/?limit=36');
  const cheapest = await api(page, '/api/produtos/aneis/?limit=36&ordem=menor-preco');
  const dourado = await api(page, '/api/produtos/aneis/?limit=36&ordem=menor-preco&banho=dourado');
  expect(dourado.total).toBeGreaterThan(0);
  expect(dourado.total).toBeLessThan(all.total);
  const cards = page.getByTestId('product-card');
  const count = page.getByTestId('category-counter');

  await page.goto('/aneis');
  await expect(count).toHaveText(counter(36, all.total));
  await expect(cards.first()).toContainText(all.results[0]!.name);

  // The sort: the address says it, the cheapest comes first. (Chosen once the page is the app's:
  // before hydration a change of the select goes nowhere, as a shopper never sees on 4G.)
  await expectHydrated(page.getByTestId('listing-sort'));
  await page.getByTestId('listing-sort').selectOption('menor-preco');
  await expect(page).toHaveURL(/\/aneis\?ordem=menor-preco$/);
  await expect(cards.first()).toContainText(cheapest.results[0]!.name);

  // A plating: only its pieces, counted.
  const panel = await filters(page, phone);
  await expectNoA11yViolations(page, phone ? 'the filters’ sheet' : 'the filters beside the grid');
  await panel.getByRole('checkbox', { name: /^Dourado/ }).check();
  await expect(page).toHaveURL(/\/aneis\?ordem=menor-preco&banho=dourado$/);
  if (phone) {
    const close = panel.getByRole('button', { name: `Ver ${dourado.total} produtos` });
    await close.click();
    await expect(panel).toBeHidden();
  }
  await expect(count).toHaveText(counter(36, dourado.total));
  await expect(cards.first()).toContainText(dourado.results[0]!.name);
  await expect(page.getByRole('button', { name: 'Tirar o filtro Dourado' })).toBeVisible();

  // Back undoes the filter, forward brings it again.
  await page.goBack();
  await expect(page).toHaveURL(/\/aneis\?ordem=menor-preco$/);
  await expect(count).toHaveText(counter(36, all.total));
  await page.goForward();
  await expect(count).toHaveText(counter(36, dourado.total));

  // The address opened anew: the server's HTML already holds the sorted, filtered page.
  const html = await (await page.request.get('/aneis?ordem=menor-preco&banho=dourado')).text();
  expect(html).toContain(counter(36, dourado.total));
  expect(html).toContain(dourado.results[0]!.name);
  await page.reload();
  await expect(count).toHaveText(counter(36, dourado.total));
  await expect(page.getByTestId('listing-sort')).toHaveValue('menor-preco');

  // 'Limpar filtros' keeps the sort and takes every filter off.
  await page.getByTestId('clear-filters').click();
  await expect(page).toHaveURL(/\/aneis\?ordem=menor-preco$/);
  await expect(count).toHaveText(counter(36, all.total));
});

test('a search filtered by price and size; nothing left says so and offers Limpar filtros', async ({
  page,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const anel = await api(page, '/api/busca/?q=anel&limit=36');
  const ranged = await api(page, '/api/busca/?q=anel&limit=36&preco_min=100&preco_max=200');
  const sized = await api(
    page,
    '/api/busca/?q=anel&limit=36&preco_min=100&preco_max=200&tamanho=16',
  );
  expect(ranged.total).toBeGreaterThan(0);
  expect(sized.total).toBeGreaterThan(0);
  const count = page.getByTestId('search-counter');

  // From page 2, a filter goes back to the first page.
  await page.goto('/busca?q=anel&pagina=2');
  await expect(count).toContainText(`de ${anel.total} produtos`);
  let panel = await filters(page, phone);
  await panel.getByLabel('De (R$)').fill('100');
  await panel.getByLabel('Até (R$)').fill('200');
  await panel.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/\/busca\?q=anel&preco_min=100&preco_max=200$/);
  await panel.getByRole('button', { name: /^Tamanho 16\b/ }).click();
  await expect(page).toHaveURL(/\/busca\?q=anel&preco_min=100&preco_max=200&tamanho=16$/);
  if (phone) await page.keyboard.press('Escape');
  await expect(count).toHaveText(counter(36, sized.total));
  await expect(page.getByTestId('product-card').first()).toContainText(sized.results[0]!.name);

  // A range with nothing in it: the page says so, and 'Limpar filtros' brings every result back.
  await page.goto('/busca?q=anel&preco_min=99999');
  await expect(page.getByRole('heading', { name: 'Nenhuma peça com esses filtros' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).last().click();
  await expect(page).toHaveURL(/\/busca\?q=anel$/);
  await expect(count).toHaveText(counter(36, anel.total));
  panel = page.getByTestId('product-card');
  await expect(panel.first()).toContainText(anel.results[0]!.name);
});
