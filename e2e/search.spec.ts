import { expectHydrated } from './fixtures/helpers';
import { expect, test } from './fixtures/test';

// The search's results page as a shopper reaches it on her phone: a typo in the header's box,
// Enter, the nearest pieces with SPEC's counter, one opened; then the page as a shared link
// (rendered on the server, indexable) and a search that finds nothing (SPEC's empty state and
// the four categories). Counts come from the API of the same server.

interface SearchPageJson {
  results: { id: number; name: string }[];
  total: number;
  aproximada: boolean;
}

test("'colr' + Enter opens the results page with the counter, and a piece from it", async ({
  page,
}) => {
  const res = await page.request.get('/api/busca/?q=colr');
  expect(res.ok()).toBe(true);
  const found = (await res.json()) as SearchPageJson;
  expect(found.aproximada).toBe(true);
  expect(found.total).toBeGreaterThan(0);
  const shown = Math.min(found.total, 36);

  await page.goto('/');
  const input = page.getByTestId('search-input');
  await input.fill('colr');
  // The dropdown's results are there too: Enter still opens the page, not the first piece.
  await expect(page.getByTestId('search-results').locator('a[data-result]').first()).toBeVisible();
  await input.press('Enter');

  await expect(page).toHaveURL(/\/busca\?q=colr$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Resultados para "colr"' }),
  ).toBeVisible();
  await expect(page.getByTestId('search-counter')).toHaveText(
    `Mostrando 1 - ${shown} de ${found.total} produtos`,
  );
  await expect(page.getByTestId('search-approximate')).toContainText('Não encontramos "colr"');
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(shown);
  await expect(cards.first()).toContainText(found.results[0]!.name);
  // The box holds what she searched.
  await expect(input).toHaveValue('colr');

  await cards.first().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/produto/${found.results[0]!.id}$`));
  await expect(page.getByTestId('product-name')).toHaveText(found.results[0]!.name);
});

test('a shared results link arrives rendered, pages like a category; nothing found shows the categories', async ({
  page,
}) => {
  const all = (await (await page.request.get('/api/busca/?q=anel&limit=1')).json()) as {
    total: number;
  };
  expect(all.total).toBeGreaterThan(36);

  // The server's HTML already holds the results, the counter and the canonical address.
  const html = await (await page.request.get('/busca?q=anel')).text();
  expect(html).toContain(`Mostrando 1 - 36 de ${all.total} produtos`);
  expect(html).toMatch(/<link[^>]* rel="canonical" href="[^"]*\/busca\?q=anel"/);
  expect(html).not.toContain('noindex');

  await page.goto('/busca?q=anel');
  // Below the fold, its code loads as she scrolls to it (a tap while it hydrates was lost).
  const next = page.getByTestId('pagination-next');
  await expectHydrated(next);
  await next.click();
  await expect(page).toHaveURL(/\/busca\?q=anel&pagina=2$/);
  await expect(page.getByTestId('search-counter')).toHaveText(
    `Mostrando 37 - ${Math.min(72, all.total)} de ${all.total} produtos`,
  );

  const none = await page.request.get('/busca?q=xyzzyqq');
  expect(await none.text()).toContain('noindex');
  await page.goto('/busca?q=xyzzyqq');
  await expect(page.getByText('Nenhuma joia encontrada para "xyzzyqq"')).toBeVisible();
  const suggestions = page.getByTestId('search-suggestions').getByRole('link');
  await expect(suggestions).toHaveText(['Anéis', 'Brincos', 'Pulseiras', 'Colares']);
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/aneis$/);
});
